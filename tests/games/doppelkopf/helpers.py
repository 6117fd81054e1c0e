"""Shared helpers for the Doppelkopf tests: fixed deals and driving a state by notation."""

from __future__ import annotations

from typing import Any

import parlour
from parlour.games.doppelkopf import DokoState, Doppelkopf

NORMAL_DEAL = [
    "Q♣ 10♥ Q♠ J♣ A♦ 10♦ A♣ 10♣ K♣ A♠ 9♠ A♥",
    "Q♣ 10♥ Q♥ J♠ K♦ 9♦ A♣ 10♣ K♠ 9♠ K♥ 9♥",
    "Q♠ Q♥ Q♦ J♣ J♥ A♦ 9♣ K♣ A♠ 10♠ A♥ K♥",
    "Q♦ J♠ J♥ J♦ J♦ 10♦ K♦ 9♦ 9♣ 10♠ K♠ 9♥",
]
"""Seats 0 and 1 hold a Kreuz-Dame each (Re); seat 0 is forehand with dealer 3."""

HOCHZEIT_DEAL = [
    "Q♣ Q♣ 10♥ Q♠ J♣ A♦ 10♦ A♣ 10♣ K♣ A♠ 9♠",
    "A♥ 10♥ Q♥ J♠ K♦ 9♦ A♣ 10♣ K♠ 9♠ K♥ 9♥",
    NORMAL_DEAL[2],
    NORMAL_DEAL[3],
]
"""Seat 0 holds both Kreuz-Damen."""

ALL_GESUND = ("gesund",) * 4


def doko(**params: Any) -> Doppelkopf:
    """A single deal (no tournament) unless told otherwise."""
    params = {"deals": 1, "tournament": False, **params}
    game = parlour.load_game("doppelkopf", **params)
    assert isinstance(game, Doppelkopf)
    return game


def deal(hands: list[str] | None = None, dealer: int = 3, **params: Any) -> DokoState:
    return doko(**params).new_state(seed=1, hands=hands or NORMAL_DEAL, dealer=dealer)


def play(state: DokoState, *moves: str) -> DokoState:
    """Apply moves written in notation, each for the seat to act."""
    for move in moves:
        state.apply(state.game.parse_action(move, state))
    return state


def legal(state: DokoState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def plays(state: DokoState) -> set[str]:
    """The cards the seat to play may play (announcements left out)."""
    from parlour.games.doppelkopf.actions import Play

    return {str(a) for a in state.legal_actions() if isinstance(a, Play)}
