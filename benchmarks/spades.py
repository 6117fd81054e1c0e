"""Spades engine throughput: single hands and whole games per second, on one core.

Run: ``.venv/bin/python benchmarks/spades.py [--seconds 2]``.

- single hands: ``new_state`` (a deal), four random bids and 52 random cards, as OpenSpiel's
  Spades plays one hand per episode; quiet (as search playouts run it) and with events (as a
  `Match` runs it). The next hand's deal, which parlour makes as the last card falls, is
  included in the cost.
- whole games, random play: random bids sink both partnerships for ever, so these games use
  the mercy rule (``mercy=true``, -200) to end.
- whole games, heuristic: four `spades.heuristic` bots through a `Match`, default rules.

Each figure is the best of three runs in CPU time of this process (the machines are shared).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from random import Random

import parlour


def best_rate(work: Callable[[int], int], seconds: float) -> float:
    """Best of three: units of work per CPU second, each run lasting about `seconds`."""
    best = 0.0
    for repeat in range(3):
        done = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            done += work(repeat * 1_000_000 + done)
        best = max(best, done / (time.process_time() - start))
    return best


def single_hands(quiet: bool) -> Callable[[int], int]:
    game = parlour.load_game("spades")
    rng = Random(0)
    randrange = rng.randrange

    def work(seed: int) -> int:
        for offset in range(20):
            state = game.new_state(seed=seed + offset)
            state.quiet = quiet
            while state.deal == 0:
                legal = state.legal_actions()
                state.apply(legal[randrange(len(legal))])
        return 20

    return work


def random_games(quiet: bool) -> Callable[[int], int]:
    game = parlour.load_game("spades", mercy=True)
    rng = Random(0)
    randrange = rng.randrange

    def work(seed: int) -> int:
        state = game.new_state(seed=seed)
        state.quiet = quiet
        while not state.is_terminal:
            legal = state.legal_actions()
            state.apply(legal[randrange(len(legal))])
        return 1

    return work


def heuristic_games() -> Callable[[int], int]:
    game = parlour.load_game("spades")

    def work(seed: int) -> int:
        parlour.Match(game, ["heuristic"] * 4, seed=seed).run()
        return 1

    return work


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    rows = [
        ("single hands, random play, quiet", best_rate(single_hands(True), args.seconds), "hands"),
        ("single hands, random play, with events",
         best_rate(single_hands(False), args.seconds), "hands"),
        ("whole games, random play (mercy), quiet",
         best_rate(random_games(True), args.seconds), "games"),
        ("whole games, random play (mercy), with events",
         best_rate(random_games(False), args.seconds), "games"),
        ("whole games, 4 heuristic bots, Match", best_rate(heuristic_games(), args.seconds),
         "games"),
    ]
    for name, rate, unit in rows:
        print(f"{name:<48}{rate:>10,.0f} {unit}/s")


if __name__ == "__main__":
    main()
