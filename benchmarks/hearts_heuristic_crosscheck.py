"""The compiled Hearts heuristic against the Python agent, decision by decision, on many deals.

`parlour.testing.hearts_heuristic.crosscheck` over two rule sets (standard, and the J♦ with the
moon subtracting and the Q♠ breaking hearts), half the deals each: every decision of every
seat (the legal moves, the pass or card chosen, the rule that chose it, the candidates search
weighs), seats drawn per deal as the heuristic or random players, and the states after whole
playouts from two positions a deal (to the end of the game on every tenth). Prints what was
covered and how often each rule chose; exits 1 at the first difference. Run:
``.venv/bin/python benchmarks/hearts_heuristic_crosscheck.py --deals 100000``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

RULE_SETS = ("hearts", "hearts:jack_of_diamonds=true,moon=subtract,queen_breaks_hearts=true")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=100_000, help="in all, over both rule sets")
    args = parser.parse_args()
    from parlour import load_game
    from parlour.games.hearts.policy import KERNEL
    from parlour.testing.hearts_heuristic import Mismatch, crosscheck

    if KERNEL is None:
        print("the compiled heuristic is not built: nothing to check", file=sys.stderr)
        return 1
    start = time.process_time()
    rules: Counter[str] = Counter()
    half = args.deals // len(RULE_SETS)
    for i, spec in enumerate(RULE_SETS):
        try:
            done = crosscheck(load_game(spec), range(i * half, (i + 1) * half))
        except Mismatch as error:
            print(f"{spec}: {error}", file=sys.stderr)
            return 1
        rules.update(done.rules)
        print(f"{spec}: {done.deals:,} deals identical: {done.decisions:,} decisions "
              f"({done.passes:,} passes, {done.plays:,} plays, {done.candidates:,} candidate "
              f"sets), {done.playouts:,} playouts ({done.playout_moves:,} moves, "
              f"{done.whole_games:,} to the end of the game), {done.moons:,} moons shot, "
              f"{done.games_over:,} games over", flush=True)
    print("rules that chose (plays; pass rules per pass plan):")
    for rule, count in rules.most_common():
        print(f"  {rule:40} {count:>10,}")
    print(f"{time.process_time() - start:.0f} CPU s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
