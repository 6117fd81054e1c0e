"""The compiled Hearts heuristic against the Python agent, decision by decision, on many deals.

`parlour.crosscheck.hearts_heuristic.crosscheck` over two rule sets (standard, and the J♦ with
the moon subtracting and the Q♠ breaking hearts), seeds alternating between them, in parts of
2,500 deals on the cross-check harness (figures printed after each, so a long run reports as it
goes): every decision of every seat (the legal moves, the pass or card chosen, the rule that
chose it, the candidates search weighs), seats drawn per deal as the heuristic or random
players, and the states after whole playouts from two positions a deal (to the end of the game
on every tenth). Prints what was covered and how often each rule chose; exits 1 at the first
difference. Run:
``.venv/bin/python benchmarks/hearts_heuristic_crosscheck.py --deals 100000``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from typing import Any

RULE_SETS = ("hearts", "hearts:jack_of_diamonds=true,moon=subtract,queen_breaks_hearts=true")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=100_000, help="in all, over both rule sets")
    parser.add_argument("--first", type=int, default=0,
                        help="the first seed (to split a run over processes: seeds first to "
                             "deals - 1)")
    args = parser.parse_args()
    from parlour import load_game
    from parlour.crosscheck import Divergence, drive
    from parlour.crosscheck.hearts_heuristic import crosscheck
    from parlour.games.hearts.heuristic_playouts import COMPILED

    if COMPILED is None:
        print("the compiled heuristic is not built: nothing to check", file=sys.stderr)
        return 1
    start = time.process_time()
    rules: Counter[str] = Counter()
    for index, spec in enumerate(RULE_SETS):  # the rule sets' seeds interleaved
        game = load_game(spec)

        def report(total: Any, spec: str = spec) -> None:
            print(f"{spec}: {total.deals:,} deals identical: {total.decisions:,} decisions "
                  f"({total.passes:,} passes, {total.plays:,} plays, "
                  f"{total.candidates:,} candidate sets), {total.playouts:,} playouts "
                  f"({total.playout_moves:,} moves, {total.whole_games:,} to the end of the "
                  f"game), {total.moons:,} moons shot, {total.games_over:,} games over "
                  f"[{time.process_time() - start:.0f} CPU s]", flush=True)

        seeds = range(args.first + index, args.deals, len(RULE_SETS))
        try:
            done = drive(lambda part: crosscheck(game, part), seeds, 2_500, report)  # noqa: B023
        except Divergence as error:
            print(f"MISMATCH: {error}", file=sys.stderr)
            return 1
        rules.update(done.rules)
    print("rules that chose (plays; pass rules per pass plan):")
    for rule, count in rules.most_common():
        print(f"  {rule:40} {count:>10,}")
    print(f"{time.process_time() - start:.0f} CPU s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
