"""What OpenSpiel reads of a seat's view: information-state and observation strings and
the observation tensor (the game's own `Game.encode`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from parlour.openspiel.bridge import ParlourGame, ParlourState


class ParlourObserver:
    """OpenSpiel's observer of a bridged game: perfect recall (information states) or not."""

    def __init__(self, game: ParlourGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.parlour = game.parlour
        tensors = bool(self.parlour.encoding_class) and not perfect_recall
        size = int(np.prod(self.parlour.observation_shape)) if tensors else 0
        self.tensor = np.zeros(size, dtype=np.float32)
        self.dict: dict[str, Any] = {"observation": self.tensor} if size else {}

    def set_from(self, state: ParlourState, player: int) -> None:
        """Fill `tensor` with `player`'s view of `state`."""
        if not self.tensor.size:
            return
        parlour = state.state
        if parlour is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = self.parlour.encode(parlour.observe(player)).ravel()

    def string_from(self, state: ParlourState, player: int) -> str:
        """`player`'s information state (perfect recall) or observation, as text."""
        if self.perfect_recall:
            return state.information_state_key(player)
        return state.observation_key(player)
