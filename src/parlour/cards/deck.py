"""Decks: the 52-card French deck and the 32-card Skat deck, as masks and lists."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any

from parlour.cards.card import ACE, SUITS, cards_of, make_card, mask_of
from parlour.core.errors import ParameterError

DECK_52 = mask_of(make_card(rank, suit) for suit in SUITS for rank in range(2, ACE + 1))
"""Every card of the 52-card deck."""

DECK_32 = mask_of(make_card(rank, suit) for suit in SUITS for rank in range(7, ACE + 1))
"""Every card of the 32-card Skat deck (7 to A)."""

CARDS_52: tuple[int, ...] = tuple(cards_of(DECK_52))
CARDS_32: tuple[int, ...] = tuple(cards_of(DECK_32))

INDEX_52 = {card: i for i, card in enumerate(CARDS_52)}
"""Card int to its dense index 0..51 (used for integer action ids)."""


def shuffled(cards: tuple[int, ...], rng: Random) -> list[int]:
    """A shuffled copy of `cards` drawn from `rng`."""
    deck = list(cards)
    rng.shuffle(deck)
    return deck


def _shuffle_inline(items: list[int], rng: Random) -> None:
    """`rng.shuffle(items)`, the same draws and the same order, one Python call fewer per swap:
    CPython's Fisher-Yates with `_randbelow` by `getrandbits` rejection, written out."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def _same_as_shuffle() -> bool:
    probe, expected = list(range(52)), list(range(52))
    Random(2**62 + 12345).shuffle(expected)
    _shuffle_inline(probe, Random(2**62 + 12345))
    return probe == expected


_FAST_SHUFFLE = _same_as_shuffle()
"""Checked once at import: if this Python's `shuffle` ever draws differently, `deal_masks` uses
`shuffle` itself, so a seed always gives the same deal."""


def deal_masks(cards: tuple[int, ...], rng: Random, sizes: tuple[int, ...]) -> list[int]:
    """Shuffle `cards` (as `rng.shuffle` does) and cut them into masks of the given sizes."""
    bits = [1 << card for card in cards]
    if _FAST_SHUFFLE and type(rng) is Random:
        _shuffle_inline(bits, rng)
    else:
        rng.shuffle(bits)
    hands = []
    start = 0
    for size in sizes:
        hands.append(sum(bits[start:start + size]))
        start += size
    return hands


def deal_by_keys(cards: tuple[int, ...], rng: Random, sizes: tuple[int, ...]) -> list[int]:
    """A uniform deal of `cards` into masks of the given sizes, in order, faster than `shuffled`.

    Each card gets a uniform 64-bit key from one `getrandbits` call; sorting by key (in C) is a
    uniform shuffle. Cards beyond the sizes' sum stay undealt.
    """
    n = len(cards)
    keys = memoryview(rng.getrandbits(64 * n).to_bytes(8 * n, "little")).cast("Q").tolist()
    order = sorted(range(n), key=keys.__getitem__)
    bit = [1 << card for card in cards].__getitem__
    hands = []
    start = 0
    for size in sizes:
        hands.append(sum(map(bit, order[start:start + size])))
        start += size
    return hands


_UNSET: object = object()
_seeded_module: object = _UNSET


def _deals_module() -> object:
    """The compiled deals (`cards._trick_play`), checked on a probe against `random.Random` the
    first time; None on the pure path or if they ever differ."""
    global _seeded_module
    if _seeded_module is _UNSET:
        from parlour import compiled_switch

        module = compiled_switch.load("parlour.cards._trick_play")
        probe, sizes = 2**62 + 12345, (13, 13, 13, 13)
        if module is not None and (
                module.shuffled_masks(probe, CARDS_52, sizes)
                != deal_masks(CARDS_52, Random(probe), sizes)
                or module.keyed_masks(probe, CARDS_52, sizes)
                != deal_by_keys(CARDS_52, Random(probe), sizes)):
            module = None
        _seeded_module = module
    return _seeded_module


def seeded_deal(cards: tuple[int, ...], seed: int, sizes: tuple[int, ...],
                keyed: bool = False) -> list[int]:
    """`deal_masks` (with `keyed`, `deal_by_keys`) of `cards` on ``random.Random(seed)``: in
    C where its compiled module is built, the very same deal."""
    module: Any = _deals_module()
    if module is not None and 0 <= seed < 2**64 and len(cards) <= 64:
        deal = module.keyed_masks if keyed else module.shuffled_masks
        hands: list[int] = deal(seed, cards, sizes)
        return hands
    return (deal_by_keys if keyed else deal_masks)(cards, Random(seed), sizes)


def read_hands(hands: Sequence[str | int], size: int, deck: int, game: str) -> list[int]:
    """Fixed hands for `new_state(hands=...)`: each in card notation or as a mask, `size` cards
    each, all from `deck`, none repeated; a `ParameterError` names the bad hand otherwise."""
    from parlour.cards.notation import format_cards, parse_cards

    masks = [h if isinstance(h, int) else parse_cards(h) for h in hands]
    seen = 0
    for seat, mask in enumerate(masks):
        if mask.bit_count() != size:
            raise ParameterError(
                f"hand of seat {seat} ({format_cards(mask)}) has {mask.bit_count()} cards, "
                f"expected {size} for {game}"
            )
        if mask & ~deck:
            raise ParameterError(f"hand of seat {seat} has cards outside the {game} deck")
        if mask & seen:
            raise ParameterError(f"hand of seat {seat} repeats a card of an earlier hand")
        seen |= mask
    return masks
