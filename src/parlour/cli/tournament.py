"""`parlour tournament` and `parlour report`: a face on `parlour.arena`.

Settings come from flags, from a TOML file (``--config``), or from both (flags win). With
``--resume`` they come from the tournament being resumed; flags may then change only how the
games run (workers, backend, address).
"""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.text import Text

from parlour.cli.shared import (
    ENV_HELP,
    NETWORK_HELP,
    SANDBOX_HELP,
    STATE_HELP,
    app,
    console,
    err,
    sandbox_settings,
    usage_errors,
)
from parlour.core import ParlourError, parse_spec

if TYPE_CHECKING:
    from parlour.arena.config import TournamentConfig
    from parlour.arena.stats import TournamentStats

FORMAT_HELP = "duplicate, head-to-head, vs-baseline, round-robin or battle-royale."


@app.command()
@usage_errors
def tournament(
    game: Annotated[str | None, typer.Argument(
        help="Game id or alias, optionally with parameters (hearts:end_score=50).",
        show_default=False)] = None,
    agents: Annotated[str | None, typer.Option(
        "--agents", "-a", help="Comma-separated agent specs: random,heuristic,ismcts:...",
        show_default=False)] = None,
    agent: Annotated[list[str] | None, typer.Option(
        "--agent", help="One agent spec (repeatable; for specs with commas, like exec: "
                        "commands).", show_default=False)] = None,
    baseline: Annotated[list[str] | None, typer.Option(
        "--baseline", "-b", help="vs-baseline: the field's agent specs (repeatable or "
                                 "comma-separated).", show_default=False)] = None,
    format_: Annotated[str | None, typer.Option(
        "--format", "-f", help=f"The format: {FORMAT_HELP} (default: duplicate)",
        show_default=False)] = None,
    tables: Annotated[str | None, typer.Option(
        help="Round robin: 'pairs' (every pairing) or 'all' (every table combination).",
        show_default=False)] = None,
    seating: Annotated[str | None, typer.Option(
        help="auto, permutations, rotations or fixed.", show_default=False)] = None,
    games: Annotated[int | None, typer.Option(
        "--games", "-n", help="At least this many games, rounded up to whole rounds "
                              "(default: 100).", show_default=False)] = None,
    deals: Annotated[int | None, typer.Option(
        help="Rounds instead: each plays every table in every seating (duplicate: one deal "
             "each).", show_default=False)] = None,
    seed: Annotated[int | None, typer.Option(
        help="Seed: the same seed gives the same games and results (default: a fresh one, "
             "shown).", show_default=False)] = None,
    param: Annotated[list[str] | None, typer.Option(
        "--param", "-p", help="A game parameter as key=value (repeatable).",
        show_default=False)] = None,
    workers: Annotated[int | None, typer.Option(
        "--workers", "-w", help="Worker processes (or Ray CPUs) (default: every CPU).",
        show_default=False)] = None,
    backend: Annotated[str | None, typer.Option(
        help="local (worker processes), inprocess, or ray (default: local).",
        show_default=False)] = None,
    address: Annotated[str | None, typer.Option(
        help="Ray: the address of a running cluster (default: start a local one).",
        show_default=False)] = None,
    move_time: Annotated[float | None, typer.Option(
        help="Seconds per decision (wall clock) (default: no limit).", show_default=False)
    ] = None,
    time_bank: Annotated[float | None, typer.Option(
        help="Extra seconds per seat and game, drawn on when a move runs over.",
        show_default=False)] = None,
    strike_limit: Annotated[int | None, typer.Option(
        help="Faults after which a seat forfeits the rest of the game (default: 3).",
        show_default=False)] = None,
    out: Annotated[Path | None, typer.Option(
        "--out", "-o", help="Output directory, new or empty (default: "
                            "tournament-GAME-SEED).", show_default=False)] = None,
    resume: Annotated[bool, typer.Option(
        "--resume", help="Continue the tournament in --out where it stopped.")] = False,
    config: Annotated[Path | None, typer.Option(
        "--config", "-c", help="A TOML file of settings (flags override it).",
        show_default=False)] = None,
    plots: Annotated[bool, typer.Option(help="Write PNG plots to the output directory.")
    ] = True,
    progress: Annotated[bool, typer.Option(help="Show a live progress bar.")] = True,
    sandbox: Annotated[str | None, typer.Option(help=SANDBOX_HELP + " (default: auto)",
                                                show_default=False)] = None,
    bot_network: Annotated[bool | None, typer.Option(
        "--bot-network", help=NETWORK_HELP, show_default=False)] = None,
    bot_state: Annotated[Path | None, typer.Option(
        help=STATE_HELP + " Duplicate formats are then no longer independent seatings: a bot "
        "may remember the deal of the first.", show_default=False)] = None,
    bot_env: Annotated[list[str] | None, typer.Option(help=ENV_HELP, show_default=False)
                       ] = None,
) -> None:
    """Run a tournament: every game stored as it ends, then a ranking with intervals."""
    from parlour.agents import split_seats
    from parlour.arena.config import TournamentConfig, load_config
    from parlour.arena.runner import Tournament, stored_config
    from parlour.core.seeding import fresh_seed

    flags: dict[str, Any] = {
        "game": game, "format": format_, "tables": tables, "seating": seating,
        "games": games, "deals": deals, "seed": seed, "workers": workers, "backend": backend,
        "address": address, "move_time": move_time, "time_bank": time_bank,
        "strike_limit": strike_limit, "out": None if out is None else str(out),
        "bot_network": bot_network,
        "bot_state": None if bot_state is None else str(bot_state.absolute()),
    }
    if sandbox is not None or bot_env:
        checked = sandbox_settings(sandbox or "auto", False, None, bot_env, ())
        flags["sandbox"] = None if sandbox is None else checked["sandbox"]
        flags["bot_env"] = checked["bot_env"] or None
    flags = {k: v for k, v in flags.items() if v is not None}
    named = split_seats(agents or "") + [a.strip() for a in agent or [] if a.strip()]
    if named:
        flags["agents"] = tuple(named)
    if baseline:
        flags["baselines"] = tuple(b for item in baseline for b in split_seats(item))
    file_settings = load_config(config) if config is not None else {}
    source = f"config file {str(config)!r}" if config is not None else "settings"
    if resume:
        directory = flags.get("out") or file_settings.get("out")
        if not directory:
            raise ParlourError("--resume needs --out DIR, the directory of the tournament to "
                               "continue")
        from parlour.arena.rebuild import restore_store

        rebuilt = restore_store(Path(directory))
        if rebuilt is not None:
            err.print(Text("The results store was missing or could not be read:", style="yellow"))
            for line in rebuilt.lines(resuming=True):
                err.print(Text(line, style="yellow"))
        settings = stored_config(str(directory))
        if file_settings:
            settings = TournamentConfig.from_mapping(file_settings, source, base=settings)
    else:
        chosen = flags.get("game", file_settings.get("game"))
        if not chosen:
            raise ParlourError("name the game: parlour tournament hearts --agents "
                               "random,heuristic (or game = \"...\" in a config file)")
        settings = TournamentConfig.from_mapping({**file_settings, "game": chosen}, source)
        if "seed" not in flags and "seed" not in file_settings:
            flags["seed"] = fresh_seed()
    if param:
        extra: dict[str, str] = {}
        for item in param:
            extra.update(parse_spec("x:" + item)[1])
        flags["params"] = {**settings.params, **extra}
    settings = TournamentConfig.from_mapping(flags, "the command line", base=settings)
    if not resume:
        settings = _fit_the_table(settings)

    from parlour.arena.report import ProgressBar, print_report, write_plots

    with Tournament(settings, resume=resume) as run:
        c = run.config
        schedule = run.plan()
        where = ("this process" if c.backend == "inprocess" else
                 f"{c.workers} Ray CPU(s)" if c.backend == "ray" and not c.address else
                 f"Ray at {c.address}" if c.backend == "ray" else f"{c.workers} worker(s)")
        rounds = 1 + max((g.round for g in schedule), default=0)
        size = math.ceil(len(schedule) / rounds)
        shape = (f"{rounds} deal(s), each in {size} seating(s)" if c.format == "duplicate"
                 else f"{rounds} round(s) of {size}")
        console.print(f"[bold]{run.game.spec}[/] {c.format}: {len(c.agents)} agent(s)"
                      f"{f' + {len(c.baselines)} baseline(s)' if c.baselines else ''}, "
                      f"{len(schedule)} games ({shape}), seed {c.seed}, on {where}; "
                      f"output in {run.out}")
        if resume:
            show_repairs(run.repair(schedule))
        try:
            if progress:
                with ProgressBar(err, c.format) as bar:
                    run.play(schedule, bar)
            else:
                run.play(schedule)
        except KeyboardInterrupt:
            done = len(run.store.done())
            err.print(f"[yellow]Interrupted: {done} of {len(schedule)} games are stored. "
                      f"Continue with: parlour tournament --resume --out {run.out}[/]")
            if done:  # the ranking of the games stored so far, as `parlour report` shows it
                from parlour.arena.stats import summarise

                print_report(console, summarise(run.rows(), run.store.agents(),
                                                c.identity()), run.out)
            raise typer.Exit(130) from None
        stats = run.finish()
    print_report(console, stats, run.out)
    written = []
    if plots:
        try:
            written = write_plots(stats, run.out)
        except ParlourError as error:
            err.print(f"No plots: {error}", style="yellow", markup=False)  # keeps [render]
    logged = ["errors.log"] if (run.out / "errors.log").is_file() else []
    files = ", ".join(["records/", *logged, "summary.json", *(p.name for p in written)])
    console.print(f"In {run.out}: {files}. Replay a game: parlour replay "
                  f"{run.out / 'records' / '0001.json.gz'}")


def show_repairs(repairs: dict[int, str], most: int = 10) -> None:
    """Say which stored games are played again (the first `most`, then how many more)."""
    from parlour.arena.runner import repair_line

    lines = [repair_line(index, why) for index, why in repairs.items()]
    for line in lines[:most]:
        err.print(Text(line, style="yellow"))
    if len(lines) > most:
        err.print(Text(f"... and {len(lines) - most} more game(s) are played again",
                       style="yellow"))


@app.command()
@usage_errors
def report(
    directory: Annotated[Path, typer.Argument(help="A tournament's output directory.")],
    json_: Annotated[bool, typer.Option("--json", help="Print the JSON summary instead.")
    ] = False,
    plots: Annotated[bool, typer.Option("--plots", help="Draw the PNG plots again.")] = False,
    verify: Annotated[bool, typer.Option(
        "--verify", help="Check every stored result against its record (re-simulating it) "
                         "and play again the games whose record is missing or wrong.")] = False,
    rebuild: Annotated[bool, typer.Option(
        "--rebuild", help="Make the results store again from tournament.json and the "
                          "records (a lost, damaged or edited store); the old one is kept "
                          "as tournament.sqlite.replaced.")] = False,
) -> None:
    """Print a tournament's ranking again (finished or not), from its results store."""
    from parlour.arena.report import print_report, write_plots
    from parlour.arena.settings import check_settings
    from parlour.arena.stats import summarise
    from parlour.arena.store import open_existing

    if rebuild:
        from parlour.arena.rebuild import rebuild as rebuild_store

        for line in rebuild_store(directory).lines():
            err.print(Text(line, style="yellow"))
    if verify:
        stats = _verified(directory)
    else:
        with open_existing(directory) as store:
            rows = store.games()  # rows that disagree are named first
            check_settings(directory, store)
            stats = summarise(rows, store.agents(), store.meta("config") or {})
    if json_:
        console.print_json(json.dumps(stats.to_dict()))
    else:
        print_report(console, stats, directory)
    if plots:
        for path in write_plots(stats, directory):
            console.print(f"wrote {path}")


def _verified(directory: Path) -> TournamentStats:
    """Check the tournament in `directory` against its records, play again what is missing or
    wrong, and sum it up."""
    from parlour.arena.runner import Tournament, stored_config
    from parlour.arena.store import open_existing

    open_existing(directory).close()  # a clear error for a damaged or emptied store
    with Tournament(stored_config(directory), resume=True) as run:
        stored = run.store.schedule()
        repairs = run.repair(stored, resimulate=True)
        show_repairs(repairs)
        if repairs:
            run.play([g for g in stored if g.index in repairs])
        else:
            err.print(f"every stored result of {str(directory)!r} matches its record")
        return run.finish()


def _fit_the_table(settings: TournamentConfig) -> TournamentConfig:
    """Refuse a tournament of one agent; seat every agent at a game that seats one player by
    default (Territory), so that the agents meet, or say that they never do."""
    checked = settings.checked()
    field = [*checked.agents, *checked.baselines]
    if len(field) < 2:
        raise ParlourError(
            f"a tournament compares agents, and {field[0]!r} is the only one: name two or more "
            f"(--agents {field[0]},heuristic), or a field for it (--format vs-baseline "
            f"--baseline heuristic); to watch one agent play, use parlour play --count")
    game = checked.game_object()
    if game.num_players != 1 or checked.format == "vs-baseline":
        return settings
    given = {**parse_spec(settings.game)[1], **settings.params}
    if "players" in given or "players" not in {p.name for p in game.parameters}:
        err.print(Text(f"Note: {game.spec} seats one player, so the agents never meet: each "
                       "plays the same deals alone, and the win-rate matrix stays empty"))
        return settings
    pairs = checked.format == "round-robin" and checked.tables == "pairs"
    players = 2 if pairs else len(field)
    seated = replace(settings, params={**settings.params, "players": players})
    try:
        seated.game_object()
    except ParlourError:
        return settings
    who = "each pair" if pairs else f"the {players} agents"
    err.print(Text(f"Note: {game.id} seats one player by default; players={players} seats "
                   f"{who} at every game (-p players=1 plays each alone)"))
    return seated
