"""What one Spades seat may know."""

from __future__ import annotations

from dataclasses import dataclass

from parlour.cards import Card, CardSet
from parlour.core import Observation


@dataclass(frozen=True, slots=True, kw_only=True)
class SpadesObservation(Observation):
    """One seat's view: its own hand, every bid, every card played, and the scores.

    `phase` is ``"blind"`` (seats offered Blind Nil decide before looking), ``"bid"``, ``"play"``
    or ``"over"``. `hand` is empty while `hand_seen` is False (this seat has not looked yet);
    `looked` says that for every seat. `bids` holds None for seats yet to bid (0 is Nil), and
    `blind` marks Blind Nil bids. `tricks` are this hand's completed tricks as
    ``(leader, cards in play order)``; `trick` is the one in progress, led by `leader`.
    `scores` and `bags` are per partnership: (North-South = seats 0 and 2, East-West = 1 and 3);
    `deal_results` holds each finished hand's points per partnership.
    """

    deal: int
    dealer: int
    phase: str
    hand: CardSet
    hand_seen: bool
    looked: tuple[bool, ...]
    bids: tuple[int | None, ...]
    blind: tuple[bool, ...]
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[tuple[int, tuple[Card, ...]], ...]
    tricks_won: tuple[int, ...]
    spades_broken: bool
    scores: tuple[int, int]
    bags: tuple[int, int]
    deal_results: tuple[tuple[int, int], ...]

    @property
    def partner(self) -> int:
        """The seat opposite."""
        return (self.seat + 2) % 4

    @property
    def team(self) -> int:
        """This seat's partnership: 0 for North-South, 1 for East-West."""
        return self.seat & 1

    @property
    def lead_suit(self) -> int | None:
        """The suit of the trick in progress, or None when leading."""
        return self.trick[0] >> 4 if self.trick else None
