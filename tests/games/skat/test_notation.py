"""Action notation: what a person types, what `str` prints, integer ids."""

from __future__ import annotations

import pickle
from contextlib import suppress

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour import NotationError, ParlourError
from parlour.cards import parse_card, parse_cards
from parlour.games.skat import BID, BURY, DECLARE, HOLD, PASS, PICKUP, PLAY, Contract
from parlour.games.skat.actions import BY_ID, NUM_ACTIONS
from tests.games.skat.helpers import do, game, new, win_bidding


def parse(text: str, state: object = None) -> object:
    return game().parse_action(text, state)  # type: ignore[arg-type]


def test_calls_parse() -> None:
    assert parse("hold") == HOLD and parse("yes") == HOLD
    assert parse("pass") == PASS and parse("Passe") == PASS
    assert parse("pickup") == PICKUP and parse("pick up") == PICKUP


def test_bury_parses_in_any_order_and_notation() -> None:
    pair = BURY[parse_cards("J♣ 7♦")]
    assert parse("bury J♣ 7♦") == pair
    assert parse("bury 7d Jc") == pair
    assert str(pair) == "bury J♣ 7♦"


def test_declarations_parse() -> None:
    assert parse("declare grand") == DECLARE[Contract("grand")]
    assert parse("declare hearts hand schneider") == DECLARE[
        Contract("hearts", hand=True, schneider=True)]
    assert parse("declare null ouvert") == DECLARE[Contract("null", ouvert=True)]
    assert parse("declare null ouvert hand") == DECLARE[Contract("null", hand=True, ouvert=True)]
    assert parse("grand hand") == DECLARE[Contract("grand", hand=True)]
    assert parse("declare ♥ hand") == DECLARE[Contract("hearts", hand=True)]
    assert parse("declare Kreuz") == DECLARE[Contract("clubs")]


def test_cards_parse_with_symbols_or_letters() -> None:
    assert parse("J♣") == PLAY[parse_card("Jc")] == parse("Jc") == parse("jc")
    assert parse("10♥") == parse("Th") == parse("0h")


def test_a_bare_rank_names_the_only_legal_card() -> None:
    state = do(win_bidding(new(), 0), "declare hearts hand", "Ac")
    # seat 1 must follow clubs but holds none: a bare rank needs to be unique in the hand
    state2 = do(win_bidding(new(), 0), "declare hearts hand", "Tc")
    assert parse("K", state2) == PLAY[parse_card("Ks")]
    with pytest.raises(NotationError, match="ambiguous"):
        parse("J", state)


def test_every_action_prints_and_parses_back() -> None:
    for action in BY_ID:
        assert parse(str(action)) == action, str(action)


def test_action_ids_are_dense_and_round_trip() -> None:
    g = game()
    assert g.num_distinct_actions == NUM_ACTIONS == 32 + 63 + 3 + 29 + 496
    for i in range(NUM_ACTIONS):
        assert g.action_from_id(i).id == i


def test_actions_pickle_to_the_interned_object() -> None:
    for action in (BID[18], HOLD, BURY[parse_cards("Jc 7d")], DECLARE[Contract("grand")]):
        assert pickle.loads(pickle.dumps(action)) is action


def test_actions_are_immutable() -> None:
    with pytest.raises(AttributeError):
        HOLD.key = 3  # type: ignore[misc]


@pytest.mark.parametrize("text", ["", "zz", "bid", "bid 19", "bid x", "2♣", "hand",
                                  "declare", "declare grand ouvert schneider x", "bury",
                                  "declare null schwarz", "declare hearts schneider", "♠♠"])
def test_bad_text_raises_a_notation_error_quoting_it(text: str) -> None:
    with pytest.raises(NotationError) as error:
        parse(text, new())
    assert repr(text.strip())[1:-1] in str(error.value) or text == ""


def test_hand_alone_explains_how_to_declare_a_hand_game() -> None:
    with pytest.raises(NotationError, match="declare grand hand"):
        parse("hand", new())


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=25))
def test_parsing_any_text_gives_an_action_or_a_parlour_error(text: str) -> None:
    with suppress(ParlourError):
        parse(text, new())
