"""A quiet state deals the next deal's cards only when they are first read.

Search playouts that stop at the end of a deal never read them, so they never pay for the
seeded shuffle. Whatever reads them first gets exactly the cards dealt at once would give.
"""

from __future__ import annotations

import pickle
from random import Random

from parlour.games.skat import Deal, SkatState
from parlour.games.skat.rules import BIDDING
from tests.games.skat.helpers import game


def _first_deal_played(quiet: bool, seed: int = 5, **params: object) -> SkatState:
    state = game(**params).new_state(seed=seed)
    state.quiet = quiet
    state.play_random(1, Random(seed).random)
    assert state.deal == 1 and state.phase == BIDDING
    return state


def test_a_quiet_state_leaves_the_next_deal_undealt_until_its_cards_are_read() -> None:
    state = _first_deal_played(quiet=True)
    assert state._coming is not None and state._undealt
    assert type(state).__name__ == "SkatState"
    hands, skat = state.game.deal_cards(state.seed, 1, state.dealer)
    assert state.hands == hands  # the first read deals
    assert not state._undealt and type(state) is SkatState
    assert state.skat == state.dealt_skat == skat
    assert state.history[-1].action == Deal(state.dealer, hands, skat)
    state.check_invariants()


def test_the_undealt_deal_in_the_history_deals_on_its_own_first_read() -> None:
    state = _first_deal_played(quiet=True)
    deal = state.history[-1].action
    hands, skat = state.game.deal_cards(state.seed, 1, state.dealer)
    assert deal.hands == tuple(hands) and deal.skat == skat
    assert state._undealt, "reading the history's deal leaves the state undealt"
    assert pickle.loads(pickle.dumps(deal)) == Deal(state.dealer, hands, skat)


def test_an_undealt_state_plays_on_as_the_dealt_one_does() -> None:
    for seed in range(20):
        undealt = _first_deal_played(quiet=True, seed=seed)
        dealt = _first_deal_played(quiet=True, seed=seed)
        dealt.hands  # noqa: B018 - read: dealt now
        for state in (undealt, dealt):
            state.play_random(None, Random(seed + 100).random)
        assert undealt._snapshot() == dealt._snapshot()
        assert undealt.history == dealt.history


def test_clones_and_undo_of_an_undealt_state_see_its_cards() -> None:
    state = _first_deal_played(quiet=True)
    copy = state.clone()
    assert type(copy) is SkatState and type(state) is SkatState
    assert copy._snapshot() == state._snapshot()
    again = _first_deal_played(quiet=True)
    again.apply(again.legal_actions()[0])  # the undo snapshot reads the cards
    again.undo()
    assert again._snapshot() == state._snapshot()


def test_a_state_with_events_deals_at_once() -> None:
    state = _first_deal_played(quiet=False)
    assert state._coming is None and not state._undealt
    assert state.events[-1].cards == state.hands[state.seats[2]]  # HandDealt


def test_a_game_that_deals_its_own_way_deals_at_once() -> None:
    class Stacked(type(game())):  # type: ignore[misc]
        def deal_cards(self, seed: int, deal: int, dealer: int) -> tuple[list[int], int]:
            return super().deal_cards(seed + 1, deal, dealer)

    state = Stacked().new_state(seed=5)
    state.quiet = True
    state.play_random(1, Random(5).random)
    assert state.deal == 1 and state._coming is None and not state._undealt
