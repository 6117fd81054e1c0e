"""The records `State.undo` takes back a move with, one per `apply`, kept on the undo stack.

A `FullUndo` holds the state's whole snapshot (`State._snapshot`); a `ShortUndo` holds only
the fields one move changed and the function that puts them back, which a game's short way
through `apply` records (`State.short_apply`). A short record is right only while its move is
the last one, so `State.complete_undo_record` turns it into a full one before moves that keep
no record. The hot paths (the games' short `apply`, the compiled steps) push plain tuples of
the same fields in the same order for speed; `is_short` tells the two kinds apart for any of
them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple


class FullUndo(NamedTuple):
    """Undo by restoring `snapshot`, then cutting history and events back to their lengths."""

    snapshot: Any
    history_length: int
    events_length: int


class ShortUndo(NamedTuple):
    """Undo by ``restore(state, fields)``, then cutting history and events back."""

    fields: Any
    history_length: int
    events_length: int
    restore: Callable[[Any, Any], None]


UndoRecord = tuple[Any, ...]
"""One entry of the undo stack: a `FullUndo`, a `ShortUndo`, or a plain tuple of the fields of
one of them (the hot paths'); `is_short` tells which."""


def is_short(record: tuple[Any, ...]) -> bool:
    """True for a `ShortUndo` (or a plain 4-tuple of its fields), False for a `FullUndo`."""
    return len(record) == 4
