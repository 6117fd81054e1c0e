"""Showing a tournament: the ranking table, the comparisons, a live progress bar, plots.

Tables and the progress bar use rich. Plots use matplotlib (``pip install 'parlour[render]'``),
imported only when plots are drawn: ``ratings.png`` (OpenSkill mu with a 95% interval),
``scores.png`` (each agent's return per game, one value per deal) and ``winrates.png`` (the
pairwise win-rate matrix).
"""

from __future__ import annotations

import math
import textwrap
from pathlib import Path
from types import TracebackType
from typing import Any

from rich import box
from rich.console import Console, Group
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from parlour.arena.fitting import column_width, least_width, name_widths, wrap_name
from parlour.arena.rows import GameOutcome
from parlour.arena.stats import Interval, TournamentStats
from parlour.core import ParlourError

PLOTS = ("ratings.png", "scores.png", "winrates.png")
Z95 = 1.96
"""A 95% interval is the mean ± this many standard deviations (ratings: sigmas)."""


# --- numbers as text ---------------------------------------------------------------------------
def _number(value: float | None, digits: int = 2) -> str:
    if value is None or math.isnan(value):
        return "-"
    return f"{value:.{digits}f}"


def _digits(value: float) -> int:
    """Decimals worth showing for a figure of this size."""
    size = abs(value)
    return 1 if size >= 10 else 2 if size >= 1 or size == 0 else 3


def _interval(interval: Interval) -> str:
    if interval.low is None or interval.high is None:
        return _number(interval.mean, _digits(interval.mean) if interval.n else 2)
    half = (interval.high - interval.low) / 2
    digits = _digits(max(abs(interval.mean), half))
    return f"{interval.mean:.{digits}f} ± {half:.{digits}f}"


def _seconds(value: float | None) -> str:
    if value is None:
        return "-"
    if value < 1e-3:
        return f"{value * 1e6:.0f}µs"
    if value < 1:
        return f"{value * 1e3:.1f}ms"
    return f"{value:.2f}s"


def _title(stats: TournamentStats) -> str:
    s = stats.settings
    game = s.get("game", "?")
    params = s.get("params") or {}
    if params:
        game += ":" + ",".join(f"{k}={v}" for k, v in params.items())
    done = f"{stats.played} games" if stats.complete else \
        f"{stats.played} of {stats.scheduled} games (unfinished)"
    return f"{game}, {s.get('format', '?')}, seed {s.get('seed', '?')}: {done}"


# --- tables --------------------------------------------------------------------------------------
WIDTH = 80
"""The width tables are fitted to when the console's is not known."""
NUMBERS = {"return", "score", "rating", "difference"}
"""Columns of ``mean ± half`` that wrap at the ± when a terminal is too narrow for them."""


def _p_value(p: float | None) -> str:
    if p is None:
        return "-"
    return "< 0.0001" if p < 0.0001 else f"{p:.2g}" if p < 0.001 else f"{p:.3g}"


def _fitted(columns: list[str], rows: list[list[str]], names: dict[str, float],
            width: int) -> list[list[str]]:
    """`rows` with the cells of the columns in `names` wrapped at their names' natural breaks,
    each column given its share of the width the other columns leave."""
    others = [column_width(c, [r[i] for r in rows]) for i, c in enumerate(columns)
              if c not in names]
    squeezed = [least_width(c, [r[i] for r in rows]) if _wraps(c)
                else column_width(c, [r[i] for r in rows])
                for i, c in enumerate(columns) if c not in names]
    index = [columns.index(c) for c in names]
    widths = name_widths(width, others, [[c, *(r[columns.index(c)] for r in rows)]
                                         for c in names], list(names.values()), squeezed)
    fitted = [list(r) for r in rows]
    for i, size in zip(index, widths, strict=True):
        for r in fitted:
            r[i] = wrap_name(r[i], size)
    return fitted


def _wraps(column: str) -> bool:
    return column in NUMBERS or column == "faults"


def _table(title: str, columns: list[str], rows: list[list[str]], names: dict[str, float],
           width: int, caption: str | None = None,
           styles: list[str] | None = None) -> Table:
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, caption=caption,
                  caption_justify="left", collapse_padding=True, pad_edge=False)
    for i, column in enumerate(columns):
        if column in names:
            table.add_column(column, no_wrap=True)
        elif _wraps(column):
            table.add_column(column, justify="right",
                             min_width=least_width(column, [r[i] for r in rows]))
        else:
            table.add_column(column, justify="right", no_wrap=True)
    for n, row in enumerate(_fitted(columns, rows, names, width)):
        cells: list[str | Text] = list(row)
        if styles:
            cells[-2] = Text(row[-2], style=styles[n])
        table.add_row(*cells)
    return table


def ranking_table(stats: TournamentStats, width: int = WIDTH) -> Table:
    """Rank, agent, games, mean return ± 95% interval, mean score (where it is not the return
    or its negative), win rate, rating, seconds per decision (mean and maximum), faults;
    fitted to `width` columns: names wrap at their natural breaks, no column is dropped."""
    scores = any(a.score.n and abs(a.score.mean) != abs(a.value.mean) for a in stats.agents)
    columns = ["#", "agent", "games", "return", *(["score"] if scores else []), "win %",
               "rating", "time", "max", "faults"]
    rows = []
    for a in stats.agents:
        rating = ("-" if a.rating is None
                  else f"{a.rating:.1f} ± {Z95 * (a.rating_sigma or 0):.1f}")
        faults = ", ".join(f"{n} {kind}" for kind, n in a.faults.items()) or "0"
        name = a.name + (" (baseline)" if a.role == "baseline" else "")
        row = [str(a.rank), name, str(a.games), _interval(a.value)]
        if scores:
            row.append(_number(a.score.mean, _digits(a.score.mean) if a.score.n else 2))
        row += ["-" if a.win_rate is None else f"{100 * a.win_rate:.1f}", rating,
                _seconds(a.mean_move_time), _seconds(a.max_move_time), faults]
        rows.append(row)
    return _table(_title(stats), columns, rows, {"agent": 1.0}, width,
                  caption=ranking_caption(str(stats.settings.get("game", ""))))


def ranking_caption(game: str) -> str:
    """What the ranking's figures are, the same words on the console and the web page."""
    return (f"return{return_meaning(game)}: mean per game ± 95% interval over deals; win %: "
            "share of the agent's seats among the winners (two seats at a table winning every "
            "game make 50%); rating: OpenSkill mu ± 95% interval (1.96 sigma, as ratings.png); "
            "time and max: seconds per decision")


def return_meaning(game: str) -> str:
    """`` (minus each seat's total points)``: what the return of `game` (a spec) is, from the
    first clause of its `State.returns` docstring; empty if the game cannot say."""
    from parlour.core import load_game

    try:
        state = load_game(game).new_state(seed=0)
    except Exception:  # an unknown or broken game: the caption does without
        return ""
    doc = (type(state).returns.__doc__ or "").strip()
    clause = doc.split("\n")[0].split(":")[0].split(";")[0].rstrip(". ")
    return f" ({clause[:1].lower()}{clause[1:]})" if clause else ""


def comparisons_table(stats: TournamentStats, width: int = WIDTH) -> Table | None:
    """Every pair: difference per deal ± 95% interval, p (Holm), verdict, head-to-head wins;
    fitted to `width` columns like the ranking."""
    if not stats.comparisons:
        return None
    columns = ["agents", "deals", "difference", "p", "verdict", "a beat b"]
    rows = []
    styles = []
    for c in stats.comparisons:
        rate = "-" if c.a_win_rate is None else f"{100 * c.a_win_rate:.0f}% of {c.games}"
        rows.append([f"{c.a} vs {c.b}", f"{c.deals} {c.paired_over}s", _interval(c.difference),
                     _p_value(c.p_holm), c.verdict, rate])
        styles.append("bold" if c.verdict.endswith("better") else "dim")
    return _table("Pairwise comparisons (paired t-test over shared deals, Holm-corrected)",
                  columns, rows, {"agents": 0.6, "verdict": 0.4}, width, styles=styles)


def print_report(console: Console, stats: TournamentStats, out: Path | None = None) -> None:
    """The ranking, the comparisons, and where the files are."""
    width = console.width
    parts: list[Any] = [ranking_table(stats, width)]
    comparisons = comparisons_table(stats, width)
    if comparisons is not None:
        parts.append(comparisons)
    console.print(Group(*parts))
    if stats.errors:
        where = f" in {out / 'errors.log'}" if out is not None else ""
        console.print(f"[yellow]{stats.errors} fault(s) logged{where}[/]")
    if not stats.complete:
        console.print(f"[yellow]{stats.scheduled - stats.played} game(s) not played yet: run "
                      "the tournament again with --resume to finish it[/]")


# --- progress ------------------------------------------------------------------------------------
class _Rate(ProgressColumn):
    """Games per second, over the recent games."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("-- games/s" if speed is None else f"{speed:.1f} games/s", style="cyan")


class ProgressBar:
    """A live bar: games done of scheduled, rate and time to go (a `ProgressHook`)."""

    def __init__(self, console: Console, description: str = "games") -> None:
        self.progress = Progress(
            TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
            _Rate(), TextColumn("elapsed"), TimeElapsedColumn(), TextColumn("ETA"),
            TimeRemainingColumn(), console=console,
        )
        self.description = description
        self.task: Any = None
        self.faults = 0

    def __enter__(self) -> ProgressBar:
        self.progress.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.progress.stop()

    def start(self, total: int, done: int) -> None:
        if self.task is None:
            self.task = self.progress.add_task(self.description, total=total, completed=done)
        else:
            self.progress.update(self.task, total=total)

    def advance(self, outcome: GameOutcome) -> None:
        self.faults += len(outcome.errors)
        if self.faults:
            self.progress.update(self.task, description=f"{self.description} "
                                 f"[yellow]({self.faults} faults)[/]")
        self.progress.advance(self.task)


# --- plots ---------------------------------------------------------------------------------------
def write_plots(stats: TournamentStats, out: Path) -> list[Path]:
    """Draw ratings.png, scores.png and winrates.png in `out`; returns the files written."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ParlourError("plots need matplotlib: pip install 'parlour[render]'") from None
    written = []
    agents = stats.agents
    names = [_label(a.name) for a in agents]

    rated = [a for a in agents if a.rating is not None]
    figure, axes = plt.subplots(figsize=(7, 1.2 + 0.45 * max(1, len(rated))))
    if rated:
        rated = sorted(rated, key=lambda a: a.rating or 0.0)
        axes.errorbar([a.rating or 0.0 for a in rated], range(len(rated)),
                      xerr=[Z95 * (a.rating_sigma or 0.0) for a in rated], fmt="o",
                      capsize=4, color="#1f5fa8")
        axes.set_yticks(range(len(rated)), [_label(a.name) for a in rated])
    else:
        axes.text(0.5, 0.5, "no ratings (no game had two agents)", ha="center",
                  transform=axes.transAxes)
    axes.set_xlabel("OpenSkill rating (mu, 95% interval)")
    _set_title(axes, figure, _title(stats))
    written.append(_save(plt, figure, out / PLOTS[0]))

    shown = [a for a in agents if a.values]
    figure, axes = plt.subplots(figsize=(max(5.0, 1.2 * len(shown) + 2), 4.5))
    if shown:
        positions = list(range(1, len(shown) + 1))
        axes.boxplot([a.values for a in shown], positions=positions, widths=0.5,
                     showmeans=True)
        for x, a in zip(positions, shown, strict=True):
            if a.value.low is not None and a.value.high is not None:
                axes.plot([x, x], [a.value.low, a.value.high], color="#c0392b", linewidth=4,
                          alpha=0.7)
        axes.set_xticks(positions, [_label(a.name) for a in shown], rotation=20, ha="right")
    axes.set_ylabel("return per game")
    _set_title(axes, figure, "Returns: one value per deal, the agent's mean over the games "
                             "that replayed it (box: quartiles; triangle: mean; red: the "
                             "mean's 95% interval)")
    written.append(_save(plt, figure, out / PLOTS[1]))

    size = max(3.0, 0.9 * len(agents) + 2)
    figure, axes = plt.subplots(figsize=(size + 1, size))
    grid = [[math.nan if v is None else v for v in row] for row in stats.win_matrix]
    image = axes.imshow(grid or [[math.nan]], vmin=0, vmax=1, cmap="RdYlGn")
    axes.set_xticks(range(len(names)), names, rotation=30, ha="right")
    axes.set_yticks(range(len(names)), names)
    for i, row in enumerate(stats.win_matrix):
        for j, value in enumerate(row):
            if value is not None:
                axes.text(j, i, f"{100 * value:.0f}%", ha="center", va="center", fontsize=8,
                          color="white" if value < 0.2 or value > 0.8 else "black")
    if not any(v is not None for row in stats.win_matrix for v in row):
        axes.text(0.5, 0.5, "no win rates: no two agents\nmet in a game", ha="center",
                  va="center", transform=axes.transAxes, fontsize=9)
    figure.colorbar(image, ax=axes, label="row's win rate against column")
    _set_title(axes, figure, "pairwise win rate: the share of the games two agents met in "
                             "that the row's agent did better")
    written.append(_save(plt, figure, out / PLOTS[2]))
    return written


def _label(name: str) -> str:
    """An agent's name as a tick label: wrapped at its natural breaks."""
    return wrap_name(name, 24)


def _set_title(axes: Any, figure: Any, text: str, points: float = 9.0) -> None:
    """The figure's title, centred on the figure (not on the axes, which long tick labels push
    aside) and wrapped to its width, so that no part of it is cut off."""
    inches = figure.get_size_inches()[0]
    figure.suptitle(textwrap.fill(text, max(20, int(inches * 72 / (0.6 * points)) - 8)),
                    fontsize=points)


MARGIN = 4.0
"""Pixels kept free between a title and the figure's edge."""


def _fit_title(figure: Any) -> None:
    """Wrap the figure's title narrower until it lies inside the figure with a margin."""
    title = figure._suptitle
    for _ in range(8):
        figure.tight_layout()
        if title is None:
            return
        box = title.get_window_extent(figure.canvas.get_renderer())
        width = figure.bbox.width
        if box.x0 >= MARGIN and box.x1 <= width - MARGIN:
            return
        longest = max(len(line) for line in title.get_text().split("\n"))
        title.set_text(textwrap.fill(title.get_text().replace("\n", " "),
                                     max(12, int(longest * (width - 2 * MARGIN) / box.width)
                                         - 1)))


def _save(plt: Any, figure: Any, path: Path) -> Path:
    _fit_title(figure)
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return path


__all__ = ["PLOTS", "ProgressBar", "comparisons_table", "print_report", "ranking_table",
           "write_plots"]
