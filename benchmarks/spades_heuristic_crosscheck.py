"""The compiled Spades heuristic against the Python agent on many positions (issue 13).

`parlour.crosscheck.spades_heuristic.crosscheck` over `--positions` seeds: varied positions (five
rule sets, random standings, a random part of the first hand played by random and heuristic
seats), then one or two hands or the rest of the game with every decision compared (the
legal choices, the action, the rule that chose it), the state and history after each hand,
and `SpadesState.play_compiled` leaving the same state. Prints what was covered and how often
each rule of the heuristic decided; exits 1 at the first difference.

    PYTHONPATH=src python benchmarks/spades_heuristic_crosscheck.py --positions 100000
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from parlour.crosscheck import Divergence, drive
from parlour.crosscheck.spades_heuristic import RULE_SETS, CrossCheck, crosscheck


def report(done: CrossCheck, seconds: float) -> None:
    print(f"{done.positions:,} positions over {len(RULE_SETS)} rule sets, {seconds:.0f} CPU s: "
          f"{done.hands:,} hands played out and compared ({done.settled_in_c:,} settled in C, "
          f"the rest by the rules' _score_deal), {done.games_over:,} games over")
    print(f"{done.decisions:,} decisions identical: {done.cards:,} cards, {done.bids:,} bids, "
          f"{done.blind_choices:,} Blind Nil choices")
    print(f"in the hands compared: {done.nil_bids:,} Nil bids, of them {done.blind_nils:,} "
          "Blind Nil")
    print("rule                          decisions")
    for rule, count in done.rules.most_common():
        print(f"{rule:<28} {count:>11,}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100_000)
    parser.add_argument("--start", type=int, default=0, help="the first seed")
    parser.add_argument("--chunk", type=int, default=2_500,
                        help="positions between progress lines (the counts so far, as JSON)")
    args = parser.parse_args()
    began = time.process_time()
    seeds = range(args.start, args.start + args.positions)

    def progress(done: CrossCheck) -> None:  # the counts so far: runs in parts add up
        print(json.dumps({"seeds": [args.start, args.start + done.positions - 1], **vars(done)}),
              flush=True)

    try:
        done = drive(crosscheck, seeds, args.chunk, progress)
    except Divergence as error:
        print(f"MISMATCH: {error}")
        sys.exit(1)
    report(done, time.process_time() - began)


if __name__ == "__main__":
    main()
