"""What one Hearts seat may know."""

from __future__ import annotations

from dataclasses import dataclass

from parlour.cards import Card, CardSet
from parlour.core import Observation


@dataclass(frozen=True, slots=True, kw_only=True)
class HeartsObservation(Observation):
    """One seat's view: its own hand and passes, everything played, and the scores.

    `tricks` holds this deal's completed tricks as ``(leader, cards in play order)``; `trick` the
    cards of the trick in progress, led by `leader`. `passed` and `received` are this seat's own
    passed and received cards (`passed` fills up card by card while passing).
    """

    deal: int
    phase: str
    pass_direction: str
    hand: CardSet
    passed: CardSet
    received: CardSet
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[tuple[int, tuple[Card, ...]], ...]
    hearts_broken: bool
    points_taken: tuple[int, ...]
    scores: tuple[int, ...]
    deal_results: tuple[tuple[int, ...], ...]

    @property
    def lead_suit(self) -> int | None:
        """The suit of the trick in progress, or None when leading."""
        return self.trick[0] >> 4 if self.trick else None
