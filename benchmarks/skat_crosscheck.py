"""Cross-check the compiled Skat kernel against the Python rules on many random deals.

Run: ``.venv/bin/python benchmarks/skat_crosscheck.py [--deals 100000] [--game skat]``.
Every move of every deal, from its first decision, compares the player to move and the legal
actions (bids, answers, the skat, burying, declaring, cards); every card the trick winners
and the cards taken; every deal ends comparing the settled state (the result, settled in C
where the game keeps `Skat.score_deal`, totals, tiebreaks, history) and the next deal,
started undealt. A quarter of the deals start with three passes, so Ramsch deals are covered
where the rules have them. Runs on the cross-check harness (`parlour.crosscheck.drive`); exits
1 on the first difference, naming the seed, move, field and compiled file.
"""

from __future__ import annotations

import argparse
import sys
import time

import parlour
from parlour import compiled_switch
from parlour.crosscheck import Divergence, drive
from parlour.crosscheck.skat_deals import crosscheck


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--game", action="append", help="game spec (repeatable); default: "
                        "skat, skat.ramsch, skat:players=4, skat:scoring=seeger-fabian")
    args = parser.parse_args()
    module = compiled_switch.load("parlour.games.skat._deals_and_step")
    if module is None:
        sys.exit(f"the compiled Skat module is not active: {compiled_switch.engine_description()}")
    for spec in args.game or ["skat", "skat.ramsch", "skat:players=4",
                              "skat:scoring=seeger-fabian"]:
        start = time.perf_counter()
        game = parlour.load_game(spec)
        try:
            done = drive(lambda part: crosscheck(game, part, module),  # type: ignore[arg-type]  # noqa: B023
                         range(args.deals))
        except Divergence as error:
            sys.exit(f"MISMATCH: {error}")
        outcomes = ", ".join(f"{n:,} {name}" for name, n in done.outcomes.most_common())
        print(f"{spec}: {done.deals:,} deals, {done.moves:,} moves, {done.cards:,} cards, "
              f"{done.tricks:,} tricks; {done.games:,} ISkO games ({outcomes}), "
              f"{done.settled_in_c:,} settled in C: identical "
              f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
