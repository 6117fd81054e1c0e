"""The compiled ISMCTS loop against the Python loop, decision for decision, on many positions.

For each game (Hearts, Spades) and seed, a position somewhere in the first deal's card play
(random passes, bids and cards before it, so voids show up), searched on both loops from the
same seed under one of several settings in turn (root, opponents, value, c): the decision, the
root's visits and mean values, and the generator's state afterwards must be identical. Exits 1
naming the first position that differs. Run:
``.venv/bin/python benchmarks/ismcts_crosscheck.py --positions 1000``.
"""

from __future__ import annotations

import argparse
import sys
import time
from contextlib import nullcontext
from random import Random
from typing import Any

SETTINGS: list[dict[str, Any]] = [
    {"root": "halving"},
    {"root": "ucb"},
    {"root": "halving", "opponents": "policy", "c": 0.7},
    {"root": "ucb", "opponents": "policy", "value": "rank"},
    {"root": "ucb", "value": "rank", "c": 0.0},
]


def position(game: Any, seed: int) -> Any:
    """The first decision with a choice once a seed-chosen number of cards are down."""
    state = game.new_state(seed=seed)
    rng = Random(seed)
    played = rng.randrange(46)
    while True:
        observation = state.observe(state.current_player)
        legal = observation.legal_actions
        if (observation.phase == "play" and len(legal) > 1
                and 4 * len(observation.tricks) + len(observation.trick) >= played):
            return observation
        state.apply(legal[rng.randrange(len(legal))])


def search(game: Any, observation: Any, compiled: bool, seed: int, iterations: int,
           options: dict[str, Any]) -> tuple[Any, ...]:
    from parlour.agents.search import ISMCTSAgent, card_kernel

    with nullcontext() if compiled else card_kernel.python_loop():
        rng = Random(seed)
        agent = ISMCTSAgent(game, observation.seat, rng, iterations=iterations,
                            rollout="random", **options)
        action = agent.act(observation)
        report = agent.report
        assert report is not None
        return action, report.visits, report.values, rng.getstate()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=1000, help="per game")
    parser.add_argument("--iterations", type=int, default=60)
    args = parser.parse_args()
    from parlour import load_game
    from parlour.agents.search import card_kernel

    if not card_kernel.available():
        print("the compiled ISMCTS loop is not built: nothing to check", file=sys.stderr)
        return 1
    start = time.process_time()
    for game_id in ("hearts", "spades"):
        game = load_game(game_id)
        for seed in range(args.positions):
            observation = position(game, seed)
            options = SETTINGS[seed % len(SETTINGS)]
            compiled = search(game, observation, True, seed, args.iterations, options)
            python = search(game, observation, False, seed, args.iterations, options)
            if compiled != python:
                print(f"{game_id} seed {seed} {options}: the loops differ "
                      f"({compiled[0]} against {python[0]})", file=sys.stderr)
                return 1
        print(f"{game_id}: {args.positions:,} positions, {args.iterations} iterations each, "
              "identical on both loops")
    print(f"{time.process_time() - start:.0f} CPU s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
