"""The card notation of docs/rules/hearts.md, and the `Card` and `CardSet` values."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.cards import (
    CARD,
    CARDS_32,
    CARDS_52,
    CLUBS,
    DECK_32,
    DECK_52,
    DIAMONDS,
    HEARTS,
    SPADES,
    Card,
    CardSet,
    format_card,
    format_card_list,
    format_cards,
    make_card,
    parse_card,
    parse_card_list,
    parse_cards,
)
from parlour.core import NotationError, ParlourError


def c(rank: int, suit: int) -> int:
    return make_card(rank, suit)


def mask(*cards: int) -> int:
    out = 0
    for card in cards:
        out |= 1 << card
    return out


def subset(bits: int, deck: tuple[int, ...]) -> int:
    """The cards of `deck` picked by the low bits of `bits`."""
    return mask(*(card for i, card in enumerate(deck) if bits >> i & 1))


QS = c(12, SPADES)
TH = c(10, HEARTS)
AKQS = mask(c(14, SPADES), c(13, SPADES), QS)


# --- round trips ---------------------------------------------------------------------------------
@given(st.integers(0, 2**52 - 1))
def test_every_52_card_subset_round_trips(bits: int) -> None:
    cards = subset(bits, CARDS_52)
    assert parse_cards(format_cards(cards)) == cards
    assert parse_cards(format_cards(cards, ascii=True)) == cards
    assert parse_cards(str(CardSet(cards))) == cards


@given(st.integers(0, 2**32 - 1))
def test_every_32_card_subset_round_trips(bits: int) -> None:
    cards = subset(bits, CARDS_32)
    assert cards & ~DECK_32 == 0
    assert parse_cards(format_cards(cards)) == cards
    assert parse_cards(format_cards(cards, ascii=True)) == cards


@given(st.permutations(CARDS_52).map(lambda p: p[:20]))
def test_card_lists_round_trip_in_order(cards: list[int]) -> None:
    assert parse_card_list(format_card_list(cards)) == list(cards)
    assert parse_card_list(format_card_list(cards, ascii=True)) == list(cards)


@pytest.mark.parametrize("card", CARDS_52)
def test_every_card_round_trips(card: int) -> None:
    assert parse_card(format_card(card)) == card
    assert parse_card(format_card(card, ascii=True)) == card
    assert Card.parse(str(CARD[card])) == card


def test_full_and_empty_decks() -> None:
    assert format_cards(DECK_52) == (
        "AKQJT98765432♣ AKQJT98765432♦ AKQJT98765432♠ AKQJT98765432♥"
    )
    assert parse_cards(format_cards(DECK_52)) == DECK_52
    assert parse_cards(format_cards(DECK_32)) == DECK_32
    assert format_cards(0) == "-"
    assert parse_cards("-") == 0
    assert parse_cards("") == 0
    assert parse_cards("   ") == 0


# --- reading -------------------------------------------------------------------------------------
def test_unicode_and_ascii_suits() -> None:
    assert parse_cards("A♣ A♦ A♥ A♠") == parse_cards("Ac Ad Ah As")
    assert parse_cards("A♧ A♢ A♡ A♤") == parse_cards("Ac Ad Ah As")
    assert parse_card("Q♠") == parse_card("Q♤") == parse_card("qs") == QS
    assert parse_card("2♧") == c(2, CLUBS)
    assert parse_card("7♢") == c(7, DIAMONDS)
    assert parse_card("K♡") == c(13, HEARTS)
    assert parse_card("A♥\ufe0f") == c(14, HEARTS)  # emoji presentation selector


def test_cards_of_one_suit_share_a_trailing_mark() -> None:
    assert parse_card_list("467QA♣") == [c(r, CLUBS) for r in (4, 6, 7, 12, 14)]
    assert parse_cards("AKQ♠ 0♥") == AKQS | 1 << TH
    assert parse_cards("AKQ♠0♥") == AKQS | 1 << TH
    assert parse_cards("AKQ♠ 0♥") == parse_cards("As Ks Qs Th")


@pytest.mark.parametrize("text", ["0♥", "T♥", "t♥", "10♥", "0h", "Th", "10h", "10H", "TH"])
def test_ten_is_written_0_t_or_10(text: str) -> None:
    assert parse_card(text) == TH


def test_ten_inside_a_group() -> None:
    assert parse_cards("A10K♦") == mask(c(14, DIAMONDS), c(10, DIAMONDS), c(13, DIAMONDS))


def test_case_is_ignored() -> None:
    assert parse_cards("as ks qs th") == parse_cards("AS KS QS TH") == parse_cards("aKq♠ T♥")


def test_spaces_and_commas_are_ignored() -> None:
    expected = AKQS | 1 << TH
    texts = ["A♠, K♠, Q♠, T♥", "A ♠ K ♠ Q♠,T♥", "  AKQ♠   0♥  ", "A♠,K♠,Q♠,T♥", "As\tKs\nQs Th"]
    for text in texts:
        assert parse_cards(text) == expected, text


def test_parse_card_list_keeps_the_order_written() -> None:
    assert parse_card_list("J♣ 7♦ 2♣") == [c(11, CLUBS), c(7, DIAMONDS), c(2, CLUBS)]


# --- errors --------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["A♠ A♠", "AA♠", "Qs Q♠", "J0T♣", "T10♦"])
def test_a_duplicate_card_is_an_error(text: str) -> None:
    with pytest.raises(NotationError, match="appears twice") as caught:
        parse_cards(text)
    assert repr(text) in str(caught.value)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("X♠", "neither a rank"),
        ("A♠ Z", "neither a rank"),
        ("1♠", "neither a rank"),
        ("♠A", "follows no rank"),
        ("AK", "no suit mark"),
        ("A♠ K", "no suit mark"),
        ("Q♠!", "neither a rank"),
    ],
)
def test_bad_text_raises_notation_error_quoting_the_input(text: str, expected: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_cards(text)
    message = str(caught.value)
    assert repr(text) in message
    assert expected in message
    assert "\n" not in message
    assert isinstance(caught.value, ParlourError)
    assert isinstance(caught.value, ValueError)


def test_an_unknown_character_error_says_what_was_expected() -> None:
    with pytest.raises(NotationError) as caught:
        parse_cards("AKQ♠ X♥")
    message = str(caught.value)
    assert "'X' at position 6" in message
    assert "a rank (2-9, 0 or T, J, Q, K, A)" in message
    assert "a suit (♣ ♦ ♥ ♠ or c d h s)" in message


# --- one card, read with the hand in mind --------------------------------------------------------
HAND = parse_cards("AQ7♣ Q3♦ K♠ 2♥")


def test_parse_card_reads_a_full_card_without_a_hand() -> None:
    assert parse_card("Q♠") == QS
    assert parse_card(" qs ") == QS
    assert parse_card("Q♠", HAND) == QS  # a full card is taken as written, held or not


def test_parse_card_infers_the_suit_to_follow() -> None:
    assert parse_card("Q", HAND, follow_suit=CLUBS) == c(12, CLUBS)
    assert parse_card("q", HAND, follow_suit=DIAMONDS) == c(12, DIAMONDS)


def test_parse_card_infers_a_rank_held_once() -> None:
    assert parse_card("K", HAND) == c(13, SPADES)
    assert parse_card("2", HAND) == c(2, HEARTS)
    # following hearts without the 3♥: the only 3 held
    assert parse_card("3", HAND, follow_suit=HEARTS) == c(3, DIAMONDS)


def test_parse_card_without_a_hand_needs_a_suit() -> None:
    with pytest.raises(NotationError, match="add a suit") as caught:
        parse_card("Q")
    assert "'Q'" in str(caught.value)


def test_parse_card_rejects_a_rank_not_held() -> None:
    with pytest.raises(NotationError, match="you hold no J") as caught:
        parse_card("J", HAND)
    assert "'J'" in str(caught.value)


def test_parse_card_rejects_an_ambiguous_rank() -> None:
    with pytest.raises(NotationError, match="ambiguous") as caught:
        parse_card("Q", HAND)
    assert "Q♣ and Q♦" in str(caught.value)
    with pytest.raises(NotationError, match="ambiguous"):
        parse_card("Q", HAND, follow_suit=HEARTS)


@pytest.mark.parametrize("text", ["AK♠", "A♠ K♠", "", "♠", "A♠ K"])
def test_parse_card_reads_exactly_one_card(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_card(text, HAND)
    assert repr(text) in str(caught.value)


# --- Card and CardSet ----------------------------------------------------------------------------
def test_card_values() -> None:
    queen = CARD[QS]
    assert isinstance(queen, int)
    assert queen == QS
    assert str(queen) == "Q♠"
    assert repr(queen) == "Card('Q♠')"
    assert queen.ascii == "Qs"
    assert queen.suit == SPADES
    assert queen.rank == 12
    assert Card.parse("qs") is queen
    assert str(CARD[TH]) == "T♥"
    with pytest.raises(NotationError):
        Card.parse("AK♠")


def test_card_set_behaves_like_a_set() -> None:
    hand = CardSet.parse("AKQ♠ 0♥")
    assert hand == AKQS | 1 << TH
    assert len(hand) == 4
    assert list(hand) == [TH, QS, c(13, SPADES), c(14, SPADES)]  # lowest int first
    assert all(isinstance(card, Card) for card in hand)
    assert QS in hand
    assert CARD[TH] in hand
    assert c(2, CLUBS) not in hand
    assert "Q♠" not in hand
    assert 64 not in hand
    assert -1 not in hand
    assert str(hand) == "AKQ♠ T♥"
    assert repr(hand) == "CardSet('AKQ♠ T♥')"
    assert str(CardSet(0)) == "-"
    assert len(CardSet(0)) == 0
    assert hand.suit(SPADES) == AKQS
    assert isinstance(hand.suit(HEARTS), CardSet)
    assert CardSet.of([QS, TH]) == mask(QS, TH)
    assert CardSet.parse(str(hand)) == hand
    assert len(CardSet(DECK_52)) == 52


def test_format_groups_suits_high_to_low_with_alternating_colours() -> None:
    cards = parse_cards("2♥ A♣ 3♠ K♦ T♣")
    assert format_cards(cards) == "AT♣ K♦ 3♠ 2♥"
    assert format_cards(cards, ascii=True) == "ATc Kd 3s 2h"
    assert format_cards(cards, suit_order=(SPADES, HEARTS, DIAMONDS, CLUBS)) == "3♠ 2♥ K♦ AT♣"
