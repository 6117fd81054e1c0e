"""The events every trick-taking game shares, interned: one object per seat and card."""

from __future__ import annotations

from dataclasses import dataclass

from parlour.cards.card import CARD, Card
from parlour.cards.deck import CARDS_52
from parlour.cards.notation import format_card
from parlour.core import Event

MAX_SEATS = 8
"""Seats the interned tables cover."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CardPlayed(Event):
    """`seat` played `card` (public)."""

    seat: int
    card: Card

    def describe(self) -> str:
        return f"seat {self.seat} plays {format_card(self.card)}"


CARD_PLAYED: tuple[dict[int, CardPlayed], ...] = tuple(
    {card: CardPlayed(seat=seat, card=CARD[card]) for card in CARDS_52} for seat in range(MAX_SEATS)
)
"""``CARD_PLAYED[seat][card]``: events are immutable values, so one object serves every game."""


def card_played(seat: int, card: int) -> CardPlayed:
    """The shared `CardPlayed` event of `seat` and `card`."""
    return CARD_PLAYED[seat][card]
