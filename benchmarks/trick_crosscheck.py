"""The compiled trick-play kernel against the Python rules on many random deals (issue 13).

For each seed and game (Hearts, Spades; two rule sets each), the deal is played to its card
play in Python, then card by card in both the kernel (`parlour.cards._kernel.TrickPlay`) and
the Python engine with the same random choices, comparing after every card the legal cards,
the player to move, the hands, the break, each trick's winner and the cards and tricks taken.
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

GAMES = (("hearts", {}), ("hearts", {"queen_breaks_hearts": True}),
         ("spades", {}), ("spades", {"opening_lead": "two_of_clubs"}))


def check(name: str, params: dict[str, object], seeds: range) -> tuple[int, int]:
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
    parser.add_argument("--deals", type=int, default=100_000, help="deals per game")
    args = parser.parse_args()
    begin = time.process_time()
    for name, params in GAMES:
        seeds = range(args.deals // 2)  # two rule sets per game
        try:
            cards, tricks = check(name, params, seeds)
        except AssertionError as error:
            print(f"{name} {params}: difference at seed {error}")
            sys.exit(1)
        print(f"{name} {params or ''}: {len(seeds):,} deals, {cards:,} cards and {tricks:,} "
              "tricks identical")
    print(f"({time.process_time() - begin:.0f} CPU s)")


if __name__ == "__main__":
    main()
