"""Shared helpers for the Spades tests: fixed deals and driving a state by notation."""

from __future__ import annotations

from typing import Any

import parlour
from parlour.cards import parse_card
from parlour.games.spades import Spades, SpadesState

ONE_SUIT_EACH = [
    "AKQJT98765432♠",
    "AKQJT98765432♥",
    "AKQJT98765432♦",
    "AKQJT98765432♣",
]
"""Seat 0 holds every spade: leading from the dealer's left, it takes all 13 tricks."""

RUFF_DEAL = [
    "98765432♣ 65432♠",
    "QJT98765432♥ 87♠",
    "AKQJT♣ 98765432♦",
    "AKQJT♦ AK♥ AKQJT9♠",
]
"""Seat 1 is void in clubs and holds two low spades: it can break spades on trick 1."""


def spades(**params: Any) -> Spades:
    game = parlour.load_game("spades", **params)
    assert isinstance(game, Spades)
    return game


def card(text: str) -> int:
    return parse_card(text)


def play(state: SpadesState, *moves: str) -> SpadesState:
    """Apply moves written in notation, each for the seat to act."""
    for move in moves:
        state.apply(state.game.parse_action(move, state))
    return state


def bid_all(state: SpadesState, bids: dict[int, str]) -> SpadesState:
    """Make the four bids, in bidding order, from a seat -> notation mapping."""
    for seat in state.bidding_order():
        assert state.current_player == seat
        play(state, bids[seat])
    return state


def play_out(state: SpadesState) -> SpadesState:
    """Play the hand to its end, each seat playing its lowest legal card."""
    deal = state.deal
    while state.deal == deal and not state.is_terminal:
        state.apply(state.legal_actions()[0])
    return state
