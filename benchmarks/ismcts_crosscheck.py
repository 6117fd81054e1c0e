"""The compiled ISMCTS loop against the Python loop, decision for decision, on many positions.

For each game (Hearts, Spades) and seed, a position somewhere in the first deal's card play
(random passes, bids and cards before it, so voids show up), searched on both loops from the
same seed under one of several settings in turn (root, opponents, value, c): the decision, the
root's visits and mean values, and the generator's state afterwards must be identical. With
random rollouts on both games, then on each with its default rollout, the heuristic
(compiled: in the rollouts, as the modelled opponents and, in Hearts, as the proposer of the
moves; on the Python loop the Python agents throughout). Exits 1 naming the first position
that differs. Run: ``.venv/bin/python benchmarks/ismcts_crosscheck.py --positions 1000``;
``--games spades-auto --start 500 --positions 500`` checks one run over seeds 500-999 (to split
a long check across processes).
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
HEURISTIC_SETTINGS: list[dict[str, Any]] = [
    {},  # the default ismcts: heuristic rollouts, opponents and candidates, halving
    {"root": "ucb", "value": "rank"},
    {"opponents": "tree", "c": 0.7},
    {"moves": "legal"},
    {"opponents": "tree", "moves": "legal", "root": "ucb"},
]
SPADES_HEURISTIC_SETTINGS: list[dict[str, Any]] = [
    {},  # the default ismcts: heuristic rollouts and expansions, opponents in the tree, halving
    {"root": "ucb", "value": "rank"},
    {"opponents": "policy", "c": 0.7},
    {"opponents": "policy", "root": "ucb"},
    {"root": "ucb", "c": 0.0},
]
RUNS: dict[str, tuple[str, str, list[dict[str, Any]]]] = {
    "hearts-random": ("hearts", "random", SETTINGS),
    "spades-random": ("spades", "random", SETTINGS),
    "hearts-auto": ("hearts", "auto", HEURISTIC_SETTINGS),
    "spades-auto": ("spades", "auto", SPADES_HEURISTIC_SETTINGS),
}
"""The runs by name: the game, its rollout and the settings taken in turn."""


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
    from parlour.games.hearts.policy import python_heuristic
    from parlour.games.spades.policy import python_heuristic as python_spades_heuristic

    with (nullcontext() if compiled else card_kernel.python_loop(),
          nullcontext() if compiled else python_heuristic(),
          nullcontext() if compiled else python_spades_heuristic()):
        rng = Random(seed)
        agent = ISMCTSAgent(game, observation.seat, rng, iterations=iterations, **options)
        if compiled:
            playout = agent.playout
            assert playout is not None
            modelled = agent.modelled_opponents(game, playout) == "policy"
            assert card_kernel.compiled_search(agent, game, playout, observation, modelled)
        action = agent.act(observation)
        report = agent.report
        return (action, report and report.visits, report and report.values,
                rng.getstate())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=1000, help="per game")
    parser.add_argument("--iterations", type=int, default=60)
    parser.add_argument("--start", type=int, default=0, help="the first seed")
    parser.add_argument("--games", default=",".join(RUNS),
                        help=f"a comma list of the runs to do, of: {', '.join(RUNS)}")
    args = parser.parse_args()
    runs = [name.strip() for name in args.games.split(",") if name.strip()]
    unknown = [name for name in runs if name not in RUNS]
    if unknown or not runs:
        parser.error(f"--games: unknown run {', '.join(unknown) or '(none)'}; "
                     f"choose from {', '.join(RUNS)}")
    from parlour import load_game
    from parlour.agents.search import card_kernel

    if not card_kernel.available():
        print("the compiled ISMCTS loop is not built: nothing to check", file=sys.stderr)
        return 1
    start = time.process_time()
    seeds = range(args.start, args.start + args.positions)
    for name in runs:
        game_id, rollout, settings = RUNS[name]
        game = load_game(game_id)
        run_start = time.process_time()
        for seed in seeds:
            observation = position(game, seed)
            options = {**settings[seed % len(settings)], "rollout": rollout}
            compiled = search(game, observation, True, seed, args.iterations, options)
            python = search(game, observation, False, seed, args.iterations, options)
            if compiled != python:
                print(f"{game_id} seed {seed} {options}: the loops differ "
                      f"({compiled[0]} against {python[0]})", file=sys.stderr)
                return 1
        print(f"{game_id}, rollout={rollout}: {args.positions:,} positions (seeds "
              f"{seeds.start}-{seeds.stop - 1}), {args.iterations} iterations each, identical "
              f"on both loops ({time.process_time() - run_start:.0f} CPU s)", flush=True)
    print(f"{time.process_time() - start:.0f} CPU s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
