"""Features of one candidate card play, for learned move scorers (`parlour.rl.distil`).

A scorer values each move the heuristic proposes from a short description of that move in its
position, the same network for every card: what the card is, how it stands in its suit
(unseen cards above and below, this seat's own), what it does to the trick in progress (follow,
discard, win so far, the points at stake), who is void in its suit, and the deal's state (points
taken, hearts broken, the Q♠). Sharing one small network across cards is what lets it learn from
tens of thousands of decisions rather than millions. The list is in docs/rules/hearts.md
("Move features").
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from parlour.cards import SUIT_MASKS
from parlour.core import Action
from parlour.games.hearts.knowledge import (
    HEARTS_MASK,
    HIGH_SPADES,
    QS_BIT,
    QUEEN_OF_SPADES,
    Knowledge,
    above,
    below,
)
from parlour.games.hearts.observation import HeartsObservation

HEARTS_SUIT = 2
NAMES = (
    "clubs", "diamonds", "hearts suit", "spades",
    "first to the trick", "second", "third", "last",
    "is the Q♠", "is a heart", "rank",
    "unseen above", "unseen below", "unseen in suit",
    "own in suit", "own above", "own below",
    "follows suit", "discards", "wins the trick so far", "points taken if it wins last",
    "boss of its suit", "later seats void in suit",
    "left void in suit", "across void in suit", "right void in suit",
    "passed cards in suit", "the advisor's move",
    "own points", "left points", "across points", "right points",
    "hearts broken", "cards played", "unseen hearts", "Q♠ unseen", "A♠ K♠ unseen",
    "holds the Q♠", "hand size", "has taken points", "others who took points",
    "points in the trick", "Q♠ in the trick", "leading",
    "bias",
)
"""What each column of a move's row says (docs/rules/hearts.md, "Move features")."""
FEATURES = len(NAMES)
"""The length of one move's feature row."""
COLUMN = {name: index for index, name in enumerate(NAMES)}


def move_features(observation: HeartsObservation, moves: Sequence[Action],
                  advice: Action) -> np.ndarray:
    """One float32 row of `FEATURES` per card play in `moves` (a play-phase decision)."""
    legal = 0
    for action in observation.legal_actions:
        legal |= 1 << action.card  # type: ignore[attr-defined]
    know = Knowledge.read(observation, legal)
    me = know.seat
    unseen, hand, voids = know.unseen, know.hand, know.voids
    trick = know.trick
    in_trick = len(trick)
    lead = trick[0] >> 4 if trick else -1
    later = know.later_seats()
    others = [(me + i) & 3 for i in (1, 2, 3)]
    taken = [know.taken[p] / 26.0 for p in (me, *others)]
    trick_mask = 0
    for played in trick:
        trick_mask |= 1 << played
    known = 0
    for cards in know.known:
        known |= cards
    shared = [
        *taken,
        float(know.hearts_broken),
        (know.played.bit_count() - in_trick) / 52.0,
        (unseen & HEARTS_MASK).bit_count() / 13.0,
        float(bool(unseen & QS_BIT)),
        (unseen & HIGH_SPADES).bit_count() / 2.0,
        float(bool(hand & QS_BIT)),
        hand.bit_count() / 13.0,
        float(know.taken[me] > 0),
        sum(1 for p in others if know.taken[p] > 0) / 3.0,
        know.trick_points / 26.0,
        float(bool(trick_mask & QS_BIT)),
        float(in_trick == 0),
    ]
    rows = np.zeros((len(moves), FEATURES), dtype=np.float32)
    for row, move in zip(rows, moves, strict=True):
        card: int = move.card  # type: ignore[attr-defined]
        suit = card >> 4
        suit_mask = SUIT_MASKS[suit]
        follows = suit == lead
        wins = follows and card > know.winning
        points = (1 if suit == HEARTS_SUIT else 0) + (13 if card == QUEEN_OF_SPADES else 0)
        values = [
            float(card == QUEEN_OF_SPADES),
            float(suit == HEARTS_SUIT),
            ((card & 15) - 2) / 12.0,
            (unseen & above(card)).bit_count() / 12.0,
            (unseen & below(card)).bit_count() / 12.0,
            (unseen & suit_mask).bit_count() / 13.0,
            (hand & suit_mask).bit_count() / 13.0,
            (hand & above(card)).bit_count() / 12.0,
            (hand & below(card)).bit_count() / 12.0,
            float(follows),
            float(bool(trick) and not follows),
            float(wins),
            float(wins and in_trick == 3) * (know.trick_points + points) / 26.0,
            float(not (unseen & above(card)) and bool(unseen & suit_mask)),
            sum(1 for p in later if voids[p] & suit_mask) / 3.0,
            *(float(bool(voids[p] & suit_mask)) for p in others),
            (known & suit_mask).bit_count() / 3.0,
            float(move == advice),
        ]
        row[suit] = 1.0
        row[4 + in_trick] = 1.0
        row[8:8 + len(values)] = values
        row[8 + len(values):8 + len(values) + len(shared)] = shared
        row[-1] = 1.0
    return rows
