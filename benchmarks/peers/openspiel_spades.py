"""Spades random playouts: OpenSpiel's engine and parlour's, single hands, in one run.

Both loops do the same work per hand: a new game (OpenSpiel deals with 52 chance moves,
parlour with one seeded shuffle), then per decision ask for the legal actions, pick one
uniformly with a seeded generator and apply it, until the hand is over (OpenSpiel's Spades is
one hand per episode; parlour's game goes on, so its loop stops when the next hand is dealt).
CPU time of this process, best of three. Run with an interpreter that has `open_spiel`
installed (see ../README.md): ``/tmp/os/bin/python benchmarks/peers/openspiel_spades.py
--parlour-src src``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

from openspiel_random import random_episodes


def best_of_three(run: Callable[[float], tuple[int, int]], seconds: float) -> tuple[float, float]:
    """(hands per CPU second, µs per decision), the best of three runs."""
    best = (0.0, 0.0)
    for _ in range(3):
        start = time.process_time()
        hands, decisions = run(seconds)
        elapsed = time.process_time() - start
        if hands / elapsed > best[0]:
            best = (hands / elapsed, 1e6 * elapsed / decisions)
    return best


def openspiel(seconds: float) -> tuple[int, int]:
    return random_episodes("spades", seconds)


def parlour_hands(quiet: bool) -> Callable[[float], tuple[int, int]]:
    def run(seconds: float) -> tuple[int, int]:
        from parlour import load_game

        game = load_game("spades")
        rng = random.Random(0)
        hands = decisions = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            state = game.new_state(seed=hands)
            state.quiet = quiet
            while state.deal == 0:  # type: ignore[attr-defined]
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                decisions += 1
            hands += 1
        return hands, decisions

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--parlour-src", default=None, help="path to parlour's src/ folder")
    args = parser.parse_args()
    if args.parlour_src:
        sys.path.insert(0, args.parlour_src)
    os_hands, os_us = best_of_three(openspiel, args.seconds)
    rows = [("OpenSpiel (C++, from Python)", os_hands, os_us)]
    for name, quiet in (("parlour, with events", False), ("parlour, quiet", True)):
        hands, micros = best_of_three(parlour_hands(quiet), args.seconds)
        rows.append((name, hands, micros))
    print(f"{'engine':<30}{'hands/s':>10}{'us/decision':>14}{'vs OpenSpiel':>14}")
    for name, hands, micros in rows:
        print(f"{name:<30}{hands:>10,.0f}{micros:>14.2f}{hands / os_hands:>14.2f}")


if __name__ == "__main__":
    main()
