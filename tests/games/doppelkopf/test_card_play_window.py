"""Announcements are moves between cards: the card play may be handed to the trick layer only
while no seat still to play to the trick could announce (`announcements_closed_this_trick`)."""

from __future__ import annotations

from random import Random

from parlour.games.doppelkopf import DokoState
from parlour.games.doppelkopf.actions import Announce, Play
from parlour.games.doppelkopf.rules import PLAYING
from tests.games.doppelkopf.helpers import doko


def _random_states(deals: int, with_nines: bool) -> list[DokoState]:
    """Every playing state of `deals` random deals, announcing now and then."""
    game, seen = doko(with_nines=with_nines, deals=1), []
    for number in range(deals):
        rng, state = Random(number), game.new_state(seed=number)
        while not state.is_terminal:
            if state.phase == PLAYING:
                seen.append(state.clone())
            moves = list(state.legal_actions())
            calls = [m for m in moves if isinstance(m, Announce)]
            state.apply(rng.choice(calls) if calls and rng.random() < 0.2 else rng.choice(moves))
    return seen


def test_closed_means_only_cards_until_the_trick_ends() -> None:
    for with_nines in (True, False):
        closed = 0
        for state in _random_states(12, with_nines):
            if not state.announcements_closed_this_trick():
                continue
            closed += 1
            tricks = len(state.tricks)
            while len(state.tricks) == tricks and not state.is_terminal:
                moves = state.legal_actions()
                assert all(isinstance(m, Play) for m in moves)
                state.apply(moves[0])
        assert closed > 0


def test_open_means_a_seat_in_this_trick_can_announce_by_cards_alone() -> None:
    for with_nines in (True, False):
        opened = 0
        for state in _random_states(12, with_nines):
            if state.announcements_closed_this_trick():
                continue
            opened += 1
            tricks, announced = len(state.tricks), False
            while len(state.tricks) == tricks and not announced:
                moves = state.legal_actions()
                announced = any(isinstance(m, Announce) for m in moves)
                state.apply(next(m for m in moves if isinstance(m, Play)))
            assert announced
        assert opened > 0


def test_the_quick_test_of_an_open_announcement_agrees_with_the_levels() -> None:
    """`_may_announce`, which the card-play window asks, is true exactly when a seat has an
    announcement level open (`_open_levels`), for every seat of every state seen."""
    for with_nines in (True, False):
        for state in _random_states(12, with_nines):
            for seat in range(4):
                assert state._may_announce(seat) == bool(state._open_levels(seat))
