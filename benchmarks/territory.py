"""Territory engine throughput: full games per second with every owner a zombie.

Run: ``.venv/bin/python benchmarks/territory.py [--games 40] [--size 14] [--rounds 50]``.
Reports the best of three runs in CPU time of this process (the machines are shared, so wall
time is noisy), quiet (no events, as search uses it) and with events (as a `Match` uses it).
"""

from __future__ import annotations

import argparse
import time

import parlour


def games_per_second(size: int, rounds: int, games: int, quiet: bool) -> float:
    """Best of three timings of `games` all-zombie games, as games per second."""
    game = parlour.load_game("territory", size=size, rounds=rounds, players=0)
    best = float("inf")
    for repeat in range(3):
        start = time.process_time()
        for seed in range(games):
            game.new_state(seed=repeat * games + seed, quiet=quiet)
        best = min(best, time.process_time() - start)
    return games / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--size", type=int, default=14)
    parser.add_argument("--rounds", type=int, default=50)
    args = parser.parse_args()
    for quiet in (True, False):
        rate = games_per_second(args.size, args.rounds, args.games, quiet)
        label = "quiet" if quiet else "with events"
        print(f"territory {args.size}x{args.size}, {args.rounds} rounds, all zombies, "
              f"{label}: {rate:.1f} games/s")


if __name__ == "__main__":
    main()
