"""Cards as small ints and card sets as int bitmasks.

A card is ``suit * 16 + rank`` with suits clubs 0, diamonds 1, hearts 2, spades 3 and ranks 2..14
(11 = J, 12 = Q, 13 = K, 14 = A), so one encoding serves the 52- and the 32-card deck, the cards
of a suit are one 16-bit slice of a mask, and within a suit a higher card is a higher int.
A set of cards is an int with bit ``card`` set for each card in it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUITS = (CLUBS, DIAMONDS, HEARTS, SPADES)
TWO, TEN, JACK, QUEEN, KING, ACE = 2, 10, 11, 12, 13, 14
RANKS = tuple(range(2, 15))

SUIT_SYMBOLS = "♣♦♥♠"
SUIT_LETTERS = "cdhs"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_CHARS = "  23456789TJQKA"
RED_SUITS = frozenset({DIAMONDS, HEARTS})


def make_card(rank: int, suit: int) -> int:
    """The card of `rank` (2..14) and `suit` (0..3)."""
    return suit << 4 | rank


def suit_of(card: int) -> int:
    return card >> 4


def rank_of(card: int) -> int:
    return card & 15


SUIT_MASKS = tuple(0x7FFC << (16 * s) for s in SUITS)
"""All 13 ranks of each suit as a mask."""


def mask_of(cards: Iterable[int]) -> int:
    """The set of `cards` as a mask."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def iter_cards(mask: int) -> Iterator[int]:
    """The cards of `mask`, lowest int first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cards_of(mask: int) -> list[int]:
    """The cards of `mask` as a list, lowest int first."""
    digits = bin(mask)  # '0b1101': the comprehension runs over bits in C-sized steps
    top = len(digits) - 1
    return [top - i for i, digit in enumerate(digits) if digit == "1"][::-1]


def highest(mask: int) -> int:
    """The highest card int in a non-empty mask (within one suit: the highest rank)."""
    return mask.bit_length() - 1


def lowest(mask: int) -> int:
    """The lowest card int in a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def count(mask: int) -> int:
    return mask.bit_count()


class Card(int):
    """A card: an int with a readable `str` (``Q♠``). Use `CARD[i]` for the interned instance."""

    __slots__ = ()

    @property
    def suit(self) -> int:
        return self >> 4

    @property
    def rank(self) -> int:
        return self & 15

    def __str__(self) -> str:
        return RANK_CHARS[self & 15] + SUIT_SYMBOLS[self >> 4]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @property
    def ascii(self) -> str:
        return RANK_CHARS[self & 15] + SUIT_LETTERS[self >> 4]

    def to_json(self) -> str:
        return str(self)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card (``"Q♠"``, ``"qs"``, ``"10h"``)."""
        from parlour.cards.notation import parse_card

        return CARD[parse_card(text)]


CARD: tuple[Card, ...] = tuple(Card(i) for i in range(64))
"""The interned `Card` for every card int (ints that are no card are unused)."""


class CardSet(int):
    """A set of cards: an int bitmask with set-like reading and a readable `str` (``AKQ♠ T♥``)."""

    __slots__ = ()

    def __iter__(self) -> Iterator[Card]:
        return (CARD[c] for c in iter_cards(self))

    def __len__(self) -> int:
        return self.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < 64 and bool(self >> card & 1)

    def __str__(self) -> str:
        from parlour.cards.notation import format_cards

        return format_cards(self)

    def __repr__(self) -> str:
        return f"CardSet({str(self)!r})"

    def to_json(self) -> str:
        return str(self)

    def suit(self, suit: int) -> CardSet:
        """The cards of one suit."""
        return CardSet(self & SUIT_MASKS[suit])

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Read a set of cards (``"AKQ♠ 0♥"``, ``"As Ks Qs Th"``)."""
        from parlour.cards.notation import parse_cards

        return cls(parse_cards(text))

    @classmethod
    def of(cls, cards: Iterable[int]) -> CardSet:
        return cls(mask_of(cards))
