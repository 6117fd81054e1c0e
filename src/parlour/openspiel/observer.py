"""What OpenSpiel reads of a seat's view: information-state and observation strings, and the
tensors: `Game.encode` of the observation, `Game.encode_information_state` of the recall."""

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
        size = 0
        if self.parlour.encoding_class:
            size = (int(np.prod(self.parlour.information_state_shape)) if perfect_recall
                    else int(np.prod(self.parlour.observation_shape)))
        self.tensor = np.zeros(size, dtype=np.float32)
        name = "information_state" if perfect_recall else "observation"
        self.dict: dict[str, Any] = {name: self.tensor} if size else {}

    def set_from(self, state: ParlourState, player: int) -> None:
        """Fill `tensor` with `player`'s view of `state`."""
        if not self.tensor.size:
            return
        parlour = state.state
        if parlour is None:
            self.tensor.fill(0)
        elif self.perfect_recall:
            info = parlour.information_state(player)
            self.tensor[:] = self.parlour.encode_information_state(info)
        else:
            self.tensor[:] = self.parlour.encode(parlour.observe(player)).ravel()

    def string_from(self, state: ParlourState, player: int) -> str:
        """`player`'s information state (perfect recall) or observation, as text."""
        if self.perfect_recall:
            return state.information_state_key(player)
        return state.observation_key(player)
