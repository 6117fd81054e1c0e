"""Schafkopf bots on duplicate deals: a bot in each seat in turn against three others.

For each deal (one-deal games, seeds from `--seed`), the bot sits in each of the four seats in
turn with `--baseline` in the other three; a seating's gain is the bot's return (its winnings
in the tariff's unit) minus the mean of the other seats'. A deal's value is the mean over its
seatings, and the table gives the mean over deals, its 95% interval and the one-sided p of a
gain above 0. Run, for docs/strength.md:
``PYTHONPATH=src python benchmarks/schafkopf_strength.py --bots "random;ismcts:seconds=0.1"``.
"""

from __future__ import annotations

import argparse
import statistics
import time

import parlour
from parlour.arena.stats import paired_test


def seating_gain(spec: str, baseline: str, seat: int, seed: int) -> tuple[float, float]:
    """The bot's gain in seat `seat` of deal `seed`, and its seconds per decision."""
    game = parlour.load_game("schafkopf", deals=1)
    seats = [baseline] * 4
    seats[seat] = spec
    record = parlour.Match(game, seats, seed=seed).run()
    returns = record.result.returns
    others = [r for s, r in enumerate(returns) if s != seat]
    times = [m.time for m in record.moves if m.player == seat]
    return returns[seat] - statistics.mean(others), sum(times) / max(len(times), 1)


def duplicate_gains(spec: str, baseline: str, seeds: range) -> tuple[list[float], float]:
    """Each deal's mean gain over its four seatings, and the mean seconds per decision."""
    gains, times = [], []
    for seed in seeds:
        played = [seating_gain(spec, baseline, seat, seed) for seat in range(4)]
        gains.append(statistics.mean(g for g, _ in played))
        times.extend(t for _, t in played)
    return gains, statistics.mean(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="random;ismcts:seconds=0.1")
    parser.add_argument("--baseline", default="heuristic")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    print("| bot | deals | gain (a deal) | 95% interval | one-sided p | ms a decision |")
    print("|---|---:|---:|---|---:|---:|")
    for spec in args.bots.split(";"):
        start = time.perf_counter()
        gains, seconds = duplicate_gains(spec, args.baseline,
                                         range(args.seed, args.seed + args.deals))
        interval, p = paired_test(gains)
        mean, low, high = interval.mean, interval.low or 0.0, interval.high or 0.0
        one_sided = 1.0 if p is None else p / 2 if mean > 0 else 1 - p / 2
        print(f"| `{spec}` | {len(gains)} | {mean:+.1f} | {low:+.1f} to {high:+.1f} | "
              f"{one_sided:.2g} | {1000 * seconds:.2f} |  ({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
