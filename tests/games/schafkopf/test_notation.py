"""Schafkopf's notation: German and English card names, every action parsing back, errors."""

from __future__ import annotations

import pytest

from parlour.core import NotationError
from parlour.games.schafkopf.actions import BY_ID, CONTRACT, RAISE, SOLO, WENZ_GAME
from parlour.games.schafkopf.notation import parse_schafkopf_action, parse_schafkopf_card
from tests.games.schafkopf.helpers import HANDS_A, deal, game


@pytest.mark.parametrize("text", ["EO", "eo", "Eichel-Ober", "eichel ober", "Q♣", "♣Q", "Qc",
                                  "queen of clubs", "Kreuz-Dame", "Ober Eichel"])
def test_the_eichel_ober_in_german_and_english(text: str) -> None:
    assert parse_schafkopf_card(text) == 0 << 4 | 12


@pytest.mark.parametrize(("text", "name"), [
    ("G10", "G10"), ("Gras-Zehn", "G10"), ("10♠", "G10"), ("HA", "HA"), ("Herz-Sau", "HA"),
    ("SU", "SU"), ("Schellen-Unter", "SU"), ("J♦", "SU"), ("Pik-Bube", "GU"), ("s7", "S7"),
])
def test_cards_read_in_every_form(text: str, name: str) -> None:
    from parlour.games.schafkopf.actions import card_name

    assert card_name(parse_schafkopf_card(text)) == name


def test_every_action_parses_back_from_its_notation() -> None:
    for action in BY_ID:
        assert parse_schafkopf_action(str(action)) is action


@pytest.mark.parametrize(("text", "kind", "suit"), [
    ("herz solo", SOLO, 2), ("Herz-Solo", SOLO, 2), ("solo herz", SOLO, 2),
    ("sauspiel auf die gras-sau", 1, 3), ("rufspiel schellen", 1, 1), ("wenz", WENZ_GAME, -1),
    ("wenz tout", 4, -1), ("solo-tout eichel", 5, 0), ("sie", 6, -1),
])
def test_contracts_read_in_german_word_orders(text: str, kind: int, suit: int) -> None:
    assert parse_schafkopf_action(text) is CONTRACT[kind, suit]


def test_a_bare_game_name_is_a_raise_while_raising() -> None:
    state = deal(HANDS_A, "spiel", "spiel", "weiter", "weiter")
    assert state.game.parse_action("solo", state) is RAISE[SOLO]
    assert state.game.parse_action("raise wenz", state) is RAISE[WENZ_GAME]


def test_a_bare_rank_names_the_one_card_that_fits() -> None:
    state = deal(HANDS_A, "spiel", "weiter", "weiter", "weiter", "sauspiel eichel",
                 "weiter", "weiter", "weiter")
    assert str(state.game.parse_action("10", state)) == "H10"
    with pytest.raises(NotationError, match="ambiguous"):
        state.game.parse_action("O", state)


@pytest.mark.parametrize("text", ["", "xyz", "sauspiel herz", "solo", "raise solo herz",
                                  "E11", "tout", "EO GO"])
def test_bad_text_is_one_clear_error(text: str) -> None:
    with pytest.raises(NotationError, match=r"Schafkopf|cannot read"):
        game().parse_action(text, game().new_state(seed=1))


def test_fixed_hands_read_in_schafkopf_or_card_notation() -> None:
    english = game().new_state(hands=["Q♣ Q♠ J♣ T♥ 7♣ 8♣ 9♠ 7♦", *HANDS_A[1:]], seed=1)
    assert english.hands == deal(HANDS_A).hands


@pytest.mark.parametrize(("hands", "message"), [
    (["EO EO GO HO SO EU GU HU", *HANDS_A[1:]], "repeats a card"),
    (["EO GO", *HANDS_A[1:]], "has 2 cards, expected 8"),
    (HANDS_A[:3], "needs 4 hands"),
    (["EO GO EU H10 E7 E8 G9 Z7", *HANDS_A[1:]], "cannot read"),
])
def test_bad_fixed_hands_are_one_clear_error(hands: list[str], message: str) -> None:
    from parlour.core import ParlourError

    with pytest.raises(ParlourError, match=message):
        game().new_state(seed=1, hands=hands)
