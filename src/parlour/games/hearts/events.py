"""Hearts events, with who may see each one."""

from __future__ import annotations

from dataclasses import dataclass

from parlour.cards import Card, CardSet, format_card, format_card_list, format_cards
from parlour.cards.events import CardPlayed
from parlour.core import DealScored, Event

__all__ = [
    "DIRECTION_NAMES", "CardPlayed", "CardsPassed", "HandDealt", "HeartsDealScored", "PassChosen",
    "TrickWon",
]

DIRECTION_NAMES = {1: "left", 3: "right", 2: "across", 0: "none"}


@dataclass(frozen=True, slots=True, kw_only=True)
class HandDealt(Event):
    """`seat` was dealt `cards` (seen by that seat only)."""

    seat: int
    cards: CardSet

    def describe(self) -> str:
        return f"seat {self.seat} is dealt {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class PassChosen(Event):
    """`seat` chose `card` to pass (seen by that seat only)."""

    seat: int
    card: Card

    def describe(self) -> str:
        return f"seat {self.seat} chooses {format_card(self.card)} to pass"


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsPassed(Event):
    """`giver` passed `cards` to `receiver` (seen by those two seats)."""

    giver: int
    receiver: int
    cards: CardSet
    direction: str

    def describe(self) -> str:
        cards = format_cards(self.cards)
        return f"seat {self.giver} passes {cards} {self.direction} to seat {self.receiver}"


@dataclass(frozen=True, slots=True, kw_only=True)
class TrickWon(Event):
    """Trick number `trick` (from 0), led by `leader`, was won by `winner` (public)."""

    trick: int
    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int

    def describe(self) -> str:
        cards = format_card_list(self.cards)
        return f"trick {self.trick + 1}: {cards}; seat {self.winner} takes {self.points} point(s)"


@dataclass(frozen=True, slots=True, kw_only=True)
class HeartsDealScored(DealScored):
    """A deal ended; `moon_shooter` is the seat that shot the moon, if any."""

    moon_shooter: int | None = None

    def describe(self) -> str:
        text = DealScored.describe(self)
        if self.moon_shooter is not None:
            text += f" (seat {self.moon_shooter} shot the moon)"
        return text
