"""Undo records have named types: a full snapshot or the short record of one move's fields."""

from __future__ import annotations

from pathlib import Path
from random import Random
from types import FunctionType
from typing import Any

import pytest

import parlour
from parlour import compiled_switch
from parlour.core import FullUndo, Game, ShortUndo, State
from parlour.core.undo import is_short
from parlour.crosscheck.harness import state_fields


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


ROOT = Path(__file__).resolve().parents[2]
COMPILED_GAMES = ("hearts", "spades", "skat", "skat.ramsch", "schafkopf", "doppelkopf", "ohhell")
"""Games whose `apply` a compiled step stands in for on the compiled path."""


def _game(name: str, monkeypatch: pytest.MonkeyPatch) -> Game[Any]:
    if name != "ohhell":
        return parlour.load_game(name)
    monkeypatch.syspath_prepend(str(ROOT / "examples" / "plugins" / "ohhell" / "src"))
    from parlour_ohhell.rules import OhHell

    return OhHell()


def _frozen(value: Any) -> Any:
    """`value` with its lists, dicts and sets copied into immutable twins (a later move may
    change the originals in place); everything else as it is."""
    if isinstance(value, (list, tuple)):
        return type(value).__name__, tuple(_frozen(item) for item in value)
    if isinstance(value, dict):
        return "dict", tuple((key, _frozen(item)) for key, item in value.items())
    if isinstance(value, (set, frozenset)):
        return frozenset(value)
    return value


def _picture(state: State) -> Any:
    """What an exact undo must give back: every rules field, the history and the events."""
    return (_frozen(state_fields(state)), _frozen(getattr(state, "__dict__", None)),
            tuple(state.history), tuple(state.events))


def _named(stack: list[Any]) -> list[str]:
    """The records of `stack` that are neither a `FullUndo` nor a `ShortUndo`, described."""
    return [f"[{i}] {type(r).__name__}" for i, r in enumerate(stack)
            if type(r) is not FullUndo and type(r) is not ShortUndo]


@pytest.mark.parametrize("name", [*(info.id for info in parlour.list_games()), "ohhell"])
def test_every_undo_record_is_named_and_undo_is_exact(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whole deals by random legal moves through checked `apply` and `apply_unchecked` (the
    Match path: the compiled step where the engine is compiled, the game's short apply on the
    pure path), each taken back and made again, with runs of moves that keep no record between
    (which complete a short record): every record is a named one, every undo exact."""
    game = _game(name, monkeypatch)
    kinds: set[type] = set()
    for seed in range(2):
        state = game.new_state(seed=seed)
        if compiled_switch.engine_path() == "compiled" and name in COMPILED_GAMES:
            assert not isinstance(type(state).apply, FunctionType), "the compiled step applies"
        rng = Random(seed)
        for _ in range(140):
            if state.is_terminal:
                break
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            before = _picture(state)
            (state.apply if rng.random() < 0.8 else state.apply_unchecked)(action)
            kinds.add(type(state._undo_stack[-1]))
            for _ in range(rng.choice((0, 0, 0, 0, 1, 3))):  # moves that keep no record
                if state.is_terminal:
                    break
                legal = state.legal_actions()
                state.apply_unchecked_no_undo(legal[rng.randrange(len(legal))])
            assert not _named(state._undo_stack), (name, seed, _named(state._undo_stack))
            state.undo()
            assert _picture(state) == before, (name, seed, len(state.history), action)
            state.apply(action)
        assert not _named(state._undo_stack)
    assert FullUndo in kinds
    short = {"hearts", "spades"}  # their short applies; on the compiled path every step
    if compiled_switch.engine_path() == "compiled":
        short.update(COMPILED_GAMES)
    assert (ShortUndo in kinds) == (name in short), "short records for cards within a trick"
