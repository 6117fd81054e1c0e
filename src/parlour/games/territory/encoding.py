"""Territory as board planes, and integer ids for its one-move menu.

Observation: a float32 array of shape (8, N, N); see docs/rules/territory.md ("Tensor
encoding"). Action ids: 0 is ``stay``; a move of the square at (row, col) in direction d
(n, s, e, w = 0..3) is ``1 + 2 * (4 * (row * N + col) + d) + k``, with k 0 to move all its
pieces and k 1 to move one. Those are exactly the turns of `legal_actions`' menu; turns of
several moves stay open to agents that build their own `Turn`s, but have no id.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from parlour.core import Action, Game, Observation, ParlourError
from parlour.games.encoding import Encoding
from parlour.games.territory.actions import DIRECTIONS, STAY, Turn
from parlour.games.territory.observation import TerritoryObservation

PLANES = ("mine", "my_pieces", "seats", "seat_pieces", "zombies", "zombie_pieces",
          "moves_later", "round")
"""The planes in order: squares this seat owns, its pieces /4, squares of the other seats,
their pieces /4, zombies' squares, their pieces /4, squares whose owner still moves this round
after the owner to move, and the round / rounds (the same everywhere)."""


class TerritoryEncoding(Encoding):
    """Board planes for one seat, and ids for the menu of one-move turns."""

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """Every plane is 0 or more; the piece-count planes (a quarter per piece) have no
        upper bound, the others are at most 1."""
        low = np.zeros(self.shape, dtype=np.float32)
        high = np.ones(self.shape, dtype=np.float32)
        high[[1, 3, 5]] = np.inf
        return low, high

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        self.size = size = int(game.size)  # type: ignore[attr-defined]
        self.shape = (len(PLANES), size, size)
        self.num_actions = 1 + 8 * size * size

    def fill(self, observation: Observation, out: np.ndarray) -> None:
        obs = observation
        assert isinstance(obs, TerritoryObservation)
        owners, numbers = obs.owners, obs.numbers / 4.0
        mine = owners == obs.owner
        seats = (owners < obs.num_players) & ~mine
        zombies = owners >= obs.num_players
        out[0], out[1] = mine, numbers * mine
        out[2], out[3] = seats, numbers * seats
        out[4], out[5] = zombies, numbers * zombies
        place = np.empty(self.size * self.size, dtype=np.int64)
        place[list(obs.turn_order)] = np.arange(len(obs.turn_order))
        out[6] = place[owners] > obs.position
        out[7] = obs.round / obs.num_rounds

    def action_id(self, action: Action, observation: Observation) -> int:
        assert isinstance(observation, TerritoryObservation)
        if type(action) is Turn and not action.moves:
            return 0
        if type(action) is not Turn or len(action.moves) != 1:
            raise ParlourError(f"territory turn {str(action)!r} has no action id: only 'stay' "
                               "and single moves of one or all of a square's pieces have one")
        row, col, direction, count = action.moves[0]
        size = self.size
        if not (0 <= row < size and 0 <= col < size):
            raise ParlourError(f"territory turn {str(action)!r} has no action id: square "
                               f"{row},{col} is off the board")
        held = int(observation.numbers[row, col])
        if count == held:
            one = 0
        elif count == 1:
            one = 1
        else:
            raise ParlourError(f"territory turn {str(action)!r} has no action id: it moves "
                               f"{count} of {held} pieces (only one or all have ids)")
        return 1 + 2 * (4 * (row * size + col) + DIRECTIONS.index(direction)) + one

    def action(self, action_id: int, observation: Observation) -> Action:
        assert isinstance(observation, TerritoryObservation)
        if not 0 <= action_id < self.num_actions:
            raise ParlourError(f"action id {action_id} is out of range for territory "
                               f"(0..{self.num_actions - 1})")
        if action_id == 0:
            return STAY
        square, one = divmod(action_id - 1, 2)
        square, direction = divmod(square, 4)
        row, col = divmod(square, self.size)
        count = 1 if one else int(observation.numbers[row, col])
        return Turn(((row, col, DIRECTIONS[direction], count),))

    def action_mask(self, observation: Observation) -> np.ndarray:
        assert isinstance(observation, TerritoryObservation)
        mask = np.zeros(self.num_actions, dtype=np.bool_)
        if not observation.legal_actions:
            return mask
        mask[0] = True
        moves = mask[1:].reshape(-1, 4, 2)
        numbers = observation.numbers.reshape(-1)
        mine = observation.owners.reshape(-1) == observation.owner
        moves[mine & (numbers > 0), :, 0] = True
        moves[mine & (numbers > 1), :, 1] = True
        return mask

    def legal_ids(self, observation: Observation) -> list[int]:
        ids: list[int] = np.flatnonzero(self.action_mask(observation)).tolist()
        return ids
