"""One named test per rule of docs/rules/schafkopf.md: table, auction, contracts, the called
Sau, result, Laufende, doubling, Ramsch."""

from __future__ import annotations

import pytest

from parlour.cards import CARDS_32
from parlour.core import IllegalActionError
from parlour.games.schafkopf.actions import card_name
from parlour.games.schafkopf.notation import parse_schafkopf_card
from parlour.games.schafkopf.tables import (
    DECK,
    EFFECTIVE_SUIT,
    GRAS,
    HERZ,
    POWER,
    TRUMP,
    TRUMP_RUNS,
    WENZ,
    card_points,
    trick_winner,
)
from tests.games.schafkopf.helpers import (
    HANDS_A,
    HANDS_B,
    HANDS_SIE,
    RUFSPIEL_EICHEL,
    deal,
    game,
    legal,
    say,
)


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_schafkopf_card(word) for word in text.split())


def names(order: int) -> str:
    return " ".join(card_name(c) for c in TRUMP_RUNS[order])


# --- table and cards -------------------------------------------------------------------------
def test_the_pack_holds_120_card_points() -> None:
    assert card_points(DECK) == 120 and len(CARDS_32) == 32


def test_the_dealer_gives_four_cards_then_four_more_from_forehand() -> None:
    from random import Random

    from parlour.core import make_rng

    rules = game()
    pack = list(CARDS_32)
    make_rng(5, "deal", 0).shuffle(pack)
    hands = rules.deal_cards(5, 0, dealer=3)
    assert [h.bit_count() for h in hands] == [8, 8, 8, 8]
    assert all(hands[0] >> c & 1 for c in pack[0:4] + pack[16:20])  # forehand: seat 0
    assert all(hands[3] >> c & 1 for c in pack[12:16] + pack[28:32])  # the dealer last
    assert Random  # the deal comes from the seed's own stream, not from `random`


def test_forehand_speaks_first_and_leads_the_first_trick_in_every_contract() -> None:
    state = deal(HANDS_A, "weiter", "spiel", "weiter", "weiter")
    assert state.phase_name == "declare" and state.current == 1
    say(state, "solo gras", "weiter", "weiter", "weiter")
    assert state.phase_name == "play" and state.current == 0 == state.leader


def test_the_deal_passes_left_after_each_hand_also_after_a_throw_in() -> None:
    state = deal(HANDS_A, "weiter", "weiter", "weiter", "weiter", deals=3)
    assert state.results[0].contract == "" and state.totals == (0, 0, 0, 0)
    assert state.deal == 1 and state.dealer == 0 and state.current == 1


def test_a_seed_reproduces_every_deal() -> None:
    one, two = game().new_state(seed=9), game().new_state(seed=9)
    assert one.hands == two.hands and one.hands != game().new_state(seed=10).hands


# --- the auction -----------------------------------------------------------------------------
def test_each_player_speaks_once_weiter_or_spiel() -> None:
    state = deal(HANDS_A)
    for seat in range(4):
        assert state.current == seat and legal(state) == {"weiter", "spiel"}
        say(state, "weiter" if seat else "spiel")
    assert state.phase_name == "declare" and state.current == 0


def test_a_later_player_takes_over_only_with_a_strictly_higher_game() -> None:
    state = deal(HANDS_A, "spiel", "spiel", "weiter", "weiter")
    assert state.phase_name == "raise" and state.current == 1
    assert legal(state) == {"weiter", "raise wenz", "raise solo", "raise wenz-tout",
                            "raise solo-tout"}  # no Sie without the eight


def test_the_holder_keeps_priority_at_equal_rank_with_mit() -> None:
    state = deal(HANDS_A, "spiel", "spiel", "weiter", "weiter", "raise solo")
    assert state.phase_name == "answer" and state.current == 0
    say(state, "mit")
    assert state.phase_name == "raise" and state.current == 1
    assert "raise solo" not in legal(state) and "raise wenz-tout" in legal(state)
    say(state, "weiter")
    assert state.phase_name == "declare" and state.current == 0
    assert legal(state) >= {"solo herz", "solo-tout gras"}
    assert not any(word.startswith(("sauspiel", "wenz ")) for word in legal(state))
    assert "wenz" not in legal(state)


def test_the_holder_who_says_weiter_gives_the_game_to_the_raiser() -> None:
    state = deal(HANDS_A, "spiel", "spiel", "weiter", "weiter", "raise wenz", "weiter")
    assert state.phase_name == "declare" and state.current == 1
    assert "wenz" in legal(state) and "sauspiel eichel" not in legal(state)


def test_game_ranking_rufspiel_wenz_solo_touts_sie() -> None:
    from parlour.games.schafkopf.actions import (
        RUFSPIEL,
        SIE,
        SOLO,
        SOLO_TOUT,
        WENZ_GAME,
        WENZ_TOUT,
    )

    assert RUFSPIEL < WENZ_GAME < SOLO < WENZ_TOUT < SOLO_TOUT < SIE


def test_all_four_passing_throws_the_deal_in() -> None:
    state = deal(HANDS_A, "weiter", "weiter", "weiter", "weiter")
    assert state.is_terminal and state.results[0].describe() == "thrown in: nobody plays"


def test_all_four_passing_plays_a_ramsch_with_all_pass_ramsch() -> None:
    state = deal(HANDS_A, "weiter", "weiter", "weiter", "weiter", all_pass="ramsch")
    assert state.phase_name == "play" and state.current == 0
    assert state.contract is not None and state.contract.title == "Ramsch"


# --- contracts: trumps as data ---------------------------------------------------------------
def test_rufspiel_has_fourteen_trumps_ober_unter_then_herz() -> None:
    assert names(HERZ) == "EO GO HO SO EU GU HU SU HA H10 HK H9 H8 H7"


def test_a_farbsolo_makes_its_own_suit_trump_and_herz_plain() -> None:
    assert names(GRAS) == "EO GO HO SO EU GU HU SU GA G10 GK G9 G8 G7"
    assert EFFECTIVE_SUIT[GRAS][parse_schafkopf_card("HA")] == HERZ


def test_wenz_has_only_the_unter_as_trumps_and_ober_between_koenig_and_nine() -> None:
    assert names(WENZ) == "EU GU HU SU"
    suit = sorted(cards("EA E10 EK EO E9 E8 E7"), key=lambda c: -POWER[WENZ][c])
    assert " ".join(map(card_name, suit)) == "EA E10 EK EO E9 E8 E7"
    assert EFFECTIVE_SUIT[WENZ][parse_schafkopf_card("GO")] == GRAS


def test_a_led_ober_is_a_trump_lead_not_of_its_printed_suit() -> None:
    gras_ober = parse_schafkopf_card("GO")
    assert EFFECTIVE_SUIT[HERZ][gras_ober] == TRUMP
    assert trick_winner(HERZ, cards("GA GO G7 G10")) == 1


def test_a_led_herz_seven_is_a_trump_lead_in_rufspiel() -> None:
    state = deal(HANDS_A, *RUFSPIEL_EICHEL)
    say(state, "G9", "G7", "GA", "G8")  # seat 2 wins with the Gras-Sau and leads
    say(state, "H7")
    assert legal(state) == {"GK", "SA", "S10", "SK", "S9", "S8", "EK"}  # seat 3: no trump


def test_follow_the_led_suit_with_no_duty_to_win_or_to_trump() -> None:
    state = deal(HANDS_A, *RUFSPIEL_EICHEL)
    say(state, "H10")
    assert legal(state) == {"HO", "SO", "HA", "HK"}  # seat 1 follows trump, may go under
    say(state, "HK", "H7")
    assert legal(state) == {"EK", "GK", "G8", "SA", "S10", "SK", "S9", "S8"}  # void: any


def test_the_highest_trump_wins_else_the_highest_card_of_the_suit_led() -> None:
    assert trick_winner(HERZ, cards("SA S10 H7 S9")) == 2
    assert trick_winner(HERZ, cards("S9 SA GA S10")) == 1
    assert trick_winner(WENZ, cards("EO EK EA SU")) == 3


def test_an_illegal_card_is_refused_with_the_reason() -> None:
    state = deal(HANDS_A, *RUFSPIEL_EICHEL)
    say(state, "H10")
    with pytest.raises(IllegalActionError, match="must follow trump"):
        say(state, "G7")


# --- the called Sau ---------------------------------------------------------------------------
def test_the_herz_sau_cannot_be_called() -> None:
    state = deal(HANDS_A, "spiel", "weiter", "weiter", "weiter")
    assert not any(word.startswith("sauspiel herz") for word in legal(state))
    with pytest.raises(Exception, match="Herz is trump"):
        state.game.parse_action("sauspiel herz", state)


def test_the_caller_must_not_hold_the_called_sau() -> None:
    state = deal(HANDS_A, "weiter", "spiel", "weiter", "weiter")
    assert "sauspiel eichel" not in legal(state)  # seat 1 holds the Eichel-Sau
    assert state.why_illegal(state.game.parse_action("sauspiel eichel", state)) == \
        "you hold the Eichel-Sau yourself: call another"


def test_the_caller_needs_a_plain_card_of_the_suit_its_ober_does_not_count() -> None:
    state = deal(HANDS_A, "weiter", "weiter", "spiel", "weiter")
    assert "sauspiel gras" not in legal(state)  # seat 2 holds the Gras-Sau
    assert "sauspiel schellen" not in legal(state) and "sauspiel eichel" not in legal(state)
    reason = state.why_illegal(state.game.parse_action("sauspiel schellen", state))
    assert reason == "you hold no Schellen card (Ober and Unter are trumps): call another Sau"


def test_the_called_sau_must_fall_when_another_leads_its_suit() -> None:
    state = deal(HANDS_B, *RUFSPIEL_EICHEL)
    say(state, "E7")
    assert legal(state) == {"EA"}  # even with four Eichel cards: he did not lead


def test_the_holder_leading_the_suit_must_lead_the_sau() -> None:
    state = deal(HANDS_A, *RUFSPIEL_EICHEL)
    say(state, "H10", "HO", "H7", "S8")  # seat 1 wins and leads
    assert legal(state) == {"SO", "HA", "HK", "EA", "G7"}
    with pytest.raises(IllegalActionError, match="running away needs four"):
        say(state, "E9")


def test_davonlaufen_the_holder_of_four_may_lead_another_card_of_the_suit() -> None:
    state = deal(HANDS_B, *RUFSPIEL_EICHEL)
    say(state, "H10", "HO", "H7", "HK")
    assert {"E9", "E10", "EK", "EA"} <= legal(state)
    assert state.known_partner(2) is None
    say(state, "E9")
    assert state.observe(2).partner == 1 and state.observe(0).partner == 1


def test_the_sau_may_not_be_thrown_on_another_suit_before_its_suit_was_led() -> None:
    state = deal(HANDS_A, *RUFSPIEL_EICHEL)
    say(state, "S7")
    assert "EA" not in legal(state) and "E9" in legal(state)


def test_once_its_suit_was_led_the_called_sau_is_an_ordinary_card() -> None:
    state = deal(HANDS_B, *RUFSPIEL_EICHEL)
    say(state, "H10", "HO", "H7", "HK", "E9", "GA", "S8", "E7")  # ran away and won
    say(state, "G7", "G10", "G8", "G9", "HU", "S9", "EO", "SO")  # seat 0 wins, leads
    say(state, "S7")  # seat 1 is void in Schellen
    assert "EA" in legal(state)


def test_the_partner_is_hidden_until_the_called_sau_is_played() -> None:
    state = deal(HANDS_A, *RUFSPIEL_EICHEL)
    assert [state.observe(s).partner for s in range(4)] == [None, 1, None, None]
    say(state, "E7", "EA")
    assert [state.observe(s).partner for s in range(4)] == [1, 1, 1, 1]


# --- result -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("points", "won", "schneider"), [
    (30, False, True), (31, False, False), (60, False, False), (61, True, False),
    (90, True, False), (91, True, True)])
def test_61_wins_and_schneider_boundaries(points: int, won: bool, schneider: bool) -> None:
    from parlour.games.schafkopf.scoring import outcome

    result = outcome(points, 4)
    assert (result.won, result.schneider) == (won, schneider)


def test_schwarz_means_no_trick_whatever_the_points() -> None:
    from parlour.games.schafkopf.scoring import outcome

    assert outcome(120, 8).schwarz and not outcome(120, 7).schwarz
    assert outcome(0, 1) == outcome(0, 1) and not outcome(0, 1).schwarz
    assert outcome(0, 0).schwarz and outcome(0, 1).schneider


def test_sie_is_shown_not_played_and_always_won() -> None:
    state = deal(HANDS_SIE, "spiel", "weiter", "weiter", "weiter")
    assert "sie" in legal(state)
    say(state, "sie")
    assert state.is_terminal
    assert state.totals == (1560, -520, -520, -520)


def test_a_tout_is_lost_at_the_first_trick_the_soloist_loses() -> None:
    state = deal(HANDS_A, "spiel", "weiter", "weiter", "weiter", "solo-tout herz",
                 "weiter", "weiter", "weiter")
    say(state, "E7", "EA", "GA", "EK")  # seat 1 takes the first trick
    assert state.is_terminal and state.results[-1].won is False
    assert state.results[-1].value == 2 * (50 + 0) and state.totals[0] == -300


def test_a_rufspiel_settles_each_winner_against_each_loser() -> None:
    state = deal(HANDS_A, *RUFSPIEL_EICHEL)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    result = state.results[-1]
    assert result.partner == 1 and sum(state.totals) == 0
    assert state.totals[0] == state.totals[1] == -state.totals[2] == -state.totals[3]


# --- Laufende ----------------------------------------------------------------------------------
def test_laufende_count_the_sides_dealt_cards_with_or_without() -> None:
    from parlour.games.schafkopf.tables import laufende

    with_three = sum(1 << c for c in cards("EO GO HO E7"))
    assert laufende(with_three, HERZ) == 3
    without_four = sum(1 << c for c in cards("EU H7 E7"))
    assert laufende(without_four, HERZ) == 4  # the others hold EO GO HO SO


def test_a_run_of_two_pays_only_in_wenz() -> None:
    from parlour.games.schafkopf.actions import RUFSPIEL, SIE, WENZ_GAME
    from parlour.games.schafkopf.scoring import paid_laufende

    assert paid_laufende(RUFSPIEL, 2, 3, 2) == 0 and paid_laufende(RUFSPIEL, 3, 3, 2) == 3
    assert paid_laufende(WENZ_GAME, 2, 3, 2) == 2 and paid_laufende(SIE, 0, 3, 2) == 8


# --- scoring: the worked examples ---------------------------------------------------------------
def test_the_worked_examples_of_the_tariff() -> None:
    from parlour.games.schafkopf.actions import RUFSPIEL, SIE, SOLO, SOLO_TOUT, WENZ_GAME
    from parlour.games.schafkopf.scoring import Outcome, Tariff, game_value, settle

    t = Tariff()
    won, schneider = Outcome(True, False, False), Outcome(True, True, False)
    assert game_value(RUFSPIEL, t, schneider, 3, 0) == 50
    assert game_value(RUFSPIEL, t, schneider, 3, 2) == 200
    assert game_value(SOLO, t, won, 4, 0) == 90 and settle(SOLO, (2,), True, 90)[2] == 270
    assert game_value(WENZ_GAME, t, won, 2, 0) == 70
    assert game_value(WENZ_GAME, t, won, 0, 0) == 50
    assert game_value(SOLO_TOUT, t, won, 3, 0) == 160
    assert game_value(SIE, t, won, 8, 0) == 520
    assert settle(RUFSPIEL, (0, 1), False, 30) == (-30, -30, 30, 30)


def test_the_tariff_is_a_parameter() -> None:
    state = deal(HANDS_SIE, "spiel", "weiter", "weiter", "weiter", "sie", tariff_solo=20,
                 tariff_laufende=5)
    assert state.totals[0] == 3 * 4 * (20 + 8 * 5)


# --- doubling -----------------------------------------------------------------------------------
def test_kontra_by_a_defender_and_never_by_the_partner() -> None:
    state = deal(HANDS_A, "spiel", "weiter", "weiter", "weiter", "sauspiel eichel")
    assert state.current == 1 and legal(state) == {"weiter"}  # the partner
    say(state, "weiter")
    assert legal(state) == {"weiter", "kontra"}


def test_re_only_after_kontra_and_only_by_the_declaring_side() -> None:
    state = deal(HANDS_A, "spiel", "weiter", "weiter", "weiter", "sauspiel eichel",
                 "weiter", "kontra")
    assert state.phase_name == "re" and state.current == 0 and legal(state) == {"weiter", "re"}
    say(state, "weiter")
    assert state.current == 1 and legal(state) == {"weiter", "re"}
    say(state, "re")
    assert state.observe(3).partner == 1  # a Re by the partner reveals him
    assert state.phase_name == "play"


def test_kontra_and_re_double_the_whole_value() -> None:
    state = deal(HANDS_SIE, "spiel", "weiter", "weiter", "weiter", "solo eichel",
                 "kontra", "re")
    while not state.is_terminal:
        state.apply(state.legal_actions()[-1])
    result = state.results[-1]
    assert result.doublings == 2
    assert result.value == 4 * (50 + 10 * (result.schneider + result.schwarz)
                                + 10 * result.laufende)


def test_without_the_kontra_parameter_play_starts_at_once() -> None:
    state = deal(HANDS_A, "spiel", "weiter", "weiter", "weiter", "sauspiel eichel",
                 kontra=False)
    assert state.phase_name == "play" and state.current == 0


# --- Ramsch -------------------------------------------------------------------------------------
def test_ramsch_the_most_points_pays_each_other_player() -> None:
    from parlour.games.schafkopf.scoring import Tariff, settle_ramsch

    result = settle_ramsch((50, 30, 25, 15), (3, 2, 2, 1), Tariff(), "all", True)
    assert result.losers == (0,) and result.points == (-60, 20, 20, 20)


def test_ramsch_a_jungfrau_doubles_the_payment() -> None:
    from parlour.games.schafkopf.scoring import Tariff, settle_ramsch

    result = settle_ramsch((60, 30, 30, 0), (4, 2, 2, 0), Tariff(), "all", True)
    assert result.jungfrauen == (3,) and result.points == (-120, 40, 40, 40)
    plain = settle_ramsch((60, 30, 30, 0), (4, 2, 2, 0), Tariff(), "all", False)
    assert plain.points == (-60, 20, 20, 20)


def test_ramsch_ties_all_lose_or_the_one_with_more_tricks() -> None:
    from parlour.games.schafkopf.scoring import Tariff, settle_ramsch

    tied = settle_ramsch((40, 40, 20, 20), (3, 2, 2, 1), Tariff(), "all", True)
    assert tied.losers == (0, 1) and tied.points == (-40, -40, 40, 40)
    tricks = settle_ramsch((40, 40, 20, 20), (3, 2, 2, 1), Tariff(), "tricks", True)
    assert tricks.losers == (0,)


def test_ramsch_durchmarsch_is_paid_like_a_won_schwarz_solo() -> None:
    from parlour.games.schafkopf.scoring import Tariff, settle_ramsch

    result = settle_ramsch((120, 0, 0, 0), (8, 0, 0, 0), Tariff(), "all", True)
    assert result.durchmarsch == 0 and result.points == (210, -70, -70, -70)


# --- undo and hiding --------------------------------------------------------------------------
def test_undo_is_exact_through_a_whole_deal() -> None:
    state = deal(HANDS_A)
    views = []
    while not state.is_terminal:
        views.append([state.observe(s) for s in range(4)])
        state.apply(state.legal_actions()[-1])
    while views:
        state.undo()
        assert [state.observe(s) for s in range(4)] == views.pop()


def test_a_seat_sees_its_own_hand_only() -> None:
    state = deal(HANDS_A)
    seen = state.observe(1)
    assert seen.hand == state.hands[1] and "hands" not in seen.to_json()
    assert all(e.visible_to in (None, frozenset({s})) for s in range(4) for e in state.events
               if type(e).__name__ == "HandDealt" and getattr(e, "seat", None) == s)


def test_each_contract_is_follow_and_power_tables_for_the_trick_layer() -> None:
    from parlour.games.schafkopf.tables import FOLLOW, ORDERS, TRUMPS

    for order in ORDERS:
        for card in CARDS_32:
            assert FOLLOW[order][card] >> card & 1
            assert all(FOLLOW[order][other] == FOLLOW[order][card]
                       for other in CARDS_32 if FOLLOW[order][card] >> other & 1)
        lowest_trump = min(POWER[order][c] for c in CARDS_32 if TRUMPS[order] >> c & 1)
        assert all(POWER[order][c] < lowest_trump for c in CARDS_32 if not TRUMPS[order] >> c & 1)


def test_kontra_may_wait_for_the_first_card_with_kontra_round_after_lead() -> None:
    state = deal(HANDS_A, "spiel", "weiter", "weiter", "weiter", "sauspiel eichel",
                 kontra_round="after-lead")
    assert state.phase_name == "play" and state.current == 0
    say(state, "E7")
    assert state.phase_name == "kontra" and state.current == 1 and legal(state) == {"weiter"}
    say(state, "weiter", "kontra", "weiter", "weiter", "weiter")
    assert state.phase_name == "play" and state.current == 1 and legal(state) == {"EA"}
    say(state, "EA")
    assert state.kontra == 2 and state.trick and len(state.trick) == 2
