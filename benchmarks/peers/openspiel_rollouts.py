"""OpenSpiel's C++ random rollouts per CPU second: the peer figure the playout benchmarks share.

Each rollout is OpenSpiel's `RandomRolloutEvaluator` inside a one-simulation `MCTSBot`, from a
randomly dealt start (the chance moves drawn with a seeded generator), as the speed issue
measured them. Used by `openspiel_skat_playouts.py` and `openspiel_trick_playouts.py`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any


def openspiel_rollout_rate(game_name: str, rollouts: int,
                           advance: Callable[[Any, random.Random], None] | None = None) -> float:
    """Rollouts per CPU second over 4 deals of `game_name`; `advance(state, rng)`, if given,
    plays the dealt state on to where the rollouts should start."""
    import pyspiel

    game = pyspiel.load_game(game_name)
    rng = random.Random(1)
    total = 0.0
    done = 0
    for deal in range(4):
        state = game.new_initial_state()
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        if advance is not None:
            advance(state, rng)
        evaluator = pyspiel.RandomRolloutEvaluator(rollouts, deal)
        bot = pyspiel.MCTSBot(game, evaluator, 2.0, 1, 10**9, False, deal, False)
        begin = time.process_time()
        bot.step(state)
        total += time.process_time() - begin
        done += rollouts
    return done / total
