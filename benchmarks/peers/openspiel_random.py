"""Uniformly random OpenSpiel episodes, the peer loop of the random-playout benchmarks.

Per decision: ask for the legal actions, pick one with a seeded generator, apply it; chance
outcomes are drawn uniformly from the list (a card deal's are equally likely). The scripts
beside it import it (Python puts a script's own folder on the import path); they need an
interpreter that has `open_spiel`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable


def random_episodes(game_name: str, seconds: float,
                    clock: Callable[[], float] = time.process_time) -> tuple[int, int]:
    """(episodes, decisions) of `game_name` played at random until `clock` has run `seconds`."""
    import pyspiel

    game = pyspiel.load_game(game_name)
    rng = random.Random(0)
    episodes = decisions = 0
    start = clock()
    while clock() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
        episodes += 1
    return episodes, decisions
