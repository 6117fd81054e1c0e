"""Schafkopf events, with who may see each one. `describe()` is what the console shows."""

from __future__ import annotations

from dataclasses import dataclass

from parlour.cards import CardSet
from parlour.core import DealScored, DealStarted, Event
from parlour.games.schafkopf.actions import card_name
from parlour.games.schafkopf.scoring import DealResult
from parlour.games.schafkopf.tables import display_sorted


@dataclass(frozen=True, slots=True, kw_only=True)
class SchafkopfDealStarted(DealStarted):
    """A deal began: `dealer` deals, `forehand` (left of the dealer) speaks and leads first."""

    dealer: int
    forehand: int

    def describe(self) -> str:
        return f"deal {self.deal + 1}: seat {self.dealer} deals; seat {self.forehand} is forehand"


@dataclass(frozen=True, slots=True, kw_only=True)
class HandDealt(Event):
    """`seat` was dealt `cards` (seen by that seat only)."""

    seat: int
    cards: CardSet

    def describe(self) -> str:
        return f"seat {self.seat} is dealt {' '.join(map(card_name, display_sorted(self.cards)))}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Spoke(Event):
    """A word of the auction or the doubling (public): weiter, spiel, a raise, mit, kontra,
    re."""

    seat: int
    word: str

    def describe(self) -> str:
        return f"seat {self.seat}: {self.word}"


@dataclass(frozen=True, slots=True, kw_only=True)
class GameDeclared(Event):
    """`seat` plays `contract` (its title; a Rufspiel names the called Sau)."""

    seat: int
    contract: str

    def describe(self) -> str:
        return f"seat {self.seat} plays {self.contract}"


@dataclass(frozen=True, slots=True, kw_only=True)
class AllPassed(Event):
    """Nobody would play: the deal is thrown in, or played as a Ramsch."""

    ramsch: bool

    def describe(self) -> str:
        return "all pass: Ramsch" if self.ramsch else "all pass: the deal is thrown in"


@dataclass(frozen=True, slots=True, kw_only=True)
class PartnerRevealed(Event):
    """The partner of a Rufspiel is known to all: the called Sau was played, run away from,
    or he said Re."""

    seat: int

    def describe(self) -> str:
        return f"seat {self.seat} is the partner"


@dataclass(frozen=True, slots=True, kw_only=True)
class TrickWon(Event):
    """Trick number `trick` (from 0), led by `leader`, went to `winner` with `points`."""

    trick: int
    leader: int
    cards: tuple[int, ...]
    winner: int
    points: int

    def describe(self) -> str:
        played = " ".join(card_name(c) for c in self.cards)
        return f"trick {self.trick + 1} ({played}) to seat {self.winner}, {self.points} points"


@dataclass(frozen=True, slots=True, kw_only=True)
class SchafkopfDealScored(DealScored):
    """A deal was settled: the result as `DealResult`."""

    result: DealResult

    def describe(self) -> str:
        return f"deal {self.deal + 1}: {self.result.describe()}"
