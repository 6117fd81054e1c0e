"""One tournament game, played wherever a backend runs it: a task in, an outcome out.

`play_game` depends only on its task (game, seats, seed, fault rules), so a game gives the
same result in this process, in a worker process or on a Ray node, in any order. The outcome
carries the result, per-seat timing summaries and the faults. The record, gzip-compressed, is
written by the worker where the task names a file (workers on this machine: creating a file
costs more than compressing it, and is better spread over the workers), else carried back in
the outcome for the tournament's process to write (Ray nodes may not share its disk). Either
way the file exists before the game's result is stored.

Games may add their own error entries and facts through an *analyser* (``ANALYSERS``): a
Territory turn forfeited by a player file's time limit is an error of the seat, not a fault.
"""

from __future__ import annotations

import gzip
import importlib
import json
import logging
import os
import signal
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from parlour.arena.live import play_live
from parlour.arena.rows import ErrorItem as ErrorItem
from parlour.arena.rows import GameOutcome as GameOutcome
from parlour.core import Game, ParlourError, State, load_game
from parlour.match import FaultRules, Match
from parlour.records import FORMAT, Record

COMPRESS_LEVEL = 1
"""gzip level of the records: level 1 takes a quarter of the time of level 6, for files about
a third larger (a Hearts game: 2.6 kB instead of 1.9 kB)."""
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)


@dataclass(frozen=True)
class GameTask:
    """What a worker needs to play one scheduled game."""

    index: int
    game: str
    seats: tuple[str, ...]
    """The agent spec in each seat."""
    seed: int
    fault_rules: FaultRules
    record: str = ""
    """Where to write the record (``.json.gz``); empty: carry it back in the outcome."""
    live: str = ""
    """Where to write each move as it is made (`parlour.arena.live`); empty: nowhere."""


Analyser = Callable[[State[Any], Record], tuple[list[ErrorItem], dict[str, Any]]]
ANALYSERS: dict[str, str | Analyser] = {
    "territory": "parlour.arena.territory:analyse",
}
"""Game id -> a function ``(final state, record) -> (error items, extra facts)``."""


def register_analyser(game_id: str, analyser: str | Analyser) -> None:
    """Let games of `game_id` report their own errors and facts (``"module:function"``)."""
    ANALYSERS[game_id] = analyser


@lru_cache(maxsize=64)
def _game(spec: str) -> Game[Any]:
    return load_game(spec)


@lru_cache(maxsize=16)
def _analyser(game_id: str) -> Analyser | None:
    target = ANALYSERS.get(game_id)
    if target is None or not isinstance(target, str):
        return target
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]


def record_document(record: Record) -> dict[str, Any]:
    """`Record.to_dict()`, built directly (``dataclasses.asdict`` costs milliseconds a game)."""
    result = record.result
    return {
        "format": FORMAT, "game": record.game, "variant": record.variant,
        "params": dict(record.params), "seed": record.seed, "seats": list(record.seats),
        "moves": [[m.player, m.action, m.time] for m in record.moves],
        "result": {"scores": list(result.scores), "returns": list(result.returns),
                   "winners": list(result.winners), "complete": result.complete},
        "setup": dict(record.setup),
        "faults": [{"seat": f.seat, "move": f.move, "kind": f.kind, "message": f.message}
                   for f in record.faults],
        "forfeited": list(record.forfeited), "version": record.version,
        **({} if record.limits is None else {"limits": record.limits.to_dict()}),
    }


def record_json(record: Record) -> str:
    """`Record.to_json()`, from `record_document`."""
    return _ENCODER.encode(record_document(record))


def compress_record(record: Record) -> bytes:
    """The record as gzip-compressed JSON, as `Record.save` writes a ``.json.gz`` file."""
    return gzip.compress(record_json(record).encode(), compresslevel=COMPRESS_LEVEL, mtime=0)


def play_game(task: GameTask) -> GameOutcome:
    """Play one game to the end; a misbehaving agent is the match's fault rules' business,
    anything else (a broken game, an agent that cannot be built) is a `ParlourError`."""
    game = _game(task.game)
    start = time.perf_counter()
    try:
        match = Match(game, list(task.seats), seed=task.seed, fault_rules=task.fault_rules)
        try:
            record = play_live(match, task.live, task.game) if task.live else match.run()
        finally:
            match.close()
    except Exception as error:
        raise ParlourError(f"game {task.index + 1} ({task.game}, seed {task.seed}, seats "
                           f"{', '.join(task.seats)}) failed: {type(error).__name__}: "
                           f"{error}") from None
    seconds = time.perf_counter() - start
    data = compress_record(record)
    if task.record:
        write_file(task.record, data)
        data = b""
    return outcome_of(task.index, game, match.state, record, seconds, data)


def outcome_of(index: int, game: Game[Any], state: State[Any], record: Record, seconds: float,
               data: bytes = b"") -> GameOutcome:
    """The outcome of game `index` from its record and final state (as played, or as
    re-simulated when a store is rebuilt from the records)."""
    moves, total, longest = decision_times(record)
    errors = [ErrorItem(f.seat, f.kind, f"move {f.move + 1}", f.message) for f in record.faults]
    extra: dict[str, Any] = {}
    analyse = _analyser(game.id)
    if analyse is not None:
        more, extra = analyse(state, record)
        errors += more
    result = record.result
    return GameOutcome(
        index=index, scores=tuple(result.scores), returns=tuple(result.returns),
        winners=tuple(result.winners), complete=result.complete, moves=tuple(moves),
        time_total=tuple(total), time_max=tuple(longest), errors=tuple(errors),
        seconds=seconds, record=data, extra=extra,
    )


def decision_times(record: Record) -> tuple[list[int], list[float], list[float]]:
    """Per seat: the decisions made, their total seconds and the longest one."""
    seats = len(record.seats)
    moves = [0] * seats
    total = [0.0] * seats
    longest = [0.0] * seats
    for move in record.moves:
        p = move.player
        moves[p] += 1
        total[p] += move.time
        if move.time > longest[p]:
            longest[p] = move.time
    return moves, total, longest


def write_file(path: str | os.PathLike[str], data: bytes) -> None:
    """Write `data` under a temporary name, then rename it: a reader (or a run killed
    midway) never sees half a file under the real name."""
    temporary = f"{os.fspath(path)}.tmp"
    with open(temporary, "wb") as file:
        file.write(data)
    os.replace(temporary, path)


def play_batch(tasks: Sequence[GameTask]) -> list[GameOutcome]:
    """Several games in a row: one task for a worker, so per-task overhead stays small."""
    return [play_game(task) for task in tasks]


def init_worker(tournament: int | None = None) -> None:
    """Set up a worker process: Ctrl-C is the parent's business, faults go to the error log
    (not to the worker's stderr), and the worker ends itself once the tournament's process
    (pid `tournament`) is gone, even if that was killed without a word."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    quiet_logs()
    if tournament is not None:
        threading.Thread(target=_watch, args=(tournament,), name="parlour-watchdog",
                         daemon=True).start()


def _watch(pid: int, every: float = 1.0) -> None:
    while True:
        time.sleep(every)
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            os._exit(1)
        except PermissionError:  # alive, but someone else's: cannot be ours
            os._exit(1)


QUIET_LOGGERS = ("parlour.match", "parlour.agents", "parlour.territory")


def quiet_logs() -> dict[str, int]:
    """Raise the agents' and the match's loggers to ERROR: a tournament logs each fault in its
    error log instead. Returns the levels before, for `restore_logs`."""
    before = {}
    for name in QUIET_LOGGERS:
        logger = logging.getLogger(name)
        before[name] = logger.level
        if logger.getEffectiveLevel() >= logging.WARNING:
            logger.setLevel(logging.ERROR)
    return before


def restore_logs(levels: dict[str, int]) -> None:
    """Undo `quiet_logs`."""
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)


__all__ = [
    "ANALYSERS",
    "COMPRESS_LEVEL",
    "ErrorItem",
    "GameOutcome",
    "GameTask",
    "compress_record",
    "init_worker",
    "play_batch",
    "play_game",
    "quiet_logs",
    "record_document",
    "record_json",
    "register_analyser",
    "restore_logs",
    "write_file",
]
