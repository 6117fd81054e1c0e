"""Fixed deals and small drivers for the Skat tests."""

from __future__ import annotations

from typing import Any

import parlour
from parlour.games.skat import Skat, SkatState

# Dealer seat 2: seat 0 is forehand, seat 1 middlehand, seat 2 rearhand.
HANDS = [
    "Jc Js Ah Th Kh Qh 9h Ac Tc 7d",
    "Jh Jd 8h 7h As Ts Ks Qs 9s 8s",
    "Kc Qc 9c 8c 7c Ad Td Kd Qd 9d",
]
SKAT = "7s 8d"


def game(**params: Any) -> Skat:
    return parlour.load_game("skat", **params)  # type: ignore[return-value]


def new(hands: list[str] | None = None, skat: str | None = SKAT, dealer: int = 2,
        **params: Any) -> SkatState:
    """A state at the first deal with fixed hands (by seat)."""
    return game(**params).new_state(seed=1, hands=hands or HANDS, skat=skat, dealer=dealer)


def do(state: SkatState, *texts: str) -> SkatState:
    """Apply actions given in notation, checking each is legal."""
    for text in texts:
        state.apply(state.game.parse_action(text, state))
    return state


def win_bidding(state: SkatState, declarer: int, value: int = 18) -> SkatState:
    """Bid so that `declarer` (a position: 0 forehand, 1 middlehand, 2 rearhand) wins at `value`."""
    if declarer == 0:
        if value == 18:
            return do(state, "pass", "pass", "bid 18")
        return do(state, f"bid {value}", "hold", "pass", "pass")
    if declarer == 1:
        return do(state, f"bid {value}", "pass", "pass")
    return do(state, "pass", f"bid {value}", "pass")


def play_out(state: SkatState) -> SkatState:
    """Play the lowest legal card until the current deal is over."""
    deal = state.deal
    while not state.is_terminal and state.deal == deal:
        state.apply(state.legal_actions()[0])
    return state


def play_cards(state: SkatState, cards: str) -> SkatState:
    """Play the given cards in order (space separated)."""
    return do(state, *cards.split())
