"""Each contract's trumps as data: the effective suit and the trick power of every card.

A trick game on parlour's general trick layer describes a contract by two tables indexed by
card int: `SUIT[table][card]`, the card's effective suit (0..3 a plain suit in parlour's suit
numbering, `TRUMP` = 4 for a trump), and `POWER[table][card]`, its strength (a trump beats any
plain card; of two equal powers the card played first wins). Following, legality and the
trick's winner are read from them alone (`follow_mask`, `trick_winner`).
"""

from __future__ import annotations

from parlour.games.doppelkopf.cards import (
    ACE,
    CARDS_48,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JACK,
    KING,
    NINE,
    QUEEN,
    SPADES,
    SUIT_RANKING,
    TEN,
    card_of,
    rank_of,
)

TRUMP = 4
"""The effective suit of a trump."""

NORMAL, KREUZ, PIK, HERZ, DAMEN, BUBEN, FLEISCHLOS, SCHWEINE = range(8)
TABLE_NAMES = ("normal", "kreuz", "pik", "herz", "damen", "buben", "fleischlos", "schweine")
"""The trump tables: NORMAL serves the normal game, Hochzeit, Armut and the Karo-Farbsolo
(Trumpfsolo); SCHWEINE is the normal game with the two Karo-Asse on top (house rule)."""

CARD_POINTS = [0] * 64
for _card in CARDS_48:
    CARD_POINTS[_card] = {ACE: 11, TEN: 10, KING: 4, QUEEN: 3, JACK: 2, NINE: 0}[rank_of(_card)]

PLAIN_ORDER = {ACE: 6, TEN: 5, KING: 4, QUEEN: 3, JACK: 2, NINE: 1}
"""A plain suit's ranks, A 10 K D B 9 (the trumps among them are taken out)."""
_SUIT_PLACE = {suit: 3 - i for i, suit in enumerate(SUIT_RANKING)}
"""Kreuz 3, Pik 2, Herz 1, Karo 0: Damen and Buben rank by it."""


def _trump_power(table: int, card: int) -> int:
    """The power of `card` as a trump of `table`, or 0 if it is not one."""
    suit, rank = card >> 4, rank_of(card)
    dulle = suit == HEARTS and rank == TEN
    if table == FLEISCHLOS:
        return 0
    if table == DAMEN:
        return 60 + _SUIT_PLACE[suit] if rank == QUEEN else 0
    if table == BUBEN:
        return 60 + _SUIT_PLACE[suit] if rank == JACK else 0
    trump_suit = {NORMAL: DIAMONDS, SCHWEINE: DIAMONDS, KREUZ: CLUBS, PIK: SPADES,
                  HERZ: HEARTS}[table]
    if table == SCHWEINE and suit == DIAMONDS and rank == ACE:
        return 90
    if dulle:
        return 80
    if rank == QUEEN:
        return 70 + _SUIT_PLACE[suit]
    if rank == JACK:
        return 60 + _SUIT_PLACE[suit]
    if suit == trump_suit:
        return 50 + PLAIN_ORDER[rank]
    return 0


def _tables(table: int) -> tuple[list[int], list[int]]:
    suit_table, power_table = [0] * 64, [0] * 64
    for card in CARDS_48:
        power = _trump_power(table, card)
        if power:
            suit_table[card], power_table[card] = TRUMP, power
        else:
            suit_table[card], power_table[card] = card >> 4, PLAIN_ORDER[rank_of(card)]
    return suit_table, power_table


_BUILT = tuple(_tables(t) for t in range(len(TABLE_NAMES)))
SUIT: tuple[list[int], ...] = tuple(b[0] for b in _BUILT)
"""SUIT[table][card]: the card's effective suit (`TRUMP` for a trump)."""
POWER: tuple[list[int], ...] = tuple(b[1] for b in _BUILT)
"""POWER[table][card]: the card's strength; trumps (50 and up) beat plain cards (1..6)."""
SUIT_CARDS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << c for c in CARDS_48 if SUIT[t][c] == s) for s in range(5))
    for t in range(len(TABLE_NAMES)))
"""SUIT_CARDS[table][effective suit]: its cards as a mask (index `TRUMP` = the trumps)."""
TRUMPS: tuple[int, ...] = tuple(cards[TRUMP] for cards in SUIT_CARDS)

DULLE = card_of(HEARTS, TEN)
KREUZ_DAME = card_of(CLUBS, QUEEN)
KREUZ_BUBE = card_of(CLUBS, JACK)
KARO_ASS = card_of(DIAMONDS, ACE)


def contract_tables(table: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """`table` in the form of the general trick layer's `Contract`: for every card id the mask
    of its effective suit (0 off the deck), its power, and the trumps as a mask. With the
    ``second_dulle`` house rule its `later_wins` is both Herz-Zehns (`face_mask(DULLE)`)."""
    follow = tuple(SUIT_CARDS[table][SUIT[table][c]] if c in _DECK else 0 for c in range(64))
    return follow, tuple(POWER[table]), TRUMPS[table]


_DECK = frozenset(CARDS_48)


def follow_mask(table: int, hand: int, led: int) -> int:
    """The cards of `hand` that may answer a trick led by card `led`: its effective suit if
    held, else any."""
    return hand & SUIT_CARDS[table][SUIT[table][led]] or hand


def trick_winner(table: int, trick: tuple[int, ...], second_beats_first: bool = False) -> int:
    """Index into `trick` (play order) of the winning card: the highest trump, else the highest
    card of the suit led; of two equal cards the first played. With `second_beats_first` the
    second Herz-Zehn beats the first (house rule)."""
    suits, power = SUIT[table], POWER[table]
    led = suits[trick[0]]
    best, best_power = 0, power[trick[0]]
    for i in range(1, len(trick)):
        card = trick[i]
        suit = suits[card]
        if suit != TRUMP and suit != led:
            continue
        strength = power[card]
        if strength > best_power or (
                second_beats_first and strength == best_power and rank_of(card) == TEN
                and card >> 4 == HEARTS and suit == TRUMP):
            best, best_power = i, strength
    return best


def trump_order(table: int) -> list[int]:
    """Every first-copy card from the highest trump down, then the plain suits (display)."""
    from parlour.games.doppelkopf.cards import DISPLAY_ORDER, FACES

    place = {s: i for i, s in enumerate(DISPLAY_ORDER)}
    def key(card: int) -> tuple[int, int, int]:
        trump = SUIT[table][card] == TRUMP
        return (not trump, 0 if trump else place[card >> 4], -POWER[table][card])

    return sorted(FACES, key=key)


__all__ = [
    "BUBEN",
    "CARD_POINTS",
    "DAMEN",
    "DULLE",
    "FLEISCHLOS",
    "HERZ",
    "KARO_ASS",
    "KREUZ",
    "KREUZ_BUBE",
    "KREUZ_DAME",
    "NORMAL",
    "PIK",
    "POWER",
    "SCHWEINE",
    "SPADES",
    "SUIT",
    "SUIT_CARDS",
    "TABLE_NAMES",
    "TRUMP",
    "TRUMPS",
    "contract_tables",
    "follow_mask",
    "trick_winner",
    "trump_order",
]
