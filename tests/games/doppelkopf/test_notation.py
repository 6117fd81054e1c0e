"""The card and action notation: German and English names, both copies, clear errors."""

from __future__ import annotations

import pytest

from parlour.core import NotationError, ParameterError
from parlour.games.doppelkopf.actions import BY_ID, parse_action
from parlour.games.doppelkopf.cards import (
    COPY_SHIFT,
    canonical,
    format_card,
    format_hand,
    parse_face,
    parse_hand,
    twin,
)
from tests.games.doppelkopf.helpers import doko

KREUZ_DAME = ["Q♣", "♣Q", "qc", "QC", "KrD", "Kreuz-Dame", "kreuz dame", "EO", "Eichel-Ober",
              "queen-clubs"]


@pytest.mark.parametrize("text", KREUZ_DAME)
def test_every_name_of_the_kreuz_dame_reads_as_it(text):
    assert format_card(parse_face(text)) == "Q♣"


@pytest.mark.parametrize(("text", "card"), [
    ("10♥", "10♥"), ("H10", "10♥"), ("He10", "10♥"), ("Herz-Zehn", "10♥"), ("HZ", "10♥"),
    ("th", "10♥"), ("KaA", "A♦"), ("SA", "A♦"), ("Schellen-Ass", "A♦"), ("Karo-Ass", "A♦"),
    ("GU", "J♠"), ("Pik-Bube", "J♠"), ("PiB", "J♠"), ("9d", "9♦"), ("Karo-Neun", "9♦"),
    ("Kreuz-König", "K♣"), ("EK", "K♣")])
def test_german_bavarian_and_english_names(text, card):
    assert format_card(parse_face(text)) == card


def test_both_copies_print_the_same_face():
    card = parse_face("Q♣")
    assert twin(card) == card - COPY_SHIFT and twin(twin(card)) == card
    assert format_card(twin(card)) == "Q♣"


def test_every_action_prints_and_parses_back():
    for action in BY_ID:
        assert parse_action(str(action)) == action


@pytest.mark.parametrize(("text", "expected"), [
    ("Trumpfsolo", "karosolo"), ("solo damen", "damensolo"), ("queens solo", "damensolo"),
    ("no 90", "keine 90"), ("Contra", "kontra"), ("KEINE 60", "keine 60"),
    ("give KrD", "give Q♣"), ("return EO", "return Q♣"), ("fleischlos", "fleischloser")])
def test_action_aliases(text, expected):
    assert str(parse_action(text)) == expected


def test_bad_text_is_a_clear_error():
    with pytest.raises(NotationError, match="cannot read 'Q♣♣' as a Doppelkopf action"):
        parse_action("Q♣♣")
    with pytest.raises(NotationError, match="Kreuz-Dame"):
        parse_action("8♣")


def test_a_hand_names_a_face_twice_for_both_copies():
    hand = parse_hand("Q♣ Q♣ 10♥")
    assert hand.bit_count() == 3 and canonical(hand) == hand
    assert format_hand(hand) == "Q♣ Q♣ 10♥"
    with pytest.raises(NotationError, match="more than twice"):
        parse_hand("Q♣ Q♣ Q♣")


def test_nines_are_refused_without_nines():
    with pytest.raises(ParameterError, match="not in this deck"):
        doko(with_nines=False).read_hands(["9♣"] * 4)


def test_fixed_hands_may_not_deal_a_face_three_times():
    hands = ["Q♣ " * 12] * 4
    with pytest.raises(ParameterError, match="seat 0"):
        doko().read_hands(hands)


def test_canonical_hides_the_copy_held():
    first, second = parse_face("A♦"), twin(parse_face("A♦"))
    assert canonical(1 << second) == 1 << first
    assert canonical(1 << first | 1 << second) == 1 << first | 1 << second


@pytest.mark.parametrize("hands", [[1.5, "", "", ""], "Q♣", ["Q♣"] * 3, [None] * 4])
def test_malformed_fixed_hands_are_a_clear_error(hands):
    with pytest.raises(ParameterError, match="hand"):
        doko().new_state(seed=1, hands=hands)
