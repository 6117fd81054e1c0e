"""Spades actions, all interned: `Play` a card, `Bid` a number of tricks (0 is Nil), and the
Blind Nil decision (`BLIND_NIL` or `LOOK`) made before a trailing player sees their cards.

Integer ids: plays 0-51 (dense card index), bids 52-65 (0-13), ``blind nil`` 66, ``look`` 67.
"""

from __future__ import annotations

from typing import Any

from parlour.cards import CARD, CARDS_52, INDEX_52, Card, format_card
from parlour.cards.actions import CardActionTable
from parlour.core import IdAction

MAX_BID = 13
BID_OFFSET = 52
BLIND_NIL_ID = BID_OFFSET + MAX_BID + 1
LOOK_ID = BLIND_NIL_ID + 1
NUM_ACTIONS = LOOK_ID + 1


class SpadesAction(IdAction):
    """Base of the Spades actions: immutable, compared and hashed by integer id."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return (action_from_id, (self._id,))


class Play(SpadesAction):
    """Play `card` to the trick. Notation: the card, ``Q♠``."""

    __slots__ = ("card",)
    card: Card

    def __init__(self, card: int) -> None:
        object.__setattr__(self, "card", CARD[card])
        object.__setattr__(self, "_id", INDEX_52[card])

    def __str__(self) -> str:
        return format_card(self.card)

    def __repr__(self) -> str:
        return f"Play({format_card(self.card)!r})"


class Bid(SpadesAction):
    """Bid `tricks` (0-13); 0 is Nil. Notation: ``bid 4``, ``nil``."""

    __slots__ = ("tricks",)
    tricks: int

    def __init__(self, tricks: int) -> None:
        object.__setattr__(self, "tricks", tricks)
        object.__setattr__(self, "_id", BID_OFFSET + tricks)

    def __str__(self) -> str:
        return "nil" if self.tricks == 0 else f"bid {self.tricks}"

    def __repr__(self) -> str:
        return f"Bid({self.tricks})"


class BlindNil(SpadesAction):
    """Bid Blind Nil without looking at the cards. Notation: ``blind nil``."""

    __slots__ = ()

    def __init__(self) -> None:
        object.__setattr__(self, "_id", BLIND_NIL_ID)

    def __str__(self) -> str:
        return "blind nil"

    def __repr__(self) -> str:
        return "BLIND_NIL"


class Look(SpadesAction):
    """Decline Blind Nil and look at the cards. Notation: ``look``."""

    __slots__ = ()

    def __init__(self) -> None:
        object.__setattr__(self, "_id", LOOK_ID)

    def __str__(self) -> str:
        return "look"

    def __repr__(self) -> str:
        return "LOOK"


PLAY: dict[int, Play] = {card: Play(card) for card in CARDS_52}
BID: tuple[Bid, ...] = tuple(Bid(n) for n in range(MAX_BID + 1))
NIL = BID[0]
BLIND_NIL = BlindNil()
LOOK = Look()
BY_ID: tuple[SpadesAction, ...] = (
    *(PLAY[c] for c in CARDS_52), *BID, BLIND_NIL, LOOK,
)
BLIND_CHOICES: tuple[SpadesAction, ...] = (BLIND_NIL, LOOK)


def action_from_id(action_id: int) -> SpadesAction:
    """The interned action with integer id `action_id`."""
    return BY_ID[action_id]


_PLAYS = CardActionTable(PLAY)

plays_for = _PLAYS.__call__
"""The interned `Play` actions of the cards in a mask, clubs to spades, low to high."""

suit_plays = _PLAYS.suit
"""The interned plays of one suit's rank pattern `bits` (the suit's slice of a mask)."""

suit_plays_cache = _PLAYS.suits
"""`suit_plays`' cache: ``suit_plays_cache[suit].get(bits)``, for the hot path."""
