"""The rows a tournament stores: one played game (`GameOutcome`) and its errors (`ErrorItem`).

Workers make them (`parlour.arena.worker`), the store writes and reads them
(`parlour.arena.store`), reports and ratings read them; none of those needs the others.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class ErrorItem:
    """A fault of a seat's agent (or a game-reported error such as a forfeited turn)."""

    seat: int
    kind: str
    at: str
    """Where: ``move 12``, ``round 3``."""
    message: str


@dataclass(frozen=True)
class GameOutcome:
    """A played game: result, per-seat decisions and seconds, errors, and its record."""

    index: int
    scores: tuple[float, ...]
    returns: tuple[float, ...]
    winners: tuple[int, ...]
    complete: bool
    moves: tuple[int, ...]
    """Decisions per seat."""
    time_total: tuple[float, ...]
    time_max: tuple[float, ...]
    errors: tuple[ErrorItem, ...]
    seconds: float
    """Wall-clock seconds the game took."""
    record: bytes = b""
    """The record as gzip-compressed JSON, unless the worker wrote it to the task's file."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Facts a game's analyser adds (JSON values)."""
