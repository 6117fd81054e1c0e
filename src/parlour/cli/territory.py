"""`parlour territory ...`: game17's ways of ranking Territory players.

A thin face on `parlour.arena.territory` (configurations of the general tournament formats):
each command plays its games into an output directory (the results store, records,
summary.json, summary.txt, errors.log) and prints the ranking; ``parlour report DIR`` shows
the run again with the general statistics.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich import box
from rich.progress import Progress
from rich.table import Table

from parlour.arena.fitting import column_width, name_widths, wrap_name
from parlour.cli.shared import console, err, usage_errors

territory_app = typer.Typer(
    help="game17's ways of ranking Territory players: one game, vs zombies, battle royale, "
         "round robin, rank.",
    no_args_is_help=True,
)

F = TypeVar("F", bound=Callable[..., Any])

Players = Annotated[list[str], typer.Argument(
    help="Player specs: file:me.py[:colour], heuristic, t800, zombie, random, ...",
    show_default=False, metavar="PLAYER...")]
Games = Annotated[int | None, typer.Option(
    help="Games (per player vs zombies, per pair in a round robin); default 10, round "
         "robin 1.", min=1, show_default=False)]
Seed = Annotated[int | None, typer.Option(
    help="Seed: the same seed plays the same games (default: a fresh one, printed).")]
Size = Annotated[int, typer.Option(help="Edge length N of the N x N torus.", min=2)]
Rounds = Annotated[int, typer.Option(help="Rounds per game (R).", min=1)]
MoveTime = Annotated[float, typer.Option(
    help="Seconds per move, wall clock, the same for every player: a late turn is "
         "forfeited, as in game17 (0: no limit).", min=0.0)]
Out = Annotated[Path | None, typer.Option(
    "--out", "-o", help="Output directory, new or empty [default: territory-COMMAND].",
    show_default=False)]


def _command(name: str) -> Callable[[F], F]:
    """Register `name`; usage errors exit 2 with a hint at ``parlour territory NAME --help``."""

    def register(function: F) -> F:
        function.__name__ = f"territory {name}"
        territory_app.command(name)(usage_errors(function))
        return function

    return register


def _run(command: str, players: list[str], games: int | None, seed: int | None, size: int,
         rounds: int, move_time: float, out: Path | None) -> None:
    from parlour.arena.territory import FORMATS, MODES
    from parlour.core.seeding import fresh_seed

    seed = fresh_seed() if seed is None else seed
    directory = out if out is not None else Path(f"territory-{command}")
    options: dict[str, Any] = {"out": directory, "seed": seed, "size": size, "rounds": rounds,
                               "move_time": move_time or None}
    if games is not None:
        options["games"] = games
    with Progress(console=err, transient=True) as progress:
        task = progress.add_task(f"territory {command}", total=None)

        def advance(played: int, scheduled: int) -> None:
            progress.update(task, completed=played, total=scheduled)

        ranking = FORMATS[command](players, on_game=advance, **options)
    limit = f"{move_time:g} s" if move_time else "none"
    each = ranking.standings[0].games if ranking.standings else 0
    table = Table(title=f"Territory, {MODES[command]}: seed {seed}, {each} game(s) each, "
                        f"{size}x{size}, {rounds} rounds, move time {limit}",
                  title_justify="left", box=box.SIMPLE_HEAD, caption="squares: mean per "
                  "game; errors: forfeited turns and faults (errors.log); s/move: the maximum "
                  "over games of the mean seconds per move", caption_justify="left",
                  collapse_padding=True, pad_edge=False)
    columns = ["wins", "win %", "squares", *(["tiebreak"] if command == "rank" else []),
               "errors", "s/move"]
    rows = []
    for s in ranking.standings:
        row = [str(s.rank), str(s.wins),
               f"{100 * s.wins / s.games:.1f}" if s.games else "-", f"{s.mean_squares:.1f}"]
        if command == "rank":
            row.append("-" if s.tiebreak_wins is None else str(s.tiebreak_wins))
        row += [str(s.forfeits + s.faults),
                "-" if s.max_mean_time is None else f"{s.max_mean_time:.4f}"]
        rows.append(row)
    others = [column_width(header, [row[i] for row in rows])
              for i, header in enumerate(["rank", *columns])]
    names = [s.name for s in ranking.standings]
    (width,) = name_widths(console.width, others, [["player", *names]], [1.0])
    table.add_column("rank", justify="right", no_wrap=True)
    table.add_column("player", no_wrap=True)
    for column in columns:
        table.add_column(column, justify="right", no_wrap=True)
    for name, row in zip(names, rows, strict=True):
        table.add_row(row[0], wrap_name(name, width), *row[1:])
    console.print(table)
    console.print(f"records, summary.json, summary.txt and errors.log in {directory}")
    if ranking.errors:
        console.print(f"[yellow]{len(ranking.errors)} fault(s) and forfeited turn(s) logged in "
                      f"{directory / 'errors.log'}[/]")


@_command("one")
def one(players: Players, seed: Seed = None, size: Size = 14, rounds: Rounds = 50,
        move_time: MoveTime = 10.0, out: Out = None) -> None:
    """One game with every player on the board; ranked by the squares held at the end."""
    _run("one", players, None, seed, size, rounds, move_time, out)


@_command("zombies")
def zombies(players: Players, games: Games = None, seed: Seed = None, size: Size = 14,
            rounds: Rounds = 50, move_time: MoveTime = 10.0, out: Out = None) -> None:
    """Each player alone among zombies (the same boards for each): wins and move times."""
    _run("zombies", players, games, seed, size, rounds, move_time, out)


@_command("royale")
def royale(players: Players, games: Games = None, seed: Seed = None, size: Size = 14,
           rounds: Rounds = 50, move_time: MoveTime = 10.0, out: Out = None) -> None:
    """Battle royale: every player on one board, many games, ranked by wins."""
    _run("royale", players, games, seed, size, rounds, move_time, out)


@_command("roundrobin")
def roundrobin(players: Players, games: Games = None, seed: Seed = None, size: Size = 14,
               rounds: Rounds = 50, move_time: MoveTime = 10.0, out: Out = None) -> None:
    """Round robin: a game per pair of players, everyone else zombies; ranked by wins."""
    _run("roundrobin", players, games, seed, size, rounds, move_time, out)


@_command("rank")
def rank(players: Players, games: Games = None, seed: Seed = None, size: Size = 14,
         rounds: Rounds = 50, move_time: MoveTime = 10.0, out: Out = None) -> None:
    """Battle royale, with ties broken by a round robin inside each tied group."""
    _run("rank", players, games, seed, size, rounds, move_time, out)
