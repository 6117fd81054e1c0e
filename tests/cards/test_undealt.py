"""A quiet Hearts or Spades state deals the next deal's cards only when they are first read.

Search playouts that stop at the end of a deal never read them, so they pay for neither the
seeded deal stream nor the shuffle. Whatever reads them first (the next move, observe, the
snapshot behind clone and undo, the history's deal) gets exactly the cards an eager deal
gives. The same on both engine paths: the Python rules leave the deal undealt too.
"""

from __future__ import annotations

import pickle
from random import Random
from typing import Any

import pytest

import parlour
from parlour.cards.undealt import DEALT

GAMES = ["hearts", "spades", "hearts:passing=none"]


def _first_deal_played(spec: str, quiet: bool = True, seed: int = 5) -> Any:
    state = parlour.load_game(spec).new_state(seed=seed)
    state.quiet = quiet
    state.play_random(1, Random(seed).random)
    assert state.deal == 1 and not state.is_terminal
    return state


def _eager_twin(state: Any) -> Any:
    """The same position with the next deal dealt at once (events on)."""
    return _first_deal_played(state.game.spec, quiet=False, seed=state.seed)


@pytest.mark.parametrize("spec", GAMES)
def test_a_quiet_state_leaves_the_next_deal_undealt_until_its_cards_are_read(spec: str) -> None:
    state = _first_deal_played(spec)
    assert state.undealt and state._coming is not None
    assert type(state).__name__ == DEALT[type(state)].__name__
    eager = _eager_twin(state)
    assert state.hands == eager.hands  # the first read deals
    assert not state.undealt and type(state) is type(eager)
    assert state.current == eager.current and state.leader == eager.leader
    assert state._snapshot() == eager._snapshot()
    assert state.history == eager.history
    state.check_invariants()


def test_a_deal_without_passing_finds_its_leader_when_dealt() -> None:
    state = _first_deal_played("hearts:passing=none")
    assert state.undealt
    leader = state.current_player  # reading who acts deals the cards: the 2♣ leads
    assert not state.undealt and state.hands[leader] & (1 << 2)
    assert state.leader == leader


@pytest.mark.parametrize("spec", GAMES)
def test_the_undealt_deal_in_the_history_deals_on_its_own_first_read(spec: str) -> None:
    state = _first_deal_played(spec)
    deal = state.history[-1].action
    hands = state.game.deal_hands(state.seed, 1)
    assert deal.hands == tuple(hands) and str(deal).startswith("deal ")
    assert state.undealt, "reading the history's deal leaves the state undealt"
    copy = pickle.loads(pickle.dumps(deal))
    assert copy == deal and type(copy) is type(deal).__base__  # a plain Deal
    assert copy == _eager_twin(state).history[-1].action


@pytest.mark.parametrize("spec", GAMES)
def test_clones_observations_and_undo_of_an_undealt_state_see_its_cards(spec: str) -> None:
    eager = _eager_twin(_first_deal_played(spec))
    state = _first_deal_played(spec)
    copy = state.clone()
    assert not copy.undealt and not state.undealt
    assert copy._snapshot() == state._snapshot() == eager._snapshot()
    observed = _first_deal_played(spec)
    assert observed.observe(0) == eager.observe(0)
    again = _first_deal_played(spec)
    again.apply(again.legal_actions()[0])  # the undo snapshot reads the cards
    again.undo()
    assert again._snapshot() == eager._snapshot() and not again.undealt


@pytest.mark.parametrize("spec", GAMES)
def test_an_undealt_state_plays_on_as_the_dealt_one_does(spec: str) -> None:
    for seed in range(10):
        undealt = _first_deal_played(spec, seed=seed)
        dealt = _first_deal_played(spec, seed=seed)
        dealt.hands  # noqa: B018 - read: dealt now
        for state in (undealt, dealt):
            state.play_random(None, Random(seed + 100).random)
        assert undealt._snapshot() == dealt._snapshot()
        assert undealt.history == dealt.history


def test_undo_back_into_a_finished_deal_leaves_the_undealt_state_dealt() -> None:
    state = parlour.load_game("spades").new_state(seed=3)
    state.quiet = True
    state.play_random(0, Random(3).random)  # nothing: deal 0 is not before 0
    while state.deal == 0:
        state.apply(state.legal_actions()[0])
    assert state.undealt
    state.undo()  # back before the deal's last card
    assert not state.undealt and state._coming is None and state.deal == 0
    assert sum(hand.bit_count() for hand in state.hands) == 1


def test_a_state_with_events_deals_at_once() -> None:
    state = _first_deal_played("hearts", quiet=False)
    assert not state.undealt and state._coming is None
    assert state.events[-1].cards == state.hands[3]  # HandDealt


def test_a_game_that_deals_its_own_way_deals_at_once() -> None:
    base = type(parlour.load_game("spades"))

    class Stacked(base):  # type: ignore[misc,valid-type]
        def deal_hands(self, seed: int, deal: int) -> list[int]:
            return list(super().deal_hands(seed + 1, deal))

    state = Stacked().new_state(seed=5)
    state.quiet = True
    state.play_random(1, Random(5).random)
    assert state.deal == 1 and not state.undealt
    assert state.hands == Stacked().deal_hands(5, 1)
