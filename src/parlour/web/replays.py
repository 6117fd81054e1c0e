"""Replays: a record re-simulated on the server into one full view (every hand) per step.

A record is checked as it is re-simulated: a move that does not fit, or a result that differs
from the stored one, rejects it with the record's own error. Re-simulation is bounded: a record
asking more work than `ServerConfig.max_replay_work` is refused before its first move, and a
replay runs (in a worker thread) only while its `stop` event is clear, checked at every move,
so the server can cancel one that takes too long. Replays are kept in memory, the least
recently opened dropped first.
"""

from __future__ import annotations

import json
import secrets
import threading
import zlib
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from parlour.core import RecordError
from parlour.records import GameResult, Record
from parlour.records import RecordTooLarge as RecordOverCap
from parlour.web.config import ServerConfig
from parlour.web.views import view_for


@dataclass
class Replay:
    """A re-simulated record: its facts and a view for each step (0: before the first move)."""

    id: str
    source: str
    record: Record
    steps: list[dict[str, Any]]

    def meta(self) -> dict[str, Any]:
        record = self.record
        result = record.result
        return {
            "id": self.id, "source": self.source, "game": record.game,
            "params": record.params, "seed": record.seed, "seats": record.seats,
            "moves": len(record.moves), "steps": len(self.steps),
            "complete": result.complete, "scores": list(result.scores),
            "winners": list(result.winners),
            "faults": [f"seat {f.seat}, move {f.move + 1}: {f.kind}: {f.message}"
                       for f in record.faults][:100],
            "deals": [i for i, step in enumerate(self.steps) if step.get("deal_start")],
        }


GZIP_MAGIC = b"\x1f\x8b"


class RecordTooLarge(RecordError):
    """A record (or what it decompresses to) over the server's size limit."""


def gunzip(data: bytes, limit: int, source: str) -> bytes:
    """Decompress gzip `data` (one or more members), refusing more than `limit` bytes of
    output: a small bomb stops at the limit instead of filling the memory."""
    out = bytearray()
    rest = data
    while rest[:2] == GZIP_MAGIC:
        inflater = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
        try:
            out += inflater.decompress(rest, limit + 1 - len(out))
        except zlib.error as error:
            raise RecordError(f"{source} is damaged: {error}") from None
        if len(out) > limit:
            raise RecordTooLarge(f"{source} decompresses to more than {limit:,} bytes, the "
                                 "most this server reads")
        if not inflater.eof:
            raise RecordError(f"{source} is damaged: the compressed data is cut short")
        rest = inflater.unused_data
    if rest.strip(b"\x00"):
        raise RecordError(f"{source} is damaged: data after the compressed record")
    return bytes(out)


def read_record(data: bytes, source: str, limit: int) -> Record:
    """A record from file contents (JSON, or gzip-compressed JSON of at most `limit` bytes).

    Every way the contents can be wrong ends in a `RecordError` with a one-line reason,
    whatever the records parser lets through (JSON nested too deeply, a number too long)."""
    if len(data) > limit:
        raise RecordTooLarge(f"{source} is {len(data):,} bytes; the limit is {limit:,}")
    raw = gunzip(data, limit, source) if data[:2] == GZIP_MAGIC else data
    try:
        return Record.from_json(raw.decode(), source=source)
    except RecordError:
        raise
    except RecursionError:
        raise RecordError(f"{source} is nested too deeply to be a record") from None
    except (ValueError, TypeError, KeyError) as error:
        reason = str(error).split(";")[0].splitlines()[0] if str(error) else type(error).__name__
        raise RecordError(f"{source} is not a valid record: {reason}") from None


class ReplayStopped(RecordError):
    """A replay whose re-simulation was cancelled (it took too long)."""


def build_steps(record: Record, max_moves: int, max_work: float = float("inf"),
                stop: threading.Event | None = None) -> list[dict[str, Any]]:
    """Re-simulate `record`: one step per move, each with the full view and its log lines.

    At most `max_work` of re-simulation work; stops (`ReplayStopped`) at the first move after
    `stop` is set."""
    if len(record.moves) > max_moves:
        raise RecordError(f"record has {len(record.moves)} moves; this server shows at most "
                          f"{max_moves}")
    record.max_work = min(record.max_work, max_work)
    view = view_for(record.load_game(), record.seats)
    steps: list[dict[str, Any]] = []
    sent = 0
    final = None
    try:
        for state, move in record.replay():
            if stop is not None and stop.is_set():
                raise ReplayStopped(f"re-simulating {record.source} was stopped at move "
                                    f"{len(steps)} of {len(record.moves)}: it took too long")
            steps.append(_step(view, state, move, sent))
            sent = len(state.events)
            final = state
    except RecordOverCap as error:
        raise RecordTooLarge(f"{error}, the most this server takes on") from None
    assert final is not None
    actual = GameResult.of(final)
    if actual != record.result:
        raise RecordError(f"record does not verify: it stores scores {list(record.result.scores)}"
                          f" but its moves give {list(actual.scores)}")
    last = steps[-1]["view"]
    last["result"] = view.result(actual.scores, actual.winners, None, actual.complete)
    last["status"] = last["result"]["headline"]
    return steps


def _step(view: Any, state: Any, move: Any, sent: int) -> dict[str, Any]:
    """One step of a replay: the full view after `move`, and the log lines since `sent`."""
    events = state.events[sent:]
    lines = [line for event in events if (line := view.log_line(event, None)) is not None]
    step: dict[str, Any] = {"view": view.full_view(state), "log": lines, "move": None,
                            "deal_start": any(line["kind"] == "deal" for line in lines)}
    if move is not None:
        step["move"] = {"seat": move.player, "action": move.action, "time": move.time}
    return step


class Replays:
    """The replays open on this server."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self._open: OrderedDict[str, Replay] = OrderedDict()

    def build_bytes(self, data: bytes, source: str,
                    stop: threading.Event | None = None) -> Replay:
        """A replay of file contents, not yet open (slow: call it off the event loop)."""
        return self.build(read_record(data, source, self.config.max_record_bytes), source, stop)

    def build(self, record: Record, source: str, stop: threading.Event | None = None) -> Replay:
        """A replay of `record`, not yet open (slow: call it off the event loop; setting
        `stop` cancels it at its next move)."""
        steps = build_steps(record, self.config.max_replay_moves, self.config.max_replay_work,
                            stop)
        return Replay(secrets.token_urlsafe(12), source, record, steps)

    def add(self, replay: Replay) -> Replay:
        """Open `replay` (on the event loop), dropping the oldest beyond the limit."""
        self._open[replay.id] = replay
        while len(self._open) > self.config.max_replays:
            self._open.popitem(last=False)
        return replay

    def get(self, replay_id: str) -> Replay | None:
        replay = self._open.get(replay_id)
        if replay is not None:
            self._open.move_to_end(replay_id)
        return replay


def steps_json(replay: Replay) -> str:
    """The replay as the page loads it."""
    return json.dumps({"meta": replay.meta(), "steps": replay.steps}, ensure_ascii=False,
                      separators=(",", ":"))
