"""Cards as small ints, card sets as int bitmasks, decks, notation and trick helpers."""

from parlour.cards.card import (
    ACE,
    CARD,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JACK,
    KING,
    QUEEN,
    SPADES,
    SUIT_MASKS,
    SUIT_SYMBOLS,
    SUITS,
    TEN,
    Card,
    CardSet,
    cards_of,
    count,
    highest,
    iter_cards,
    lowest,
    make_card,
    mask_of,
    rank_of,
    suit_of,
)
from parlour.cards.deck import (
    CARDS_32,
    CARDS_52,
    DECK_32,
    DECK_52,
    INDEX_52,
    deal_masks,
    read_hands,
    shuffled,
)
from parlour.cards.notation import (
    format_card,
    format_card_list,
    format_cards,
    parse_card,
    parse_card_list,
    parse_cards,
)

__all__ = [
    "ACE", "CARD", "CARDS_32", "CARDS_52", "CLUBS", "DECK_32", "DECK_52", "DIAMONDS", "HEARTS",
    "INDEX_52", "JACK", "KING", "QUEEN", "SPADES", "SUITS", "SUIT_MASKS", "SUIT_SYMBOLS", "TEN",
    "Card", "CardSet", "cards_of", "count", "deal_masks", "format_card", "format_card_list",
    "format_cards", "highest", "iter_cards", "lowest", "make_card", "mask_of", "parse_card",
    "parse_card_list", "parse_cards", "rank_of", "read_hands", "shuffled", "suit_of",
]
