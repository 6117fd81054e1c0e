"""Playing, summarising and replaying games on the console."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from parlour.agents import AgentQuit
from parlour.console import renderer_for
from parlour.console.render import standings
from parlour.core import DealScored, Game, GameOver, GameStopped, derive_seed
from parlour.match import FaultPolicy, Match
from parlour.records import Record, load


def play_one(console: Console, game: Game[Any], specs: Sequence[str], seed: int,
             record_path: Path | None, quiet: bool,
             policy: FaultPolicy | None = None) -> Record:
    """Play one game, showing it event by event unless `quiet`; save the record if asked.

    A person typing `exit` ends the game early; the record of the moves so far is kept.
    """
    match = Match(game, specs, seed=seed, policy=policy)
    renderer = renderer_for(console, game, specs)
    if any(spec.strip() == "human" for spec in specs):
        quiet = True  # a person sees their seat's view only (the human agent shows it)
    console.print(f"[bold]{game.spec}[/]  seed {seed}  seats: "
                  + ", ".join(f"{i}:{s}" for i, s in enumerate(specs)))
    try:
        for event in match:
            if not quiet or isinstance(event, (GameOver, GameStopped)):
                renderer.event(event, match.state)
    except AgentQuit as quit_:
        console.print(f"[yellow]Game abandoned after {len(match.times)} moves: {quit_}[/]")
    except KeyboardInterrupt:
        console.print(f"[yellow]Game abandoned after {len(match.times)} moves (interrupted)[/]")
    finally:
        match.close()
    record = match.record()
    if match.faults:
        console.print(f"[yellow]{len(match.faults)} fault(s):[/]")
        for fault in match.faults:
            console.print(
                f"  seat {fault.seat} move {fault.move + 1}: {fault.kind}: {fault.message}"
            )
    if record_path is not None:
        record.save(record_path)
        console.print(f"record saved to {record_path}")
    return record


def play_many(console: Console, game: Game[Any], specs: Sequence[str], seed: int,
              count: int, policy: FaultPolicy | None = None) -> None:
    """Play `count` games (game i uses a seed derived from `seed` and i); print a summary."""
    seats = len(specs)
    wins = [0.0] * seats
    totals = [0.0] * seats
    faults = [0] * seats
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task(f"{game.spec}", total=count)
        for i in range(count):
            record = Match(game, specs, seed=derive_seed(seed, "game", i), policy=policy).run()
            winners = record.result.winners
            for w in winners:
                wins[w] += 1 / len(winners)
            for s in range(seats):
                totals[s] += record.result.scores[s]
            for fault in record.faults:
                faults[fault.seat] += 1
            progress.advance(task)
    table = Table(title=f"{count} games of {game.spec}, seed {seed}", title_justify="left")
    for column in ("seat", "agent", "wins", "win %", "mean score", "faults"):
        table.add_column(column, justify="left" if column == "agent" else "right")
    for s in range(seats):
        table.add_row(str(s), specs[s], f"{wins[s]:g}", f"{100 * wins[s] / count:.1f}",
                      f"{totals[s] / count:.1f}", str(faults[s]))
    console.print(table)


def show_record(console: Console, path: Path, pause: bool) -> None:
    """Verify a record, then show its game deal by deal (waiting for Enter if `pause`)."""
    record = load(path)
    state = record.verify()
    game = state.game
    renderer = renderer_for(console, game, record.seats)
    console.print(f"[bold]{record.variant}[/]  seed {record.seed}  "
                  f"{len(record.moves)} moves  [green]verified[/]")
    for event in state.events:
        renderer.event(event, state)
        if pause and isinstance(event, DealScored) and not isinstance(event, GameOver):
            answer = console.input("[dim]Enter for the next deal, q to stop: [/]")
            if answer.strip().lower().startswith("q"):
                break
    if not record.result.complete:
        console.print(standings(record.result.scores, (), record.seats, title="Unfinished game"))
