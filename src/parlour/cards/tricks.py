"""Helpers shared by trick-taking games."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.cards.card import SUIT_MASKS


def legal_follow(hand: int, lead_suit: int | None) -> int:
    """The cards of `hand` that may be played under the follow-suit rule (no trumps)."""
    if lead_suit is None:
        return hand
    in_suit = hand & SUIT_MASKS[lead_suit]
    return in_suit or hand


def trick_winner_no_trump(cards: Sequence[int]) -> int:
    """Index into `cards` (in play order) of the highest card of the led suit."""
    lead_suit = cards[0] >> 4
    best = 0
    for i in range(1, len(cards)):
        card = cards[i]
        if card >> 4 == lead_suit and card > cards[best]:
            best = i
    return best


def trick_winner_with_trump(cards: Sequence[int], trump_suit: int | None) -> int:
    """Index into `cards` of the winner when `trump_suit` trumps (highest trump, else led suit)."""
    if trump_suit is not None:
        trumps = [i for i, c in enumerate(cards) if c >> 4 == trump_suit]
        if trumps:
            return max(trumps, key=lambda i: cards[i])
    return trick_winner_no_trump(cards)


def check_cards_conserved(hands: Sequence[int], tricks: Sequence[tuple[int, Sequence[int]]],
                          trick: Sequence[int], deck: int) -> int:
    """Assert that hands, completed tricks and the trick in progress hold every card of `deck`
    exactly once (for `check_invariants`); returns the mask of the completed tricks' cards."""
    played = 0
    for _, cards in tricks:
        for c in cards:
            played |= 1 << c
    in_trick = 0
    for c in trick:
        in_trick |= 1 << c
    held = 0
    for hand in hands:
        assert not held & hand, "a card is in two hands"
        held |= hand
    assert not held & (played | in_trick), "a played card is still held"
    assert held | played | in_trick == deck, "cards were lost or created"
    return played
