"""Cross-check the compiled Skat heuristic against `SkatHeuristic` on many seeded deals.

Run: ``PYTHONPATH=src python benchmarks/skat_heuristic_crosscheck.py [--deals 100000]
[--playouts-every 5]``.
The deals are split between ``skat`` (two in five), ``skat.ramsch`` and ``skat:players=4``
(three in ten each), seats mixed between the heuristic and random play. Every decision
compares the compiled choice with the agent's; one position of every fifth deal compares
playouts to the deal's end and the series' end, state and history (`heuristic_crosscheck`).
Prints what was covered, the contracts played and how often each rule of the heuristic
fired; exits 1 on the first difference, naming the seed.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

import parlour
from parlour import compiled_switch
from parlour.crosscheck import Divergence, drive
from parlour.crosscheck.skat_heuristic import heuristic_crosscheck

SHARES = (("skat", 0.4), ("skat.ramsch", 0.3), ("skat:players=4", 0.3))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--playouts-every", type=int, default=5,
                        help="compare playouts from one position of every n-th deal")
    args = parser.parse_args()
    module = compiled_switch.load("parlour.games.skat._heuristic")
    if module is None:
        sys.exit("the compiled Skat heuristic module is not active: "
                 f"{compiled_switch.engine_description()}")
    rules: Counter[str] = Counter()
    first = 0
    total_start = time.process_time()
    for spec, share in SHARES:
        count = round(args.deals * share)
        start = time.process_time()
        game = parlour.load_game(spec)
        try:
            done = drive(lambda part: heuristic_crosscheck(
                game, part, module, args.playouts_every),  # type: ignore[arg-type]  # noqa: B023
                range(first, first + count))
        except Divergence as error:
            sys.exit(f"MISMATCH: {error}")
        first += count
        rules.update(done.rules)
        contracts = ", ".join(f"{n:,} {name}" for name, n in done.contracts.most_common())
        print(f"{spec}: {done.deals:,} deals, {done.decisions:,} decisions, "
              f"{done.playouts:,} playouts ({done.playout_moves:,} moves): identical "
              f"({time.process_time() - start:.0f} CPU s)\n  contracts: {contracts}")
    print(f"all: {time.process_time() - total_start:.0f} CPU s; the heuristic's rules fired "
          "(compiled decisions and playouts):")
    for name, n in sorted(rules.items(), key=lambda item: -item[1]):
        print(f"  {n:>11,}  {name}")


if __name__ == "__main__":
    main()
