"""Skull as a fixed-size float32 vector, seats counted from the observing seat.

The layout is listed in docs/rules/skull.md (section "Tensor encoding"); action ids are the
game's own (place rose 0 ... bid n 16+n).
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from parlour.core import Game, Observation
from parlour.games.encoding import Encoding, Layout
from parlour.games.skull.actions import DISCS_EACH, MAX_BID, MAX_PLAYERS
from parlour.games.skull.observation import SkullObservation

PHASES = ("place_first", "turn", "bid", "reveal", "discard", "choose_starter", "over")
SEAT_FEATURES = (
    "discs", "stack_size", "turned", "flowers", "passed", "in_game", "high_bidder", "starter",
    "to_move", "last_bid", "roses_shown", "skulls_hit", "challenges", "challenges_failed",
)
"""Per seat, in this order: discs owned /4, stack height /4, discs turned /4, challenges won
/2, passed, still in the game, holds the high bid, started the round, is to move, the seat's
last bid this round /24, roses turned from its stack /4, and from past rounds: times its skull
stopped a challenger /3, challenges it made /3, of which failed /3."""


class SkullEncoding(Encoding):
    """The information state of one Skull seat: 14 floats for each of six seats (zeros for
    seats a smaller table lacks, so one network plays every table size) and 23 more."""

    bounded = True
    block_bounds: ClassVar[dict[str, tuple[float, float]]] = {
        "round": (0.0, np.inf),  # rounds played, in twenties
    }

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """`Encoding.bounds`, and no upper bound on each seat's counts over past rounds
        (challenges made and lost, skulls that stopped a challenge: thirds that add up)."""
        low, high = super().bounds()
        assert self.layout is not None
        self.layout.block(high, "seats")[:, 11:14] = np.inf
        return low, high

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        self.players = game.num_players
        self.layout = Layout(
            ("seats", MAX_PLAYERS, len(SEAT_FEATURES)),
            ("my_discs", 2),
            ("my_stack", DISCS_EACH, 2),
            ("high_bid", 2),
            ("on_mats", 1),
            ("phase", len(PHASES)),
            ("round", 1),
            ("skull_turned", 1),
            ("roses_turned", 1),
        )
        self.shape = (self.layout.size,)
        self.at = {name: self.layout[name] for name, _, _ in self.layout.rows()}

    def fill(self, observation: Observation, out: np.ndarray) -> None:
        obs = observation
        assert isinstance(obs, SkullObservation)
        me, players, at = obs.seat, self.players, self.at
        width = len(SEAT_FEATURES)
        seats = out[: MAX_PLAYERS * width].reshape(MAX_PLAYERS, width)
        order = [(seat - me) % players for seat in range(players)]
        seats[order, 0] = np.array(obs.discs) / DISCS_EACH
        seats[order, 1] = np.array(obs.stack_sizes) / DISCS_EACH
        seats[order, 2] = np.array(obs.turned) / DISCS_EACH
        seats[order, 3] = np.array(obs.flowers) / 2
        seats[order, 4] = obs.passed
        seats[order, 5] = [n > 0 for n in obs.discs]
        if obs.challenger is not None:
            seats[order[obs.challenger], 6] = 1.0
        seats[order[obs.starter], 7] = 1.0
        if obs.current_player is not None:
            seats[order[obs.current_player], 8] = 1.0
        for seat, count in obs.bids:
            if count is not None:
                seats[order[seat], 9] = count / MAX_BID
        skull_turned = 0.0
        for seat, disc in obs.revealed:
            if disc:
                skull_turned = 1.0
            else:
                seats[order[seat], 10] += 1 / DISCS_EACH
        for result in obs.rounds:
            seats[order[result.challenger], 12] += 1 / 3
            if not result.success:
                seats[order[result.challenger], 13] += 1 / 3
                if result.skull_owner is not None:
                    seats[order[result.skull_owner], 11] += 1 / 3
        out[at["my_discs"]] = obs.my_roses / 3
        out[at["my_discs"] + 1] = obs.my_skulls
        stack = at["my_stack"]
        for height, disc in enumerate(obs.my_stack):
            out[stack + 2 * height + disc] = 1.0
        on_mats = obs.total_on_mats
        out[at["high_bid"]] = obs.high_bid / MAX_BID
        out[at["high_bid"] + 1] = obs.high_bid / on_mats if on_mats else 0.0
        out[at["on_mats"]] = on_mats / MAX_BID
        out[at["phase"] + PHASES.index(obs.phase)] = 1.0
        out[at["round"]] = obs.round / 20
        out[at["skull_turned"]] = skull_turned
        out[at["roses_turned"]] = obs.roses_turned / obs.high_bid if obs.high_bid else 0.0
