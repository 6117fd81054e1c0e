"""The compiled ISMCTS loop against the Python loop, decision for decision, on many positions.

For each game (Hearts, Spades) and seed, a position somewhere in the first deal's card play
(random passes, bids and cards before it, so voids show up), searched on both loops from the
same seed under one of several settings in turn (root, opponents, value, c): the decision, the
root's visits and mean values, and the generator's state afterwards must be identical. With
random rollouts on both games, then on each with its default rollout, the heuristic
(compiled: in the rollouts, as the modelled opponents and, in Hearts, as the proposer of the
moves; on the Python loop the Python agents throughout). Exits 1 naming the first position
that differs. Run: ``.venv/bin/python benchmarks/ismcts_crosscheck.py --positions 1000``;
``--games spades-auto --start 500 --positions 500`` checks one run over seeds 500-999 (to split
a long check across processes).
"""

from __future__ import annotations

import argparse
import sys
import time

from parlour.crosscheck import Divergence, drive
from parlour.crosscheck.ismcts_loops import RUNS, crosscheck


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=1000, help="per game")
    parser.add_argument("--iterations", type=int, default=60)
    parser.add_argument("--start", type=int, default=0, help="the first seed")
    parser.add_argument("--games", default=",".join(RUNS),
                        help=f"a comma list of the runs to do, of: {', '.join(RUNS)}")
    args = parser.parse_args()
    runs = [name.strip() for name in args.games.split(",") if name.strip()]
    unknown = [name for name in runs if name not in RUNS]
    if unknown or not runs:
        parser.error(f"--games: unknown run {', '.join(unknown) or '(none)'}; "
                     f"choose from {', '.join(RUNS)}")
    from parlour.agents.search import ismcts_gate

    if not ismcts_gate.available():
        print("the compiled ISMCTS loop is not built: nothing to check", file=sys.stderr)
        return 1
    start = time.process_time()
    seeds = range(args.start, args.start + args.positions)
    for name in runs:
        game_id, rollout, _ = RUNS[name]
        run_start = time.process_time()
        try:
            drive(lambda part: crosscheck(name, part, args.iterations), seeds, 1_000)  # noqa: B023
        except Divergence as error:
            print(error, file=sys.stderr)
            return 1
        print(f"{game_id}, rollout={rollout}: {args.positions:,} positions (seeds "
              f"{seeds.start}-{seeds.stop - 1}), {args.iterations} iterations each, identical "
              f"on both loops ({time.process_time() - run_start:.0f} CPU s)", flush=True)
    print(f"{time.process_time() - start:.0f} CPU s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
