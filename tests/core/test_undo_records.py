"""Undo records have named types: a full snapshot or the short record of one move's fields."""

from __future__ import annotations

from random import Random

import parlour
from parlour.core import FullUndo, ShortUndo, State
from parlour.core.undo import is_short


def test_apply_keeps_a_full_record_with_named_fields() -> None:
    state = parlour.load_game("skull").new_state(seed=3)
    state.apply(state.legal_actions()[0])
    record = state._undo_stack[-1]
    assert isinstance(record, FullUndo) and not is_short(record)
    assert record.history_length == len(state.history) - 1
    assert record.events_length <= len(state.events)


def test_a_short_record_is_completed_before_a_move_that_keeps_none() -> None:
    state = parlour.load_game("hearts").new_state(seed=4)
    state.play_random(0, Random(4).random)  # leaves the state at the passes
    while not state.is_terminal and not is_short(state._undo_stack[-1] if state._undo_stack
                                                  else ()):
        state.apply(state.legal_actions()[0])
    assert is_short(state._undo_stack[-1]), "Hearts' short apply keeps a short record"
    before = list(state.history[:-1])
    state.complete_undo_record()
    assert isinstance(state._undo_stack[-1], FullUndo)
    state.undo()
    assert state.history == before


def test_the_two_kinds_are_told_apart_by_type_fields() -> None:
    full = FullUndo(snapshot=(), history_length=2, events_length=1)
    short = ShortUndo(fields=(), history_length=2, events_length=1, restore=lambda s, f: None)
    assert not is_short(full) and is_short(short)
    assert ShortUndo._fields[:3] == ("fields", "history_length", "events_length")
    assert State.undo.__doc__
