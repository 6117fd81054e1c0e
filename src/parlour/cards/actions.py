"""Interned tuples of card actions for card masks: `legal_actions` in four dict lookups."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Generic, TypeVar

A = TypeVar("A")


class SuitActions(dict[int, tuple[A, ...]]):
    """One suit's cache: a 16-bit rank pattern (the suit's slice of a mask, shifted down) to
    the tuple of its cards' actions, low to high, built on first use (`__missing__`, so a
    lookup never raises)."""

    __slots__ = ("actions", "base")

    def __init__(self, actions: Mapping[int, A], suit: int) -> None:
        super().__init__({0: ()})
        self.actions = actions
        self.base = suit << 4

    def __missing__(self, bits: int) -> tuple[A, ...]:
        actions, base = self.actions, self.base
        part = self[bits] = tuple(
            [actions[base | rank] for rank in range(2, 15) if bits >> rank & 1])
        return part


class CardActionTable(Generic[A]):
    """The actions of the cards of a mask, clubs to spades, low to high, as one tuple.

    A mask splits into four 13-bit rank patterns; each suit's pattern maps to a cached tuple of
    `actions[card]` (at most 8192 per suit), so a lookup is four dict reads and a concatenation.
    `suits[suit]` is that cache (a `SuitActions`): a hot path that knows all its cards are of
    one suit reads ``suits[suit][bits]`` itself.
    """

    __slots__ = ("actions", "suits")

    def __init__(self, actions: Mapping[int, A]) -> None:
        self.actions = actions
        self.suits: tuple[SuitActions[A], ...] = tuple(
            SuitActions(actions, suit) for suit in range(4))

    def __call__(self, mask: int) -> tuple[A, ...]:
        c, d, h, s = self.suits
        return (c[mask & 0x7FFC] + d[mask >> 16 & 0x7FFC]
                + h[mask >> 32 & 0x7FFC] + s[mask >> 48 & 0x7FFC])

    def for_trick(self, mask: int, trick: tuple[int, ...]) -> tuple[A, ...]:
        """`self(mask)`, in one look-up when `mask` is all of the suit `trick` was led in (the
        legal plays of a seat following suit)."""
        if trick:
            shift = trick[0] >> 4 << 4
            bits = mask >> shift & 0x7FFC
            if bits << shift == mask:
                return self.suits[shift >> 4][bits]
        c, d, h, s = self.suits
        return (c[mask & 0x7FFC] + d[mask >> 16 & 0x7FFC]
                + h[mask >> 32 & 0x7FFC] + s[mask >> 48 & 0x7FFC])

    def suit(self, suit: int, bits: int) -> tuple[A, ...]:
        """The actions of one suit's rank pattern `bits` (the suit's 16-bit slice of a mask)."""
        return self.suits[suit][bits]
