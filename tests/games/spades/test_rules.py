"""Every rule of docs/rules/spades.md as a named test: seating, dealing, bidding and play."""

from __future__ import annotations

import pytest

from parlour.cards import DECK_52, SPADES, suit_of
from parlour.core import IllegalActionError, ParameterError
from parlour.games.spades import BID, BLIND_NIL, LOOK, NIL, PLAY, team_of, trick_winner
from tests.games.spades.helpers import ONE_SUIT_EACH, RUFF_DEAL, bid_all, card, play, spades

BIDS_3 = {0: "bid 3", 1: "bid 3", 2: "bid 3", 3: "bid 3"}


# --- players, partnerships and the deal ---------------------------------------------------
def test_four_players_in_two_partnerships_sitting_opposite() -> None:
    game = spades()
    assert game.num_players == 4
    assert [team_of(s) for s in range(4)] == [0, 1, 0, 1]
    state = game.new_state(seed=1)
    assert state.scores()[0] == state.scores()[2] and state.scores()[1] == state.scores()[3]


def test_52_cards_are_dealt_13_to_each_player() -> None:
    state = spades().new_state(seed=3)
    assert all(h.bit_count() == 13 for h in state.hands)
    union = 0
    for hand in state.hands:
        assert not union & hand
        union |= hand
    assert union == DECK_52


def test_the_deal_rotates_to_the_left_each_hand() -> None:
    game = spades()
    assert [game.dealer_of(d) for d in range(6)] == [3, 0, 1, 2, 3, 0]
    state = game.new_state(seed=5)
    assert state.dealer == 3 and state.current_player == 0
    bid_all(state, BIDS_3)
    while state.deal == 0:
        state.apply(state.legal_actions()[0])
    assert state.dealer == 0 and state.current_player == 1  # left of the new dealer bids first


def test_each_hand_is_dealt_from_the_seed_and_the_hand_number_only() -> None:
    game = spades()
    assert game.deal_hands(7, 2) == game.deal_hands(7, 2)
    assert game.deal_hands(7, 2) != game.deal_hands(7, 3)
    assert game.deal_hands(7, 0) == game.new_state(seed=7).hands


# --- bidding ---------------------------------------------------------------------------------
def test_bidding_starts_left_of_the_dealer_and_each_player_bids_once() -> None:
    state = spades().new_state(seed=2)
    order = []
    while state.observe(0).phase == "bid":
        order.append(state.current_player)
        play(state, "bid 2")
    assert order == [0, 1, 2, 3]
    assert state.bids == (2, 2, 2, 2)
    assert state.observe(0).phase == "play"


def test_bids_are_0_to_13_tricks_and_0_is_nil() -> None:
    state = spades().new_state(seed=2)
    assert list(state.legal_actions()) == list(BID)
    assert [b.tricks for b in state.legal_actions()] == list(range(14))
    assert str(NIL) == "nil" and NIL.tricks == 0


def test_nil_can_be_turned_off() -> None:
    state = spades(nil=False).new_state(seed=2)
    assert NIL not in state.legal_actions()
    assert state.why_illegal(NIL) == "Nil is not allowed in this game (nil=false)"
    with pytest.raises(IllegalActionError):
        state.apply(NIL)


def test_blind_nil_is_off_by_default() -> None:
    state = spades().new_state(seed=2, scores=(0, 300))
    assert state.observe(0).phase == "bid"
    assert BLIND_NIL not in state.legal_actions()


def test_blind_nil_is_offered_before_looking_only_when_trailing_by_100_or_more() -> None:
    game = spades(blind_nil=True)
    behind = game.new_state(seed=2, scores=(100, 200))  # North-South trails by exactly 100
    obs = behind.observe(0)
    assert obs.phase == "blind" and not obs.hand_seen and len(obs.hand) == 0
    assert list(behind.legal_actions()) == [BLIND_NIL, LOOK]
    play(behind, "look")
    assert behind.current_player == 2  # the partner is offered it too; East-West is not
    play(behind, "blind nil")
    assert behind.observe(0).hand_seen and len(behind.observe(0).hand) == 13
    assert behind.bids[2] == 0 and behind.blind[2]
    assert [behind.current_player] == [0]
    bid_all_but = [0, 1, 3]
    for seat in bid_all_but:
        assert behind.current_player == seat
        play(behind, "bid 3")
    assert behind.observe(0).phase == "play"

    close = game.new_state(seed=2, scores=(101, 200))  # trails by 99
    assert close.observe(0).phase == "bid"
    assert BLIND_NIL not in close.legal_actions()


def test_blind_nil_hides_the_hand_from_its_owner_until_decided() -> None:
    game = spades(blind_nil=True)
    state = game.new_state(seed=4, scores=(0, 150))
    assert [e.seat for e in state.events if type(e).__name__ == "HandDealt"] == [1, 3]
    assert not state.observe(2).hand_seen
    play(state, "look")
    dealt = [e for e in state.events if type(e).__name__ == "HandDealt"]
    assert dealt[-1].seat == 0 and dealt[-1].visible_to == frozenset({0})


# --- play -------------------------------------------------------------------------------------
def test_the_player_left_of_the_dealer_leads_the_first_trick() -> None:
    state = bid_all(spades().new_state(seed=9), BIDS_3)
    assert state.dealer == 3
    assert state.leader == 0 and state.current_player == 0


def test_opening_lead_variant_the_two_of_clubs_holder_leads_it() -> None:
    state = bid_all(spades(opening_lead="two_of_clubs").new_state(hands=RUFF_DEAL), BIDS_3)
    assert state.current_player == 0  # seat 0 holds the 2♣
    assert list(state.legal_actions()) == [PLAY[card("2♣")]]
    other = spades(opening_lead="two_of_clubs").new_state(hands=RUFF_DEAL[1:] + RUFF_DEAL[:1])
    bid_all(other, BIDS_3)
    assert other.current_player == 3
    assert other.why_illegal(PLAY[card("3♣")]) == "the 2♣ must lead the first trick"


def test_players_must_follow_suit_if_able() -> None:
    state = bid_all(spades().new_state(hands=RUFF_DEAL), BIDS_3)
    play(state, "2♣", "7♠")
    assert state.current_player == 2
    assert {a.card for a in state.legal_actions()} == {card(c) for c in
                                                      ("T♣", "J♣", "Q♣", "K♣", "A♣")}
    reason = state.why_illegal(PLAY[card("2♦")])
    assert reason is not None and reason.startswith("must follow suit")


def test_a_player_void_in_the_suit_led_may_play_any_card() -> None:
    state = bid_all(spades().new_state(hands=RUFF_DEAL), BIDS_3)
    play(state, "2♣")
    legal = {a.card for a in state.legal_actions()}
    assert legal == set(iter(state.observe(1).hand))  # hearts and spades alike


def test_spades_may_not_be_led_before_they_are_broken() -> None:
    state = bid_all(spades().new_state(hands=RUFF_DEAL), BIDS_3)
    assert state.observe(0).hand.suit(SPADES)  # seat 0 holds spades, but may not lead them
    assert not any(suit_of(a.card) == SPADES for a in state.legal_actions())
    assert state.why_illegal(PLAY[card("2♠")]) == (
        "spades are not broken yet and seat holds other suits to lead")


def test_spades_may_be_led_by_a_leader_holding_only_spades() -> None:
    state = bid_all(spades().new_state(hands=ONE_SUIT_EACH), BIDS_3)
    assert not state.broken
    assert len(state.legal_actions()) == 13
    assert state.is_legal(PLAY[card("2♠")])


def test_spades_may_be_led_once_broken() -> None:
    """A spade played to an earlier trick (here a ruff) breaks spades for every later lead."""
    state = bid_all(spades().new_state(hands=RUFF_DEAL), BIDS_3)
    play(state, "2♣", "7♠", "T♣", "T♦")  # seat 1 ruffs the first trick with the 7♠
    assert state.broken
    assert state.current_player == 1
    assert state.is_legal(PLAY[card("8♠")])
    play(state, "8♠")  # and leads a spade at once
    assert state.trick == (card("8♠"),)
    play(state, "2♦", "9♠", "2♠")  # seat 3 wins with the 9♠ and may lead spades too
    assert state.current_player == 3 and not state.trick
    assert state.is_legal(PLAY[card("T♠")])
    play(state, "T♠")
    assert state.trick == (card("T♠"),)


def test_the_highest_spade_wins_a_trick() -> None:
    assert trick_winner([card("A♣"), card("2♠"), card("K♣"), card("3♠")]) == 3
    state = bid_all(spades().new_state(hands=RUFF_DEAL), BIDS_3)
    play(state, "2♣", "7♠", "A♣", "T♦")
    assert state.won == (0, 1, 0, 0) and state.leader == 1


def test_without_spades_the_highest_card_of_the_suit_led_wins() -> None:
    assert trick_winner([card("9♥"), card("A♦"), card("K♥"), card("2♥")]) == 2
    assert trick_winner([card("5♦"), card("A♣"), card("A♥"), card("4♦")]) == 0


def test_the_winner_of_a_trick_leads_the_next() -> None:
    state = bid_all(spades().new_state(hands=ONE_SUIT_EACH), BIDS_3)
    play(state, "2♠", "2♥", "2♦", "2♣")
    assert state.leader == 0 and state.current_player == 0 and state.won == (1, 0, 0, 0)


def test_parameters_are_checked() -> None:
    with pytest.raises(ParameterError):
        spades(blind_nil=True, nil=False)
    with pytest.raises(ParameterError):
        spades(opening_lead="dealer")
    with pytest.raises(ParameterError):
        spades(mercy=True, mercy_score=600)


def test_fixed_hands_are_checked() -> None:
    game = spades()
    with pytest.raises(ParameterError, match="has 12 cards"):
        game.new_state(hands=["AKQJT9876543♠", *ONE_SUIT_EACH[1:]])
    with pytest.raises(ParameterError, match="repeats"):
        game.new_state(hands=[ONE_SUIT_EACH[0]] * 4)
    with pytest.raises(ParameterError, match="4 hands"):
        game.new_state(hands=ONE_SUIT_EACH[:3])

