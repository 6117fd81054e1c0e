"""Skull notation: ``place skull``, ``bid 3``, ``pass``, ``reveal 2``, ``discard rose``, ..."""

from __future__ import annotations

import pickle

import pytest

from parlour.core import NotationError
from parlour.games.skull import BID, DISCARD, PASS, PLACE, REVEAL, ROSE, SKULL, START
from parlour.games.skull.actions import NUM_ACTIONS
from tests.games.skull.helpers import new, play, skull


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("place skull", PLACE[SKULL]),
        ("place rose", PLACE[ROSE]),
        ("Place Rose", PLACE[ROSE]),
        ("skull", PLACE[SKULL]),
        ("bid 3", BID[3]),
        ("3", BID[3]),
        ("pass", PASS),
        ("reveal 2", REVEAL[2]),
        ("turn 2", REVEAL[2]),
        ("discard rose", DISCARD[ROSE]),
        ("discard skull", DISCARD[SKULL]),
        ("start 1", START[1]),
    ],
)
def test_actions_are_read_from_their_notation(text: str, expected: object) -> None:
    assert skull(6).parse_action(text, new(6)) == expected


def test_every_action_prints_and_parses_back() -> None:
    game = skull(6)
    state = game.new_state(seed=1)
    for action_id in range(NUM_ACTIONS):
        action = game.action_from_id(action_id)
        assert action.id == action_id
        assert game.parse_action(str(action), state) == action
        assert pickle.loads(pickle.dumps(action)) is action


def test_a_bare_disc_is_a_discard_in_the_discard_phase() -> None:
    state = play(new(3), "place skull", "place rose", "place rose", "bid 1", "pass", "pass")
    assert state.game.parse_action("rose", state) == DISCARD[ROSE]
    assert state.game.parse_action("rose", state.observe(0)) == DISCARD[ROSE]


@pytest.mark.parametrize(
    "text", ["", "bid", "bid 0", "bid 25", "reveal 6", "reveal x", "place tulip", "discard", "²",
             "bid ²", "pass 2"])
def test_bad_notation_is_a_notation_error_quoting_the_input(text: str) -> None:
    with pytest.raises(NotationError) as error:
        skull(6).parse_action(text, new(6))
    assert repr(text) in str(error.value)
