"""The conformance suite's end-of-game check refuses places that are not places, or that put
someone other than the winners first."""

from __future__ import annotations

from random import Random

import pytest

import parlour
from parlour.games.skull.rules import SkullState
from parlour.testing import check_final


def _finished() -> SkullState:
    state = parlour.load_game("skull").new_state(seed=7)
    rng = Random(7)
    while not state.is_terminal:
        state.apply(rng.choice(list(state.legal_actions())))
    assert isinstance(state, SkullState)
    return state


def _placed(places: tuple[int, ...]) -> SkullState:
    """A finished Skull game whose `placings` say `places` (the class swapped in place)."""

    class Misplaced(SkullState):
        __slots__ = ()

        def placings(self) -> tuple[int, ...]:
            return places

    state = _finished()
    state.__class__ = Misplaced
    return state


def test_bad_places_fail_the_end_of_game_check() -> None:
    winner = _finished().winners()[0]
    other = (winner + 1) % 4
    with pytest.raises(AssertionError, match="needs one place per seat"):
        check_final(_placed((1, 1, 1)))
    with pytest.raises(AssertionError, match="are not places"):
        check_final(_placed((1, 1, 2, 4)))
    wrong = tuple(1 if seat == other else 2 for seat in range(4))
    with pytest.raises(AssertionError, match=f"put first \\[{other}\\], not the winners"):
        check_final(_placed(wrong))


def test_skulls_own_places_pass() -> None:
    check_final(_finished())
