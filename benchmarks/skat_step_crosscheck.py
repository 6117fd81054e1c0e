"""Cross-check the compiled step of Skat's `Match` path against the Python methods, at scale.

Run: ``.venv/bin/python benchmarks/skat_step_crosscheck.py [--deals 100000] [--game skat]``.
`SkatState.legal_actions`, `apply` and `apply_unchecked_no_undo` in C (`_deals_and_step.pyx`) and
the Python methods (`rules.PYTHON_STEP`) play the same whole series side by side, every other
series with events and quiet; after every move every field, history entry, event and undo
record (by what undo restores) must be equal; illegal actions are refused alike, and random
undos restore alike (`parlour.crosscheck.skat_steps.step_crosscheck`). Exits 1 on the first
difference, naming the seed.
"""

from __future__ import annotations

import argparse
import sys
import time

import parlour
from parlour import compiled_switch
from parlour.crosscheck import Divergence
from parlour.crosscheck.harness import add
from parlour.crosscheck.skat_steps import StepCheck, step_crosscheck


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000, help="deals per game")
    parser.add_argument("--part", type=int, default=10_000, help="deals between reports")
    parser.add_argument("--game", action="append", help="game spec (repeatable); default: "
                        "skat, skat.ramsch, skat:players=4, skat:scoring=seeger-fabian")
    args = parser.parse_args()
    if compiled_switch.load("parlour.games.skat._deals_and_step") is None:
        sys.exit(f"the compiled Skat module is not active: {compiled_switch.engine_description()}")
    for spec in args.game or ["skat", "skat.ramsch", "skat:players=4",
                              "skat:scoring=seeger-fabian"]:
        start = time.process_time()
        game = parlour.load_game(spec)
        total = StepCheck()
        while total.deals < args.deals:  # in parts, each reported as it is done
            try:
                done = step_crosscheck(game, min(args.part, args.deals - total.deals),
                                       first_seed=total.last_seed + 1)
            except Divergence as error:
                sys.exit(f"MISMATCH: {error}")
            add(total, done)
            total.last_seed = done.last_seed  # not a count
            print(f"{spec}: {total.deals:,} deals ({total.quiet:,} quiet), {total.moves:,} "
                  f"moves ({total.trusted:,} without undo), {total.illegal:,} illegal actions "
                  f"refused alike, {total.undone:,} undone: identical "
                  f"({time.process_time() - start:.0f} CPU s)", flush=True)


if __name__ == "__main__":
    main()
