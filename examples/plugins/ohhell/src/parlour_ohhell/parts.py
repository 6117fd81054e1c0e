"""Oh Hell's actions (a card or a bid), events and observation: the game's vocabulary."""

from __future__ import annotations

from dataclasses import dataclass

from parlour.cards import CARD, CARDS_52, INDEX_52, Card, CardSet, format_card, format_cards
from parlour.cards.actions import CardActionTable
from parlour.core import Action, DealScored, DealStarted, Event, IdAction, Observation

MAX_CARDS = 10


# --- actions: a card, or a bid; integer ids 0-51 plays, 52-62 bids 0-10 ----------------------
class Play(IdAction):
    __slots__ = ("card",)
    card: Card

    def __init__(self, card: int) -> None:
        super().__init__(INDEX_52[card], card=CARD[card])

    def __str__(self) -> str:
        return format_card(self.card)


class Bid(IdAction):
    __slots__ = ("tricks",)
    tricks: int

    def __init__(self, tricks: int) -> None:
        super().__init__(52 + tricks, tricks=tricks)

    def __str__(self) -> str:
        return f"bid {self.tricks}"


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """The chance move: the hands and the turned-up card (masks); equal by its fields."""

    hands: tuple[int, ...]
    turned: int

    def __str__(self) -> str:
        return " | ".join(map(format_cards, self.hands)) + f"; up {format_cards(self.turned)}"


PLAY = {card: Play(card) for card in CARDS_52}
BID = tuple(Bid(n) for n in range(MAX_CARDS + 1))
PLAYS = CardActionTable(PLAY)


# --- events -----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class OhHellDealStarted(DealStarted):
    """Deal `deal` of `cards` cards each began; `dealer` turned up `trump_card` (public)."""

    dealer: int
    cards: int
    trump_card: Card

    def describe(self) -> str:
        return (f"deal {self.deal + 1}: {self.cards} card(s) each; seat {self.dealer} deals "
                f"and turns up {format_card(self.trump_card)}")


@dataclass(frozen=True, slots=True, kw_only=True)
class HandDealt(Event):
    """`seat` picks up `cards` (that seat only)."""

    seat: int
    cards: CardSet

    def describe(self) -> str:
        return f"seat {self.seat} holds {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class BidMade(Event):
    seat: int
    tricks: int

    def describe(self) -> str:
        return f"seat {self.seat} bids {self.tricks}"


@dataclass(frozen=True, slots=True, kw_only=True)
class TrickWon(Event):
    trick: int
    leader: int
    cards: tuple[Card, ...]
    winner: int

    def describe(self) -> str:
        return f"trick {self.trick + 1}: seat {self.winner} wins it"


@dataclass(frozen=True, slots=True, kw_only=True)
class OhHellDealScored(DealScored):
    bids: tuple[int, ...]
    tricks: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class OhHellObservation(Observation):
    """One seat's view: its hand, the turned-up card, bids, tricks and scores."""

    deal: int
    dealer: int
    phase: str
    cards: int
    trump_card: Card
    hand: CardSet
    bids: tuple[int | None, ...]
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[tuple[int, tuple[Card, ...]], ...]
    tricks_won: tuple[int, ...]
    scores: tuple[int, ...]

    @property
    def lead_suit(self) -> int | None:
        return self.trick[0] >> 4 if self.trick else None
