"""Playing, summarising and replaying games on the console."""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import MofNCompleteColumn, Progress
from rich.table import Table
from rich.text import Text

from parlour.agents import AgentQuit
from parlour.console import renderer_for
from parlour.console.render import standings
from parlour.core import (
    DealScored,
    Event,
    Game,
    GameOver,
    GameStopped,
    ParlourError,
    derive_seed,
)
from parlour.match import FaultRules, Match
from parlour.records import MAX_BYTES, MAX_MOVES, MAX_WORK, Record, load
from parlour.records.chart import lower_wins

INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT), as shells and `parlour tournament` use."""


DEFAULT_PACE = 0.5
"""Seconds before each bot's move when a person plays, so their moves can be followed."""


def play_one(console: Console, game: Game[Any], specs: Sequence[str], seed: int,
             record_path: Path | None, quiet: bool,
             fault_rules: FaultRules | None = None, pace: float | None = None) -> Record:
    """Play one game, showing it event by event unless `quiet`; save the record if asked.

    With a person seated, each bot's move waits `pace` seconds (`DEFAULT_PACE` if None).
    A person typing `exit` ends the game early; the record of the moves so far is kept.
    The record's folder is made (and checked) before the game starts.
    """
    if record_path is not None:
        prepare_output(record_path, "--record")
    match = Match(game, specs, seed=seed, fault_rules=fault_rules)
    renderer = renderer_for(console, game, specs)
    people = {seat for seat, spec in enumerate(specs) if spec.strip() == "human"}
    if people:
        quiet = True  # a person sees their seat's view only (the human agent shows it)
    wait = (DEFAULT_PACE if pace is None else pace) if people else 0.0
    console.print(f"[bold]{escape(game.spec)}[/]  seed {seed}  seats: "
                  + escape(", ".join(f"{i}:{s}" for i, s in enumerate(specs))))
    interrupted = False
    try:
        for event in paced(match, people, wait):
            if not quiet or isinstance(event, (GameOver, GameStopped)):
                renderer.event(event, match.state)
    except AgentQuit as quit_:
        console.print(f"[yellow]Game abandoned after {len(match.times)} moves: "
                      f"{escape(str(quit_))}[/]")
    except KeyboardInterrupt:
        interrupted = True
        console.print()
        console.print(f"[yellow]Interrupted: the game stopped after {len(match.times)} moves[/]")
        scores = match.state.scores()
        console.print("scores so far: " + escape("  ".join(
            f"{seat}:{spec} {score}"
            for seat, (spec, score) in enumerate(zip(specs, scores, strict=True)))))
    finally:
        match.close()
    record = match.record()
    if match.faults:
        console.print(f"[yellow]{len(match.faults)} fault(s):[/]")
        for fault in match.faults:
            console.print(escape(
                f"  seat {fault.seat} move {fault.move + 1}: {fault.kind}: {fault.message}"
            ))
    if record_path is not None:
        save_record(console, record, record_path)
    if interrupted:
        raise typer.Exit(INTERRUPTED)
    return record


def paced(match: Match, people: set[int], pace: float) -> Iterator[Event]:
    """The events of `match` as it is played, waiting `pace` seconds before each move of a
    seat not in `people` (the bots)."""
    if not pace:
        yield from match
        return
    events = list(match.state.events)  # the deal, before any move
    while True:
        yield from events
        seat = match.state.current_player
        if seat is None:
            break
        if seat not in people:
            time.sleep(pace)
        events = match.step()
    match.step()  # the game is over: the match finishes (agents told, processes closed)


def prepare_output(path: Path, option: str) -> None:
    """Make `path`'s folder and check it can take a new file, before any work is done.

    Raises `ParlourError` naming the `option` and the path if it cannot.
    """
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ParlourError(f"{option} {str(path)!r}: cannot make its folder: "
                           f"{error.strerror or error}") from None
    if path.is_dir():
        raise ParlourError(f"{option} {str(path)!r} is a directory; name a file")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ParlourError(f"{option} {str(path)!r}: the folder {str(folder)!r} is not writable")


def save_record(console: Console, record: Record, path: Path) -> Path:
    """Save `record` to `path`; if that fails, to a file in the temporary folder, saying so.

    A game that was played is never lost to a bad path: the fallback's name is printed.
    """
    try:
        written = record.save(path)
    except OSError as error:
        handle, fallback = tempfile.mkstemp(prefix=f"parlour-{record.game}-{record.seed}-",
                                            suffix="".join(path.suffixes) or ".json")
        os.close(handle)
        written = record.save(fallback)
        console.print(f"[yellow]could not save the record to {escape(str(path))} "
                      f"({escape(error.strerror or str(error))}); saved it to "
                      f"{escape(str(written))} instead[/]")
        return written
    console.print(f"record saved to {escape(str(written))}")
    return written


def play_many(console: Console, game: Game[Any], specs: Sequence[str], seed: int,
              count: int, fault_rules: FaultRules | None = None) -> None:
    """Play `count` games (game i uses a seed derived from `seed` and i); print a summary."""
    seats = len(specs)
    wins = [0.0] * seats
    totals = [0.0] * seats
    faults = [0] * seats
    played = 0
    low = True  # whether the lowest score won every game (Hearts), for the caption
    try:
        columns = (*Progress.get_default_columns(), MofNCompleteColumn())
        with Progress(*columns, console=console, transient=True) as progress:
            task = progress.add_task(f"{game.spec}", total=count)
            for i in range(count):
                record = Match(game, specs, seed=derive_seed(seed, "game", i),
                               fault_rules=fault_rules).run()
                winners = record.result.winners
                low = low and lower_wins(record)
                for w in winners:
                    wins[w] += 1 / len(winners)
                for s in range(seats):
                    totals[s] += record.result.scores[s]
                for fault in record.faults:
                    faults[fault.seat] += 1
                played += 1
                progress.advance(task)
    except KeyboardInterrupt:
        console.print(f"[yellow]Interrupted: {played} of {count} games were finished"
                      f"{'; their summary:' if played else ''}[/]")
        if played:
            console.print(_summary(game, specs, seed, played, wins, totals, faults, low))
        raise typer.Exit(INTERRUPTED) from None
    console.print(_summary(game, specs, seed, played, wins, totals, faults, low))


def _summary(game: Game[Any], specs: Sequence[str], seed: int, played: int,
             wins: list[float], totals: list[float], faults: list[int],
             low: bool = False) -> Table:
    """The table of `played` games: wins, win %, mean score and faults per seat."""
    score = ("mean score: the game's points, the lowest wins" if low and played
             else "mean score: the game's points")
    table = Table(title=f"{played} games of {game.spec}, seed {seed}", title_justify="left",
                  caption=f"wins: a game's winners share its win; {score}",
                  caption_justify="left")
    for column in ("seat", "agent", "wins", "win %", "mean score", "faults"):
        table.add_column(column, justify="left" if column == "agent" else "right")
    for s in range(len(specs)):
        table.add_row(str(s), escape(specs[s]), f"{wins[s]:.1f}".removesuffix(".0"),
                      f"{100 * wins[s] / played:.1f}", f"{totals[s] / played:.1f}",
                      str(faults[s]))
    return table


STEP_PROMPT = "Enter: next · d: to the deal's end · b: back · q: stop "
"""The replay's prompt between steps."""


def steps(events: Sequence[Event]) -> list[list[Event]]:
    """`events` cut into the steps a replay shows: each ends with a trick won (any game's
    ``TrickWon`` event) or a deal scored, or before a new round (games without tricks)."""
    parts: list[list[Event]] = [[]]
    for event in events:
        if type(event).__name__ == "RoundStarted" and parts[-1]:
            parts.append([])
        parts[-1].append(event)
        if type(event).__name__ == "TrickWon" or isinstance(event, DealScored):
            parts.append([])
    return [part for part in parts if part]


def show_record(console: Console, path: Path, pause: bool, max_bytes: int = MAX_BYTES,
                max_moves: int = MAX_MOVES, max_work: float = MAX_WORK,
                ask: Callable[[str], str] | None = None) -> None:
    """Verify a record, then show its game step by step: a trick at a time in trick games,
    else a deal (or round) at a time. With `pause`, each step waits for a key (`STEP_PROMPT`):
    Enter the next step, ``d`` the rest of the deal, ``b`` back a step (shown again), ``q``
    stop. `ask` reads the key (default: the console).

    Records over `max_bytes` or `max_moves` are refused before they are read, and records
    whose re-simulation is more work than `max_work` before it starts.
    """
    record = load(path, max_bytes=max_bytes, max_moves=max_moves, max_work=max_work)
    state = record.verify()
    game = state.game
    renderer = renderer_for(console, game, record.seats)
    console.print(Text.assemble((record.variant, "bold"), f"  seed {record.seed}  "
                                f"{len(record.moves)} moves  ", ("verified", "green")))
    console.print(Text("seats: " + ", ".join(f"{i}:{s}" for i, s in enumerate(record.seats))))
    read = ask or (lambda prompt: console.input(f"[dim]{escape(prompt)}[/]"))
    parts = steps(state.events)
    shown = 0  # the steps shown so far
    to_deal_end = False
    while shown < len(parts):
        for event in parts[shown]:
            renderer.event(event, state)
        shown += 1
        last = parts[shown - 1][-1]
        ends_deal = isinstance(last, DealScored)
        if to_deal_end and not ends_deal:
            continue
        to_deal_end = False
        if not pause or shown == len(parts):
            continue
        answer = read(STEP_PROMPT).strip().lower()
        if answer.startswith("q"):
            break
        if answer.startswith("d"):
            to_deal_end = True
        elif answer.startswith("b"):
            back = max(shown - 2, 0)
            console.print(Text(f"(back: step {back + 1} of {len(parts)} again)", style="dim"))
            shown = back
    if not record.result.complete:
        console.print(standings(record.result.scores, (), record.seats, title="Unfinished game"))
