"""ISkO 2.1-2.2: the table, the deal and the bidding."""

from __future__ import annotations

import pytest

from parlour import IllegalActionError
from parlour.cards import CARDS_32, DECK_32
from parlour.games.skat import BID, HOLD, PASS, Bid
from parlour.games.skat.rules import BIDDING, SKAT
from parlour.games.skat.tables import BID_VALUES, card_points
from tests.games.skat.helpers import SKAT as SKAT_TEXT
from tests.games.skat.helpers import do, game, new

REFERENCE_LADDER = [
    18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60, 63, 66, 70,
    72, 77, 80, 81, 84, 88, 90, 96, 99, 100, 108, 110, 117, 120, 121, 126, 130, 132, 135, 140,
    143, 144, 150, 153, 154, 160, 162, 165, 168, 170, 176, 180, 187, 192, 198, 204, 216, 240, 264,
]


# --- table and cards ---------------------------------------------------------------------------
def test_positions_are_relative_to_the_dealer() -> None:
    state = game().new_state(seed=3, dealer=0)
    assert state.seats == (1, 2, 0)  # forehand left of the dealer; the dealer is rearhand
    assert state.current_player == 2  # middlehand bids first


def test_default_dealer_makes_seat_0_forehand_in_the_first_deal() -> None:
    assert game().new_state(seed=3).seats == (0, 1, 2)


def test_deck_has_32_cards_worth_120_points_30_per_suit() -> None:
    assert len(CARDS_32) == 32
    assert card_points(DECK_32) == 120
    for suit in range(4):
        assert card_points(sum(1 << c for c in CARDS_32 if c >> 4 == suit)) == 30


def test_deal_gives_ten_cards_each_and_two_to_the_skat() -> None:
    for seed in range(20):
        state = game().new_state(seed=seed)
        assert [h.bit_count() for h in state.hands] == [10, 10, 10]
        assert state.skat.bit_count() == 2
        assert sum(state.hands) | state.skat == DECK_32


def test_at_a_four_player_table_the_dealer_sits_out() -> None:
    state = game(players=4).new_state(seed=5, dealer=0)
    assert state.seats == (1, 2, 3)
    assert state.hands[0] == 0
    assert state.observe(0).hand == 0
    assert state.current_player == 2
    state.check_invariants()


def test_four_player_table_rearhand_is_right_of_the_dealer() -> None:
    state = game(players=4).new_state(seed=5, dealer=2)
    assert state.seats == (3, 0, 1)


# --- bidding -----------------------------------------------------------------------------------
def test_bid_values_are_the_reachable_game_values() -> None:
    formula = sorted({b * m for b in (9, 10, 11, 12) for m in range(2, 19)}
                     | {24 * m for m in range(2, 12)} | {23, 35, 46, 59})
    assert list(BID_VALUES) == formula
    assert len(BID_VALUES) == 63


def test_the_reference_list_omits_156_which_the_formula_gives() -> None:
    # 156 = clubs (12) x 13 is reachable, and the reference's own count (63) includes it.
    assert set(BID_VALUES) - set(REFERENCE_LADDER) == {156}
    assert set(REFERENCE_LADDER) <= set(BID_VALUES)


def test_middlehand_bids_to_forehand_first() -> None:
    state = new()
    assert state.current_player == 1
    assert state.legal_actions()[0] == BID[18]
    do(state, "18")
    assert state.current_player == 0
    assert list(state.legal_actions()) == [HOLD, PASS]


def test_forehand_holds_and_the_bidder_must_go_higher() -> None:
    state = do(new(), "bid 18", "hold")
    assert state.current_player == 1
    assert BID[18] not in state.legal_actions()
    assert BID[20] in state.legal_actions()
    with pytest.raises(IllegalActionError, match="higher than 18"):
        state.apply(BID[18])


def test_a_bidder_may_jump_to_any_higher_value() -> None:
    state = do(new(), "bid 18", "hold", "bid 48")
    assert state.bid == 48
    assert state.current_player == 0


def test_only_reachable_values_can_be_bid() -> None:
    with pytest.raises(Exception, match="not a Skat bid value"):
        game().parse_action("19", new())
    with pytest.raises(Exception, match="not a Skat bid value"):
        game().parse_action("bid 25", new())


def test_the_listener_cannot_bid_and_the_bidder_cannot_hold() -> None:
    state = do(new(), "bid 18")
    assert not state.is_legal(BID[20])
    assert "hold or pass" in (state.why_illegal(BID[20]) or "")
    state = new()
    assert not state.is_legal(HOLD)


def test_the_survivor_then_hears_rearhand() -> None:
    state = do(new(), "bid 18", "pass")  # forehand passes: middlehand survives
    assert state.current_player == 2
    do(state, "bid 20")
    assert state.current_player == 1  # rearhand bids to middlehand
    do(state, "hold", "bid 22", "pass")
    assert state.phase == SKAT and state.declarer == 2 and state.bid == 22


def test_rearhand_bids_to_forehand_when_middlehand_passes_at_once() -> None:
    state = do(new(), "pass")
    assert state.current_player == 2
    do(state, "bid 18")
    assert state.current_player == 0


def test_a_player_who_passed_is_out_of_the_bidding() -> None:
    state = do(new(), "bid 18", "pass", "bid 20", "pass")
    assert state.phase == SKAT and state.declarer == 2  # forehand never speaks again
    assert [seat for seat, _ in state.bidding] == [1, 0, 2, 1]


def test_the_declarer_wins_the_bidding_at_the_last_value_held() -> None:
    state = do(new(), "bid 18", "hold", "bid 20", "hold", "bid 22", "pass", "pass")
    assert state.declarer == 1 and state.bid == 22


def test_forehand_may_play_at_18_when_both_others_pass() -> None:
    state = do(new(), "pass", "pass")
    assert state.current_player == 0
    assert list(state.legal_actions()) == [BID[18], PASS]
    assert not state.is_legal(BID[20])
    do(state, "18")
    assert state.phase == SKAT and state.declarer == 0 and state.bid == 18


def test_all_three_passing_throws_the_deal_in() -> None:
    state = do(new(deals=3), "pass", "pass", "pass")
    assert state.deal == 1
    assert state.results[0].points == (0, 0, 0)
    assert state.results[0].declarer is None
    assert "thrown in" in state.results[0].note
    assert state.dealer == 0  # the next dealer deals
    assert state.phase == BIDDING


def test_bid_notation_number_or_bid_word() -> None:
    state = new()
    assert game().parse_action("18", state) == BID[18]
    assert game().parse_action("bid 18", state) == BID[18]
    assert game().parse_action("BID 264", state) == BID[264]
    assert isinstance(game().parse_action("23", state), Bid)
    assert str(BID[18]) == "bid 18"


def test_skat_text_in_fixed_deal_matches() -> None:
    state = new()
    from parlour.cards import parse_cards

    assert state.skat == parse_cards(SKAT_TEXT)
