"""The card notation: what console players type and what parlour prints.

Ranks 2-9, 0 or T (or 10) for ten, J Q K A; suits ♣ ♦ ♥ ♠ or c d h s; case-insensitive; spaces
and commas ignored. Cards of one suit may share one trailing suit mark: ``"467QA♣"`` is
4♣ 6♣ 7♣ Q♣ A♣ and ``"AKQ♠ 0♥"`` is A♠ K♠ Q♠ 10♥. `parse_card` can infer an omitted suit from
the hand: the suit to follow when the player holds that card, else a rank held only once.
"""

from __future__ import annotations

from collections.abc import Iterable

from parlour.cards.card import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    RANK_CHARS,
    SPADES,
    SUIT_LETTERS,
    SUIT_SYMBOLS,
    iter_cards,
    make_card,
    rank_of,
)
from parlour.core.errors import NotationError

_SUIT_BY_CHAR = {
    "♣": CLUBS, "♧": CLUBS, "c": CLUBS,
    "♦": DIAMONDS, "♢": DIAMONDS, "d": DIAMONDS,
    "♥": HEARTS, "♡": HEARTS, "h": HEARTS,
    "♠": SPADES, "♤": SPADES, "s": SPADES,
}
_RANK_BY_CHAR = {str(r): r for r in range(2, 10)} | {
    "0": 10, "t": 10, "j": 11, "q": 12, "k": 13, "a": 14,
}
_IGNORED = set(" \t\n,;\ufe0f")
RANKS_EXPECTED = "a rank (2-9, 0 or T, J, Q, K, A)"
SUITS_EXPECTED = "a suit (♣ ♦ ♥ ♠ or c d h s)"

DISPLAY_ORDER = (CLUBS, DIAMONDS, SPADES, HEARTS)
"""Suit order for printing hands: colours alternate."""


def _scan(text: str) -> tuple[list[int], list[int]]:
    """Read `text` into (cards in order, ranks left without a suit mark)."""
    cards: list[int] = []
    pending: list[int] = []
    lowered = text.lower()
    i = 0
    while i < len(lowered):
        char = lowered[i]
        if char in _IGNORED:
            i += 1
        elif char == "1" and lowered[i + 1:i + 2] == "0":
            pending.append(10)
            i += 2
        elif char in _RANK_BY_CHAR:
            pending.append(_RANK_BY_CHAR[char])
            i += 1
        elif char in _SUIT_BY_CHAR:
            if not pending:
                raise NotationError(
                    f"cannot read {text!r} as cards: suit mark {text[i]!r} at position {i + 1} "
                    f"follows no rank"
                )
            suit = _SUIT_BY_CHAR[char]
            cards.extend(make_card(rank, suit) for rank in pending)
            pending = []
            i += 1
        else:
            raise NotationError(
                f"cannot read {text!r} as cards: {text[i]!r} at position {i + 1} is neither "
                f"{RANKS_EXPECTED} nor {SUITS_EXPECTED}"
            )
    return cards, pending


def parse_card_list(text: str) -> list[int]:
    """Read cards in the order written (``"J♣ 7♦"``); duplicates are an error."""
    cards, pending = _scan(text)
    if pending:
        ranks = "".join(RANK_CHARS[r] for r in pending)
        raise NotationError(f"cannot read {text!r} as cards: rank(s) {ranks!r} have no suit mark")
    if len(set(cards)) != len(cards):
        seen: set[int] = set()
        twice = next(c for c in cards if c in seen or seen.add(c))  # type: ignore[func-returns-value]
        raise NotationError(f"cannot read {text!r} as cards: {format_card(twice)} appears twice")
    return cards


def parse_cards(text: str) -> int:
    """Read a set of cards into a mask (``"AKQ♠ 0♥"``, ``"As Ks Qs Th"``, ``"-"`` for none)."""
    if text.strip() in ("", "-", "—"):
        return 0
    mask = 0
    for card in parse_card_list(text):
        mask |= 1 << card
    return mask


def parse_card(text: str, hand: int | None = None, follow_suit: int | None = None) -> int:
    """Read one card. With `hand`, a bare rank is accepted where only one card fits.

    The suit is inferred as the suit to follow (`follow_suit`) when the hand holds that card,
    else as the only suit in which the hand holds that rank.
    """
    cards, pending = _scan(text)
    if len(cards) == 1 and not pending:
        return cards[0]
    if not cards and len(pending) == 1:
        if hand is None:
            raise NotationError(f"cannot read {text!r} as a card: add {SUITS_EXPECTED}")
        rank = pending[0]
        if follow_suit is not None:
            card = make_card(rank, follow_suit)
            if hand >> card & 1:
                return card
        held = [c for c in iter_cards(hand) if rank_of(c) == rank]
        if len(held) == 1:
            return held[0]
        if not held:
            raise NotationError(
                f"cannot read {text!r} as a card: you hold no {RANK_CHARS[rank]}"
            )
        raise NotationError(
            f"{text!r} is ambiguous: you hold {' and '.join(format_card(c) for c in held)}; "
            f"add the suit"
        )
    raise NotationError(f"cannot read {text!r} as one card: expected a rank and a suit, like Q♠")


def format_card(card: int, ascii: bool = False) -> str:
    """One card: ``Q♠`` (or ``Qs`` with `ascii`)."""
    return RANK_CHARS[card & 15] + (SUIT_LETTERS if ascii else SUIT_SYMBOLS)[card >> 4]


def format_card_list(cards: Iterable[int], ascii: bool = False) -> str:
    """Cards in the order given, each with its own suit mark: ``J♣ 7♦``."""
    return " ".join(format_card(c, ascii) for c in cards)


def format_cards(
    mask: int, ascii: bool = False, suit_order: tuple[int, ...] = DISPLAY_ORDER
) -> str:
    """A set of cards grouped by suit, high to low, one trailing mark per suit: ``AKQ♠ T♥``."""
    if not mask:
        return "-"
    marks = SUIT_LETTERS if ascii else SUIT_SYMBOLS
    groups = []
    for suit in suit_order:
        pattern = mask >> (16 * suit) & 0x7FFC
        if pattern:
            ranks = _RANK_STRINGS.get(pattern)
            if ranks is None:
                ranks = _RANK_STRINGS[pattern] = "".join(
                    RANK_CHARS[r] for r in range(14, 1, -1) if pattern >> r & 1)
            groups.append(ranks + marks[suit])
    return " ".join(groups)


_RANK_STRINGS: dict[int, str] = {}
"""The ranks of a 13-bit suit pattern, high to low (cached: at most 8192 patterns)."""
