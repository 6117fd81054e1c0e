#!/usr/bin/env python3
"""A heartless-style Hearts script: run once per decision, prints its card(s) and exits.

It plays low: passes its most dangerous cards (Q♠, A♠, K♠, then high hearts, then high cards),
ducks under the highest card of the trick when it can, and dumps the Q♠ and high hearts when it
cannot follow suit. It knows only the convention of docs/protocol.md ("Heartless scripts").
"""

import sys

RANKS = "234567890JQKA"
SUITS = "cdsh"


def read_cards(packed):
    """Cards as (rank 2..14, suit letter) from "2c0cQd" or "QKAs" (shared suit marks)."""
    cards, pending = [], []
    for ch in packed:
        if ch in RANKS:
            pending.append(RANKS.index(ch) + 2)
        elif ch in SUITS:
            cards.extend((rank, ch) for rank in pending)
            pending = []
    return cards


def text(card):
    rank, suit = card
    return RANKS[rank - 2] + suit


def main(argv):
    args = dict(arg[2:].split("=", 1) for arg in argv if arg.startswith("--") and "=" in arg)
    hand = read_cards(args["hand"])
    discarded = read_cards(args["discarded"])
    round_ = int(args["round"])
    who = int(args["who"])
    follow = args["suit_to_follow"][:1]
    queen = (12, "s")

    if round_ == 0:
        def danger(card):
            rank, suit = card
            if card == queen:
                return 100
            if suit == "s" and rank > 12:
                return 90 + rank
            return rank + (20 if suit == "h" else 0)
        return "".join(text(c) for c in sorted(hand, key=danger, reverse=True)[:3])

    if int(args["under_the_gun"]) == who:
        if round_ == 1:
            return "2c"
        broken = any(suit == "h" for _, suit in discarded)
        choices = [c for c in hand if c[1] != "h"] if not broken else hand
        return text(min(choices or hand, key=lambda c: (c[0], c == queen)))

    same = sorted(c for c in hand if c[1] == follow)
    if same:
        high = read_cards(args["high_card"])
        below = [c for c in same if high and c[0] < high[0][0]]
        if below:
            return text(queen if queen in below else below[-1])
        played = sum(1 for name in ("left", "opposite", "right") if args[f"{name}_discarding"])
        if played == 3:
            safe = [c for c in same if c != queen]
            return text((safe or same)[-1])
        return text(same[0])

    if round_ == 1:
        safe = [c for c in hand if c[1] != "h" and c != queen]
        return text(max(safe or hand))
    if queen in hand:
        return text(queen)
    hearts = [c for c in hand if c[1] == "h"]
    return text(max(hearts or hand))


if __name__ == "__main__":
    print(main(sys.argv[1:]))
