"""Schafkopf's fixed tables: cards, points, and each contract's trumps as data.

Cards use the shared encoding (``suit * 16 + rank``): Eichel is clubs (0), Schellen diamonds
(1), Herz hearts (2), Gras spades (3); Unter is rank 11 (J), Ober 12 (Q), Sau 14 (A), so
``EO`` is the card int of Q♣. A trump *order* indexes the play tables: 0..3 the trump suit of a
game with Ober and Unter on top (Rufspiel and Ramsch play Herz, order 2; a Farbsolo its own
suit), `WENZ` 4 (the four Unter alone). Each order is two tables, the form the general trick
layer reads: `EFFECTIVE_SUIT[order][card]` (0..3 a plain suit, `TRUMP` 4) and
`POWER[order][card]` (higher wins; every trump above every plain card).
"""

from __future__ import annotations

from parlour.cards import CARDS_32, DECK_32

EICHEL, SCHELLEN, HERZ, GRAS = 0, 1, 2, 3
"""The German suits as the shared suit numbers (clubs, diamonds, hearts, spades)."""
UNTER, OBER, KOENIG, ZEHN, SAU = 11, 12, 13, 10, 14
WENZ, TRUMP = 4, 4
ORDERS = (EICHEL, SCHELLEN, HERZ, GRAS, WENZ)
DECK = DECK_32
HAND_SIZE = 8

SUIT_RANK = {EICHEL: 4, GRAS: 3, HERZ: 2, SCHELLEN: 1}
"""Eichel > Gras > Herz > Schellen: ranks the Ober and the Unter among themselves only."""
SUITS_HIGH_FIRST = (EICHEL, GRAS, HERZ, SCHELLEN)
SUIT_LETTER = {EICHEL: "E", GRAS: "G", HERZ: "H", SCHELLEN: "S"}
SUIT_NAME = {EICHEL: "Eichel", GRAS: "Gras", HERZ: "Herz", SCHELLEN: "Schellen"}
RANK_LETTER = {SAU: "A", ZEHN: "10", KOENIG: "K", OBER: "O", UNTER: "U", 9: "9", 8: "8", 7: "7"}
RANK_NAME = {SAU: "Sau", ZEHN: "Zehn", KOENIG: "König", OBER: "Ober", UNTER: "Unter",
             9: "Neun", 8: "Acht", 7: "Sieben"}

POINTS = {SAU: 11, ZEHN: 10, KOENIG: 4, OBER: 3, UNTER: 2}
CARD_POINTS = [0] * 64
for _card in CARDS_32:
    CARD_POINTS[_card] = POINTS.get(_card & 15, 0)


def rank_mask(rank: int) -> int:
    """The four cards of `rank` as a mask."""
    return sum(1 << (suit << 4 | rank) for suit in range(4))


OBERS, UNTERS, SAUS, ZEHNS, KOENIGS = (rank_mask(r) for r in (OBER, UNTER, SAU, ZEHN, KOENIG))
SUIT32 = tuple(sum(1 << c for c in CARDS_32 if c >> 4 == suit) for suit in range(4))
"""The eight cards of each printed suit."""


def card_points(mask: int) -> int:
    """The card points (Sau 11, Zehn 10, König 4, Ober 3, Unter 2) of a set of cards."""
    return (11 * (mask & SAUS).bit_count() + 10 * (mask & ZEHNS).bit_count()
            + 4 * (mask & KOENIGS).bit_count() + 3 * (mask & OBERS).bit_count()
            + 2 * (mask & UNTERS).bit_count())


PLAIN_ORDER = {SAU: 7, ZEHN: 6, KOENIG: 5, OBER: 4, 9: 3, 8: 2, 7: 1}
"""A plain suit's ranks: A 10 K (O in Wenz) 9 8 7."""


def _trumps(order: int) -> int:
    if order == WENZ:
        return UNTERS
    return OBERS | UNTERS | SUIT32[order]


TRUMPS: tuple[int, ...] = tuple(_trumps(o) for o in ORDERS)
"""The trumps of each order as a mask (14 in a suit order, 4 in Wenz)."""


def _effective_suit(order: int) -> list[int]:
    return [TRUMP if TRUMPS[order] >> c & 1 else c >> 4 if c in CARDS_32 else -1
            for c in range(64)]


def _power(order: int) -> list[int]:
    table = [0] * 64
    for card in CARDS_32:
        rank, suit = card & 15, card >> 4
        if rank == OBER and order != WENZ:
            table[card] = 120 + SUIT_RANK[suit]
        elif rank == UNTER:
            table[card] = 110 + SUIT_RANK[suit]
        elif TRUMPS[order] >> card & 1:
            table[card] = 100 + PLAIN_ORDER[rank]
        else:
            table[card] = PLAIN_ORDER[rank]
    return table


EFFECTIVE_SUIT: tuple[list[int], ...] = tuple(_effective_suit(o) for o in ORDERS)
"""EFFECTIVE_SUIT[order][card]: the suit a card belongs to in play (`TRUMP` for trumps)."""
POWER: tuple[list[int], ...] = tuple(_power(o) for o in ORDERS)
"""POWER[order][card]: a card's strength in a trick; trumps beat every plain card."""
MEMBERS: tuple[tuple[int, ...], ...] = tuple(
    (*(SUIT32[s] & ~TRUMPS[o] for s in range(4)), TRUMPS[o]) for o in ORDERS)
"""MEMBERS[order][effective suit]: the cards of that suit in play, as a mask."""


FOLLOW: tuple[tuple[int, ...], ...] = tuple(
    tuple(MEMBERS[o][EFFECTIVE_SUIT[o][c]] if c in CARDS_32 else 0 for c in range(64))
    for o in ORDERS)
"""FOLLOW[order][card]: the cards of `card`'s effective suit (itself included), 0 off the deck:
with `POWER` and `TRUMPS`, the follow, power and trump tables of the general trick layer's
contracts (``Contract(name, DECK, FOLLOW[o], POWER[o], TRUMPS[o])``)."""


def trick_winner(order: int, trick: tuple[int, ...]) -> int:
    """Index into `trick` (play order) of the winning card: highest trump, else led suit.
    The game plays by the layer's tables (`play_tables.TABLES`), tested equal to this."""
    suit_of, power = EFFECTIVE_SUIT[order], POWER[order]
    lead = suit_of[trick[0]]
    best, best_power = 0, power[trick[0]]
    for i in range(1, len(trick)):
        card = trick[i]
        if (suit_of[card] == lead or suit_of[card] == TRUMP) and power[card] > best_power:
            best, best_power = i, power[card]
    return best


def trump_run(order: int) -> tuple[int, ...]:
    """The trumps of `order` from the highest down, as cards (for Laufende)."""
    return tuple(sorted((c for c in CARDS_32 if TRUMPS[order] >> c & 1),
                        key=lambda c: -POWER[order][c]))


TRUMP_RUNS: tuple[tuple[int, ...], ...] = tuple(trump_run(o) for o in ORDERS)


def laufende(party: int, order: int) -> int:
    """The run of top trumps of `order` held together by one side: its length, whichever side
    (`party`'s dealt cards, or the others') holds the highest trump."""
    run = TRUMP_RUNS[order]
    holds_top = bool(party >> run[0] & 1)
    n = 0
    for card in run:
        if bool(party >> card & 1) != holds_top:
            break
        n += 1
    return n


def display_sorted(mask: int, order: int = HERZ) -> list[int]:
    """The cards of `mask` as a player sorts them: trumps high to low, then Eichel, Gras,
    Schellen, Herz, each high to low."""
    power = POWER[order]
    place = {EICHEL: 0, GRAS: 1, SCHELLEN: 2, HERZ: 3}
    return sorted((c for c in CARDS_32 if mask >> c & 1), key=lambda c: (
        power[c] < 100, 0 if power[c] >= 100 else place[c >> 4], -power[c]))
