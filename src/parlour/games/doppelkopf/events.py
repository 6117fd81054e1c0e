"""Doppelkopf's events, with who may see each one.

A deal produces `DokoDealStarted` (public), `HandDealt` (that seat only), `Called` (each
Vorbehalt call), `ContractChosen`, the Armut's `ArmutCardsGiven`/`ArmutAnswered`/`ArmutDone`
(the cards only to the two seats that exchange them), `CardPlayed`, `PartyShown` (a
Kreuz-Dame played), `Announced`, `SchweinchenShown`, `HochzeitSettled`, `TrickWon`,
`DokoDealScored`, and at the end the core `GameOver`.
"""

from __future__ import annotations

from dataclasses import dataclass

from parlour.core import DealScored, DealStarted, Event
from parlour.games.doppelkopf.cards import DokoCard, DokoHand, format_card

PARTIES = ("re", "kontra")


@dataclass(frozen=True, slots=True, kw_only=True)
class DokoDealStarted(DealStarted):
    """Deal `deal` began; `dealer` dealt it; it is game `game` of the round (public)."""

    dealer: int
    game: int

    def describe(self) -> str:
        return f"deal {self.deal + 1} (game {self.game + 1}): seat {self.dealer} deals"


@dataclass(frozen=True, slots=True, kw_only=True)
class HandDealt(Event):
    """`seat` holds `cards` (that seat only): after the deal and after an Armut exchange."""

    seat: int
    cards: DokoHand

    def describe(self) -> str:
        return f"seat {self.seat} holds {self.cards}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Called(Event):
    """`seat` answered the Vorbehalt question with `call` (public)."""

    seat: int
    call: str

    def describe(self) -> str:
        return f"seat {self.seat}: {self.call}"


@dataclass(frozen=True, slots=True, kw_only=True)
class ContractChosen(Event):
    """The game to be played (public): `contract` by `declarer` (None in a normal game),
    `pflicht` for a Pflichtsolo; `leader` leads the first trick."""

    contract: str
    declarer: int | None
    pflicht: bool
    leader: int

    def describe(self) -> str:
        who = "" if self.declarer is None else f" by seat {self.declarer}"
        kind = " (Pflichtsolo)" if self.pflicht else ""
        name = "normal game" if self.contract == "normal" else self.contract
        return f"{name}{who}{kind}; seat {self.leader} leads"


@dataclass(frozen=True, slots=True, kw_only=True)
class ArmutCardsGiven(Event):
    """The poor seat laid down three cards (`cards` shown only to itself and the taker)."""

    seat: int
    cards: DokoHand

    def describe(self) -> str:
        return f"seat {self.seat} lays down {self.cards}"


@dataclass(frozen=True, slots=True, kw_only=True)
class ArmutAnswered(Event):
    """`seat` took the poor seat's cards or declined them (public)."""

    seat: int
    accept: bool

    def describe(self) -> str:
        return f"seat {self.seat} {'takes the Armut' if self.accept else 'declines the Armut'}"


@dataclass(frozen=True, slots=True, kw_only=True)
class ArmutDone(Event):
    """`taker` handed back three cards, `trumps` of them trumps (public)."""

    poor: int
    taker: int
    trumps: int

    def describe(self) -> str:
        return (f"seat {self.taker} hands back three cards to seat {self.poor}, "
                f"{self.trumps} trump(s)")


@dataclass(frozen=True, slots=True, kw_only=True)
class CardPlayed(Event):
    seat: int
    card: DokoCard

    def describe(self) -> str:
        return f"seat {self.seat} plays {format_card(self.card)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class PartyShown(Event):
    """`seat` showed its party by playing a Kreuz-Dame (public)."""

    seat: int
    party: str

    def describe(self) -> str:
        return f"seat {self.seat} is {self.party.capitalize()}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Announced(Event):
    """`seat` of `party` made announcement `name` (public)."""

    seat: int
    party: str
    name: str

    def describe(self) -> str:
        return f"seat {self.seat} ({self.party.capitalize()}) announces {self.name}"


@dataclass(frozen=True, slots=True, kw_only=True)
class SchweinchenShown(Event):
    """`seat` holds both Karo-Asse and played the first: they are the top trumps (public)."""

    seat: int

    def describe(self) -> str:
        return f"seat {self.seat} has the Schweinchen"


@dataclass(frozen=True, slots=True, kw_only=True)
class HochzeitSettled(Event):
    """The Hochzeit's Klärungsstich was trick `trick` (1-based): `partner` joins the holder, or
    None (the holder plays alone, a solo)."""

    holder: int
    partner: int | None
    trick: int

    def describe(self) -> str:
        if self.partner is None:
            return f"seat {self.holder} finds no partner and plays alone"
        return f"seat {self.partner} marries seat {self.holder} (trick {self.trick})"


@dataclass(frozen=True, slots=True, kw_only=True)
class TrickWon(Event):
    trick: int
    leader: int
    cards: tuple[DokoCard, ...]
    winner: int
    points: int

    def describe(self) -> str:
        cards = " ".join(format_card(c) for c in self.cards)
        return f"trick {self.trick + 1} ({cards}): seat {self.winner} takes {self.points}"


@dataclass(frozen=True, slots=True, kw_only=True)
class DokoDealScored(DealScored):
    """A deal's result: the Re seats and their card points, the winning party (None: no
    winner), the game value's items, and the points per seat."""

    contract: str
    re: tuple[int, ...]
    re_points: int
    winner: str | None
    value: int
    items: tuple[str, ...]

    def describe(self) -> str:
        re = " and ".join(f"seat {s}" for s in self.re)
        outcome = f"{self.winner.capitalize()} wins {self.value}" if self.winner \
            else "no winner"
        value = _counted(self.items[:self.value])
        special = ", ".join(self.items[self.value:])
        return (f"{self.contract}: Re ({re}) {self.re_points}:{240 - self.re_points}, "
                f"{outcome}" + (f" ({value})" if value else "")
                + (f"; {special}" if special else ""))


def _counted(items: tuple[str, ...]) -> str:
    """``won, Re announced +2``: repeated items once, with their count."""
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return ", ".join(name if n == 1 else f"{name} +{n}" for name, n in counts.items())
