"""Skat speed: full deals (bidding included) with uniformly random legal play.

Run: .venv/bin/python benchmarks/bench_skat.py [--games N] [--game skat|skat.ramsch]
Prints deals per CPU second (best of --repeat runs) for the checked path (`apply`), the
quiet checked path, and the
unchecked fast path (`apply_unchecked`, quiet) that search code uses.
"""

from __future__ import annotations

import argparse
import time
from random import Random

import parlour


def run(game_id: str, games: int, quiet: bool, checked: bool) -> float:
    """Deals per second of CPU time (the machine may be shared, so wall time is noisy)."""
    game = parlour.load_game(game_id)
    rng = Random(1)
    deals = 0
    start = time.process_time()
    for seed in range(games):
        state = game.new_state(seed=seed)
        state.quiet = quiet
        apply = state.apply if checked else state.apply_unchecked
        legal_actions = state.legal_actions
        randrange = rng.randrange
        while not state.is_terminal:
            legal = legal_actions()
            apply(legal[randrange(len(legal))])
        deals += len(state.results)
    return deals / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--game", default="skat")
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    args = parser.parse_args()
    for label, quiet, checked in (("apply, events", False, True), ("apply, quiet", True, True),
                                  ("apply_unchecked, quiet", True, False)):
        rate = max(run(args.game, args.games, quiet, checked) for _ in range(args.repeat))
        print(f"{args.game:12s} {label:24s} {rate:9.0f} deals/s")


if __name__ == "__main__":
    main()
