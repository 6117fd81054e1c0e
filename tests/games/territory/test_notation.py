"""The text notation of a whole turn: it parses back, and bad text is a NotationError."""

from __future__ import annotations

import pickle

import pytest

from parlour.core import NotationError
from parlour.games.territory import STAY, Forfeit, Territory, Turn
from tests.games.territory.helpers import make_state

GAME = Territory(size=4, players=2)


@pytest.mark.parametrize("text", [
    "3,1 n 2", "0,0 e 1; 0,0 s 2; 1,3 w 4", "stay", "forfeit", "forfeit: too slow",
    "-1,5 w 0", "2,2 e -3",
])
def test_str_of_an_action_parses_back(text: str) -> None:
    action = GAME.parse_action(text)
    assert str(action) == text
    assert GAME.parse_action(str(action)) == action
    assert pickle.loads(pickle.dumps(action)) == action


def test_a_turn_is_its_moves_in_order() -> None:
    action = GAME.parse_action("(0, 1) north 2;0,1 E 1")
    assert action == Turn([(0, 1, "n", 2), (0, 1, "e", 1)])
    assert str(action) == "0,1 n 2; 0,1 e 1"
    assert hash(action) == hash(Turn([(0, 1, "n", 2), (0, 1, "e", 1)]))
    assert action != Turn([(0, 1, "e", 1), (0, 1, "n", 2)])


def test_stay_and_pass_are_the_empty_turn() -> None:
    assert GAME.parse_action("stay") == STAY == GAME.parse_action("PASS") == Turn()
    assert str(STAY) == "stay"


def test_a_forfeit_keeps_its_reason_on_one_line() -> None:
    action = GAME.parse_action("forfeit: the player raised\nValueError")
    assert action == Forfeit("the player raised ValueError")
    assert str(action) == "forfeit: the player raised ValueError"


def test_the_count_may_be_left_out_or_all_when_the_board_is_known() -> None:
    state = make_state([[0, 1], [1, 1]], [[3, 4], [4, 4]])
    assert GAME.parse_action("0,0 e", state) == Turn([(0, 0, "e", 3)])
    assert GAME.parse_action("0,0 e all", state.observe(0)) == Turn([(0, 0, "e", 3)])
    with pytest.raises(NotationError, match="give a count"):
        GAME.parse_action("0,0 e")


@pytest.mark.parametrize(("text", "message"), [
    ("", "expected moves like"),
    ("3,4 x 2", "direction 'x' is not n, s, e or w"),
    ("3 4 n 2", "cannot read '3 4 n 2'"),
    ("3,4 n 2.5", "cannot read"),
    ("3,4 n 2;", "cannot read ''"),
])
def test_bad_text_is_a_notation_error_quoting_it(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        GAME.parse_action(text)


def test_a_turn_refuses_a_bad_direction_or_a_non_integer() -> None:
    with pytest.raises(NotationError, match="direction 'x'"):
        Turn([(0, 0, "x", 1)])
    with pytest.raises(TypeError):
        Turn([(0, 0, "n", 1.5)])
