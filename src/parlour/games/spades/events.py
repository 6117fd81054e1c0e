"""Spades events, with who may see each one.

In the order a hand produces them: `SpadesDealStarted` (public), `HandDealt` (that seat only;
delayed until a seat offered Blind Nil has decided), `CardsSeen` (a seat declined Blind Nil),
`BidMade`, `TrickStarted`, `CardPlayed`, `SpadesBroken`, `TrickWon`, `SpadesDealScored`, and at
the end `HandLimitReached` (only if `max_hands` stopped the game) and the core `GameOver`.
"""

from __future__ import annotations

from dataclasses import dataclass

from parlour.cards import Card, CardSet, format_card_list, format_cards
from parlour.cards.events import CardPlayed, card_played
from parlour.core import DealScored, DealStarted, Event, GameStopped

__all__ = [
    "TEAM_NAMES", "BidMade", "CardPlayed", "CardsSeen", "HandDealt", "HandLimitReached",
    "SpadesBroken", "SpadesDealScored", "SpadesDealStarted", "TrickStarted", "TrickWon",
    "bid_text", "card_played", "trick_started",
]

TEAM_NAMES = ("North-South (seats 0 and 2)", "East-West (seats 1 and 3)")


def bid_text(tricks: int, blind: bool = False) -> str:
    """``nil``, ``blind nil`` or ``4``."""
    if tricks == 0:
        return "blind nil" if blind else "nil"
    return str(tricks)


@dataclass(frozen=True, slots=True, kw_only=True)
class SpadesDealStarted(DealStarted):
    """A hand began; `dealer` dealt it and the seat to their left bids first."""

    dealer: int
    scores: tuple[int, int]

    def describe(self) -> str:
        ns, ew = self.scores
        return f"hand {self.deal + 1} begins; seat {self.dealer} deals; scores NS {ns}, EW {ew}"


@dataclass(frozen=True, slots=True, kw_only=True)
class HandDealt(Event):
    """`seat` picks up `cards` (seen by that seat only)."""

    seat: int
    cards: CardSet

    def describe(self) -> str:
        return f"seat {self.seat} holds {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsSeen(Event):
    """`seat`, offered Blind Nil, declined and looked at the cards (public)."""

    seat: int

    def describe(self) -> str:
        return f"seat {self.seat} looks at their cards (no blind nil)"


@dataclass(frozen=True, slots=True, kw_only=True)
class BidMade(Event):
    """`seat` bid `tricks` (0 is Nil; `blind` for Blind Nil) (public)."""

    seat: int
    tricks: int
    blind: bool = False

    def describe(self) -> str:
        return f"seat {self.seat} bids {bid_text(self.tricks, self.blind)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class TrickStarted(Event):
    """Trick number `trick` (from 0) is about to be led by `leader` (public)."""

    trick: int
    leader: int

    def describe(self) -> str:
        return f"trick {self.trick + 1}: seat {self.leader} to lead"


@dataclass(frozen=True, slots=True, kw_only=True)
class SpadesBroken(Event):
    """The first spade of the hand was played, by `seat` to trick `trick` (public)."""

    seat: int
    trick: int

    def describe(self) -> str:
        return "spades are broken"


@dataclass(frozen=True, slots=True, kw_only=True)
class TrickWon(Event):
    """Trick `trick` (from 0), led by `leader`, went to `winner`; `tricks_won` per seat after it."""

    trick: int
    leader: int
    cards: tuple[Card, ...]
    winner: int
    tricks_won: tuple[int, ...]

    def describe(self) -> str:
        return f"trick {self.trick + 1}: {format_card_list(self.cards)}; seat {self.winner} wins it"


@dataclass(frozen=True, slots=True, kw_only=True)
class SpadesDealScored(DealScored):
    """A hand was scored. `points` and `totals` are per seat (partners share them).

    Per partnership (North-South, East-West): `contracts`, `team_tricks`, `team_points`,
    `team_totals`, `bags` (the running bag count after penalties) and `bag_penalties`. Per seat:
    `bids` (0 is Nil), `blind` and `tricks`.
    """

    bids: tuple[int, ...]
    blind: tuple[bool, ...]
    tricks: tuple[int, ...]
    contracts: tuple[int, int]
    team_tricks: tuple[int, int]
    team_points: tuple[int, int]
    team_totals: tuple[int, int]
    bags: tuple[int, int]
    bag_penalties: tuple[int, int]

    def describe(self) -> str:
        parts = []
        for team in (0, 1):
            made = "made" if self.team_tricks[team] >= self.contracts[team] else "set"
            text = (f"{('NS', 'EW')[team]} bid {self.contracts[team]}, took "
                    f"{self.team_tricks[team]} ({made}): {self.team_points[team]:+d}")
            if self.bag_penalties[team]:
                text += f" incl. bag penalty -{self.bag_penalties[team]}"
            parts.append(text)
        ns, ew = self.team_totals
        return f"hand {self.deal + 1}: " + "; ".join(parts) + f"; totals NS {ns}, EW {ew}"


@dataclass(frozen=True, slots=True, kw_only=True)
class HandLimitReached(GameStopped):
    """The game stopped at `max_hands` hands without a winner by the target (public); the
    higher of `scores` (North-South, East-West) wins, equal scores draw."""

    hands: int
    scores: tuple[int, int]

    def describe(self) -> str:
        ns, ew = self.scores
        outcome = "a draw" if ns == ew else ("North-South win" if ns > ew else "East-West win")
        return (f"the game stops after {self.hands} hands (max_hands) with no partnership at "
                f"the target: {outcome} on score, {ns} to {ew}")


_STARTED: dict[int, TrickStarted] = {}


def trick_started(trick: int, leader: int) -> TrickStarted:
    """The shared `TrickStarted` event of trick number `trick` led by `leader`."""
    key = trick << 2 | leader
    event = _STARTED.get(key)
    if event is None:
        event = _STARTED[key] = TrickStarted(trick=trick, leader=leader)
    return event
