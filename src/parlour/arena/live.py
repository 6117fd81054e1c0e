"""A game's moves as they are played, in a small file a server can follow (the ladder's live view).

A game that names a *live file* is played as usual until someone wants to watch it: the server
then creates the game's *watch marker* (`watch_marker`: the live file's name ending in
``.watch``). The worker looks for the marker when the game starts and then at most every
`CHECK_SECONDS` (one ``stat``); once it is there, the worker writes the live file: one JSON
line first (the game's spec, seed, seats and setup), every move so far, then one line per
decision, ``[seat, action, seconds]``, each with a single unbuffered ``write`` as soon as the
move is made. A game nobody watches creates no file at all.

The file is the worker's private notebook, not something to show: it holds every move, hidden
ones (a pass in Hearts) included, so a server re-simulates it and shows only what a spectator
may see. The finished game's record is written as usual; whoever stores the game deletes the
live file and the marker afterwards.

`read_live` reads a live file from an offset, so a follower reads each move once; it takes
only complete lines, and refuses a file larger than its limit.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from typing import Any

from parlour.core import CHANCE, ParlourError
from parlour.match import Match
from parlour.records import Record

LIVE_SUFFIX = ".live.jsonl"
WATCH_SUFFIX = ".watch"
CHECK_SECONDS = 0.2
"""How often a worker looks for the watch marker of the game it plays."""
_ENCODE = json.JSONEncoder(ensure_ascii=False).encode


def watch_marker(path: str) -> str:
    """The watch marker of live file `path`."""
    return path.removesuffix(LIVE_SUFFIX) + WATCH_SUFFIX


def play_live(match: Match, path: str, spec: str) -> Record:
    """Play `match` to the end like `Match.run`; once the game's watch marker is there, write
    its moves so far and each move after to the live file `path`.

    A live file that cannot be written (another machine's disk, a full disk) only costs the
    live view: the game is played all the same."""
    marker = watch_marker(path)
    state, times = match.state, match.times
    fd: int | None = None
    due = 0.0
    try:
        while not state.is_terminal:
            decided = len(times)
            match.step()
            if len(times) == decided:
                continue
            if fd is not None:
                fd = _write(fd, _move_line(state.history, times[-1]))
            elif due >= 0 and time.monotonic() >= due:
                due = time.monotonic() + CHECK_SECONDS
                if os.path.exists(marker):
                    fd = _start(match, path, spec)
                    due = -1.0  # opened, or failed for good: never look again
        match.step()
        return match.record()
    finally:
        if fd is not None:
            os.close(fd)


def _start(match: Match, path: str, spec: str) -> int | None:
    """Open the live file and write its head and every move so far."""
    try:
        fd: int | None = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND,
                                 0o644)
    except OSError:
        return None
    head = {"game": spec, "seed": match.seed, "seats": match.specs,
            "setup": match.game.setup_for_record(match.state)}
    lines = [json.dumps(head, ensure_ascii=False, separators=(",", ":"))]
    moves = match.state.moves()
    lines += [f"[{m.player},{_ENCODE(str(m.action))},{round(t, 6)}]"
              for m, t in zip(moves, match.times, strict=True)]
    return _write(fd, "\n".join(lines))


def _move_line(history: list[Any], seconds: float) -> str:
    """The line of the last decision in `history` (chance moves may follow it)."""
    index = len(history) - 1
    while history[index].player == CHANCE:
        index -= 1
    move = history[index]
    return f"[{move.player},{_ENCODE(str(move.action))},{round(seconds, 6)}]"


def _write(fd: int | None, line: str) -> int | None:
    if fd is None:
        return None
    try:
        os.write(fd, (line + "\n").encode())
    except OSError:
        os.close(fd)
        return None
    return fd


@dataclass(frozen=True)
class LivePart:
    """What a live file held from an offset on: its head (if read from 0), the moves, and the
    offset to read from next."""

    head: dict[str, Any] | None
    moves: list[tuple[int, str, float]]
    offset: int


def read_live(path: str, offset: int, limit: int) -> LivePart:
    """The complete lines of live file `path` from `offset`; a `ParlourError` names a file
    that is missing, over `limit` bytes or damaged."""
    try:
        with open(path, "rb") as file:
            size = os.fstat(file.fileno()).st_size
            if size > limit:
                raise ParlourError(f"the live file {os.path.basename(path)} is over "
                                   f"{limit:,} bytes")
            if size < offset:
                raise ParlourError("the game was started again")
            file.seek(offset)
            data = file.read(size - offset)
    except FileNotFoundError:
        raise ParlourError("this game is not being played now") from None
    end = data.rfind(b"\n") + 1
    head = None
    moves = []
    try:
        for number, line in enumerate(data[:end].splitlines()):
            value = json.loads(line)
            if offset == 0 and number == 0:
                if not isinstance(value, dict):
                    raise ValueError("no head line")
                head = value
                continue
            seat, action, seconds = value
            moves.append((int(seat), str(action), float(seconds)))
    except (ValueError, TypeError) as error:
        raise ParlourError(f"the live file {os.path.basename(path)} is damaged: "
                           f"{error}") from None
    return LivePart(head, moves, offset + end)
