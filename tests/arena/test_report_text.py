"""The tournament's report as people read it: tables at 80 columns, p-values, plots, and the
settings that would make a report meaningless (one agent, agents that never meet)."""

from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from parlour.arena import TournamentConfig, TournamentStats, run_tournament
from parlour.arena import report as report_module
from parlour.arena.fitting import wrap_name
from parlour.arena.report import comparisons_table, print_report, ranking_table, write_plots
from parlour.cli import app
from parlour.core import ParlourError

runner = CliRunner()
CRASHER = "def act(observation):\n    raise RuntimeError('no')\n"


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, " ".join(result.output.split())


@pytest.fixture(scope="module")
def stats(tmp_path_factory: pytest.TempPathFactory) -> TournamentStats:
    """Three agents at Hearts, one of them a crashing file bot with a long name."""
    folder = tmp_path_factory.mktemp("bots")
    bot = folder / "crashing_bot_with_a_long_name.py"
    bot.write_text(CRASHER, encoding="utf-8")
    config = TournamentConfig(game="hearts", params={"end_score": 30},
                              agents=("random", "heuristic", f"file:{bot}"),
                              format="battle-royale", seating="fixed", deals=3, seed=3,
                              backend="inprocess", out=str(folder / "t"))
    return run_tournament(config)


def rendered(stats: TournamentStats, width: int = 80) -> str:
    console = Console(width=width, file=io.StringIO(), record=True)
    print_report(console, stats)
    return console.export_text()


# --- point 26: the table at 80 columns ----------------------------------------------------------
def test_at_80_columns_the_ranking_keeps_its_faults_and_whole_words(
        stats: TournamentStats) -> None:
    text = rendered(stats)
    lines = text.splitlines()
    assert all(len(line.rstrip()) <= 80 for line in lines)
    header = next(line for line in lines if line.lstrip().startswith("#"))
    assert header.split()[-1] == "faults"
    assert "exception" in text  # the crasher's faults, in their column
    assert "heuristic" in text.split() and "random" in text.split()
    names = [str(cell) for cell in ranking_table(stats, 80).columns[1].cells]
    long = next(n for n in names if "crashing" in n)
    assert long.replace("\n", "") == stats.agents[-1].name  # every character kept
    assert all(line[-1] in ":/_-" for line in long.splitlines()[:-1])  # broken between words
    assert all(line in text for line in long.splitlines())


def test_a_name_wraps_at_its_natural_breaks() -> None:
    assert wrap_name("ismcts:iterations=10", 13) == "ismcts:\niterations=10"
    assert wrap_name("ismcts:iterations=10", 10) == "ismcts:\niterations\n=10"
    assert wrap_name("file:bots/mine.py", 10) == "file:bots/\nmine.py"
    assert wrap_name("heuristic vs random", 11) == "heuristic\nvs random"
    assert wrap_name("my_long_bot_name", 8) == "my_long_\nbot_name"


def test_a_p_value_of_zero_is_shown_as_below_a_bound(stats: TournamentStats) -> None:
    zero = dataclasses.replace(stats.comparisons[0], p=0.0, p_holm=0.0)
    table = comparisons_table(dataclasses.replace(stats, comparisons=[zero]))
    console = Console(width=100, file=io.StringIO(), record=True)
    console.print(table)
    row = next(line for line in console.export_text().splitlines() if " vs " in line)
    assert "< 0.0001" in row and " 0 " not in row


# --- point 26: tournaments that cannot rank anything ---------------------------------------
def test_a_one_agent_tournament_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "t"
    code, text = run("tournament", "hearts", "-a", "random", "--out", str(out))
    assert code == 2 and "'random' is the only one: name two or more" in text
    assert "Traceback" not in text and not out.exists()


@pytest.mark.parametrize(("fmt", "players", "note"), [
    ("duplicate", 3, "players=3 seats the 3 agents at every game"),
    ("round-robin", 2, "players=2 seats each pair at every game"),
])
def test_territory_seats_every_agent_by_default(tmp_path: Path, fmt: str, players: int,
                                                note: str) -> None:
    out = tmp_path / "t"
    code, text = run("tournament", "territory", "-p", "size=6", "-p", "rounds=5", "-a",
                     "random,heuristic,zombie", "-f", fmt, "--deals", "1", "--seed", "2",
                     "--backend", "inprocess", "--no-progress", "--no-plots", "--out", str(out))
    assert code == 0, text
    assert note in text
    summary = json.loads((out / "summary.json").read_text())
    assert summary["settings"]["params"]["players"] == players
    assert any(v is not None for row in summary["win_matrix"]["rows"] for v in row)


def test_territory_with_one_seat_says_the_agents_never_meet(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("matplotlib")
    drawn: dict[str, list[str]] = {}
    save = report_module._save

    def keep(plt: Any, figure: Any, path: Path) -> Path:
        drawn[path.name] = [t.get_text() for axes in figure.axes for t in axes.texts]
        return save(plt, figure, path)

    monkeypatch.setattr(report_module, "_save", keep)
    out = tmp_path / "t"
    code, text = run("tournament", "territory:players=1", "-p", "size=6", "-p", "rounds=5",
                     "-a", "random,heuristic", "--deals", "1", "--seed", "2", "--backend",
                     "inprocess", "--no-progress", "--out", str(out))
    assert code == 0, text
    assert "seats one player, so the agents never meet" in text
    summary = json.loads((out / "summary.json").read_text())
    assert all(v is None for row in summary["win_matrix"]["rows"] for v in row)
    assert (out / "winrates.png").is_file()
    assert "no win rates: no two agents\nmet in a game" in drawn["winrates.png"]


def test_out_naming_a_file_says_it_is_a_file(tmp_path: Path) -> None:
    path = tmp_path / "results.txt"
    path.write_text("mine\n")
    for args in (["hearts", "-a", "random,heuristic"], ["--resume"]):
        code, text = run("tournament", *args, "--out", str(path))
        assert code == 2 and "is a file, not a directory" in text, text
        assert "not empty" not in text
    assert path.read_text() == "mine\n"


def test_a_backend_that_fails_to_start_leaves_nothing_behind(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_ray(*args: Any) -> Any:
        raise ParlourError("cannot start Ray locally: no room")

    out = tmp_path / "t"
    args = ["tournament", "hearts", "-p", "end_score=30", "-a", "random,heuristic", "--deals",
            "1", "--seed", "2", "--no-progress", "--no-plots", "--out", str(out)]
    monkeypatch.setattr("parlour.arena.runner.make_backend", no_ray)
    code, text = run(*args, "--backend", "ray")
    assert code == 2 and "cannot start Ray locally" in text
    assert not out.exists()
    monkeypatch.undo()
    code, text = run(*args, "--backend", "inprocess")
    assert code == 0, text


# --- point 27: scores.png -------------------------------------------------------------------------
def test_no_plot_text_is_clipped_and_scores_are_labelled_per_game(
        stats: TournamentStats, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("matplotlib")
    clipped: dict[str, list[str]] = {}
    labels: dict[str, str] = {}
    save = report_module._save

    def keep(plt: Any, figure: Any, path: Path) -> Path:
        class Measuring:
            """pyplot, measuring the figure as it was saved before closing it."""

            def close(self, closed: Any) -> None:
                closed.canvas.draw()  # at the figure's own dpi, as its bbox is measured
                renderer = closed.canvas.get_renderer()
                width, height = closed.bbox.width, closed.bbox.height
                clipped[path.name] = [
                    text.get_text() for text in shown_texts(closed)
                    if not inside(text.get_window_extent(renderer), width, height)]
                labels[path.name] = closed.axes[0].get_ylabel()
                plt.close(closed)

        return save(Measuring(), figure, path)

    monkeypatch.setattr(report_module, "_save", keep)
    write_plots(stats, tmp_path)
    assert clipped == {"ratings.png": [], "scores.png": [], "winrates.png": []}
    assert labels["scores.png"] == "return per game"


def shown_texts(figure: Any) -> list[Any]:
    """Every text a figure draws: titles, axis labels, tick labels within the axes' limits,
    texts placed in the axes or the figure."""
    texts = list(figure.texts)
    for axes in figure.axes:
        texts += [axes.title, axes.xaxis.label, axes.yaxis.label, *axes.texts]
        for axis, (low, high) in ((axes.xaxis, axes.get_xlim()), (axes.yaxis, axes.get_ylim())):
            low, high = min(low, high), max(low, high)
            texts += [tick.label1 for tick in axis.get_major_ticks()
                      if low <= tick.get_loc() <= high]
    return [t for t in texts if t.get_visible() and t.get_text().strip()]


def inside(box: Any, width: float, height: float) -> bool:
    return bool(box.x0 >= 0 and box.x1 <= width and box.y0 >= 0 and box.y1 <= height)
