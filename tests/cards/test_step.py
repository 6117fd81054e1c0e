"""The compiled steps of Hearts and Spades (`legal_actions`, `apply`, `apply_unchecked_no_undo`
in C) against the Python step, move for move (`parlour.crosscheck.trick_steps`): 1,000 seeded
deals per game over two rule sets each, with events and quiet, with undo, moves without undo and
illegal actions; and the classes that must keep the Python step."""

from __future__ import annotations

import dataclasses
from random import Random
from typing import Any

import pytest

import parlour
from parlour import compiled_switch
from parlour.core import IllegalActionError
from parlour.crosscheck.trick_steps import crosscheck_steps
from parlour.games.hearts.rules import HEARTS_STEP, HeartsState
from parlour.games.spades.rules import SPADES_STEP, Spades, SpadesState
from parlour.games.spades.scoring import TeamScore

pytestmark = pytest.mark.skipif(
    compiled_switch.load("parlour.games.hearts._step") is None
    or compiled_switch.load("parlour.games.spades._step") is None,
    reason="the compiled steps are not active (pure path)")

GAMES = [
    ("hearts", {}), ("hearts", {"queen_breaks_hearts": True, "jack_of_diamonds": True}),
    ("spades", {}), ("spades", {"opening_lead": "two_of_clubs", "blind_nil": True}),
]


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_the_compiled_step_makes_the_python_steps_states(name: str, params: dict[str, Any],
                                                         ) -> None:
    game = parlour.load_game(name, **params)
    assert type(game.new_state(seed=0)).apply.__class__.__name__ == "cython_function_or_method"
    done = crosscheck_steps(game, range(500))  # two rule sets per game: 1,000 deals per game
    assert done.deals == 500
    assert done.applied > 20_000 and done.without_undo > 3_000
    assert done.undone > 1_000 and done.illegal > 1_000
    assert done.quiet_games_over > 0  # a game's end settled quiet (in C for Spades)


class CountingHearts(HeartsState):
    """A subclass overriding a hook the compiled step stands in for."""

    __slots__ = ("won_here",)

    def _trick_won(self, leader: int, cards: tuple[int, ...], winner: int) -> None:
        self.won_here = getattr(self, "won_here", 0) + 1
        super()._trick_won(leader, cards, winner)


class PlainSpades(SpadesState):
    """A subclass that overrides nothing: it keeps the compiled step."""

    __slots__ = ()


def test_a_subclass_overriding_a_hook_takes_the_python_step() -> None:
    assert HEARTS_STEP.kept_by(HeartsState) and SPADES_STEP.kept_by(SpadesState)
    assert SPADES_STEP.kept_by(PlainSpades) and not HEARTS_STEP.kept_by(CountingHearts)
    game = parlour.load_game("hearts")
    state = CountingHearts(game, 7)
    state.start_deal(game.deal_hands(7, 0))
    while state.phase != 2 and len(state.tricks) < 2:
        legal = state.legal_actions()
        state.apply(legal[0])
    assert state.won_here == 2  # its override ran: the Python step moved it


def test_an_illegal_action_raises_the_rules_reason_on_the_compiled_step() -> None:
    game = parlour.load_game("hearts")
    state = game.new_state(seed=3)
    passes = [game.action_from_id(i) for i in range(52, 104)]
    not_held = next(action for action in passes if not state.hands[0] >> action.card & 1)
    history, events = list(state.history), list(state.events)
    with pytest.raises(IllegalActionError, match="players are passing cards now"):
        state.apply(game.action_from_id(0))
    with pytest.raises(IllegalActionError, match="seat 0 does not hold"):
        state.apply(not_held)
    assert state.history == history and state.events == events and not state.can_undo


class OwnResultsSpades(SpadesState):
    """A subclass scoring a hand its own way: the compiled step and deals leave it."""

    __slots__ = ()

    def _team_results(self, won: tuple[int, ...]) -> list[TeamScore]:
        return super()._team_results(won)


class DoubledSpades(Spades):
    """A variant that scores its own way: every hand counts twice."""

    def score_partnership(self, bids: tuple[int, int], blind: tuple[bool, bool],
                          tricks: tuple[int, int], bags: int) -> TeamScore:
        score = super().score_partnership(bids, blind, tricks, bags)
        return dataclasses.replace(score, points=2 * score.points)


@pytest.mark.parametrize("quiet", [True, False])
def test_a_quiet_hand_settles_in_c_only_where_the_game_settles_the_standard_way(
        quiet: bool) -> None:
    from parlour.games.spades import rules

    standard, doubled = parlour.load_game("spades"), DoubledSpades()
    assert rules._quiet_settler(SpadesState, Spades) is not None
    assert rules._quiet_settler(SpadesState, DoubledSpades) is None  # its own scoring
    assert rules._quiet_settler(PlainSpades, Spades) is not None
    assert rules._quiet_settler(OwnResultsSpades, Spades) is None  # overrides a settling hook
    results = []
    for game in (standard, doubled):
        state = game.new_state(seed=11)
        state.quiet = quiet
        moves = Random(5)
        while state.deal_number == 0:
            legal = state.legal_actions()
            state.apply(legal[moves.randrange(len(legal))])  # the compiled step throughout
        results.append(state.results[0])
        assert state.deal_number == 1 and state.phase == rules.BIDDING and not state.tricks
    (ns, ew), (ns2, ew2) = results
    assert (ns2, ew2) == (2 * ns, 2 * ew) and (ns, ew) != (0, 0)
