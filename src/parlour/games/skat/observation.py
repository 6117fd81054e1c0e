"""What one Skat seat may know."""

from __future__ import annotations

from dataclasses import dataclass

from parlour.cards import CardSet
from parlour.core import Action, Observation
from parlour.games.skat.actions import Contract
from parlour.games.skat.scoring import DealResult


@dataclass(frozen=True, slots=True, kw_only=True)
class SkatObservation(Observation):
    """One seat's view of the series.

    `seats` are this deal's forehand, middlehand and rearhand (at a 4-player table the dealer
    sits out). `bidding` lists the calls made, in order. `skat` is the skat as this seat knows
    it: the declarer sees the cards he picked up, then the two he buried; everyone sees it once
    the deal is over; otherwise it is empty. `declarer_hand` is the declarer's hand laid open in
    an ouvert game (else None). `tricks` holds this deal's finished tricks as ``(leader, cards,
    winner)``; `trick` the cards of the trick in progress, led by `leader`.
    """

    deal: int
    dealer: int
    seats: tuple[int, int, int]
    phase: str
    hand: CardSet
    bid: int
    bidding: tuple[tuple[int, Action], ...]
    declarer: int | None
    contract: Contract | None
    skat: CardSet
    declarer_hand: CardSet | None
    leader: int
    trick: tuple[int, ...]
    tricks: tuple[tuple[int, tuple[int, ...], int], ...]
    scores: tuple[int, ...]
    deal_results: tuple[DealResult, ...]

    @property
    def order(self) -> int | None:
        """The trump order of the game being played (see `tables`), or None before play."""
        return None if self.contract is None else self.contract.order

    @property
    def position(self) -> int | None:
        """This seat's position in the deal: 0 forehand, 1 middlehand, 2 rearhand, None out."""
        return self.seats.index(self.seat) if self.seat in self.seats else None


def all_tricks(obs: SkatObservation) -> list[tuple[int, tuple[int, ...]]]:
    """This deal's tricks as ``(leader, cards)``, the one in progress last (maybe empty)."""
    return [(leader, cards) for leader, cards, _ in obs.tricks] + [(obs.leader, obs.trick)]
