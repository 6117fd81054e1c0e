"""The compiled Hearts and Spades kernels against the Python rules on many random deals (issue 13).

Two checks per game, each on its own seeds:

- the card play (`parlour.cards._kernel.TrickPlay`), from the first card of a deal, over two
  rule sets per game: after every card the legal cards, the player to move, the hands, the
  break, each trick's winner and the cards and tricks taken;
- the whole deal (`HeartsDeal`, `SpadesDeal`: `parlour.testing.trick_kernels.crosscheck`), from
  the first decision, over the rule sets of the CI test: the passing or bidding, the cards,
  settling (in C on every other seed) and the next deal, left undealt by the kernel.

Prints the counts compared; exits 1 at the first difference.

    PYTHONPATH=src python benchmarks/trick_crosscheck.py --deals 100000
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from parlour.cards._kernel import TrickPlay

import parlour
from parlour.testing.trick_kernels import CrossCheck, Mismatch, crosscheck

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


def check_card_play(name: str, params: dict[str, object], seeds: range) -> tuple[int, int]:
    """(cards, tricks) compared; raises AssertionError with the seed on a difference."""
    game = parlour.load_game(name, **params)
    cards = tricks = 0
    play = TrickPlay()
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        state.quiet = True
        while not state.in_card_play():
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])
        play.load(state, *state.kernel_rules()[:3])
        deal = state.deal
        while True:
            assert play.legal_mask() == state.legal_mask(), seed
            assert play.current == state.current, seed
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            winner = play.play(action.card)
            state.apply_unchecked(action)
            cards += 1
            if winner >= 0:
                tricks += 1
            if state.deal != deal or state.is_terminal:
                assert play.done and play.ntricks == 13, seed
                break
            assert [play.hand(s) for s in range(4)] == state.hands, seed
            assert play.broken == state.broken, seed
            if winner >= 0:
                assert winner == state.leader == state.current, seed
                if name == "hearts":
                    assert [play.taken_by(s) for s in range(4)] == state.taken, seed
                else:
                    assert tuple(play.won_by(s) for s in range(4)) == state.won, seed
    return cards, tricks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000, help="deals per game and check")
    args = parser.parse_args()
    begin = time.process_time()
    print("The card play, from the first card:")
    for name, params in CARD_PLAY:
        seeds = range(args.deals // 2)  # two rule sets per game
        try:
            cards, tricks = check_card_play(name, params, seeds)
        except AssertionError as error:
            print(f"{name} {params}: difference at seed {error}")
            sys.exit(1)
        print(f"  {name} {params or ''}: {len(seeds):,} deals, {cards:,} cards and {tricks:,} "
              "tricks identical")
    print("Whole deals, from the first decision, settled and the next deal started:")
    for game_name in ("hearts", "spades"):
        sets = [params for name, params in DEALS if name == game_name]
        total = CrossCheck()
        for params in sets:
            seeds = range(1_000_000, 1_000_000 + args.deals // len(sets))
            try:
                done = crosscheck(parlour.load_game(game_name, **params), seeds)
            except Mismatch as error:
                print(f"{game_name} {params}: {error}")
                sys.exit(1)
            for field in ("deals", "choices", "cards", "tricks", "settled_in_c", "games_over",
                          "undealt"):
                setattr(total, field, getattr(total, field) + getattr(done, field))
        print(f"  {game_name} ({len(sets)} rule sets): {total.deals:,} deals identical: "
              f"{total.choices:,} passes or bids, {total.cards:,} cards, {total.tricks:,} "
              f"tricks; {total.settled_in_c:,} settled in C, the rest by the rules' "
              f"_score_deal; {total.games_over:,} games over; {total.undealt:,} next deals "
              "left undealt")
    print(f"({time.process_time() - begin:.0f} CPU s)")


if __name__ == "__main__":
    main()
