"""Shared helpers for the Spades tests: fixed deals and driving a state by notation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import parlour
from parlour.cards import SUIT_MASKS, CardSet, parse_card, parse_cards
from parlour.games.spades import BID, PLAY, Spades, SpadesObservation, SpadesState

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


def play_observation(
    hand: str,
    trick: Sequence[str] = (),
    *,
    leader: int,
    tricks_won: tuple[int, ...],
    tricks: tuple[tuple[int, tuple[int, ...]], ...],
    bids: tuple[int, ...] = (3, 3, 3, 3),
    broken: bool = True,
) -> SpadesObservation:
    """Seat 0's view in the play phase, to play to `trick` (led by `leader`) from `hand`: what
    a bot sees, built by hand."""
    mask = parse_cards(hand)
    played = tuple(card(c) for c in trick)
    legal = mask
    if played and mask & SUIT_MASKS[played[0] >> 4]:
        legal = mask & SUIT_MASKS[played[0] >> 4]
    return SpadesObservation(
        seat=0, current_player=0, legal_actions=tuple(PLAY[c] for c in CardSet(legal)),
        deal=0, dealer=3, phase="play", hand=CardSet(mask), hand_seen=True,
        looked=(True,) * 4, bids=bids, blind=(False,) * 4, leader=leader, trick=played,
        tricks=tricks, tricks_won=tricks_won, spades_broken=broken, scores=(0, 0),
        bags=(0, 0), deal_results=(),
    )


def bid_observation(hand: str, bids: tuple[int | None, ...] = (None,) * 4) -> SpadesObservation:
    """Seat 0's view in the bidding, holding `hand`, after `bids` (None: not bid yet)."""
    return SpadesObservation(
        seat=0, current_player=0, legal_actions=tuple(BID), deal=0, dealer=3, phase="bid",
        hand=CardSet(parse_cards(hand)), hand_seen=True, looked=(True,) * 4, bids=bids,
        blind=(False,) * 4, leader=0, trick=(), tricks=(), tricks_won=(0,) * 4,
        spades_broken=False, scores=(0, 0), bags=(0, 0), deal_results=(),
    )
