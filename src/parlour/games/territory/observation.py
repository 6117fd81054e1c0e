"""What a Territory seat may know: everything (perfect information), as read-only copies."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from parlour.core import Observation


@dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class TerritoryObservation(Observation):
    """The whole board and the turn structure.

    `owners` and `numbers` are read-only copies (N x N, int64) of the board: the owner of each
    square and its pieces. `owner` is this seat's owner number (seat s is owner s). `round`
    counts from 0; `position` is the index in `turn_order` of the owner to move. `forfeits`
    lists every forfeited turn so far as (round, owner, reason).
    """

    owner: int
    owners: np.ndarray
    numbers: np.ndarray
    round: int
    num_rounds: int
    turn_order: tuple[int, ...]
    position: int
    num_players: int
    forfeits: tuple[tuple[int, int, str], ...]

    @property
    def size(self) -> int:
        """The board's edge length N."""
        return int(self.owners.shape[0])

    @property
    def rounds_left(self) -> int:
        """Rounds still possible after this one: game17's ``rounds_left``."""
        return self.num_rounds - self.round - 1

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, TerritoryObservation)
        return (
            self._plain() == other._plain()
            and np.array_equal(self.owners, other.owners)
            and np.array_equal(self.numbers, other.numbers)
        )

    def _plain(self) -> tuple[Any, ...]:
        return (self.seat, self.current_player, self.legal_actions, self.owner, self.round,
                self.num_rounds, self.turn_order, self.position, self.num_players, self.forfeits)

    __hash__ = None  # type: ignore[assignment]
