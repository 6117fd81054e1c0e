"""ISkO 2.4, 5.1-5.4: matadors, game value, winning, Schneider and Schwarz, announcements,
overbidding, Null, and the two scoring systems."""

from __future__ import annotations

from parlour.cards import CLUBS, HEARTS, parse_cards
from parlour.games.skat import Contract, settle
from parlour.games.skat.rules import TIEBREAK
from parlour.games.skat.scoring import deal_points
from parlour.games.skat.tables import GRAND, matadors
from tests.games.skat.helpers import do, new, play_out, win_bidding

TWELVE_WITH_4_GRAND = parse_cards("Jc Js Jh Jd Ac Tc Kc Ah Th Kh As Ts")


# --- matadors ----------------------------------------------------------------------------------
def test_with_matadors_count_the_unbroken_run_from_the_jack_of_clubs() -> None:
    assert matadors(parse_cards("Jc Js Jd Ah"), HEARTS) == 2  # J♥ missing breaks the run
    assert matadors(parse_cards("Jc Js Jh Jd Ah Th Kh"), HEARTS) == 7
    assert matadors(parse_cards("Jc 7h"), HEARTS) == 1


def test_without_matadors_count_the_missing_trumps_above_the_highest_held() -> None:
    assert matadors(parse_cards("Jh Ah"), HEARTS) == -2  # lacks J♣ J♠
    assert matadors(parse_cards("7h"), HEARTS) == -10
    assert matadors(parse_cards("Ac As"), GRAND) == -4


def test_matadors_are_at_most_eleven_in_a_suit_game_and_four_in_grand() -> None:
    all_trumps = parse_cards("Jc Js Jh Jd Ac Tc Kc Qc 9c 8c 7c")
    assert matadors(all_trumps, CLUBS) == 11
    assert matadors(all_trumps, GRAND) == 4
    assert matadors(parse_cards("Ac Tc Kc"), CLUBS) == -4
    assert matadors(0, CLUBS) == -11


def test_matadors_count_the_skat_in_a_hand_game() -> None:
    # forehand holds J♠ J♥ (without 1 alone), the skat holds the J♣: with 3 after all
    hands = ["Js Jh Ah Th Kh Qh 9h 8h 7h Ac", "Jd As Ts Ks Qs 9s 8s 7s Ad Td",
             "Tc Kc Qc 9c 8c 7c Kd Qd 9d 8d"]
    state = new(hands, "Jc 7d", deals=1)
    play_out(do(win_bidding(state, 0), "declare hearts hand"))
    result = state.results[0]
    assert result.matadors == 3
    assert result.value >= (3 + 1 + 1) * 10


def test_matadors_count_the_skat_after_picking_up_even_when_buried() -> None:
    hands = ["Js Jh Ah Th Kh Qh 9h 8h 7h Ac", "Jd As Ts Ks Qs 9s 8s 7s Ad Td",
             "Tc Kc Qc 9c 8c 7c Kd Qd 9d 8d"]
    state = new(hands, "Jc 7d", deals=1)
    play_out(do(win_bidding(state, 0), "pickup", "bury Jc 7d", "declare hearts"))
    assert state.results[0].matadors == 3  # the buried J♣ still counts


# --- game value --------------------------------------------------------------------------------
def test_base_values() -> None:
    bases = {k: Contract(k).base_value for k in ("diamonds", "hearts", "spades", "clubs", "grand")}
    assert bases == {"diamonds": 9, "hearts": 10, "spades": 11, "clubs": 12, "grand": 24}


def test_multiplier_is_matadors_plus_game_plus_each_level() -> None:
    plain = settle(Contract("spades"), 18, parse_cards("Jc Js"), 70, 6, 4)
    assert plain.multiplier == 2 + 1 and plain.value == 33
    hand = settle(Contract("spades", hand=True), 18, parse_cards("Jc Js"), 70, 6, 4)
    assert hand.multiplier == 4
    schneider = settle(Contract("spades", hand=True, schneider=True), 18,
                       parse_cards("Jc Js"), 95, 8, 2)
    assert schneider.multiplier == 2 + 1 + 1 + 1 + 1 and schneider.won
    schwarz = settle(Contract("spades", hand=True, schneider=True, schwarz=True), 18,
                     parse_cards("Jc Js"), 120, 10, 0)
    assert schwarz.multiplier == 2 + 1 + 1 + 1 + 1 + 1 + 1 and schwarz.won


def test_null_values_are_fixed() -> None:
    values = {c.describe(): c.base_value for c in (
        Contract("null"), Contract("null", hand=True), Contract("null", ouvert=True),
        Contract("null", hand=True, ouvert=True))}
    assert values == {"Null": 23, "Null Hand": 35, "Null ouvert": 46, "Null ouvert Hand": 59}


def test_the_declarer_wins_with_61_points_and_loses_with_60() -> None:
    assert settle(Contract("hearts"), 18, parse_cards("Jc"), 61, 5, 5).won
    assert not settle(Contract("hearts"), 18, parse_cards("Jc"), 60, 5, 5).won


def test_schneider_needs_90_points_and_defenders_with_31_are_out() -> None:
    made = settle(Contract("hearts"), 18, parse_cards("Jc"), 90, 8, 2)
    assert made.schneider and made.value == (1 + 1 + 1) * 10
    missed = settle(Contract("hearts"), 18, parse_cards("Jc"), 89, 8, 2)
    assert not missed.schneider and missed.value == 20


def test_a_declarer_with_30_or_fewer_points_is_schneider_himself() -> None:
    lost = settle(Contract("hearts"), 18, parse_cards("Jc"), 30, 2, 8)
    assert not lost.won and lost.schneider and lost.value == 30
    assert not settle(Contract("hearts"), 18, parse_cards("Jc"), 31, 2, 8).schneider


def test_schwarz_when_a_party_takes_no_trick() -> None:
    swept = settle(Contract("grand"), 18, parse_cards("Jc"), 120, 10, 0)
    assert swept.schwarz and swept.schneider and swept.value == (1 + 1 + 1 + 1) * 24
    blank = settle(Contract("grand"), 18, parse_cards("Jc"), 12, 0, 10)
    assert blank.schwarz and not blank.won


def test_worked_example_clubs_ouvert_with_2_is_108() -> None:
    s = settle(Contract("clubs", True, True, True, True), 18, parse_cards("Jc Js"), 120, 10, 0)
    assert (s.multiplier, s.value, s.won) == (9, 108, True)


def test_worked_example_grand_ouvert_with_4_is_264() -> None:
    s = settle(Contract("grand", True, True, True, True), 18, TWELVE_WITH_4_GRAND, 120, 10, 0)
    assert (s.multiplier, s.value, s.won) == (11, 264, True)


def test_worked_example_grand_hand_with_4_schneider_announced_defenders_31() -> None:
    s = settle(Contract("grand", hand=True, schneider=True), 18, TWELVE_WITH_4_GRAND, 89, 9, 1)
    assert not s.won
    assert (s.multiplier, s.value) == (8, 192)
    assert deal_points(3, 0, s.won, s.value, "list") == (-384, 0, 0)


def test_worked_example_hearts_hand_with_2_schneider_announced_declarer_89() -> None:
    s = settle(Contract("hearts", hand=True, schneider=True), 18, parse_cards("Jc Js Ah"),
               89, 8, 2)
    assert not s.won
    assert (s.multiplier, s.value) == (6, 60)
    assert deal_points(3, 0, s.won, s.value, "list")[0] == -120


def test_a_failed_schwarz_announcement_counts_at_the_announced_level() -> None:
    c = Contract("clubs", hand=True, schneider=True, schwarz=True)
    s = settle(c, 18, parse_cards("Jc"), 100, 9, 1)  # Schneider made, Schwarz missed
    assert not s.won
    assert s.multiplier == 1 + 1 + 1 + 1 + 1 + 1 + 1  # matadors, game, hand, 4 levels


def test_a_higher_level_reached_counts_too_but_no_level_twice() -> None:
    # Schneider announced and the declarer takes every trick: Schwarz counts on top
    s = settle(Contract("hearts", hand=True, schneider=True), 18, parse_cards("Jc"), 120, 10, 0)
    assert s.won and s.multiplier == 1 + 1 + 1 + 1 + 1 + 1
    # Schneider announced, made: Schneider is counted once, plus once for the announcement
    s = settle(Contract("hearts", hand=True, schneider=True), 18, parse_cards("Jc"), 95, 9, 1)
    assert s.multiplier == 1 + 1 + 1 + 1 + 1


def test_an_ouvert_game_must_take_every_trick() -> None:
    s = settle(Contract("grand", True, True, True, True), 18, TWELVE_WITH_4_GRAND, 119, 9, 1)
    assert not s.won and s.value == 264


def test_null_is_won_when_the_declarer_takes_no_trick() -> None:
    assert settle(Contract("null"), 18, 0, 0, 0, 10).won
    assert not settle(Contract("null"), 18, 0, 0, 1, 0).won


def test_null_ends_at_the_declarers_first_trick() -> None:
    # forehand plays Null Hand and must win the first trick with the A♠
    hands = ["As 7h 8h 9h 7c 8c 9c 7d 8d 9d", "Ks Qs Js Ts 9s 8s 7s Jc Ac Tc",
             "Kh Qh Jh Th Ah Kd Qd Jd Td Ad"]
    state = new(hands, "Kc Qc", deals=2)
    do(win_bidding(state, 0), "declare null hand", "As", "Ks")
    assert state.deal == 0
    do(state, "Kh")
    assert state.deal == 1  # over after one trick
    result = state.results[0]
    assert not result.won and result.value == 35 and result.points == (-70, 0, 0)


# --- overbidding -------------------------------------------------------------------------------
def test_an_overbid_game_is_lost_whatever_the_card_points() -> None:
    s = settle(Contract("hearts"), 36, parse_cards("Jc Js"), 100, 9, 1)  # worth 40 with Schneider
    assert s.won
    s = settle(Contract("hearts"), 48, parse_cards("Jc Js"), 100, 9, 1)
    assert s.overbid and not s.won


def test_the_overbid_value_is_the_smallest_multiple_of_the_base_reaching_the_bid() -> None:
    s = settle(Contract("spades"), 40, parse_cards("Jc"), 80, 7, 3)  # worth 22 < 40
    assert s.overbid and s.value == 44
    s = settle(Contract("grand"), 50, parse_cards("Jc"), 80, 7, 3)  # worth 48 < 50
    assert s.value == 72
    assert settle(Contract("null"), 24, 0, 0, 0, 10).value == 46  # Null: 23 x 2


def test_a_hand_game_can_be_overbid_by_a_top_lay_in_the_skat() -> None:
    # "without 2" Hearts Hand is worth 40; the J♣ in the skat makes it "with 1": 30 < 40
    hands = ["Jh Ah Th Kh Qh 9h 8h 7h Ac Tc", "Js Jd As Ts Ks Qs 9s 8s 7s Ad",
             "Kc Qc 9c 8c 7c Td Kd Qd 9d 8d"]
    state = new(hands, "Jc 7d", deals=1)
    do(win_bidding(state, 0, 40), "declare hearts hand")
    play_out(state)
    result = state.results[0]
    assert result.matadors == 1
    assert result.overbid and not result.won
    assert result.value == 40 and result.points == (-80, 0, 0)


# --- scoring -----------------------------------------------------------------------------------
def test_list_scoring_won_game_adds_its_value_to_the_declarer() -> None:
    assert deal_points(3, 1, True, 48, "list") == (0, 48, 0)


def test_list_scoring_lost_game_counts_minus_twice_the_value_hand_games_too() -> None:
    assert deal_points(3, 1, False, 48, "list") == (0, -96, 0)
    hands = ["Jh Ah Th Kh Qh 9h 8h 7h Ac Tc", "Js Jd As Ts Ks Qs 9s 8s 7s Ad",
             "Kc Qc 9c 8c 7c Td Kd Qd 9d 8d"]
    state = new(hands, "Jc 7d", deals=1)
    do(win_bidding(state, 0, 40), "declare hearts hand")
    play_out(state)
    assert state.scores() == (-80, 0, 0)


def test_seeger_fabian_won_game_scores_value_plus_50() -> None:
    assert deal_points(3, 0, True, 48, "seeger-fabian") == (98, 0, 0)


def test_seeger_fabian_lost_game_scores_minus_twice_value_minus_50_and_40_per_defender() -> None:
    assert deal_points(3, 0, False, 48, "seeger-fabian") == (-146, 40, 40)


def test_seeger_fabian_at_four_defenders_and_the_sitting_dealer_get_30() -> None:
    assert deal_points(4, 1, False, 20, "seeger-fabian") == (30, -90, 30, 30)


def test_seeger_fabian_in_play() -> None:
    hands = ["Jh Ah Th Kh Qh 9h 8h 7h Ac Tc", "Js Jd As Ts Ks Qs 9s 8s 7s Ad",
             "Kc Qc 9c 8c 7c Td Kd Qd 9d 8d"]
    state = new(hands, "Jc 7d", deals=1, scoring="seeger-fabian")
    play_out(do(win_bidding(state, 0, 40), "declare hearts hand"))
    assert state.scores() == (-130, 40, 40)


# --- the tiebreak search adds (State.tiebreak) ---------------------------------------------
def test_the_tiebreak_rewards_the_declarers_card_points_and_costs_the_defenders() -> None:
    state = new(deals=1)
    assert state.tiebreak() == (0.0, 0.0, 0.0)
    play_out(do(win_bidding(state, 0), "declare hearts hand"))
    result = state.results[0]
    margin = TIEBREAK * (result.card_points - 60) / 60
    assert state.tiebreak() == (margin, -margin, -margin)
    assert abs(margin) <= TIEBREAK < 18  # below the least game value: never a different result


def test_the_tiebreak_ignores_null_games_and_thrown_in_deals() -> None:
    hands = ["As 7h 8h 9h 7c 8c 9c 7d 8d 9d", "Ks Qs Js Ts 9s 8s 7s Jc Ac Tc",
             "Kh Qh Jh Th Ah Kd Qd Jd Td Ad"]
    state = new(hands, "Kc Qc", deals=1)
    do(win_bidding(state, 0), "declare null hand", "As", "Ks", "Kh")  # lost at once
    assert state.results[0].contract.is_null  # type: ignore[union-attr]
    assert state.tiebreak() == (0.0, 0.0, 0.0)
    thrown = new(deals=1)
    do(thrown, "pass", "pass", "pass")
    assert thrown.results[0].declarer is None and thrown.tiebreak() == (0.0, 0.0, 0.0)


def test_the_tiebreak_is_undone_with_the_deal() -> None:
    state = new(deals=1)
    do(win_bidding(state, 0), "declare hearts hand")
    moves = len(state.history)
    play_out(state)
    assert state.tiebreak() != (0.0, 0.0, 0.0)
    while len(state.history) > moves:
        state.undo()
    assert state.tiebreak() == (0.0, 0.0, 0.0)
