"""What one Schafkopf seat may know."""

from __future__ import annotations

from dataclasses import dataclass

from parlour.cards import Card, CardSet
from parlour.core import Observation
from parlour.games.schafkopf.actions import RUFSPIEL, Contract
from parlour.games.schafkopf.scoring import DealResult
from parlour.games.schafkopf.tables import HERZ, SAU, card_points


@dataclass(frozen=True, slots=True, kw_only=True)
class SchafkopfObservation(Observation):
    """One seat's view of the series.

    `auction` lists the public words of this deal in order as ``(seat, word)``: the first
    round (weiter, spiel), raises and answers, the declaration, Kontra and Re. `holder` holds
    the auction with `claim` (a contract kind) while it runs. `partner` is the Rufspiel's
    partner as far as this seat knows: itself if it holds the called Sau, everyone once the Sau
    was played, run away from, or Re was said; else None. `tricks` are this deal's finished
    tricks as ``(leader, cards, winner)``; `trick` the one in progress, led by `leader`.
    """

    deal: int
    dealer: int
    phase: str
    hand: CardSet
    auction: tuple[tuple[int, str], ...]
    holder: int | None
    claim: int
    declarer: int | None
    contract: Contract | None
    partner: int | None
    kontra: int | None
    re: int | None
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[tuple[int, tuple[Card, ...], int], ...]
    scores: tuple[int, ...]
    deal_results: tuple[DealResult, ...]

    @property
    def forehand(self) -> int:
        """The seat left of the dealer: it speaks first and leads the first trick."""
        return (self.dealer + 1) % 4

    @property
    def order(self) -> int:
        """The trump order of the game being played (Herz's until one is declared)."""
        return HERZ if self.contract is None else self.contract.order

    @property
    def called_card(self) -> int | None:
        """The called Sau of a Rufspiel, or None."""
        contract = self.contract
        if contract is None or contract.kind != RUFSPIEL:
            return None
        return contract.suit << 4 | SAU

    def points_taken(self) -> tuple[int, ...]:
        """Card points each seat has taken this deal (tricks are public)."""
        taken = [0, 0, 0, 0]
        for _, cards, winner in self.tricks:
            mask = 0
            for card in cards:
                mask |= 1 << card
            taken[winner] += card_points(mask)
        return tuple(taken)

    def tricks_won(self) -> tuple[int, ...]:
        """Tricks each seat has won this deal."""
        won = [0, 0, 0, 0]
        for _, _, winner in self.tricks:
            won[winner] += 1
        return tuple(won)
