"""Skat events, with who may see each one. `describe()` is what the console shows."""

from __future__ import annotations

from dataclasses import dataclass

from parlour.cards import format_card, format_card_list, format_cards
from parlour.core import DealScored, DealStarted, Event, by_seat
from parlour.games.skat.actions import Contract
from parlour.games.skat.scoring import DealResult
from parlour.games.skat.tables import skat_sorted

POSITIONS = ("forehand", "middlehand", "rearhand")


@dataclass(frozen=True, slots=True, kw_only=True)
class SkatDealStarted(DealStarted):
    """A deal began: who deals, and who sits forehand, middlehand and rearhand."""

    dealer: int
    seats: tuple[int, int, int]
    sits_out: bool = False

    def describe(self) -> str:
        fh, mh, rh = self.seats
        out = " and sits out" if self.sits_out else ""
        return (f"deal {self.deal + 1}: seat {self.dealer} deals{out}; forehand seat {fh}, "
                f"middlehand seat {mh}, rearhand seat {rh}")


@dataclass(frozen=True, slots=True, kw_only=True)
class HandDealt(Event):
    """`seat` was dealt `cards` (seen by that seat only)."""

    seat: int
    cards: int

    def describe(self) -> str:
        return f"seat {self.seat} is dealt {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Called(Event):
    """A call in the bidding: `call` is ``bid``, ``hold`` or ``pass``; `bid` the value standing."""

    seat: int
    call: str
    bid: int

    def describe(self) -> str:
        if self.call == "hold":
            return f"seat {self.seat} holds {self.bid}"
        if self.call == "pass":
            return f"seat {self.seat} passes"
        return f"seat {self.seat} bids {self.bid}"


@dataclass(frozen=True, slots=True, kw_only=True)
class BiddingWon(Event):
    """`seat` won the bidding at `bid` and becomes the declarer."""

    seat: int
    bid: int

    def describe(self) -> str:
        return f"seat {self.seat} wins the bidding at {self.bid} and is the declarer"


@dataclass(frozen=True, slots=True, kw_only=True)
class AllPassed(Event):
    """Everybody passed."""

    deal: int

    def describe(self) -> str:
        return "all three pass"


@dataclass(frozen=True, slots=True, kw_only=True)
class SkatPickedUp(Event):
    """The declarer picked up the skat (public)."""

    seat: int

    def describe(self) -> str:
        return f"seat {self.seat} picks up the skat"


@dataclass(frozen=True, slots=True, kw_only=True)
class SkatSeen(Event):
    """The skat's cards, seen by the declarer who picked them up."""

    seat: int
    cards: int

    def describe(self) -> str:
        return f"seat {self.seat} finds {format_card_list(skat_sorted(self.cards))} in the skat"


@dataclass(frozen=True, slots=True, kw_only=True)
class Buried(Event):
    """The declarer buried two cards (seen by the declarer only)."""

    seat: int
    cards: int

    def describe(self) -> str:
        return f"seat {self.seat} buries {format_card_list(skat_sorted(self.cards))}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Declared(Event):
    """The declarer announced the game (public)."""

    seat: int
    contract: Contract
    bid: int

    def describe(self) -> str:
        return f"seat {self.seat} declares {self.contract.describe()} (bid {self.bid})"


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayStarted(Event):
    """Play begins under `contract` (used by extensions such as Ramsch; public)."""

    contract: Contract
    leader: int

    def describe(self) -> str:
        return f"{self.contract.describe()} is played; seat {self.leader} leads"


@dataclass(frozen=True, slots=True, kw_only=True)
class HandShown(Event):
    """The declarer of an ouvert game lays the hand open (public)."""

    seat: int
    cards: int

    def describe(self) -> str:
        return f"seat {self.seat} plays open: {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class CardPlayed(Event):
    """`seat` played `card` (public)."""

    seat: int
    card: int

    def describe(self) -> str:
        return f"seat {self.seat} plays {format_card(self.card)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class TrickWon(Event):
    """Trick `trick` (from 0), led by `leader`, went to `winner` with `points` card points."""

    trick: int
    leader: int
    cards: tuple[int, ...]
    winner: int
    points: int

    def describe(self) -> str:
        return (f"trick {self.trick + 1}: {format_card_list(self.cards)}; seat {self.winner} "
                f"takes {self.points}")


@dataclass(frozen=True, slots=True, kw_only=True)
class SkatDealScored(DealScored):
    """A deal ended; `result` holds the game, its value, the card points and the skat."""

    result: DealResult

    def describe(self) -> str:
        return f"{self.result.describe()}; totals {by_seat(self.totals)}"

