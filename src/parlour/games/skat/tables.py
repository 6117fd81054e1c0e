"""Skat's fixed tables: card points, trump orders, following, matador runs and the bid ladder.

Cards use the shared encoding (``suit * 16 + rank``, clubs 0, diamonds 1, hearts 2, spades 3;
ranks 7..14 with J 11, Q 12, K 13, A 14). A trump *order* indexes every table: 0..3 a suit game
with that suit as trumps (the card suit number), `GRAND` 4 (Jacks only), `NULL` 5 (no trumps,
natural rank order A K Q J 10 9 8 7, which is the encoding's own order).
"""

from __future__ import annotations

from parlour.cards import ACE, CARDS_32, CLUBS, DECK_32, DIAMONDS, HEARTS, JACK, SPADES, TEN

GRAND, NULL = 4, 5
ORDERS = (CLUBS, DIAMONDS, HEARTS, SPADES, GRAND, NULL)

SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_RANKING = (CLUBS, SPADES, HEARTS, DIAMONDS)
"""Suits from highest to lowest (this order ranks the Jacks)."""

CARD_POINTS = [0] * 64
for _card in CARDS_32:
    CARD_POINTS[_card] = {ACE: 11, TEN: 10, 13: 4, 12: 3, JACK: 2}.get(_card & 15, 0)


def _rank_mask(rank: int) -> int:
    return sum(1 << (suit << 4 | rank) for suit in range(4))


ACES, TENS, KINGS, QUEENS, JACKS = (_rank_mask(r) for r in (ACE, TEN, 13, 12, JACK))

SUIT32 = tuple(sum(1 << c for c in CARDS_32 if c >> 4 == suit) for suit in range(4))
"""The eight cards of each suit."""


def card_points(mask: int) -> int:
    """The card points (A 11, 10 10, K 4, Q 3, J 2) of a set of cards."""
    return (
        11 * (mask & ACES).bit_count() + 10 * (mask & TENS).bit_count()
        + 4 * (mask & KINGS).bit_count() + 3 * (mask & QUEENS).bit_count()
        + 2 * (mask & JACKS).bit_count()
    )


PLAIN_ORDER = {7: 1, 8: 2, 9: 3, 12: 4, 13: 5, TEN: 6, ACE: 7}
"""A suit's rank in suit games and Grand: A 10 K Q 9 8 7 (Jacks are trumps)."""
JACK_ORDER = {CLUBS: 4, SPADES: 3, HEARTS: 2, DIAMONDS: 1}

TRUMPS: tuple[int, ...] = tuple(
    JACKS | SUIT32[o] if o < GRAND else JACKS if o == GRAND else 0 for o in ORDERS
)
"""The trumps of each order as a mask."""


def _follow_table(order: int) -> list[int]:
    table = [0] * 64
    trumps = TRUMPS[order]
    for card in CARDS_32:
        table[card] = trumps if trumps >> card & 1 else SUIT32[card >> 4] & ~trumps
    return table


def _power_table(order: int) -> list[int]:
    table = [0] * 64
    trumps = TRUMPS[order]
    for card in CARDS_32:
        rank = card & 15
        if order == NULL:
            table[card] = rank
        elif rank == JACK:
            table[card] = 120 + JACK_ORDER[card >> 4]
        elif trumps >> card & 1:
            table[card] = 100 + PLAIN_ORDER[rank]
        else:
            table[card] = PLAIN_ORDER[rank]
    return table


FOLLOW: tuple[list[int], ...] = tuple(_follow_table(o) for o in ORDERS)
"""FOLLOW[order][card]: the cards that follow `card` when it is led (all trumps for a trump)."""
POWER: tuple[list[int], ...] = tuple(_power_table(o) for o in ORDERS)
"""POWER[order][card]: a card's strength; trumps beat every plain card."""


def trick_winner(order: int, trick: tuple[int, ...]) -> int:
    """Index into `trick` (play order) of the winning card: highest trump, else led suit."""
    lead = trick[0]
    eligible = FOLLOW[order][lead] | TRUMPS[order]
    power = POWER[order]
    best, best_power = 0, power[lead]
    for i in range(1, len(trick)):
        card = trick[i]
        if eligible >> card & 1 and power[card] > best_power:
            best, best_power = i, power[card]
    return best


def _trump_run(order: int) -> tuple[int, ...]:
    jacks = tuple(1 << (suit << 4 | JACK) for suit in SUIT_RANKING)
    if order == GRAND:
        return jacks
    suit_cards = tuple(1 << (order << 4 | r) for r in (ACE, TEN, 13, 12, 9, 8, 7))
    return jacks + suit_cards


MATADOR_RUNS: tuple[tuple[int, ...], ...] = (*tuple(_trump_run(o) for o in ORDERS[:5]), ())
"""The trumps of each order from the highest down, as single-card masks (none in Null)."""


def matadors(cards: int, order: int) -> int:
    """Matadors of `cards` in `order`: +N "with N", -N "without N" (0 in Null)."""
    run = MATADOR_RUNS[order]
    if not run:
        return 0
    holds_top = bool(cards & run[0])
    n = 0
    for bit in run:
        if bool(cards & bit) != holds_top:
            break
        n += 1
    return n if holds_top else -n


BASE_VALUES = {CLUBS: 12, SPADES: 11, HEARTS: 10, DIAMONDS: 9, GRAND: 24}
NULL_VALUES = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}
"""Null's fixed values by (hand, ouvert)."""


def _ladder() -> tuple[int, ...]:
    values = {base * m for base in (9, 10, 11, 12) for m in range(2, 19)}
    values |= {24 * m for m in range(2, 12)}
    values |= set(NULL_VALUES.values())
    return tuple(sorted(values))


BID_VALUES: tuple[int, ...] = _ladder()
"""Every legal bid, 18 to 264 (63 values)."""

DECK = DECK_32


_SUIT_PLACE = {suit: 4 - i for i, suit in enumerate(SUIT_RANKING)}


def skat_sorted(mask: int) -> list[int]:
    """The cards of `mask` in Skat order: Jacks (♣ ♠ ♥ ♦), then suits ♣ ♠ ♥ ♦, A 10 K .. 7."""
    grand = POWER[GRAND]
    return sorted(
        (c for c in CARDS_32 if mask >> c & 1),
        key=lambda c: (grand[c] >= 100, _SUIT_PLACE[c >> 4] if grand[c] < 100 else 0, grand[c]),
        reverse=True,
    )
