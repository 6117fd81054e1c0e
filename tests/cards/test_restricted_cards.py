"""The trick layer's restricted cards: a game's own rule for a hand that holds one.

`Guarded` is the Lone Hand test game with one duty no follow table states: a seat that holds
an ace and leads must lead an ace. The layer asks the game's `restricted_legal_mask` wherever
the seat to move holds a restricted card, in Python and in the compiled playouts alike.
"""

from __future__ import annotations

from typing import Any

import pytest

from parlour.cards import parse_cards
from parlour.cards.contract_state import LAYER_PLAY, ContractTrickState
from parlour.crosscheck import layer_play
from tests.cards.lone_hand import LoneHand, LoneHandState

ACES = parse_cards("A♣ A♦ A♥ A♠")


class Guarded(LoneHandState):
    """Lone Hand where a seat holding an ace leads one."""

    __slots__ = ()

    def restricted_legal_mask(self) -> int:
        hand: int = self.hands[self.current]  # type: ignore[index]
        if not self.trick:
            return hand & ACES
        return hand & self.contract.follow[self.trick[0]] or hand


Guarded.layer_class = Guarded


class GuardedGame(LoneHand):
    id = "test.guarded"

    def new_state(self, seed: int | None = None, **setup: Any) -> Guarded:
        state = super().new_state(seed, **setup)
        state.__class__ = Guarded  # the same slots: only the rule differs
        state.set_restricted(ACES)
        return state  # type: ignore[return-value]


def test_a_hand_with_a_restricted_card_plays_by_the_games_rule() -> None:
    state = GuardedGame().new_state(seed=3)
    for _ in range(40):
        if state.is_terminal:
            break
        hand = state.hands[state.current]  # type: ignore[index]
        if not state.trick and hand & ACES:
            assert state.legal_mask() == hand & ACES
        state.apply(state.legal_actions()[0])
    assert state.restricted == ACES and state.clone().restricted == ACES


def test_restricted_cards_without_the_games_rule_name_the_class() -> None:
    state = LoneHand().new_state(seed=1)
    state.set_restricted(state.hands[state.current])  # type: ignore[index]
    with pytest.raises(NotImplementedError, match=r"^LoneHandState sets restricted cards"):
        state.legal_mask()


def test_the_base_layer_restricts_nothing() -> None:
    state = LoneHand().new_state(seed=1)
    assert state.restricted == 0 and "restricted_legal_mask" in LAYER_PLAY.calls
    assert ContractTrickState.restricted_legal_mask is not Guarded.restricted_legal_mask


def test_the_compiled_playouts_ask_the_games_rule_for_restricted_cards() -> None:
    """300 playouts of `Guarded`, compiled against the Python loop."""
    if LAYER_PLAY.load() is None:
        pytest.skip("the layer's compiled playouts are not built (or PARLOUR_PURE is set)")
    assert LAYER_PLAY.applies(Guarded)
    done = layer_play.crosscheck(GuardedGame(players=4, deals=3), range(300))
    assert done.playouts == 300 and done.games_over > 50
