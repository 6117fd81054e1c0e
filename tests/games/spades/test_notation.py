"""Spades notation: ``bid 4``, ``nil``, ``blind nil``, ``look`` and cards; it parses back."""

from __future__ import annotations

import pickle

import pytest

from parlour.core import NotationError
from parlour.games.spades import BID, BLIND_NIL, LOOK, NIL, PLAY
from parlour.games.spades.actions import NUM_ACTIONS
from tests.games.spades.helpers import RUFF_DEAL, bid_all, card, spades


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("bid 4", BID[4]),
        ("BID 13", BID[13]),
        ("nil", NIL),
        ("bid 0", NIL),
        ("blind nil", BLIND_NIL),
        ("Blind Nil", BLIND_NIL),
        ("look", LOOK),
        ("Q♠", PLAY[card("Q♠")]),
        ("qs", PLAY[card("Q♠")]),
        ("10h", PLAY[card("T♥")]),
    ],
)
def test_actions_are_read_from_their_notation(text: str, expected: object) -> None:
    assert spades().parse_action(text, spades().new_state(seed=1)) == expected


def test_every_action_prints_and_parses_back() -> None:
    game = spades()
    state = game.new_state(seed=1)
    for action_id in range(NUM_ACTIONS):
        action = game.action_from_id(action_id)
        assert action.id == action_id
        assert game.parse_action(str(action), state) == action
        assert pickle.loads(pickle.dumps(action)) is action


def test_printed_forms() -> None:
    assert [str(BID[4]), str(NIL), str(BLIND_NIL), str(LOOK), str(PLAY[card("Q♠")])] == [
        "bid 4", "nil", "blind nil", "look", "Q♠"]


def test_a_bare_number_is_a_bid_while_bidding_and_a_card_rank_in_play() -> None:
    game = spades()
    state = game.new_state(hands=RUFF_DEAL)
    assert game.parse_action("4", state) == BID[4]
    assert game.parse_action("10", state) == BID[10]
    bid_all(state, {0: "bid 3", 1: "bid 3", 2: "bid 3", 3: "bid 3"})
    assert game.parse_action("9", state) == PLAY[card("9♣")]  # seat 0 holds only one 9
    assert game.parse_action("9", state.observe(0)) == PLAY[card("9♣")]


@pytest.mark.parametrize("text", ["bid 14", "bid", "bid x", "bid ²", "", "zz", "blind bid"])
def test_bad_notation_is_a_notation_error_quoting_the_input(text: str) -> None:
    with pytest.raises(NotationError) as error:
        spades().parse_action(text, spades().new_state(seed=1))
    assert repr(text) in str(error.value)
