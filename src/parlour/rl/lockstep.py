"""A batch of games stepped together: the learner's move in each, then the random seats'.

`advance` is the pure-Python reference; `parlour.rl._lockstep` (compiled, when built) is its
twin, used by `VectorEnv` for seatings of learners and ``random`` seats.
tests/rl/test_batch.py checks that both play the same moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any

import numpy as np

from parlour.core import Action, State


def advance(states: Sequence[State[Any]], actions: Sequence[Action], ids: np.ndarray,
            randoms: Sequence[Sequence[Random | None]], seats: np.ndarray,
            moves: np.ndarray) -> None:
    """For every game i: play ``actions[ids[i]]`` for the seat to act, then let each seat with
    a generator in ``randoms[i]`` (None marks a learner's seat) play a random legal action,
    exactly as `RandomAgent.act` draws it, until a learner is to act or the game is over.
    Writes the seat to act (-1 once over) into ``seats[i]`` and the moves played (chance
    moves included) into ``moves[i]``."""
    for i, state in enumerate(states):
        before = len(state.history)
        state.apply_unchecked_no_undo(actions[int(ids[i])])
        seat_rngs = randoms[i]
        while True:
            current = state.current_player
            if current is None:
                seats[i] = -1
                break
            rng = seat_rngs[current]
            if rng is None:
                seats[i] = current
                break
            legal = state.legal_actions()
            state.apply_unchecked_no_undo(legal[rng.randrange(len(legal))])
        moves[i] = len(state.history) - before


def compiled() -> Any:
    """The compiled `advance` (`parlour.rl._lockstep.advance`), or None on the pure path."""
    from parlour import compiled_switch

    module = compiled_switch.load("parlour.rl._lockstep")
    return None if module is None else module.advance
