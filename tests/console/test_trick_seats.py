"""Console trick lines name the seats that played: a seat sitting the hand out (Lone Hand's
lone maker's partner) is skipped through the views' `trick_seats` hook."""

from __future__ import annotations

import io
from random import Random

from rich.console import Console

from parlour.cards.seating import Seating
from parlour.console.views.tricks import TrickTakingView
from parlour.core import Observation
from tests.cards.lone_hand import LoneHand, LoneHandState, TrickTaken


class LoneHandConsoleView(TrickTakingView):
    """Lone Hand at the console: the seat sitting out plays no card of a trick."""

    def trick_seats(self, observation: Observation | None, leader: int, count: int) -> list[int]:
        seating = Seating(self.game.num_players, getattr(observation, "sitting_out", 0))
        return [seating.seat_at(leader, i) for i in range(count)]


def _skipping_position() -> LoneHandState:
    """A lone hand (seat 0 sits out) with a trick led by seat 3 half played: seats 3 then 1."""
    for seed in range(200):
        state, rng = LoneHand(players=4, deals=2).new_state(seed=seed), Random(seed)
        while not state.is_terminal:
            if (state.seating.sitting_out == 1 and state.leader == 3 and len(state.trick) == 2
                    and state.tricks):
                return state
            state.apply(rng.choice(list(state.legal_actions())))
    raise AssertionError("no lone hand led by seat 3 in 200 seeds")


def _shown(view_class: type[TrickTakingView], state: LoneHandState) -> str:
    out = io.StringIO()
    view = view_class(state.game, 2, Console(file=out, width=80, color_system=None))
    view.show(state.observe(2))
    return out.getvalue()


def test_the_trick_in_play_skips_the_seat_sitting_out() -> None:
    state = _skipping_position()
    first, second = (str(card) for card in state.trick)
    text = _shown(LoneHandConsoleView, state)
    assert f"trick: left {first}  right {second}" in text
    # without the hook the second card is put in the hands of seat 0 (across), sitting out
    assert f"across {second}" in _shown(TrickTakingView, state)


def test_a_trick_event_line_uses_the_hook_with_the_last_observation_seen() -> None:
    state = _skipping_position()
    out = io.StringIO()
    view = LoneHandConsoleView(state.game, 2, Console(file=out, width=80, color_system=None))
    view.show(state.observe(2))
    cards = (*state.trick, next(iter(state.legal_actions())).card)  # type: ignore[attr-defined]
    view.event(TrickTaken(visible_to=None, leader=3, cards=cards, winner=1))
    line = out.getvalue().splitlines()[-1]
    assert "across" not in line
    assert f"left {cards[0]}  right {cards[1]}*  you {cards[2]}" in line
