"""The trick layer's decks of two copies (`ContractTrickState.twin_copies`): one play action
per card held, whichever copies; the copy held is the one played (`one_per_card`,
`held_copy`); a game names its own card-played events (`card_played_events`)."""

from __future__ import annotations

from parlour.cards import parse_card
from parlour.cards.contract import (
    FIRST_COPIES,
    SECOND_COPIES,
    held_copy,
    one_per_card,
    twin,
)
from parlour.cards.contract_state import ContractTrickState
from parlour.cards.events import CARD_PLAYED


def test_first_and_second_copies_are_ranks_nine_to_ace_and_their_twins() -> None:
    assert FIRST_COPIES.bit_count() == SECOND_COPIES.bit_count() == 24
    assert not FIRST_COPIES & SECOND_COPIES
    ace = parse_card("A♣")
    assert FIRST_COPIES >> ace & 1 and SECOND_COPIES >> twin(ace) & 1


def test_one_per_card_names_each_card_once_by_its_first_copy() -> None:
    ace, nine = parse_card("A♥"), parse_card("9♠")
    both = 1 << ace | 1 << twin(ace)
    assert one_per_card(both) == 1 << ace
    assert one_per_card(1 << twin(ace) | 1 << nine) == 1 << ace | 1 << nine
    assert one_per_card(0) == 0


def test_held_copy_plays_the_first_copy_if_held_else_the_second() -> None:
    ace = parse_card("A♥")
    assert held_copy(1 << ace | 1 << twin(ace), ace) == ace
    assert held_copy(1 << twin(ace), ace) == twin(ace)


def test_a_layer_game_has_single_copies_and_the_shared_events_by_default() -> None:
    assert ContractTrickState.twin_copies is False
    assert ContractTrickState.card_played_events is CARD_PLAYED
