"""A whole game of Spades: hands until the target, ties, the mercy rule, scores and returns."""

from __future__ import annotations

import pytest

import parlour
from parlour.core import GameOver
from parlour.games.spades import Deal, HandLimitReached, SpadesDealScored
from parlour.records import Record
from tests.cli.test_cli import run as run_cli
from tests.games.spades.helpers import ONE_SUIT_EACH, bid_all, play_out, spades

# Seat 0 takes all 13 tricks; seat 2 goes Nil safely: North-South score 130 + 100 = 230.
# East-West: two made Nils, +200.
NS_230_EW_200 = {0: "bid 13", 1: "nil", 2: "nil", 3: "nil"}


def test_the_game_ends_at_the_target_across_deals() -> None:
    game = spades(target=300)
    record = parlour.Match(game, ["heuristic"] * 4, seed=3).run()
    state = record.final_state()
    scored = [e for e in state.events if isinstance(e, SpadesDealScored)]
    assert len(scored) > 1, "the game runs over several hands"
    for event in scored[:-1]:
        ns, ew = event.team_totals
        assert max(ns, ew) < 300 or ns == ew, "the game went on past a decided target"
    ns, ew = scored[-1].team_totals
    assert max(ns, ew) >= 300 and ns != ew
    assert state.is_terminal and state.team_scores() == (ns, ew)
    winner = 0 if ns > ew else 1
    assert state.winners() == (winner, winner + 2)
    assert len([m for m in state.history if isinstance(m.action, Deal)]) == len(scored)


def test_the_game_is_not_over_below_the_target() -> None:
    state = spades().new_state(hands=ONE_SUIT_EACH, scores=(0, 0))
    bid_all(state, NS_230_EW_200)
    play_out(state)
    assert not state.is_terminal and state.team_scores() == (230, 200)
    assert state.deal == 1 and state.observe(0).phase == "bid"


def test_reaching_the_target_ends_the_game_and_the_higher_score_wins() -> None:
    state = spades().new_state(hands=ONE_SUIT_EACH, scores=(200, 310))
    bid_all(state, NS_230_EW_200)
    play_out(state)
    assert state.is_terminal and state.team_scores() == (430, 510)
    assert state.winners() == (1, 3)
    assert state.returns() == (-1.0, 1.0, -1.0, 1.0)
    over = [e for e in state.events if isinstance(e, GameOver)]
    assert len(over) == 1 and over[0].winners == (1, 3)


def test_when_both_reach_the_target_the_higher_score_wins() -> None:
    state = spades().new_state(hands=ONE_SUIT_EACH, scores=(400, 420))
    bid_all(state, NS_230_EW_200)
    play_out(state)
    assert state.team_scores() == (630, 620) and state.winners() == (0, 2)


def test_a_tie_at_the_target_plays_another_hand() -> None:
    state = spades().new_state(hands=ONE_SUIT_EACH, scores=(300, 330))
    bid_all(state, NS_230_EW_200)
    play_out(state)
    assert state.team_scores() == (530, 530)
    assert not state.is_terminal and state.deal == 1
    assert spades().winning_team((530, 530)) is None
    assert spades().winning_team((530, 520)) == 0


def test_the_target_is_a_parameter() -> None:
    state = spades(target=200).new_state(hands=ONE_SUIT_EACH)
    bid_all(state, NS_230_EW_200)
    play_out(state)
    assert state.is_terminal and state.winners() == (0, 2)


def test_mercy_rule_a_partnership_at_minus_200_or_below_loses() -> None:
    # North-South bid 13 + 13 and are set: -260 from -100
    bids = {0: "bid 13", 1: "nil", 2: "bid 13", 3: "nil"}
    plain = spades().new_state(hands=ONE_SUIT_EACH, scores=(-100, 0))
    bid_all(plain, bids)
    play_out(plain)
    assert not plain.is_terminal and plain.team_scores() == (-360, 200)

    merciful = spades(mercy=True).new_state(hands=ONE_SUIT_EACH, scores=(-100, 0))
    bid_all(merciful, bids)
    play_out(merciful)
    assert merciful.is_terminal and merciful.winners() == (1, 3)


def test_mercy_score_is_a_parameter() -> None:
    assert spades(mercy=True, mercy_score=-500).winning_team((-400, 0)) is None
    assert spades(mercy=True, mercy_score=-500).winning_team((-500, 0)) == 1
    assert spades().winning_team((-5000, 0)) is None


def test_scores_and_returns_are_per_seat_and_per_partnership() -> None:
    state = spades().new_state(hands=ONE_SUIT_EACH, scores=(480, 100))
    assert state.scores() == (480, 100, 480, 100)
    assert state.team_scores() == (480, 100)
    assert state.returns() == (0.0, 0.0, 0.0, 0.0) and state.team_returns() == (0.0, 0.0)
    assert state.winners() == ()
    bid_all(state, NS_230_EW_200)
    play_out(state)
    assert state.scores() == (710, 300, 710, 300)
    assert state.returns() == (1.0, -1.0, 1.0, -1.0) and state.team_returns() == (1.0, -1.0)


def test_deal_scored_events_give_per_seat_points_and_totals() -> None:
    state = spades().new_state(hands=ONE_SUIT_EACH)
    bid_all(state, NS_230_EW_200)
    play_out(state)
    event = next(e for e in state.events if isinstance(e, SpadesDealScored))
    assert event.points == (230, 200, 230, 200) and event.totals == (230, 200, 230, 200)
    assert "NS bid 13, took 13 (made): +230" in event.describe()


def test_fixed_deals_and_starting_scores_survive_a_record() -> None:
    game = spades()
    match = parlour.Match(game, ["heuristic"] * 4, seed=5,
                          setup={"hands": ONE_SUIT_EACH, "scores": [300, 330], "bags": [2, 3]})
    record = match.run()
    assert record.setup == {"hands": ONE_SUIT_EACH, "scores": [300, 330], "bags": [2, 3]}
    again = Record.from_json(record.to_json())
    assert again.verify().scores() == tuple(record.result.scores)


def test_hands_may_be_given_as_masks() -> None:
    game = spades()
    masks = game.deal_hands(9, 0)
    assert game.new_state(seed=1, hands=masks).hands == masks


def test_setup_arguments_are_checked() -> None:
    game = spades()
    with pytest.raises(parlour.ParlourError, match="unknown setup"):
        game.new_state(seed=1, dealer=2)
    with pytest.raises(parlour.ParlourError, match="two numbers"):
        game.new_state(seed=1, scores=[1, 2, 3])
    with pytest.raises(parlour.ParlourError, match="bags"):
        game.new_state(seed=1, bags=[10, 0])


def test_running_returns_give_search_the_partnership_margin() -> None:
    state = spades().new_state(hands=ONE_SUIT_EACH, scores=(120, 50))
    assert state.running_returns() == (70.0, -70.0, 70.0, -70.0)
    assert state.deal_number == 0
    bid_all(state, NS_230_EW_200)
    play_out(state)
    assert state.deal_number == 1 and state.running_returns()[0] == 100.0


def test_bench_stops_a_random_game_that_never_ends() -> None:
    """Random bids sink both sides for ever: `parlour bench spades` still returns, counting
    hands but no finished game (with `max_hands` out of reach); with the mercy rule random
    games finish."""
    from parlour.bench import bench

    endless = bench(spades(max_hands=10**9), seconds=0.2, quiet=True)
    assert endless.games == 0 and endless.deals > 1
    merciful = bench(spades(mercy=True), seconds=0.2, quiet=True)
    assert merciful.games > 0


def test_a_game_that_never_reaches_the_target_stops_at_max_hands() -> None:
    """Regression (issue 14.25): random bids never reach 500, and the game used to run forever."""
    record = parlour.Match(spades(max_hands=3), ["random"] * 4, seed=1).run()
    state = record.final_state()
    assert state.is_terminal and state.deal == 2
    stopped = [e for e in state.events if isinstance(e, HandLimitReached)]
    assert len(stopped) == 1 and state.events[-2] is stopped[0]
    assert "after 3 hands (max_hands)" in stopped[0].describe()
    ns, ew = state.team_scores()
    assert max(ns, ew) < 500 and ns != ew
    assert state.winners() == ((0, 2) if ns > ew else (1, 3))
    state.check_invariants()


def test_equal_scores_at_max_hands_are_a_draw() -> None:
    state = parlour.Match(spades(max_hands=1), ["random"] * 4, seed=1).run().final_state()
    state.totals = (40, 40)
    assert state.winners() == (0, 1, 2, 3) and state.returns() == (0.0,) * 4


def test_the_default_game_of_random_bots_ends_and_the_cli_says_why() -> None:
    code, out = run_cli("play", "spades", "--seats", "random,random,random,random", "--seed", "1",
                        "--quiet")
    assert code == 0
    assert "the game stops after 100 hands (max_hands)" in " ".join(out.split())
    assert "Standings" in out
