"""Interned tuples of card actions for card masks: `legal_actions` in four dict lookups."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Generic, TypeVar

A = TypeVar("A")


class CardActionTable(Generic[A]):
    """The actions of the cards of a mask, clubs to spades, low to high, as one tuple.

    A mask splits into four 13-bit rank patterns; each suit's pattern maps to a cached tuple of
    `actions[card]` (at most 8192 per suit), so a lookup is four dict reads and a concatenation.
    """

    __slots__ = ("actions", "suits")

    def __init__(self, actions: Mapping[int, A]) -> None:
        self.actions = actions
        self.suits: tuple[dict[int, tuple[A, ...]], ...] = ({}, {}, {}, {})

    def __call__(self, mask: int) -> tuple[A, ...]:
        c, d, h, s = self.suits
        try:
            return (c[mask & 0x7FFC] + d[mask >> 16 & 0x7FFC]
                    + h[mask >> 32 & 0x7FFC] + s[mask >> 48 & 0x7FFC])
        except KeyError:
            for suit in range(4):
                self.suit(suit, mask >> (16 * suit) & 0x7FFC)
            return self(mask)

    def suit(self, suit: int, bits: int) -> tuple[A, ...]:
        """The actions of one suit's rank pattern `bits` (the suit's 16-bit slice of a mask)."""
        cache = self.suits[suit]
        part = cache.get(bits)
        if part is None:
            actions = self.actions
            part = cache[bits] = tuple(
                actions[suit << 4 | rank] for rank in range(2, 15) if bits >> rank & 1)
        return part
