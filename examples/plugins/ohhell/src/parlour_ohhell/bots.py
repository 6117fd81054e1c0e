"""A heuristic Oh Hell player: bid the sure tricks, then play to make the bid exactly."""

from __future__ import annotations

from random import Random
from typing import Any

from parlour.cards import SUIT_MASKS, cards_of, highest, lowest
from parlour.cards.tricks import NO_TRUMP, winner_with_trump
from parlour.core import Action, Game
from parlour_ohhell.parts import BID, PLAY, OhHellObservation


class OhHellHeuristic:
    """Bids its aces, kings and high trumps; wins tricks while short of its bid (with the
    lowest card that wins), and sheds its highest losing card once the bid is made."""

    def __init__(self, game: Game[Any] | None = None, seat: int = 0,
                 rng: Random | None = None) -> None:
        self.rng = rng or Random(0)

    def act(self, observation: OhHellObservation) -> Action:
        obs = observation
        if obs.phase == "bid":
            return self.bid(obs)
        legal = 0
        for action in obs.legal_actions:
            legal |= 1 << action.card  # type: ignore[attr-defined]
        trump = obs.trump_card >> 4
        need = (obs.bids[obs.seat] or 0) - obs.tricks_won[obs.seat]
        winning = [c for c in cards_of(legal) if self.wins(obs, c, trump)]
        if need > 0 and winning:
            return PLAY[min(winning)] if obs.trick else PLAY[max(winning)]
        losing = legal & ~sum(1 << c for c in winning)
        return PLAY[highest(losing) if losing else lowest(legal)]

    @staticmethod
    def wins(obs: OhHellObservation, card: int, trump: int) -> bool:
        """Would `card` win the trick as it stands (or lead it as a likely winner)?"""
        if not obs.trick:
            return card & 15 >= 13 or (card >> 4 == trump and card & 15 >= 11)
        trick = (*obs.trick, card)
        return winner_with_trump(trick, trump if trump >= 0 else NO_TRUMP) == len(trick) - 1

    def bid(self, obs: OhHellObservation) -> Action:
        hand = int(obs.hand)
        trump = obs.trump_card >> 4
        sure = sum(1 for c in cards_of(hand) if c & 15 == 14 or (c >> 4 == trump and c & 15 >= 12))
        sure += max(0, (hand & SUIT_MASKS[trump]).bit_count() - 3)
        legal = [a.tricks for a in obs.legal_actions]  # type: ignore[attr-defined]
        return BID[min(legal, key=lambda n: (abs(n - sure), n))]

