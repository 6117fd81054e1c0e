"""Skat decisions through the engine API: OpenSpiel's (C++ from Python) and parlour's, one run.

Run: ``PYTHONPATH=src .venv/bin/python benchmarks/peers/openspiel_skat.py``
(needs `open_spiel`: ``pip install 'parlour[peers]'``).

The issue's `Match`-path measure: per decision, ask for the legal actions, pick one with a
seeded generator, apply it. OpenSpiel's episodes are single deals (its chance deals are not
counted as decisions); parlour plays whole series through `apply` (checked), with events (as a
`Match` runs it) and quiet. Rounds are interleaved; medians of CPU µs per decision and the
ratio to OpenSpiel (above 1: faster than OpenSpiel) are printed.
"""

from __future__ import annotations

import argparse
import statistics
import time

from openspiel_random import random_episodes


def openspiel_us(seconds: float) -> float:
    start = time.process_time()
    _, decisions = random_episodes("skat", seconds)
    return 1e6 * (time.process_time() - start) / decisions


def parlour_us(seconds: float, quiet: bool) -> float:
    from parlour import load_game
    from parlour.bench import bench

    start = time.process_time()
    result = bench(load_game("skat"), seconds=seconds, quiet=quiet)
    return 1e6 * (time.process_time() - start) / result.decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    from parlour.engine import engine_description

    runs: dict[str, list[float]] = {"OpenSpiel (C++ from Python)": [],
                                    "parlour, with events": [], "parlour, quiet": []}
    for _ in range(args.rounds):
        runs["OpenSpiel (C++ from Python)"].append(openspiel_us(args.seconds))
        runs["parlour, with events"].append(parlour_us(args.seconds, quiet=False))
        runs["parlour, quiet"].append(parlour_us(args.seconds, quiet=True))
    base = statistics.median(runs["OpenSpiel (C++ from Python)"])
    print(f"{engine_description()}; medians of {args.rounds} interleaved rounds")
    print(f"{'engine':<30}{'us/decision':>12}{'x OpenSpiel':>13}")
    for name, values in runs.items():
        us = statistics.median(values)
        print(f"{name:<30}{us:>12.2f}{base / us:>13.2f}")


if __name__ == "__main__":
    main()
