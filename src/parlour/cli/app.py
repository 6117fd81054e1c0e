"""The `parlour` command: games, play, replay, bench, tournament, report."""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.logging import RichHandler
from rich.markup import escape
from rich.table import Table

from parlour.core import Game, ParlourError, derive_seed, load_game, parse_spec

app = typer.Typer(
    name="parlour",
    help="Turn-based card and table games, the bots that play them, and tournaments.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console(highlight=False)
err = Console(stderr=True, highlight=False)

F = TypeVar("F", bound=Callable[..., Any])


def usage_errors(command: F) -> F:
    """Turn a `ParlourError` into a one-line message and exit status 2, never a traceback."""

    @wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except ParlourError as error:
            err.print(f"[bold red]Error:[/] {escape(str(error))}")
            err.print(f"[dim]Hint: see 'parlour {command.__name__.rstrip('_')} --help'.[/]")
            raise typer.Exit(2) from None

    return wrapper  # type: ignore[return-value]


def _setup_logging(verbose: int) -> None:
    level = logging.WARNING - 10 * min(verbose, 2)
    logging.basicConfig(level=level, format="%(message)s",
                        handlers=[RichHandler(console=err, show_path=False, show_time=False)])


@app.callback()
def _main(
    verbose: Annotated[int, typer.Option("--verbose", "-v", count=True,
                                         help="More log output (-vv for debug).")] = 0,
) -> None:
    _setup_logging(verbose)


def _game(spec: str, params: list[str] | None) -> Game[Any]:
    """A game from ``id[:k=v,...]`` plus ``--param k=v`` options."""
    extra: dict[str, str] = {}
    for item in params or []:
        _, options = parse_spec("x:" + item)
        extra.update(options)
    return load_game(spec, **extra)


@app.command()
@usage_errors
def games(
    game: Annotated[str | None, typer.Argument(help="Show one game's parameters.")] = None,
) -> None:
    """List the games, or one game's parameters."""
    from parlour.core import list_games

    if game is None:
        table = Table(title="Games")
        table.add_column("id", style="bold")
        table.add_column("aliases")
        table.add_column("description")
        for info in list_games():
            table.add_row(info.id, ", ".join(info.aliases), info.description)
        console.print(table)
        return
    chosen = load_game(game)
    table = Table(title=f"{chosen.id}: {chosen.description}", title_justify="left")
    table.add_column("parameter", style="bold")
    table.add_column("type")
    table.add_column("default")
    table.add_column("meaning")
    for param in chosen.parameters:
        default = param.default
        shown = str(default).lower() if isinstance(default, bool) else str(default)
        table.add_row(param.name, param.type.__name__, shown, param.doc)
    console.print(table)
    agents = ", ".join(["random", *chosen.agents])
    console.print(f"agents: {agents}")


@app.command()
@usage_errors
def play(
    game: Annotated[str, typer.Argument(help="Game id or alias, optionally with parameters "
                                             "(hearts:end_score=50).")],
    seats: Annotated[str, typer.Option("--seats", "-s", help="Comma-separated agent specs, "
                                       "one per seat: random, heuristic, human, ...")] = "",
    seat: Annotated[list[str] | None, typer.Option("--seat", help="One seat's agent spec "
                    "(repeatable; for specs with commas, like exec: commands).")] = None,
    move_time: Annotated[float | None, typer.Option(help="Seconds per decision (wall clock).",
                                                    min=0.001)] = None,
    time_bank: Annotated[float, typer.Option(help="Extra seconds per seat for the game.",
                                             min=0.0)] = 0.0,
    seed: Annotated[int | None,
                    typer.Option(help="Seed: the same seed replays the same game.")] = None,
    param: Annotated[list[str] | None, typer.Option("--param", "-p",
                     help="A game parameter as key=value (repeatable).")] = None,
    record: Annotated[Path | None, typer.Option(help="Save the game's record here "
                      "(.json or .json.gz).")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the result.")] = False,
    count: Annotated[int, typer.Option(help="Play this many games and print win counts.",
                                       min=1)] = 1,
) -> None:
    """Play a game between agents, shown hand by hand (or many games, summarised)."""
    from parlour.agents import split_seats
    from parlour.cli.play import play_many, play_one
    from parlour.match import FaultPolicy

    chosen = _game(game, param)
    specs = split_seats(seats) + [s.strip() for s in seat or []]
    if not specs:
        specs = ["heuristic" if "heuristic" in chosen.agents else "random"] * chosen.num_players
    if len(specs) == 1:
        specs *= chosen.num_players
    if len(specs) != chosen.num_players:
        raise ParlourError(
            f"{chosen.id} seats {chosen.num_players} players but --seats names {len(specs)}: "
            f"{','.join(specs)!r}"
        )
    base = seed if seed is not None else derive_seed(int.from_bytes(__import__("os").urandom(7)), 0)
    policy = FaultPolicy(move_time=move_time, time_bank=time_bank)
    if count == 1:
        play_one(console, chosen, specs, base, record, quiet, policy)
    else:
        if record is not None:
            raise ParlourError("--record saves one game; use it without --count")
        play_many(console, chosen, specs, base, count, policy)


@app.command()
@usage_errors
def replay(
    file: Annotated[Path, typer.Argument(help="A record file (.json or .json.gz).")],
    step: Annotated[bool, typer.Option(help="Pause after each deal (on a terminal).")] = True,
) -> None:
    """Re-simulate a record, verify it, and show it hand by hand."""
    from parlour.cli.play import show_record

    show_record(console, file, pause=step and sys.stdin.isatty())


@app.command()
@usage_errors
def bench(
    game: Annotated[str, typer.Argument(help="Game id or alias, with optional parameters.")],
    seconds: Annotated[float, typer.Option(help="Seconds per measurement.", min=0.1)] = 3.0,
    param: Annotated[list[str] | None, typer.Option("--param", "-p",
                     help="A game parameter as key=value (repeatable).")] = None,
) -> None:
    """Random-playout throughput on one core: deals and games per second, µs per decision."""
    from parlour.bench import bench as run_bench

    chosen = _game(game, param)
    table = Table(title=f"{chosen.spec}: random playouts, one core", title_justify="left")
    for column in ("mode", "games/s", "deals/s", "µs/decision", "decisions", "seconds"):
        table.add_column(column, justify="right" if column != "mode" else "left")
    for quiet in (False, True):
        result = run_bench(chosen, seconds=seconds, quiet=quiet)
        mode = "quiet (search)" if quiet else "with events"
        table.add_row(mode, f"{result.games_per_second:,.1f}",
                      f"{result.deals_per_second:,.0f}", f"{result.us_per_decision:.2f}",
                      f"{result.decisions:,}", f"{result.seconds:.1f}")
    console.print(table)


@app.command()
@usage_errors
def render(
    file: Annotated[Path, typer.Argument(help="A Territory record (.json or .json.gz).")],
    out: Annotated[Path, typer.Option("--out", "-o", help="board.png (the final board) or "
                                      "game.gif (the whole game, animated).")],
    per: Annotated[str, typer.Option(help="GIF frames: one per 'round' or per 'turn'.")] = "round",
    frame_seconds: Annotated[float, typer.Option(help="Seconds per GIF frame.", min=0.01)] = 0.4,
) -> None:
    """Draw a Territory record as a PNG board or an animated GIF (needs parlour[render])."""
    from parlour.records import load

    if out.suffix.lower() not in (".png", ".gif"):
        raise ParlourError(f"--out {str(out)!r} must end in .png or .gif")
    if per not in ("round", "turn"):
        raise ParlourError(f"--per must be 'round' or 'turn', not {per!r}")
    record = load(file)
    if record.game != "territory":
        raise ParlourError(f"render draws Territory boards; {str(file)!r} is a {record.game} game")
    try:
        from parlour.games.territory.render import render_record
    except ImportError as error:  # pragma: no cover - depends on the installation
        raise ParlourError(
            f"rendering needs matplotlib: pip install 'parlour[render]' ({error})"
        ) from None
    from parlour.console.territory import seat_colors

    written = render_record(record, out, seat_colors(record.seats) or None, per=per,
                            frame_seconds=frame_seconds)
    console.print(f"wrote {written}")


from parlour.cli import tournament as _tournament  # noqa: E402, F401 (registers its commands)
from parlour.cli import train as _train  # noqa: E402, F401 (registers its command)


@app.command()
@usage_errors
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (127.0.0.1: this machine "
                                           "only).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.", min=1, max=65535)] = 8000,
    allow_local_bots: Annotated[bool, typer.Option(
        "--allow-local-bots", help="Let tables seat exec: and file: bots (they run programs "
        "and Python files of this machine).")] = False,
    tournaments: Annotated[Path | None, typer.Option(
        help="A tournament output directory (or a folder of them) to show.")] = None,
) -> None:
    """Play against the bots, and watch replays and tournaments, in the browser."""
    from parlour.web.config import ServerConfig
    from parlour.web.server import check_installed
    from parlour.web.server import serve as run_server

    check_installed()
    if tournaments is not None and not tournaments.is_dir():
        raise ParlourError(f"--tournaments {str(tournaments)!r} is not a directory")
    shown = f"[{host}]" if ":" in host else host
    console.print(f"parlour web table on [bold]http://{shown}:{port}/[/]  (Ctrl-C stops it)")
    if allow_local_bots:
        console.print("[yellow]local bots allowed: tables may run exec: and file: bots[/]")
    run_server(ServerConfig(allow_local_bots=allow_local_bots, tournaments=tournaments),
               host=host, port=port)


from parlour.cli.territory import territory_app  # noqa: E402 (it uses usage_errors above)

app.add_typer(territory_app, name="territory", help="Rank Territory players as game17 did.")


def main() -> None:
    """Entry point of the `parlour` script."""
    app()
