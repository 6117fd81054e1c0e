"""Doppelkopf's cards: two copies of 24 faces as parlour card ints, and their notation.

A face is a suit (parlour's numbering: clubs/Kreuz 0, diamonds/Karo 1, hearts/Herz 2,
spades/Pik 3) and a rank 9, 10, J (Bube), Q (Dame), K, A. Its first copy is parlour's own card
int ``suit * 16 + rank`` (ranks 9..14); its second copy sits seven ranks lower in the same suit
slice (ranks 2..7, where the general trick layer's `twin` puts it). So 48 cards fit a 64-bit
mask, ``card >> 4`` is the suit of either copy, and `twin` maps a card to its other copy.
The copies play alike; which copy a seat holds is no information, so observations show cards
*canonically* (`canonical`): a face held once is its first copy, a face held twice both copies.

The notation names a face, never a copy: ``Q♣`` (parlour's rank-then-suit), ``♣Q``, ``qc``,
the German ``KrD`` / ``Kreuz-Dame`` and the Bavarian-German ``EO`` / ``Eichel-Ober`` all read
as the Kreuz-Dame. It prints as ``Q♣`` and ``10♥``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from parlour.core.errors import NotationError

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
NINE, TEN, JACK, QUEEN, KING, ACE = 9, 10, 11, 12, 13, 14
RANKS = (NINE, TEN, JACK, QUEEN, KING, ACE)
SUIT_RANKING = (CLUBS, SPADES, HEARTS, DIAMONDS)
"""Kreuz > Pik > Herz > Karo: ranks the Damen and Buben among themselves."""
SUIT_SYMBOLS = "♣♦♥♠"
COPY_SHIFT = 7
"""The second copy of a card is this many bits below the first."""


def card_of(suit: int, rank: int, copy: int = 0) -> int:
    """The card int of `rank` of `suit`, copy 0 or 1."""
    return suit << 4 | (rank - COPY_SHIFT * copy)


def face_of(card: int) -> int:
    """The face id 0..23 of either copy: ``suit * 6 + rank - 9``."""
    rank = card & 15
    return (card >> 4) * 6 + (rank if rank >= NINE else rank + COPY_SHIFT) - NINE


def rank_of(card: int) -> int:
    """The rank (9..14) of either copy."""
    rank = card & 15
    return rank if rank >= NINE else rank + COPY_SHIFT


def suit_of(card: int) -> int:
    return card >> 4


FACES = tuple(card_of(s, r) for s in range(4) for r in RANKS)
"""The first copy of each face, by face id."""
CARDS_48 = tuple(sorted(card_of(s, r, c) for s in range(4) for r in RANKS for c in (0, 1)))
CARDS_40 = tuple(c for c in CARDS_48 if rank_of(c) != NINE)
COPY0 = sum(1 << c for c in FACES)
COPY1 = COPY0 >> COPY_SHIFT
DECK_48 = COPY0 | COPY1
NINES = sum(1 << card_of(s, NINE, c) for s in range(4) for c in (0, 1))
DECK_40 = DECK_48 & ~NINES


def twin(card: int) -> int:
    """The other copy of `card`."""
    return card - COPY_SHIFT if card & 15 >= NINE else card + COPY_SHIFT


def face_mask(card: int) -> int:
    """Both copies of `card`'s face."""
    return 1 << card | 1 << twin(card)


def canonical(mask: int) -> int:
    """`mask` with copies normalised: a face held once shows as its first copy."""
    first = mask & COPY0
    second = (mask & COPY1) << COPY_SHIFT
    return first | second | (first & second) >> COPY_SHIFT


def face_counts(mask: int) -> list[int]:
    """How many copies of each face (by face id) `mask` holds."""
    return [(mask >> c & 1) + (mask >> (c - COPY_SHIFT) & 1) for c in FACES]


def iter_cards(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def count(mask: int) -> int:
    return mask.bit_count()


# --- notation ---------------------------------------------------------------------------------
RANK_TEXT = {NINE: "9", TEN: "10", JACK: "J", QUEEN: "Q", KING: "K", ACE: "A"}
GERMAN_SUITS = ("Kreuz", "Karo", "Herz", "Pik")
GERMAN_RANKS = {NINE: "Neun", TEN: "Zehn", JACK: "Bube", QUEEN: "Dame", KING: "König",
                ACE: "Ass"}


def format_card(card: int) -> str:
    """``Q♣``, ``10♥``: the face of either copy."""
    return RANK_TEXT[rank_of(card)] + SUIT_SYMBOLS[card >> 4]


def german_name(card: int) -> str:
    """``Kreuz-Dame``."""
    return f"{GERMAN_SUITS[card >> 4]}-{GERMAN_RANKS[rank_of(card)]}"


DISPLAY_ORDER = (CLUBS, SPADES, HEARTS, DIAMONDS)


def format_hand(mask: int, order: Iterable[int] | None = None) -> str:
    """The cards of `mask`, space-separated, in `order` (card ints, best first) or by suit."""
    cards = list(iter_cards(mask))
    if order is None:
        place = {s: i for i, s in enumerate(DISPLAY_ORDER)}
        cards.sort(key=lambda c: (place[c >> 4], -rank_of(c)))
    else:
        rank = {c: i for i, c in enumerate(order)}
        cards.sort(key=lambda c: rank.get(c, 99))
    return " ".join(format_card(c) for c in cards) or "-"


_SUIT_WORDS = {
    "kreuz": CLUBS, "eichel": CLUBS, "clubs": CLUBS, "club": CLUBS,
    "karo": DIAMONDS, "schellen": DIAMONDS, "schelle": DIAMONDS, "diamonds": DIAMONDS,
    "diamond": DIAMONDS,
    "herz": HEARTS, "rot": HEARTS, "hearts": HEARTS, "heart": HEARTS,
    "pik": SPADES, "grün": SPADES, "gruen": SPADES, "laub": SPADES, "spades": SPADES,
    "spade": SPADES,
}
_RANK_WORDS = {
    "9": NINE, "neun": NINE, "nine": NINE,
    "10": TEN, "0": TEN, "t": TEN, "z": TEN, "zehn": TEN, "ten": TEN,
    "j": JACK, "b": JACK, "u": JACK, "bube": JACK, "unter": JACK, "jack": JACK,
    "q": QUEEN, "d": QUEEN, "o": QUEEN, "dame": QUEEN, "ober": QUEEN, "queen": QUEEN,
    "k": KING, "könig": KING, "koenig": KING, "king": KING,
    "a": ACE, "ass": ACE, "as": ACE, "sau": ACE, "daus": ACE, "ace": ACE,
}
_SYMBOL_SUITS = {"♣": CLUBS, "♧": CLUBS, "♦": DIAMONDS, "♢": DIAMONDS, "♥": HEARTS,
                 "♡": HEARTS, "♠": SPADES, "♤": SPADES}
_LETTER_SUITS = {"c": CLUBS, "d": DIAMONDS, "h": HEARTS, "s": SPADES}
_SHORT_RANKS = {"9": NINE, "10": TEN, "0": TEN, "t": TEN, "j": JACK, "q": QUEEN, "k": KING,
                "a": ACE}
_GERMAN_SHORT = re.compile(r"^(kr|pi|he|ka)(a|10|k|d|b|9)$")
_BAVARIAN_SHORT = re.compile(r"^([eghs])([azkou9])$")
_BAVARIAN_RANKS = {"a": ACE, "z": TEN, "k": KING, "o": QUEEN, "u": JACK, "9": NINE}
_BAVARIAN_SUITS = {"e": CLUBS, "g": SPADES, "h": HEARTS, "s": DIAMONDS}
_GERMAN_SHORT_RANKS = {"a": ACE, "10": TEN, "k": KING, "d": QUEEN, "b": JACK, "9": NINE}
_GERMAN_SHORT_SUITS = {"kr": CLUBS, "pi": SPADES, "he": HEARTS, "ka": DIAMONDS}
CARD_EXPECTED = ("a Doppelkopf card: Q♣, ♣Q, qc, KrD, Kreuz-Dame, EO or Eichel-Ober "
                 "(ranks 9 10 J Q K A)")


def parse_face(text: str) -> int:
    """The first copy of the face `text` names, or raise `NotationError`."""
    word = text.strip().lower().replace("\ufe0f", "")
    face = _read_face(word)
    if face is None:
        raise NotationError(f"cannot read {text!r}: expected {CARD_EXPECTED}")
    return face


def _read_face(word: str) -> int | None:
    for sep in ("-", " ", "_"):
        if sep in word:
            first, _, second = word.partition(sep)
            if first in _SUIT_WORDS and second in _RANK_WORDS:
                return card_of(_SUIT_WORDS[first], _RANK_WORDS[second])
            if first in _RANK_WORDS and second in _SUIT_WORDS:
                return card_of(_SUIT_WORDS[second], _RANK_WORDS[first])
            return None
    if word[:1] in _SYMBOL_SUITS and word[1:] in _SHORT_RANKS:
        return card_of(_SYMBOL_SUITS[word[:1]], _SHORT_RANKS[word[1:]])
    if word[-1:] in _SYMBOL_SUITS and word[:-1] in _SHORT_RANKS:
        return card_of(_SYMBOL_SUITS[word[-1:]], _SHORT_RANKS[word[:-1]])
    if match := _GERMAN_SHORT.match(word):
        return card_of(_GERMAN_SHORT_SUITS[match[1]], _GERMAN_SHORT_RANKS[match[2]])
    if word[-1:] in _LETTER_SUITS and word[:-1] in _SHORT_RANKS:
        return card_of(_LETTER_SUITS[word[-1:]], _SHORT_RANKS[word[:-1]])
    if word[:1] in _LETTER_SUITS and word[1:] == "10":  # h10: the Dulle's usual name
        return card_of(_LETTER_SUITS[word[:1]], TEN)
    if match := _BAVARIAN_SHORT.match(word):
        return card_of(_BAVARIAN_SUITS[match[1]], _BAVARIAN_RANKS[match[2]])
    return None


def parse_hand(text: str, deck: int = DECK_48) -> int:
    """A hand written as faces separated by spaces or commas (``Q♣ Q♣ 10♥ A♦``): a face
    written twice is both copies. Raises `NotationError` for a face written three times or
    one outside `deck`."""
    mask = 0
    for word in re.split(r"[\s,;]+", text.strip()):
        if not word:
            continue
        first = parse_face(word)
        if not deck >> first & 1:
            raise NotationError(f"cannot read {text!r}: {word!r} is not in this deck")
        if not mask >> first & 1:
            mask |= 1 << first
        elif not mask >> twin(first) & 1:
            mask |= 1 << twin(first)
        else:
            raise NotationError(f"cannot read {text!r}: {word!r} appears more than twice")
    return mask


class DokoCard(int):
    """A card int that prints its face (``Q♣``)."""

    __slots__ = ()

    def __str__(self) -> str:
        return format_card(self)

    def __repr__(self) -> str:
        return f"DokoCard({format_card(self)!r})"

    def to_json(self) -> str:
        return format_card(self)


CARD: tuple[DokoCard, ...] = tuple(DokoCard(i) for i in range(64))


class DokoHand(int):
    """A set of Doppelkopf cards (a mask) that prints as faces (``Q♣ Q♣ 10♥``)."""

    __slots__ = ()

    def __iter__(self) -> Iterator[DokoCard]:
        return (CARD[c] for c in iter_cards(self))

    def __len__(self) -> int:
        return self.bit_count()

    def __str__(self) -> str:
        return format_hand(self)

    def __repr__(self) -> str:
        return f"DokoHand({format_hand(self)!r})"

    def to_json(self) -> str:
        return format_hand(self)
