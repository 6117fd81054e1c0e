"""The compiled Hearts and Spades kernels against the Python rules on many random deals (issue 13).

Two checks per game, each on its own seeds:

- the card play (`parlour.crosscheck.card_play`: `cards/_trick_play.pyx`'s `TrickPlay`), from the
  first card of a deal, over two rule sets per game: after every card the legal cards, the
  player to move, the hands, the break, each trick's winner and the cards and tricks taken;
- the whole deal (`HeartsDeal`, `SpadesDeal`: `parlour.crosscheck.trick_deals.crosscheck`), from
  the first decision, over the rule sets of the CI test: the passing or bidding, the cards,
  settling (in C on every other seed) and the next deal, left undealt by the kernel.

Both run on the cross-check harness (`parlour.crosscheck.drive`). Prints the counts compared;
exits 1 at the first difference, naming the seed, move, field and compiled file.

    PYTHONPATH=src python benchmarks/trick_crosscheck.py --deals 100000
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import asdict

import parlour
from parlour.crosscheck import Divergence, drive
from parlour.crosscheck.card_play import crosscheck as card_play
from parlour.crosscheck.trick_deals import CrossCheck, crosscheck

CARD_PLAY = (("hearts", {}), ("hearts", {"queen_breaks_hearts": True}),
             ("spades", {}), ("spades", {"opening_lead": "two_of_clubs"}))
DEALS = (
    ("hearts", {}),
    ("hearts", {"queen_breaks_hearts": True, "jack_of_diamonds": True, "moon": "subtract",
                "passing": "across,none", "end_score": 60}),
    ("spades", {}),
    ("spades", {"opening_lead": "two_of_clubs", "nil": False, "mercy": True}),
    ("spades", {"blind_nil": True, "blind_nil_deficit": 50, "max_hands": 3}),
)
PART = 10_000
"""Seeds per part of a run (the harness's `drive`)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000, help="deals per game and check")
    args = parser.parse_args()
    begin = time.process_time()
    print("The card play, from the first card:")
    for name, params in CARD_PLAY:
        game = parlour.load_game(name, **params)
        try:  # two rule sets per game
            cards = drive(lambda seeds: card_play(game, seeds),  # noqa: B023
                          range(args.deals // 2), PART)
        except Divergence as error:
            sys.exit(f"MISMATCH: {error}")
        print(f"  {name} {params or ''}: {cards.deals:,} deals, {cards.cards:,} cards and "
              f"{cards.tricks:,} tricks identical")
    print("Whole deals, from the first decision, settled and the next deal started:")
    for game_name in ("hearts", "spades"):
        sets = [params for name, params in DEALS if name == game_name]
        total = CrossCheck()
        for params in sets:
            game = parlour.load_game(game_name, **params)
            seeds = range(1_000_000, 1_000_000 + args.deals // len(sets))
            try:
                done = drive(lambda seeds: crosscheck(game, seeds), seeds, PART)  # noqa: B023
            except Divergence as error:
                sys.exit(f"MISMATCH: {error}")
            for field, value in asdict(done).items():
                setattr(total, field, getattr(total, field) + value)
        print(f"  {game_name} ({len(sets)} rule sets): {total.deals:,} deals identical: "
              f"{total.choices:,} passes or bids, {total.cards:,} cards, {total.tricks:,} "
              f"tricks; {total.settled_in_c:,} settled in C, the rest by the rules' "
              f"_score_deal; {total.games_over:,} games over; {total.undealt:,} next deals "
              "left undealt")
    print(f"({time.process_time() - begin:.0f} CPU s)")


if __name__ == "__main__":
    main()
