"""The compiled step of the `Match` path (`SkatState.legal_actions`, `apply`,
`apply_unchecked_no_undo` in `_deals_and_step.pyx`) against the Python methods, move for move.

The kernel's step functions are checked on both paths (on the pure path they are called
explicitly; `SkatState` keeps its Python methods there). Skipped when the compiled module is not
built, except under CI (``CI`` set), where the compiled path must be there.
"""

from __future__ import annotations

import os
from types import ModuleType
from typing import Any

import pytest

import parlour
from parlour import compiled_switch
from parlour.core import IllegalActionError
from parlour.crosscheck import Divergence
from parlour.crosscheck.skat_steps import step_crosscheck
from parlour.games.skat import SkatState, rules
from parlour.games.skat.actions import PASS, PLAY

MODULE_NAME = "parlour.games.skat._deals_and_step"
STEP = ("legal_actions", "apply", "apply_unchecked_no_undo")


@pytest.fixture(scope="module")
def deals_and_step() -> ModuleType:
    built = compiled_switch.built()
    if MODULE_NAME not in built:
        if os.environ.get("CI"):
            pytest.fail("the compiled Skat module is not built: CI must test the compiled path")
        pytest.skip("the compiled Skat module is not built (pip install -e . with a C compiler)")
    import parlour.games.skat._deals_and_step as module

    rules.bind_deals(module)  # the pure path binds it only here
    rules.bind_step(module)
    return module


def step_of(deals_and_step: ModuleType, **changes: Any) -> dict[str, Any]:
    return {name: changes.get(name, getattr(deals_and_step, name)) for name in STEP}


@pytest.mark.parametrize("spec", ["skat", "skat.ramsch", "skat:players=4",
                                  "skat:scoring=seeger-fabian"])
def test_the_compiled_step_makes_1000_deals_exactly_as_the_python_methods(
        deals_and_step: ModuleType, spec: str) -> None:
    # every field, history entry, event and undo record after every move, with events and
    # quiet (every other series), illegal actions refused alike, undo, apply_unchecked_no_undo
    done = step_crosscheck(parlour.load_game(spec), 1000, None, step_of(deals_and_step))
    assert done.deals >= 1000 and 400 <= done.quiet <= 600
    assert done.moves > 30_000 and done.illegal > 1000 and done.undone > 1000
    assert done.trusted > 4000


def test_the_compiled_path_installs_the_step_on_skat_states(deals_and_step: ModuleType) -> None:
    if compiled_switch.load(MODULE_NAME) is None:
        assert SkatState.apply is rules.PYTHON_STEP["apply"]  # the pure path
        return
    for name in STEP:
        assert getattr(SkatState, name) is getattr(deals_and_step, name)
    assert rules._step_mode(SkatState, None) == 0


def test_a_state_class_overriding_a_move_plays_through_its_override(
        deals_and_step: ModuleType) -> None:
    calls = []

    class Counting(SkatState):
        __slots__ = ()

        def _trick_done(self, trick: tuple[int, ...], last: int) -> None:
            calls.append(trick)
            super()._trick_done(trick, last)

    assert rules._step_mode(Counting, None) == -1
    game = parlour.load_game("skat")
    state = game.new_state(seed=3)
    state.__class__ = Counting
    step = step_of(deals_and_step)
    while state.deal == 0:
        legal = step["legal_actions"](state)
        step["apply"](state, legal[0] if legal[0] != PASS or len(legal) == 1 else legal[1])
    assert len(calls) >= 1


def test_an_illegal_action_gets_the_rules_reason(deals_and_step: ModuleType) -> None:
    state = parlour.load_game("skat").new_state(seed=1)
    with pytest.raises(IllegalActionError, match="bidding"):
        deals_and_step.apply(state, PLAY[7])
    assert not state.history[1:] and not state._undo_stack


@pytest.mark.parametrize("broken", ["legal", "undo"])
def test_the_cross_check_catches_a_step_that_differs(
        deals_and_step: ModuleType, broken: str) -> None:
    def short_legal(state: SkatState) -> Any:
        return deals_and_step.legal_actions(state)[:-1] or deals_and_step.legal_actions(state)

    def no_undo_record(state: SkatState, action: Any) -> None:
        deals_and_step.apply_unchecked_no_undo(state, action)

    step = step_of(deals_and_step, **({"legal_actions": short_legal} if broken == "legal"
                              else {"apply": no_undo_record}))
    with pytest.raises(Divergence, match=r"^skat seed 0, move \d+.*: legal actions.*: .* in "
                       r"src/parlour/games/skat/_deals_and_step.pyx" if broken == "legal"
                       else r"^skat seed 0, move \d+.*: state\['_undo_stack'\]"):
        step_crosscheck(parlour.load_game("skat"), 30, True, step)


@pytest.mark.parametrize("playout", ["random", "heuristic"])
def test_an_undo_goes_back_past_a_compiled_playout_after_a_short_undo_record(
        playout: str) -> None:
    # a card play keeps a short undo record; the kernels' playouts keep none, so they must
    # make that record full first, or the undo restores the wrong fields (found on merging)
    import random

    from parlour.games.skat.rules import PLAY_PHASE

    game = parlour.load_game("skat:deals=2")
    rng = random.Random(3)
    state = game.new_state(seed=4)
    state.quiet = True
    while state.phase != PLAY_PHASE:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    state.apply(state.legal_actions()[0])
    before, history = state._snapshot(), list(state.history)
    state.apply(state.legal_actions()[0])
    if playout == "random":
        state.play_random(None, random.Random(1).random)
    elif not state.play_compiled("heuristic", None):
        pytest.skip("no compiled heuristic on this path")
    assert state.is_terminal
    state.undo()
    assert state._snapshot() == before and state.history == history
