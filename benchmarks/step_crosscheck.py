"""The compiled steps of Hearts and Spades against the Python step on many seeded deals (issue 13).

`parlour.crosscheck.trick_steps.crosscheck_steps` per seed: a deal and the start of the next from
a random standing, moved by the compiled `legal_actions`, `apply` and `apply_unchecked_no_undo`
beside the Python methods, with events on every other seed and quiet on the others, with undo,
moves without undo and illegal actions, the whole states compared after every decision. The
seeds of a game are split over the rule sets below. Prints what was compared; exits 1 at the
first difference, naming the seed, move, field and the step's `.pyx`.

    PYTHONPATH=src python benchmarks/step_crosscheck.py --deals 100000
"""

from __future__ import annotations

import argparse
import sys
import time

import parlour
from parlour.crosscheck import Divergence, drive
from parlour.crosscheck.harness import add
from parlour.crosscheck.trick_steps import StepCheck, crosscheck_steps

RULE_SETS = {
    "hearts": ({}, {"queen_breaks_hearts": True, "jack_of_diamonds": True, "moon": "subtract",
                    "passing": "across,none", "end_score": 60}),
    "spades": ({}, {"opening_lead": "two_of_clubs", "nil": False, "mercy": True},
               {"blind_nil": True, "blind_nil_deficit": 50, "max_hands": 3}),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000, help="seeds (deals) per game")
    parser.add_argument("--games", default="hearts,spades")
    args = parser.parse_args()
    for name in args.games.split(","):
        sets = RULE_SETS[name]
        total = StepCheck()
        start = time.process_time()
        for index, params in enumerate(sets):
            game = parlour.load_game(name, **params)
            seeds = range(index, args.deals, len(sets))
            try:
                add(total, drive(lambda part: crosscheck_steps(game, part), seeds))  # noqa: B023
            except Divergence as error:
                sys.exit(f"MISMATCH: {error}")
        cpu = time.process_time() - start
        print(f"{name}: {total.deals:,} deals over {len(sets)} rule sets identical: "
              f"{total.applied:,} checked applies, {total.without_undo:,} without undo, "
              f"{total.undone:,} undos, {total.illegal:,} illegal actions refused alike, "
              f"{total.games_over:,} games over ({cpu:.0f} CPU s)")


if __name__ == "__main__":
    main()
