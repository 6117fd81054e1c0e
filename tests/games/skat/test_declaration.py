"""ISkO 2.2: the skat, burying, Hand games, game types and announcements."""

from __future__ import annotations

import pytest

from parlour import IllegalActionError, NotationError
from parlour.cards import parse_cards
from parlour.games.skat import BURY, DECLARE, PICKUP, Contract, Declare
from parlour.games.skat.actions import AFTER_PICKUP, CONTRACTS, HAND_DECLARATIONS
from parlour.games.skat.rules import BURY as BURY_PHASE
from parlour.games.skat.rules import DECLARE_PHASE, PLAY_PHASE, SKAT
from parlour.games.skat.tables import card_points
from tests.games.skat.helpers import do, game, new, play_out, win_bidding


def test_pickup_then_bury_two_then_declare() -> None:
    state = win_bidding(new(), 0)
    assert state.phase == SKAT
    do(state, "pickup")
    assert state.phase == BURY_PHASE
    assert state.hands[0].bit_count() == 12 and state.skat == 0
    do(state, "bury 7d 7s")
    assert state.phase == DECLARE_PHASE
    assert state.hands[0].bit_count() == 10 and state.skat == parse_cards("7d 7s")
    do(state, "declare hearts")
    assert state.phase == PLAY_PHASE and state.contract == Contract("hearts")


def test_declaring_with_twelve_cards_is_impossible() -> None:
    state = do(win_bidding(new(), 0), "pickup")
    assert not any(isinstance(a, Declare) for a in state.legal_actions())
    for contract in CONTRACTS:
        assert not state.is_legal(DECLARE[contract])
    with pytest.raises(IllegalActionError, match="12 cards"):
        state.apply(DECLARE[Contract("grand")])


def test_exactly_two_held_cards_are_buried() -> None:
    state = do(win_bidding(new(), 0), "pickup")
    assert len(state.legal_actions()) == 66  # every pair of the twelve cards
    with pytest.raises(IllegalActionError, match="does not hold"):
        state.apply(BURY[parse_cards("Jh Jd")])
    with pytest.raises(NotationError, match="exactly two"):
        game().parse_action("bury Jc", state)
    with pytest.raises(NotationError, match="exactly two"):
        game().parse_action("bury Jc Js Ah", state)


def test_any_two_cards_may_be_buried_even_jacks() -> None:
    state = do(win_bidding(new(), 0), "pickup", "bury Jc Js")
    assert state.skat == parse_cards("Jc Js")


def test_a_hand_game_is_declared_without_taking_the_skat() -> None:
    state = win_bidding(new(), 0)
    assert set(state.legal_actions()) == {PICKUP, *HAND_DECLARATIONS}
    do(state, "declare hearts hand")
    assert state.phase == PLAY_PHASE
    assert state.hands[0].bit_count() == 10 and state.skat == parse_cards("7s 8d")


def test_no_hand_game_after_picking_up() -> None:
    state = do(win_bidding(new(), 0), "pickup", "bury 7d 7s")
    assert set(state.legal_actions()) == set(AFTER_PICKUP)
    with pytest.raises(IllegalActionError, match="no Hand game"):
        do(state, "declare hearts hand")


def test_game_types_are_the_four_suits_grand_and_null() -> None:
    kinds = {c.kind for c in CONTRACTS}
    assert kinds == {"diamonds", "hearts", "spades", "clubs", "grand", "null"}
    assert len(CONTRACTS) == 29


def test_schneider_announced_needs_hand() -> None:
    assert all(c.hand for c in CONTRACTS if c.schneider)
    with pytest.raises(NotationError, match="only in a Hand game"):
        game().parse_action("declare hearts schneider", new())


def test_schwarz_announced_needs_schneider_announced() -> None:
    assert all(c.schneider for c in CONTRACTS if c.schwarz)
    action = game().parse_action("declare clubs hand schwarz", new())
    assert action.contract == Contract("clubs", hand=True, schneider=True, schwarz=True)  # type: ignore[attr-defined]
    with pytest.raises(NotationError, match="only in a Hand game"):
        game().parse_action("declare clubs schwarz", new())


def test_ouvert_suit_game_or_grand_needs_hand_and_implies_schwarz_announced() -> None:
    for c in CONTRACTS:
        if c.ouvert and not c.is_null:
            assert c.hand and c.schneider and c.schwarz
    action = game().parse_action("declare grand ouvert", new())  # Hand is implied
    assert str(action) == "declare grand hand ouvert"


def test_null_ouvert_is_possible_with_pickup_and_as_hand() -> None:
    assert Contract("null", ouvert=True) in CONTRACTS
    assert Contract("null", hand=True, ouvert=True) in CONTRACTS
    state = do(win_bidding(new(), 0), "pickup", "bury Ac Tc", "declare null ouvert")
    assert state.contract == Contract("null", ouvert=True)
    state = do(win_bidding(new(), 0), "declare null ouvert hand")
    assert state.contract == Contract("null", hand=True, ouvert=True)


def test_null_announces_neither_schneider_nor_schwarz() -> None:
    assert not any(c.schneider or c.schwarz for c in CONTRACTS if c.is_null)
    with pytest.raises(NotationError, match="neither Schneider nor Schwarz"):
        game().parse_action("declare null hand schneider", new())


def test_in_an_ouvert_game_every_player_sees_the_declarers_hand() -> None:
    state = do(win_bidding(new(), 0), "declare grand hand ouvert")
    for seat in range(3):
        assert state.observe(seat).declarer_hand == state.hands[0]
    do(state, "Jc")
    assert state.observe(2).declarer_hand == state.hands[0]
    plain = do(win_bidding(new(), 0), "declare grand hand")
    assert plain.observe(1).declarer_hand is None


def test_the_skat_belongs_to_the_declarer_its_points_count_for_him() -> None:
    rich = new(hands=["Jc Js Ah Kh Qh 9h 8h Ac Kc 7d", "Jh Jd 7h As Ts Ks Qs 9s 8s 7s",
                      "Qc 9c 8c 7c Ad Td Kd Qd 9d 8d"], skat="Th Tc", deals=1)
    do(win_bidding(rich, 0), "declare hearts hand")  # a Hand game: the skat stays down
    play_out(rich)
    result = rich.results[0]
    assert result.skat == parse_cards("Th Tc")
    assert result.card_points == card_points(rich.taken[0]) + 20


def test_declared_contract_is_public() -> None:
    state = do(win_bidding(new(), 1, 20), "declare spades hand")
    for seat in range(3):
        assert state.observe(seat).contract == Contract("spades", hand=True)
        assert state.observe(seat).declarer == 1
