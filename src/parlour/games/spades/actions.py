"""Spades actions, all interned: `Play` a card, `Bid` a number of tricks (0 is Nil), and the
Blind Nil decision (`BLIND_NIL` or `LOOK`) made before a trailing player sees their cards.

Integer ids: plays 0-51 (dense card index), bids 52-65 (0-13), ``blind nil`` 66, ``look`` 67.
"""

from __future__ import annotations

from typing import Any

from parlour.cards import CARD, CARDS_52, INDEX_52, Card, format_card
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


_SUIT_PARTS: tuple[dict[int, tuple[Play, ...]], ...] = ({}, {}, {}, {})


def _suit_part(suit: int, bits: int) -> tuple[Play, ...]:
    part = tuple(PLAY[suit << 4 | rank] for rank in range(2, 15) if bits >> rank & 1)
    _SUIT_PARTS[suit][bits] = part
    return part


def suit_plays(suit: int, bits: int) -> tuple[Play, ...]:
    """The interned plays of one suit's rank pattern `bits` (the suit's slice of a mask)."""
    return _SUIT_PARTS[suit].get(bits) or (_suit_part(suit, bits) if bits else ())


def plays_for(mask: int) -> tuple[Play, ...]:
    """The interned `Play` actions of the cards in `mask`, clubs to spades, low to high.

    Each suit's 13-bit pattern maps to a cached tuple, so this is four lookups and a join.
    """
    c, d, h, s = _SUIT_PARTS
    bits_c = mask & 0x7FFC
    bits_d = mask >> 16 & 0x7FFC
    bits_h = mask >> 32 & 0x7FFC
    bits_s = mask >> 48 & 0x7FFC
    return (
        (c.get(bits_c) or (_suit_part(0, bits_c) if bits_c else ()))
        + (d.get(bits_d) or (_suit_part(1, bits_d) if bits_d else ()))
        + (h.get(bits_h) or (_suit_part(2, bits_h) if bits_h else ()))
        + (s.get(bits_s) or (_suit_part(3, bits_s) if bits_s else ()))
    )
