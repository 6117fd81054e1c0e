"""The `parlour` command: games, play, replay, bench, tournament, report."""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
import typer.main
from rich.logging import RichHandler
from rich.markup import escape
from rich.table import Table

from parlour.cli.shared import (
    ENV_HELP,
    NETWORK_HELP,
    SANDBOX_HELP,
    STATE_HELP,
    app,
    check_port_free,
    console,
    err,
    sandbox_settings,
    usage_errors,
)
from parlour.core import Game, ParameterError, ParlourError, derive_seed, load_game, parse_spec


def _setup_logging(verbose: int) -> None:
    level = logging.WARNING - 10 * min(verbose, 2)
    logging.basicConfig(level=level, format="%(message)s",
                        handlers=[RichHandler(console=err, show_path=False, show_time=False)])


def version_text() -> str:
    """What ``parlour --version`` prints: the version and the engine path in use.

    For example ``parlour 0.1.0 (engine: compiled (Cython modules for skat, territory))``.
    """
    from parlour import __version__
    from parlour.compiled_switch import engine_description

    return f"parlour {__version__} ({engine_description()})"


def _print_version(value: bool) -> None:
    if value:
        console.print(escape(version_text()), soft_wrap=True)  # one line, however long
        raise typer.Exit()


@app.callback()
def _main(
    verbose: Annotated[int, typer.Option("--verbose", "-v", count=True,
                                         help="More log output (-vv for debug).")] = 0,
    version: Annotated[bool, typer.Option("--version", callback=_print_version,
                                          is_eager=True,
                                          help="Print parlour's version and exit.")] = False,
) -> None:
    _setup_logging(verbose)


def _game(spec: str, params: list[str] | None) -> Game[Any]:
    """A game from ``id[:k=v,...]`` plus ``--param k=v`` options."""
    extra: dict[str, str] = {}
    for item in params or []:
        if "=" not in item:
            raise ParameterError(f"cannot read --param {item!r}: expected key=value "
                                 "(for example -p end_score=50)")
        _, options = parse_spec("param:" + item)
        extra.update(options)
    return load_game(spec, **extra)


def _seat_count_error(game: Game[Any], specs: list[str], option: str = "--seats") -> ParlourError:
    """The error for a seat list that does not fit `game`, suggesting the player count.

    `option` is what the user typed (``--seats``, ``--seat`` or both) and the message names it.
    """
    message = (f"{game.id} seats {game.num_players} players but {option} names {len(specs)}: "
               f"{','.join(specs)!r}")
    if any(param.name == "players" for param in game.parameters):
        try:
            fitting = load_game(game.spec, players=len(specs))
        except ParlourError:
            pass  # that many players is not allowed: the count above is the whole story
        else:
            message += f"; for {len(specs)} players, play {fitting.spec!r}"
    return ParlourError(message)


@app.command()
@usage_errors
def games(
    game: Annotated[str | None, typer.Argument(help="Show one game's parameters.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for programs: every "
                                          "game (or the one named) with its parameters and "
                                          "agents.")] = False,
) -> None:
    """List the games, or one game's parameters."""
    from parlour.core import list_games

    if as_json:
        import json

        chosen_games = [load_game(game)] if game else [load_game(i.id) for i in list_games()]
        sys.stdout.write(json.dumps([games_json(one) for one in chosen_games], indent=2,
                                    ensure_ascii=False) + "\n")  # never wrapped or styled
        return
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
    console.print(escape(agents_text(chosen)))


def games_json(game: Game[Any]) -> dict[str, Any]:
    """What ``parlour games --json`` says of `game`: id, aliases, players, parameters, agents."""
    from parlour.agents.specs import SCHEMES, generic_agents

    def plain(value: Any) -> Any:
        return value if isinstance(value, (bool, int, float, str, type(None))) else str(value)

    return {
        "id": game.id, "aliases": list(type(game).aliases), "description": game.description,
        "players": game.num_players,
        "parameters": [{"name": p.name, "type": p.type.__name__, "default": plain(p.default),
                        "doc": p.doc, "choices": [plain(c) for c in p.choices or ()] or None,
                        "min": p.min, "max": p.max} for p in game.parameters],
        "agents": [*game.agents,
                   *(name for name in generic_agents(game) if name not in game.agents)],
        "schemes": [f"{scheme}:" for scheme in SCHEMES],
    }


def agents_text(game: Game[Any]) -> str:
    """The agent specs usable with `game`: its own, the generic ones, and the schemes."""
    from parlour.agents.specs import SCHEMES, generic_agents

    names = [*game.agents, *(name for name in generic_agents(game) if name not in game.agents)]
    schemes = ", ".join(f"{scheme}:..." for scheme in SCHEMES)
    return f"agents: {', '.join(names)}; programs and files: {schemes}"




@app.command()
@usage_errors
def play(
    game: Annotated[str, typer.Argument(help="Game id or alias, optionally with parameters "
                                             "(hearts:end_score=50).")],
    seats: Annotated[str, typer.Option("--seats", "-s", help="Comma-separated agent specs, "
                                       "one per seat: random, heuristic, human, ... "
                                       "(default: the game's heuristic in every seat, or "
                                       "random where it has none).")] = "",
    seat: Annotated[list[str] | None, typer.Option("--seat", help="An agent spec for the next "
                    "seat, repeatable, in seat order; for specs with commas, like exec: "
                    "commands. One spec alone (by --seat or --seats) fills every seat.")] = None,
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
    sandbox: Annotated[str, typer.Option(help=SANDBOX_HELP)] = "auto",
    bot_network: Annotated[bool, typer.Option("--bot-network", help=NETWORK_HELP)] = False,
    bot_state: Annotated[Path | None, typer.Option(help=STATE_HELP, show_default=False)] = None,
    bot_env: Annotated[list[str] | None, typer.Option(help=ENV_HELP, show_default=False)
                       ] = None,
    pace: Annotated[float | None, typer.Option(help="Seconds to wait before each bot's move "
                    "when a person plays (default 0.5; 0: no wait).", min=0.0, max=10.0,
                    show_default=False)] = None,
) -> None:
    """Play a game between agents, shown hand by hand (or many games, summarised)."""
    from parlour.agents import split_seats
    from parlour.cli.play import play_many, play_one
    from parlour.match import FaultRules

    chosen = _game(game, param)
    specs = split_seats(seats) + [s.strip() for s in seat or []]
    if not specs:
        specs = ["heuristic" if "heuristic" in chosen.agents else "random"] * chosen.num_players
    if len(specs) == 1:
        specs *= chosen.num_players
    if len(specs) != chosen.num_players:
        typed = " and ".join(name for name, given in (("--seats", seats), ("--seat", seat))
                             if given)
        raise _seat_count_error(chosen, specs, typed or "--seats")
    base = seed if seed is not None else derive_seed(int.from_bytes(__import__("os").urandom(7)), 0)
    hidden = () if record is None else (str(record.absolute()),)
    fault_rules = FaultRules(move_time=move_time, time_bank=time_bank,
                             **sandbox_settings(sandbox, bot_network, bot_state, bot_env, hidden))
    if count == 1:
        play_one(console, chosen, specs, base, record, quiet, fault_rules, pace)
    else:
        if record is not None:
            raise ParlourError("--record saves one game; use it without --count")
        play_many(console, chosen, specs, base, count, fault_rules)


@app.command()
@usage_errors
def replay(
    file: Annotated[Path, typer.Argument(help="A record file (.json or .json.gz).")],
    step: Annotated[bool, typer.Option(help="On a terminal, pause after each trick (or deal, "
                                        "or round): Enter for the next, d for the deal's end, "
                                        "b to go back one, q to stop.")] = True,
    max_size: Annotated[float, typer.Option(help="Refuse records larger than this many MB "
                                            "(compressed or not).", min=0.001)] = 50.0,
    max_moves: Annotated[int, typer.Option(help="Refuse records of more moves than this.",
                                           min=1)] = 200_000,
    max_work: Annotated[float, typer.Option(
        help="Refuse records whose re-simulation is more work than this many moves of an "
             "ordinary game (a move on a large Territory board counts for many).",
        min=1)] = 200_000,
) -> None:
    """Re-simulate a record, verify it, and show it trick by trick (and back)."""
    from parlour.cli.play import show_record
    from parlour.records import RecordTooLarge

    try:
        show_record(console, file, pause=step and sys.stdin.isatty(),
                    max_bytes=int(max_size * 1_000_000), max_moves=max_moves,
                    max_work=max_work)
    except RecordTooLarge as error:
        option = {"size": f"--max-size (now {max_size:g} MB)",
                  "work": f"--max-work (now {max_work:,.0f})"}.get(
                      error.what, f"--max-moves (now {max_moves:,})")
        raise ParlourError(f"{error}: raise it with {option}") from None


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
    from parlour.compiled_switch import engine_description

    chosen = _game(game, param)
    table = Table(title=f"{chosen.spec}: random playouts, one core", title_justify="left",
                  caption=f"{engine_description()}. A search playout plays one deal, so "
                          "games/s does not apply to it.", caption_justify="left")
    for column in ("mode", "games/s", "deals/s", "µs/decision", "decisions", "seconds"):
        table.add_column(column, justify="right" if column != "mode" else "left")
    modes = (("with events", False, False), ("quiet", True, False),
             ("playouts (search)", True, True))
    for mode, quiet, playouts in modes:
        result = run_bench(chosen, seconds=seconds, quiet=quiet, playouts=playouts)
        table.add_row(mode, "–" if playouts else f"{result.games_per_second:,.1f}",
                      f"{result.deals_per_second:,.0f}", f"{result.us_per_decision:.2f}",
                      f"{result.decisions:,}", f"{result.seconds:.1f}")
    console.print(table)


@app.command()
@usage_errors
def render(
    file: Annotated[Path, typer.Argument(help="A record (.json or .json.gz) of any game.")],
    out: Annotated[Path, typer.Option("--out", "-o", help="A .png: Territory's final board, "
                                      "else the seats' scores deal by deal; or a .gif: a "
                                      "Territory game, animated.")],
    per: Annotated[str, typer.Option(help="GIF frames: one per 'round' or per 'turn'.")] = "round",
    frame_seconds: Annotated[float, typer.Option(help="Seconds per GIF frame.", min=0.01)] = 0.4,
) -> None:
    """Draw a record: Territory's board (PNG, or a GIF of the game), any other game's scores
    deal by deal (PNG). Needs parlour[render]."""
    from parlour.cli.play import prepare_output
    from parlour.records import load

    if out.suffix.lower() not in (".png", ".gif"):
        raise ParlourError(f"--out {str(out)!r} must end in .png or .gif")
    if per not in ("round", "turn"):
        raise ParlourError(f"--per must be 'round' or 'turn', not {per!r}")
    _require_render_extra()
    record = load(file)
    if record.game != "territory":
        if out.suffix.lower() == ".gif":
            raise ParlourError(f"--out {str(out)!r}: a GIF animates Territory boards; "
                               f"{str(file)!r} is a {record.game} game: name a .png for its "
                               "scores")
        from parlour.records.chart import score_chart

        prepare_output(out, "--out")
        console.print(f"wrote {escape(str(score_chart(record, out)))} (the scores deal by deal)")
        return
    prepare_output(out, "--out")
    from parlour.console.territory import seat_colors
    from parlour.games.territory.render import render_record

    written = render_record(record, out, seat_colors(record.seats) or None, per=per,
                            frame_seconds=frame_seconds)
    console.print(f"wrote {written}")


def _require_render_extra() -> None:
    """Refuse with the install hint when matplotlib or Pillow (the render extra) is missing."""
    try:
        import matplotlib  # noqa: F401
        import PIL  # noqa: F401
    except ImportError as error:
        raise ParlourError(f"render needs matplotlib and Pillow ({error.name or error} is "
                           "missing): pip install 'parlour[render]'") from None


# the command modules register after the commands above, so --help lists them in this order
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
    check_port_free(host, port)
    shown = f"[{host}]" if ":" in host else host
    console.print(f"parlour web table on [bold]{escape(f'http://{shown}:{port}/')}[/]  "
                  "(Ctrl-C stops it)")
    if allow_local_bots:
        console.print("[yellow]local bots allowed: tables may run exec: and file: bots[/]")
    run_server(ServerConfig(allow_local_bots=allow_local_bots, tournaments=tournaments),
               host=host, port=port)


from parlour.cli.territory import territory_app  # noqa: E402 (after serve, as --help lists)

app.add_typer(territory_app, name="territory", help="Rank Territory players as game17 did.")

from parlour.cli.ladder import ladder_app  # noqa: E402 (after territory, as --help lists)

app.add_typer(ladder_app, name="ladder", help="A standing league: people submit bots and "
              "watch them climb.")


def command() -> Any:
    """The `parlour` command as click runs it: `app`, with flags shown without a type.

    (typer labels every flag, ``--help`` too, ``<bool>``, as if it took a value.)
    """
    built = typer.main.get_command(app)
    _untype_flags(built, built.context_class(built, info_name="parlour"))
    return built


def _untype_flags(built: Any, context: Any) -> None:
    """Give every flag of `built` and its subcommands an empty metavar (no type shown)."""
    for param in [*built.params, built.get_help_option(context)]:
        if getattr(param, "is_flag", False) and not getattr(param, "count", False):
            param.metavar = ""
    for name, sub in getattr(built, "commands", {}).items():
        _untype_flags(sub, sub.context_class(sub, parent=context, info_name=name))


def main() -> None:
    """Entry point of the `parlour` script."""
    from parlour.console.encoding import fit_streams

    fit_streams()  # a console without ♠ gets the ASCII card notation, not a traceback
    command()(prog_name="parlour")
