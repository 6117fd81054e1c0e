"""Every rule of docs/rules/skull.md as a named test."""

from __future__ import annotations

import pytest

from parlour.core import IllegalActionError, ParameterError
from parlour.games.skull import (
    BID,
    PASS,
    PLACE,
    REVEAL,
    DiscDrawn,
    DiscLost,
    DiscPlaced,
    FirstPlayer,
    PlayerEliminated,
    StarterChosen,
)
from parlour.games.skull.actions import START
from tests.games.skull.helpers import ROSE, SKULL, fail_until_out, new, play, skull


# --- players and discs ------------------------------------------------------------------------
def test_three_to_six_players() -> None:
    for players in (3, 4, 5, 6):
        assert skull(players).num_players == players
        assert len(skull(players).new_state(seed=1).observe(0).discs) == players
    for players in (1, 7):
        with pytest.raises(ParameterError):
            skull(players)


def test_two_players_and_fewer_roses_are_a_small_variant() -> None:
    state = new(2, roses=1)
    assert state.num_players == 2
    obs = state.observe(1)
    assert (obs.my_roses, obs.my_skulls) == (1, 1) and obs.discs == (2, 2)
    for roses in (0, 4):
        with pytest.raises(ParameterError):
            skull(3, roses=roses)


def test_with_two_players_one_pass_ends_the_bidding() -> None:
    state = play(new(2, roses=1), "place rose", "place skull", "bid 1", "pass")
    # the challenger turns its own rose at once: the bid of one is made, a new round begins
    assert state.flowers == (1, 0) and state.starter == 0
    assert state.observe(0).phase == "place_first" and state.current_player == 0


def test_with_wins_1_the_first_won_challenge_wins_the_game() -> None:
    state = play(new(2, roses=1, wins=1), "place rose", "place skull", "bid 1", "pass")
    assert state.is_terminal and state.winners() == (0,) and state.returns() == (1.0, 0.0)
    for wins in (0, 3):
        with pytest.raises(ParameterError):
            skull(3, wins=wins)


def test_with_one_rose_a_player_who_loses_both_discs_is_out() -> None:
    state = play(new(2, roses=1), "place skull", "place rose", "bid 1", "pass",
                 "discard rose")  # seat 0's own skull: it keeps the skull
    assert (state.roses[0], state.skulls[0]) == (0, 1)
    play(state, "place skull", "place rose", "bid 1", "pass", "discard skull")
    assert state.is_terminal and state.winners() == (1,)


def test_each_player_owns_three_roses_and_a_skull() -> None:
    state = new(4)
    obs = state.observe(2)
    assert (obs.my_roses, obs.my_skulls) == (3, 1)
    assert obs.discs == (4, 4, 4, 4) and obs.flowers == (0, 0, 0, 0)


def test_the_first_player_is_drawn_from_the_seed_unless_fixed() -> None:
    game = skull(4, first_player=-1)
    starters = {game.new_state(seed=s).current_player for s in range(40)}
    assert starters == {0, 1, 2, 3}
    state = game.new_state(seed=5)
    assert state.history[0].action == FirstPlayer(state.starter)
    assert game.new_state(seed=5).starter == state.starter
    assert new(4, first_player=2).current_player == 2


# --- round start: first placements ----------------------------------------------------------
def test_a_round_starts_with_every_player_placing_one_disc() -> None:
    state = new(3)
    assert state.observe(0).phase == "place_first"
    assert list(state.legal_actions()) == [PLACE[ROSE], PLACE[SKULL]]
    order = []
    while state.observe(0).phase == "place_first":
        order.append(state.current_player)
        play(state, "place rose")
    assert order == [0, 1, 2]
    assert state.observe(0).stack_sizes == (1, 1, 1)
    assert state.observe(0).phase == "turn" and state.current_player == 0


def test_first_placements_are_private_choices_no_other_player_sees() -> None:
    rose = play(new(3), "place rose")
    skull_down = play(new(3), "place skull")
    for seat in (1, 2):
        assert rose.observe(seat) == skull_down.observe(seat)
    assert rose.observe(0) != skull_down.observe(0)
    placed = [e for e in skull_down.events if isinstance(e, DiscPlaced)]
    assert [(e.disc, e.visible_to) for e in placed] == [
        (SKULL, frozenset({0})), (None, frozenset({1, 2}))]


# --- turns: place or open the bidding ---------------------------------------------------------
def test_on_their_turn_a_player_places_another_disc_or_opens_the_bidding() -> None:
    state = play(new(3), "place rose", "place rose", "place rose")
    legal = [str(a) for a in state.legal_actions()]
    assert legal == ["place rose", "place skull", "bid 1", "bid 2", "bid 3"]
    play(state, "place skull")
    assert state.current_player == 1 and state.stacks[0] == (ROSE, SKULL)


def test_an_opening_bid_is_from_1_to_the_number_of_discs_on_the_mats() -> None:
    state = play(new(3), "place rose", "place rose", "place rose")
    assert not state.is_legal(BID[4])
    assert state.why_illegal(BID[4]) == "a bid must be from 1 to the 3 disc(s) on the mats"
    with pytest.raises(IllegalActionError):
        state.apply(BID[4])


def test_a_player_with_no_disc_left_in_hand_must_bid() -> None:
    state = play(new(3), "place rose", "place rose", "place rose")
    play(state, *["place rose"] * 6, "place skull", "place skull", "place skull")
    assert state.current_player == 0 and len(state.stacks[0]) == 4
    legal = list(state.legal_actions())
    assert legal == [BID[n] for n in range(1, 13)]
    assert state.why_illegal(PLACE[ROSE]).startswith("seat 0 has no rose in hand")  # type: ignore[union-attr]


# --- bidding -----------------------------------------------------------------------------------
def test_each_player_in_turn_raises_to_any_higher_number_or_passes() -> None:
    state = play(new(4), *["place rose"] * 4, "bid 2")
    assert state.current_player == 1
    assert list(state.legal_actions()) == [BID[3], BID[4], PASS]
    assert state.why_illegal(BID[2]) == "a raise must be above the current bid of 2"
    assert state.why_illegal(BID[5]) == "a bid may not exceed the 4 disc(s) on the mats"


def test_a_player_who_passed_is_out_of_the_bidding_for_the_round() -> None:
    state = play(new(4), *["place rose"] * 4, "bid 1", "pass", "bid 2", "pass")
    assert state.current_player == 0  # seat 1 passed and is skipped
    play(state, "bid 3")
    assert state.current_player == 2
    assert state.observe(3).passed == (False, True, False, True)


def test_bidding_ends_when_all_but_one_have_passed() -> None:
    state = play(new(3), "place rose", "place rose", "place skull", "place rose", "bid 2")
    play(state, "pass", "pass")
    obs = state.observe(0)
    assert obs.phase == "reveal" and obs.challenger == 1 and obs.high_bid == 2


def test_bidding_ends_at_once_when_someone_bids_the_total() -> None:
    state = play(new(3), "place rose", "place rose", "place rose", "bid 3")
    assert state.observe(1).challenger == 0
    assert state.observe(1).phase != "bid"


# --- revealing ---------------------------------------------------------------------------------
def test_the_challenger_turns_their_own_stack_first_top_down() -> None:
    state = play(new(3), "place rose", "place rose", "place skull",
                 "place rose", "place rose", "place rose", "bid 5", "pass", "pass")
    obs = state.observe(1)
    assert obs.revealed == ((0, ROSE), (0, ROSE))
    assert obs.turned == (2, 0, 0)
    assert obs.phase == "reveal" and state.current_player == 0
    assert list(state.legal_actions()) == [REVEAL[1], REVEAL[2]]
    assert state.why_illegal(REVEAL[0]) == (
        "the challenger's own stack is turned first, and only as deep as the bid")


def test_the_challenger_turns_only_as_many_own_discs_as_the_bid() -> None:
    state = play(new(3), "place skull", "place rose", "place rose",
                 "place rose", "place rose", "place rose", "place rose", "place rose",
                 "place rose", "bid 2", "pass", "pass")
    # seat 0's stack is skull, rose, rose: a bid of 2 turns the two roses and succeeds
    assert state.flowers == (1, 0, 0)
    assert state.rounds[-1].revealed == ((0, ROSE), (0, ROSE))


def test_then_the_challenger_turns_other_players_top_discs_in_any_order() -> None:
    state = play(new(3), "place rose", "place rose", "place skull",
                 "place rose", "place rose", "place rose", "bid 5", "pass", "pass")
    play(state, "reveal 2")  # the top of seat 2's stack: a rose over its skull
    assert state.revealed[-1] == (2, ROSE) and state.turned == (2, 0, 1)
    play(state, "reveal 1")
    assert state.revealed[-1] == (1, ROSE) and state.current_player == 0


def test_the_discs_of_players_who_passed_count() -> None:
    state = play(new(3), "place rose", "place rose", "place rose", "bid 3", "reveal 1",
                 "reveal 2")
    # seats 1 and 2 never bid, yet their discs make up the challenge
    assert state.flowers == (1, 0, 0)
    assert state.rounds[-1].revealed == ((0, ROSE), (1, ROSE), (2, ROSE))


# --- success ------------------------------------------------------------------------------------
def test_turning_as_many_roses_as_the_bid_wins_the_challenge_and_the_flower_side() -> None:
    state = play(new(3), "place rose", "place rose", "place rose", "bid 1", "pass", "pass")
    assert state.flowers == (1, 0, 0) and state.rounds[-1].success
    obs = state.observe(2)
    assert obs.flowers == (1, 0, 0) and obs.phase == "place_first" and obs.round == 1
    assert obs.stack_sizes == (0, 0, 0)  # everyone took their discs back


def test_a_second_success_wins_the_game() -> None:
    state = play(new(3), "place rose", "place rose", "place rose", "bid 1", "pass", "pass")
    assert not state.is_terminal and state.current_player == 0
    play(state, "place rose", "place skull", "place rose", "bid 1", "pass", "pass")
    assert state.is_terminal and state.winners() == (0,)
    assert state.scores() == (2, 0, 0) and state.returns() == (1.0, 0.0, 0.0)


# --- failure ------------------------------------------------------------------------------------
def _fail_on_seat_2(seed: int) -> object:
    return play(new(3, seed=seed), "place rose", "place rose", "place skull", "bid 3",
                "reveal 1", "reveal 2")


def test_at_the_first_skull_the_challenger_stops() -> None:
    state = _fail_on_seat_2(1)
    last = state.rounds[-1]  # type: ignore[attr-defined]
    assert not last.success and last.skull_owner == 2
    assert last.revealed == ((0, ROSE), (1, ROSE), (2, SKULL))


def test_a_skull_costs_the_challenger_a_disc_for_good() -> None:
    state = _fail_on_seat_2(1)
    assert state.discs(0) == 3 and state.discs(1) == 4 and state.discs(2) == 4  # type: ignore[attr-defined]
    assert state.stacks == ((), (), ())  # type: ignore[attr-defined]
    drawn = [m.action for m in state.history if isinstance(m.action, DiscDrawn)]  # type: ignore[attr-defined]
    assert len(drawn) == 1 and drawn[0].seat == 0


def test_the_skulls_owner_draws_the_lost_disc_at_random_from_the_seeds_stream() -> None:
    game = skull(3)
    draws = [game.draw_lost_disc(seed, 0, 3, 1) for seed in range(400)]
    assert draws == [game.draw_lost_disc(seed, 0, 3, 1) for seed in range(400)]
    assert 0.15 < draws.count(SKULL) / len(draws) < 0.35  # one disc in four is the skull
    assert game.draw_lost_disc(1, 0, 2, 0) == ROSE
    assert game.draw_lost_disc(1, 0, 0, 1) == SKULL


def test_the_drawn_disc_stays_secret_from_everyone_else() -> None:
    outcomes = {}
    for seed in range(40):
        state = _fail_on_seat_2(seed)
        outcomes.setdefault(state.skulls[0], state)  # type: ignore[attr-defined]
        if len(outcomes) == 2:
            break
    lost_skull, lost_rose = outcomes[0], outcomes[1]
    assert lost_skull.observe(1) == lost_rose.observe(1)  # seat 1 cannot tell
    assert lost_skull.observe(0) != lost_rose.observe(0)  # the challenger knows
    assert lost_skull.observe(2) != lost_rose.observe(2)  # the skull's owner drew it
    assert lost_skull.observe(2).rounds[-1].lost == SKULL
    assert lost_skull.observe(1).rounds[-1].lost is None
    lost = [e for e in lost_skull.events if isinstance(e, DiscLost)]
    assert [(e.disc, e.visible_to) for e in lost] == [
        (SKULL, frozenset({0, 2})), (None, frozenset({1}))]


def test_after_their_own_skull_the_challenger_chooses_the_disc_to_discard() -> None:
    state = play(new(3), "place skull", "place rose", "place rose", "bid 1", "pass", "pass")
    assert state.observe(0).phase == "discard" and state.current_player == 0
    assert [str(a) for a in state.legal_actions()] == ["discard rose", "discard skull"]
    play(state, "discard skull")
    assert (state.roses[0], state.skulls[0]) == (3, 0)
    lost = [e for e in state.events if isinstance(e, DiscLost)]
    assert [(e.disc, e.chosen, e.visible_to) for e in lost] == [
        (SKULL, True, frozenset({0})), (None, True, frozenset({1, 2}))]
    assert state.observe(1).rounds[-1].lost is None


# --- elimination and the end ----------------------------------------------------------------
def test_a_player_with_no_discs_left_is_out() -> None:
    state = fail_until_out(new(4, seed=3), 1)
    assert state.discs(1) == 0 and not state.is_terminal
    assert any(isinstance(e, PlayerEliminated) and e.seat == 1 for e in state.events)
    assert 1 not in state.observe(0).in_game
    if state.observe(1).phase == "choose_starter":  # out by its own skull: it picks a starter
        play(state, "start 0")
    # the eliminated player takes no further part
    while state.observe(0).phase != "turn":
        assert state.current_player != 1
        play(state, str(state.legal_actions()[0]))
    assert state.stacks[1] == ()


def test_the_last_player_in_the_game_wins() -> None:
    state = fail_until_out(new(3, seed=4), 0)
    assert not state.is_terminal
    fail_until_out(state, 1)
    assert state.is_terminal and state.winners() == (2,)
    assert state.returns() == (0.0, 0.0, 1.0)


def test_the_standings_place_players_out_by_when_they_went_out() -> None:
    """Returns say only who won (1 and 0s); the places rank the eliminated seats, the later
    out the better, below every seat still in (`State.placings`)."""
    state = fail_until_out(new(4, seed=4), 0)
    fail_until_out(state, 3)
    fail_until_out(state, 1)
    assert state.is_terminal and state.winners() == (2,)
    assert state.returns() == (0.0, 0.0, 1.0, 0.0)
    assert state.placings() == (4, 2, 1, 3)


def test_seats_still_in_when_the_game_is_won_rank_by_flowers_above_those_out() -> None:
    state = fail_until_out(new(4, seed=5), 3)
    while not state.is_terminal:  # seat 0 bids everything and wins two challenges
        legal = [str(a) for a in state.legal_actions()]
        phase = state.observe(state.current_player).phase  # type: ignore[arg-type]
        if state.current_player == 0 and phase in ("turn", "bid"):
            move = f"bid {state.total_on_mats()}" if phase == "turn" or \
                f"bid {state.total_on_mats()}" in legal else "pass"
        elif phase in ("place_first", "turn"):
            move = "place rose" if "place rose" in legal else legal[0]
        else:
            move = "pass" if "pass" in legal else legal[0]
        play(state, move)
    assert state.winners() == (0,)
    assert state.placings()[0] == 1 and state.placings()[3] == 4
    assert state.placings()[1] == state.placings()[2] == 2  # no flowers each: a shared place


# --- who starts the next round ----------------------------------------------------------------
def test_the_challenger_starts_the_next_round_win_or_lose() -> None:
    won = play(new(3), "place rose", "place rose", "place rose", "place rose",
               "bid 2", "pass", "pass", "reveal 0")
    assert won.flowers == (0, 1, 0) and won.starter == 1 and won.current_player == 1
    lost = _fail_on_seat_2(1)
    assert lost.starter == 0  # type: ignore[attr-defined]


def test_an_eliminated_challenger_is_followed_by_the_owner_of_the_skull_that_did_it() -> None:
    state = play(new(3, seed=2), "place skull", "place rose", "place rose", "bid 1",
                 "pass", "pass", "discard skull")
    fail_until_out(state, 0)  # seat 0 has only roses now: others' skulls take them
    last = state.rounds[-1]
    assert last.eliminated and last.skull_owner != 0
    assert state.starter == last.skull_owner and state.current_player == last.skull_owner


def test_a_challenger_eliminated_by_their_own_skull_chooses_who_starts() -> None:
    state = play(new(3), "place skull", "place rose", "place rose", "bid 1", "pass", "pass",
                 "discard rose")
    for _ in range(2):
        play(state, "place skull", "place rose", "place rose", "bid 1", "pass", "pass",
             "discard rose")
    play(state, "place skull", "place rose", "place rose", "bid 1", "pass", "pass",
         "discard skull")
    assert state.discs(0) == 0
    obs = state.observe(0)
    assert obs.phase == "choose_starter" and state.current_player == 0
    assert list(state.legal_actions()) == [START[1], START[2]]
    play(state, "start 2")
    assert state.starter == 2 and state.current_player == 2
    assert any(isinstance(e, StarterChosen) and e.seat == 2 for e in state.events)


def test_the_next_round_starter_rule_is_a_parameter() -> None:
    challenger, owner, nxt = skull(3), skull(3, next_starter="skull_owner"), skull(
        3, next_starter="next")
    # still in after a failure on seat 2's skull
    assert challenger.starter_after_failure(0, 2, True, 1) == 0
    assert owner.starter_after_failure(0, 2, True, 1) == 2
    assert nxt.starter_after_failure(0, 2, True, 1) == 0
    # eliminated by seat 2's skull
    assert challenger.starter_after_failure(0, 2, False, 1) == 2
    assert owner.starter_after_failure(0, 2, False, 1) == 2
    assert nxt.starter_after_failure(0, 2, False, 1) == 1
    # eliminated by their own skull
    assert challenger.starter_after_failure(0, 0, False, 1) is None
    assert owner.starter_after_failure(0, 0, False, 1) is None
    assert nxt.starter_after_failure(0, 0, False, 1) == 1
    state = play(new(3, next_starter="skull_owner"), "place rose", "place rose",
                 "place skull", "bid 3", "reveal 1", "reveal 2")
    assert state.starter == 2
    with pytest.raises(ParameterError):
        skull(3, next_starter="loser")
    with pytest.raises(ParameterError):
        skull(3, first_player=4)


def test_running_returns_rank_flowers_and_discs_below_a_win() -> None:
    state = play(new(3), "place rose", "place rose", "place rose", "bid 1", "pass", "pass")
    assert state.running_returns() == (0.5, 0.25, 0.25)
    play(state, "place rose", "place skull", "place rose", "bid 1", "pass", "pass")
    assert state.running_returns() == state.returns() == (1.0, 0.0, 0.0)
