"""The trick-taking kernel: small pure functions over plain ints.

A hand is a card mask, a trick is a tuple of card ints in play order (led first), the trump is
a suit 0..3 or `NO_TRUMP` (-1), seats are 0..players-1 clockwise. These functions are the
whole of the shared rules of following suit and winning tricks; `TrickState` calls them, and a
compiled kernel implements exactly these (see docs/cards.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.cards.card import SUIT_MASKS

NO_TRUMP = -1
"""The trump of a game or deal without trumps."""

TrickRecord = tuple[int, tuple[int, ...]]
"""A finished trick as ``(leader, cards in play order)``."""


def follow_mask(hand: int, lead_suit: int) -> int:
    """The cards of `hand` that may be played to a trick led in `lead_suit`: that suit if held,
    else any card (no obligation to trump)."""
    return hand & SUIT_MASKS[lead_suit] or hand


def lead_mask(hand: int, held_back: int) -> int:
    """The cards of `hand` that may lead: all but `held_back` (an unbroken suit, say), unless
    the hand holds nothing else."""
    return hand & ~held_back or hand


def winner_no_trump(cards: Sequence[int]) -> int:
    """Index into `cards` (play order) of the highest card of the suit led."""
    lead_suit = cards[0] >> 4
    best = 0
    for i in range(1, len(cards)):
        card = cards[i]
        if card >> 4 == lead_suit and card > cards[best]:
            best = i
    return best


def winner_with_trump(cards: Sequence[int], trump: int) -> int:
    """Index into `cards` of the winner when `trump` trumps: the highest trump, else the highest
    card of the suit led (`NO_TRUMP`: the latter only)."""
    if trump < 0:
        return winner_no_trump(cards)
    top = max(cards)
    if top >> 4 == trump:  # the highest card is a trump: it wins whatever the suits' order
        return cards.index(top)
    if trump > top >> 4:  # trumps rank above every card played: none was played
        return winner_no_trump(cards)
    best = -1
    for i, card in enumerate(cards):
        if card >> 4 == trump and (best < 0 or card > cards[best]):
            best = i
    return best if best >= 0 else winner_no_trump(cards)


def trick_mask(cards: Sequence[int]) -> int:
    """The cards of a trick as a mask."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_in_trick(leader: int, trick_length: int, seat: int, players: int) -> int:
    """How many cards `seat` has put into a trick of `trick_length` cards led by `leader`."""
    return 1 if (seat - leader) % players < trick_length else 0


def voids_shown(tricks: Sequence[TrickRecord], players: int, deck: int,
                held_back: int = 0, breaks: int = 0) -> tuple[list[int], list[int]]:
    """What the play so far shows of each seat's hand: (cards each seat played, cards each seat
    may still hold). `tricks` are ``(leader, cards)`` in order, the trick in progress last.

    A seat that did not follow suit holds none of the suit led. With `held_back` (cards that may
    not lead until a card of `breaks` was played: Hearts' hearts, Spades' spades), a seat that
    led a held-back card before the break held nothing else.
    """
    played_by = [0] * players
    allowed = [deck] * players
    broken = False
    for leader, cards in tricks:
        if not cards:
            continue
        lead = cards[0]
        lead_suit = lead >> 4
        if not broken and held_back >> lead & 1:
            allowed[leader] &= held_back
        other_suits = ~SUIT_MASKS[lead_suit]
        player = leader
        seen = 0
        for card in cards:
            bit = 1 << card
            played_by[player] |= bit
            seen |= bit
            if card >> 4 != lead_suit:
                allowed[player] &= other_suits
            player += 1
            if player == players:
                player = 0
        if seen & breaks:  # only a lead looks at the break, so once per trick is enough
            broken = True
    return played_by, allowed


def check_cards_conserved(hands: Sequence[int], tricks: Sequence[TrickRecord],
                          trick: Sequence[int], deck: int) -> int:
    """Assert that hands, completed tricks and the trick in progress hold every card of `deck`
    exactly once (for `check_invariants`); returns the mask of the completed tricks' cards."""
    played = 0
    for _, cards in tricks:
        for c in cards:
            played |= 1 << c
    in_trick = trick_mask(trick)
    held = 0
    for hand in hands:
        assert not held & hand, "a card is in two hands"
        held |= hand
    assert not held & (played | in_trick), "a played card is still held"
    assert held | played | in_trick == deck, "cards were lost or created"
    return played


def legal_follow(hand: int, lead_suit: int | None) -> int:
    """`follow_mask`, or the whole hand when leading (`lead_suit` None)."""
    return hand if lead_suit is None else follow_mask(hand, lead_suit)


def trick_winner_no_trump(cards: Sequence[int]) -> int:
    """Same as `winner_no_trump` (the older name)."""
    return winner_no_trump(cards)


def trick_winner_with_trump(cards: Sequence[int], trump_suit: int | None) -> int:
    """`winner_with_trump`, with None for no trump (the older name)."""
    return winner_with_trump(cards, NO_TRUMP if trump_suit is None else trump_suit)
