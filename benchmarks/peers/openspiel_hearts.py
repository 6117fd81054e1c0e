"""Hearts random playouts: OpenSpiel's engine and parlour's, measured in one run.

Both loops do the same work per decision: ask for the legal actions, pick one uniformly with a
seeded generator, apply it. OpenSpiel's Hearts is one deal per game; parlour's deals are counted
from whole games. Run with an interpreter that has `open_spiel` installed (see ../README.md).
"""

from __future__ import annotations

import argparse
import sys
import time

from openspiel_random import random_episodes


def bench_openspiel(seconds: float) -> tuple[float, float]:
    start = time.perf_counter()
    hands, decisions = random_episodes("hearts", seconds, time.perf_counter)
    elapsed = time.perf_counter() - start
    return hands / elapsed, 1e6 * elapsed / decisions


def bench_parlour(seconds: float, quiet: bool) -> tuple[float, float]:
    from parlour import load_game
    from parlour.bench import bench

    result = bench(load_game("hearts"), seconds=seconds, quiet=quiet)
    return result.deals_per_second, result.us_per_decision


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--parlour-src", default=None, help="path to parlour's src/ folder")
    args = parser.parse_args()
    if args.parlour_src:
        sys.path.insert(0, args.parlour_src)
    os_hands, os_us = bench_openspiel(args.seconds)
    pl_hands, pl_us = bench_parlour(args.seconds, quiet=False)
    pq_hands, pq_us = bench_parlour(args.seconds, quiet=True)
    print(f"{'engine':<28}{'hands/s':>10}{'us/decision':>14}{'vs OpenSpiel':>14}")
    print(f"{'OpenSpiel (C++, from Python)':<28}{os_hands:>10,.0f}{os_us:>14.2f}{1:>14.2f}")
    for name, hands, micros in (("parlour, with events", pl_hands, pl_us),
                                ("parlour, quiet", pq_hands, pq_us)):
        print(f"{name:<28}{hands:>10,.0f}{micros:>14.2f}{hands / os_hands:>14.2f}")


if __name__ == "__main__":
    main()
