"""The records `State.undo` takes back a move with, one per `apply`, kept on the undo stack.

Every record is a `FullUndo` or a `ShortUndo`, on every path: the generic `State.apply`, a
game's short way through `apply` (`State.short_apply`) and the compiled steps alike, so
``type(record)`` says which it is. A `FullUndo` holds the state's whole snapshot
(`State._snapshot`); a `ShortUndo` holds only the fields one move changed and the function that
puts them back. A short record is right only while its move is the last one, so
`State.complete_undo_record` turns it into a full one before moves that keep no record.

The hot paths make a record with `new_record` (``new_record(ShortUndo, (fields, moves, events,
restore))``), which skips the named tuple's Python-level ``__new__``; the compiled steps fill
the same types in C (`parlour.cards._slots`: `full_undo`, `short_undo`).
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


UndoRecord = FullUndo | ShortUndo
"""One entry of the undo stack."""

new_record = tuple.__new__
"""``new_record(FullUndo, (snapshot, moves, events))`` or ``new_record(ShortUndo, (fields,
moves, events, restore))``: the record, made by `tuple.__new__` directly (the cheapest way to
a named tuple's instance from Python: about half the cost of calling the class)."""


def is_short(record: UndoRecord) -> bool:
    """True for a `ShortUndo`, False for a `FullUndo`."""
    return isinstance(record, ShortUndo)
