"""Ramsch: when all three pass, everyone plays alone and the most card points lose them.

A house-rule extension of the ISkO rules, written the way any user of parlour would write one:
subclass `Skat`, add parameters, override its public hooks (`on_all_passed`, `score_deal`,
and `deal_tiebreak` to guide search).
The tutorial docs/tutorials/extending-a-rule-set.md walks through this file.
"""

from __future__ import annotations

from parlour.core import Param
from parlour.games.skat.actions import Contract
from parlour.games.skat.rules import TIEBREAK, Skat, SkatState
from parlour.games.skat.scoring import DealResult
from parlour.games.skat.tables import GRAND, card_points

RAMSCH = Contract("ramsch", order=GRAND)
"""A Ramsch deal is played in Grand's order: only the four Jacks are trumps."""


class Ramsch(Skat):
    """ISkO Skat, except that a Ramsch deal is played when all three pass."""

    id = "skat.ramsch"
    name = "Skat with Ramsch"
    description = "ISkO Skat, and when all pass a Ramsch: the most card points lose them."
    aliases = ("ramsch",)
    parameters = (
        *Skat.parameters,
        Param("ties", str, "all", "Tied for most points: 'all' of them lose, or 'last-trick': "
              "the one among them who took a trick last.", choices=("all", "last-trick")),
        Param("skat_to_last_trick", bool, True, "The skat's points go to the last trick's "
              "winner (else to nobody)."),
        Param("jungfrau", bool, True, "Each player who took no trick doubles the penalty."),
        Param("durchmarsch", bool, True, "A player who takes every trick scores +120."),
    )
    ties: str
    skat_to_last_trick: bool
    jungfrau: bool
    durchmarsch: bool

    def on_all_passed(self, state: SkatState) -> None:
        """Nobody bid: play a Ramsch (no declarer; forehand leads)."""
        state.begin_play(RAMSCH)

    def score_deal(self, state: SkatState) -> DealResult:
        """Score a Ramsch deal; any other deal is an ISkO game."""
        if state.contract != RAMSCH:
            return super().score_deal(state)
        seats, last = state.seats, state.last_trick_winner
        points = {p: card_points(state.taken[p]) for p in seats}
        if self.skat_to_last_trick and last is not None:
            points[last] += card_points(state.skat)
        scores = [0] * self.num_players
        sweeper = [p for p in seats if state.tricks_won(p) == len(state.tricks)]
        if self.durchmarsch and sweeper:
            scores[sweeper[0]] = 120
            note = f"Ramsch: seat {sweeper[0]} takes every trick, Durchmarsch +120"
        else:
            most = max(points.values())
            losers = [p for p in seats if points[p] == most]
            if self.ties == "last-trick" and len(losers) > 1:
                losers = [next(w for _, _, w in reversed(state.tricks) if w in losers)]
            virgins = sum(1 for p in seats if not state.taken[p]) if self.jungfrau else 0
            penalty = most * 2**virgins
            for p in losers:
                scores[p] = -penalty
            who = " and ".join(f"seat {p}" for p in losers)
            note = f"Ramsch: {who} with {most} card points, {-penalty}"
            if virgins:
                note += f" (Jungfrau x{2**virgins})"
        return DealResult(state.deal, tuple(scores), contract=RAMSCH, skat=state.skat,
                          note=note)

    def deal_tiebreak(self, state: SkatState, result: DealResult) -> tuple[float, ...]:
        """For search: in a Ramsch each card point taken is 1/24 of a game point worse."""
        if state.contract != RAMSCH:
            return super().deal_tiebreak(state, result)
        worst = -TIEBREAK / 120
        return tuple(worst * card_points(state.taken[p]) for p in range(self.num_players))
