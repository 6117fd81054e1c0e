"""A game's moves as they are played, in a small file a server can follow (the ladder's live view).

The worker playing a game that names a *live file* writes one JSON line first (the game's spec,
seed, seats and setup) and then one line per decision, ``[seat, action, seconds]``, each with
a single unbuffered ``write`` as soon as the move is made. The file is the worker's private
notebook, not something to show: it holds every move, hidden ones (a pass in Hearts) included,
so a server re-simulates it and shows only what a spectator may see. The finished game's record
is written as usual; whoever stores the game deletes the live file afterwards.

`read_live` reads such a file from an offset, so a follower reads each move once; it takes
only complete lines, and refuses a file larger than its limit.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any

from parlour.core import ParlourError
from parlour.match import Match
from parlour.records import Record

LIVE_SUFFIX = ".live.jsonl"


def play_live(match: Match, path: str, spec: str) -> Record:
    """Play `match` to the end like `Match.run`, writing each move to the live file `path`.

    A live file that cannot be written (another machine's disk, a full disk) only costs the
    live view: the game is played all the same."""
    try:
        fd: int | None = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND,
                                 0o644)
    except OSError:
        fd = None
    try:
        state = match.state
        head = {"game": spec, "seed": match.seed, "seats": match.specs,
                "setup": match.game.setup_for_record(state)}
        fd = _write(fd, head)
        while not state.is_terminal:
            match.step()
            moves = state.moves()
            if moves and fd is not None:
                fd = _write(fd, [moves[-1].player, str(moves[-1].action),
                                 round(match.times[-1], 6)])
        match.step()
        return match.record()
    finally:
        if fd is not None:
            os.close(fd)


def _write(fd: int | None, value: Any) -> int | None:
    if fd is None:
        return None
    try:
        os.write(fd, (json.dumps(value, ensure_ascii=False, separators=(",", ":")) + "\n")
                 .encode())
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
