"""Cross-check the compiled Skat kernel against the Python rules on many random deals.

Run: ``.venv/bin/python benchmarks/skat_crosscheck.py [--deals 100000] [--game skat]``.
Every card of every deal compares the legal cards, the next player, the trick winners and the
cards taken; every deal ends comparing the settled state (scores, tricks, hands, history).
A quarter of the deals start with three passes, so Ramsch deals are covered where the rules
have them. Exits 1 on the first difference, naming the seed.
"""

from __future__ import annotations

import argparse
import sys
import time

import parlour
from parlour import engine
from parlour.games.skat.crosscheck import Mismatch, crosscheck


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--game", action="append", help="game spec (repeatable); default: "
                        "skat, skat.ramsch and skat:players=4")
    args = parser.parse_args()
    kernel = engine.kernel("parlour.games.skat._kernel")
    if kernel is None:
        sys.exit(f"the Skat kernel is not active: {engine.engine_description()}")
    for spec in args.game or ["skat", "skat.ramsch", "skat:players=4"]:
        start = time.perf_counter()
        try:
            done = crosscheck(parlour.load_game(spec), range(args.deals), kernel)  # type: ignore[arg-type]
        except Mismatch as error:
            sys.exit(f"MISMATCH: {error}")
        print(f"{spec}: {args.deals:,} seeds, {done.deals:,} deals played out, "
              f"{done.cards:,} cards, {done.tricks:,} tricks: identical "
              f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
