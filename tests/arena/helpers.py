"""What two tournament runs must agree on: everything but the clock."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from parlour.arena.store import open_existing

TIMING = {"mean_move_time", "max_move_time", "seconds"}


def results(out: Path) -> list[Any]:
    """Every scheduled game with its result, seat by seat, and its errors' kinds."""
    with open_existing(out) as store:
        return [(row.game, row.record, row.winners, row.complete,
                 [(s.agent, s.score, s.value, s.win, s.moves) for s in row.seats],
                 [(e.seat, e.kind, e.at) for e in row.errors])
                for row in store.games()]


def numbers(out: Path) -> Any:
    """summary.json without the timings."""
    return _drop_timing(json.loads((out / "summary.json").read_text(encoding="utf-8")))


def _drop_timing(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _drop_timing(v) for k, v in value.items() if k not in TIMING}
    if isinstance(value, list):
        return [_drop_timing(v) for v in value]
    return value
