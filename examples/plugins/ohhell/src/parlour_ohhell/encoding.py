"""Oh Hell as tensors for learning: one seat's observation as a flat float32 vector.

Named by `OhHell.encoding_class`, so numpy is imported only when a tensor is asked for.
"""

from __future__ import annotations

import numpy as np

from parlour.cards import CARDS_52
from parlour.core import Observation
from parlour.games.encoding import Encoding, Layout, add_cards, add_trick_history, card_index
from parlour_ohhell.parts import MAX_CARDS, OhHellObservation
from parlour_ohhell.rules import OhHell

SEATS = 5
"""Blocks hold five seats, counted from the encoded one: one network plays 3 to 5 seats."""
INDEX = card_index(CARDS_52)


class OhHellEncoding(Encoding):
    """Hand, trump, bids and tricks won, every card each seat played and the voids it showed."""

    bounded = True  # every value lies in [0, 1]
    layout: Layout

    def __init__(self, game: OhHell) -> None:
        super().__init__(game)  # num_actions: the game's ids (52 cards, then the bids)
        self.layout = Layout(
            ("hand", 52), ("turned", 52), ("phase", 2), ("cards", 1),
            ("bid", SEATS, 2),  # per seat: has bid, the bid / MAX_CARDS
            ("won", SEATS),  # per seat: tricks won / MAX_CARDS
            ("played", SEATS, 52), ("void", SEATS, 4), ("trick", SEATS, 52),
        )
        self.shape = (self.layout.size,)
        self.cards = game.cards

    def reward_scale(self, per_deal: bool) -> float:
        """The most a seat can score, for rewards in [-1, 1]: 10 plus the cards of the first
        deal in one deal; in a game, 10 plus the cards of each deal, summed."""
        deals = range(1, self.cards + 1)
        return float(10 + self.cards if per_deal else sum(10 + cards for cards in deals))

    def fill(self, observation: Observation, out: np.ndarray) -> None:
        obs = observation
        assert isinstance(obs, OhHellObservation)
        at, me, players = self.layout, obs.seat, len(obs.bids)
        ones: list[int] = [at["turned"] + INDEX[obs.trump_card],
                           at["phase"] + (obs.phase == "play")]
        add_cards(ones, int(obs.hand), at["hand"], INDEX)
        add_trick_history(ones, obs.tricks, obs.leader, obs.trick, me, players, INDEX,
                          (at["played"], at["void"], at["trick"]))
        out[ones] = 1.0
        out[at["cards"]] = obs.cards / MAX_CARDS
        bids, won = at.block(out, "bid"), at.block(out, "won")
        for seat in range(players):
            row = (seat - me) % players
            if obs.bids[seat] is not None:
                bids[row] = (1.0, obs.bids[seat] / MAX_CARDS)  # type: ignore[operator]
            won[row] = obs.tricks_won[seat] / MAX_CARDS
