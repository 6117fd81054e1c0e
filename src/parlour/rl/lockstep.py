"""A batch of games stepped together: the learner's move in each, then the other seats'.

The other seats are ``random`` (their generator draws as `RandomAgent.act` does) or agents
with a `lockstep_decider` (the compiled heuristics of Hearts and Spades: their own moves,
decided in C from the seat's knowledge; see `mover`). `advance` is the pure-Python
reference; `parlour.rl._lockstep` (compiled, when built) is its twin, used by `VectorEnv`.
tests/rl/test_batch.py checks that both play the same moves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import Any

import numpy as np

from parlour.agents.random_agent import RandomAgent
from parlour.core import Action, State

Decider = Callable[[State[Any]], Action]
"""An agent's move for the seat to act in a state (`lockstep_decider`)."""
Mover = Random | Decider | None
"""How a seat moves on the lockstep path: a random seat's generator, an agent's decider, or
None for a learner."""


def mover(agent: Any, state: State[Any]) -> Mover | bool:
    """How `agent` (None: a learner) moves on the lockstep path in games like `state`, or
    False where it must be asked through `act` game by game."""
    if agent is None:
        return None
    if type(agent) is RandomAgent:
        rng: Random = agent.rng
        return rng
    decider = getattr(agent, "lockstep_decider", None)
    return False if decider is None else decider(state)


def advance(states: Sequence[State[Any]], actions: Sequence[Action], ids: np.ndarray,
            randoms: Sequence[Sequence[Mover]], seats: np.ndarray, moves: np.ndarray) -> None:
    """For every game i: play ``actions[ids[i]]`` for the seat to act, then let each seat with
    a generator in ``randoms[i]`` play a random legal action, exactly as `RandomAgent.act`
    draws it, and each seat with a decider play the decider's move (None marks a learner's
    seat), until a learner is to act or the game is over.
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
            if isinstance(rng, Random):
                legal = state.legal_actions()
                state.apply_unchecked_no_undo(legal[rng.randrange(len(legal))])
            else:
                state.apply_unchecked_no_undo(rng(state))
        moves[i] = len(state.history) - before


def compiled() -> Any:
    """The compiled `advance` (`parlour.rl._lockstep.advance`), or None on the pure path."""
    from parlour import compiled_switch

    module = compiled_switch.load("parlour.rl._lockstep")
    return None if module is None else module.advance
