"""The heuristic Skat bot: sensible decisions, and far better than random play."""

from __future__ import annotations

from random import Random

import parlour
from parlour.cards import parse_card, parse_cards
from parlour.games.skat import BURY, HOLD, PASS, PICKUP, PLAY, Bid, Declare
from parlour.games.skat.bots import SkatHeuristic
from parlour.games.skat.strength import bid_limit, null_risk
from tests.games.skat.helpers import do, game, new, win_bidding

bot = SkatHeuristic(rng=Random(0))


def test_it_bids_a_strong_hand_and_passes_a_weak_one() -> None:
    assert bid_limit(parse_cards("Jc Js Ah Th Kh Qh 9h Ac Tc 7d")) >= 40
    assert bid_limit(parse_cards("9c 8c Kd Qd 9h 8h 7h Qs 9s 8s")) == 0
    state = new(["9c 8c Kd Qd 9h 8h 7h Qs 9s 8s", "Jc Js Ah Th Kh Qh Tc Ac 7d 7c",
                 "Jh Jd Kc Qc As Ts Ks Ad Td 9d"], skat="8d 7s")
    assert isinstance(bot.act(state.observe(1)), Bid)  # middlehand has a good hand
    do(state, "bid 18")
    assert bot.act(state.observe(0)) == PASS  # forehand's hand is weak


def test_it_holds_up_to_its_limit_then_passes() -> None:
    state = do(new(), "bid 30")
    assert bot.act(state.observe(0)) == HOLD
    state = do(new(), "bid 264")
    assert bot.act(state.observe(0)) == PASS


def test_it_plays_hand_with_a_very_strong_hand_and_picks_up_otherwise() -> None:
    strong = new(["Jc Js Jh Jd Ac Tc Kc As Ts Ah", "Qc 9c 8c 7c Ks Qs 9s 8s 7s Th",
                  "Kh Qh 9h 8h 7h Ad Td Kd Qd 9d"], skat="8d 7d")
    action = bot.act(win_bidding(strong, 0).observe(0))
    assert isinstance(action, Declare) and action.contract.hand
    middling = win_bidding(new(["Jd Ah Th Kh 9h 8h Ac Kc 7d 8d", "Jc Js Jh Tc Qc 9c 8c 7c As Ts",
                                "Ks Qs 9s 8s 7s Ad Td Kd Qd 9d"], skat="Qh 7h"), 0)
    assert bot.act(middling.observe(0)) == PICKUP


def test_it_buries_sensibly_keeping_jacks_and_saving_points() -> None:
    state = do(win_bidding(new(), 0), "pickup")
    action = bot.act(state.observe(0))
    assert action in BURY.values()
    assert not action.key & parse_cards("Jc Js")  # type: ignore[attr-defined]


def test_it_declares_a_game_the_hand_supports() -> None:
    state = do(win_bidding(new(), 0), "pickup", "bury 7d 8d")
    action = bot.act(state.observe(0))
    assert isinstance(action, Declare)
    assert action.contract.kind in ("hearts", "grand")


def test_null_risk_counts_cards_that_can_be_forced() -> None:
    assert null_risk(parse_cards("7c 8c 9c 7d 8d 7h 8h 9h 7s 8s")) == 0
    assert null_risk(parse_cards("Ac")) == 1
    assert null_risk(parse_cards("7c 9c Jc")) == 0


def test_a_defender_smears_points_on_its_partners_sure_trick() -> None:
    hands = ["Jc Js Jh Jd Kh Qh 9h 8h 7h 7c", "Ac Tc As 9s 8s 7s Ad Kd Qd 9d",
             "Kc Qc 9c 8c Ts Ks Qs Td 8d 7d"]
    state = new(hands, "Ah Th", dealer=2)
    do(win_bidding(state, 0), "declare hearts hand", "7c", "Ac")
    choice = bot.act(state.observe(2))
    assert choice == PLAY[parse_card("Kc")]  # the partner's A♣ wins: give it the K♣


def test_a_declarer_draws_trumps_from_the_top() -> None:
    hands = ["Jc Js Jh Jd Kh Qh 9h 8h 7h 7c", "Ac Tc As 9s 8s 7s Ad Kd Qd 9d",
             "Kc Qc 9c 8c Ts Ks Qs Td 8d 7d"]
    state = do(win_bidding(new(hands, "Ah Th"), 0), "declare hearts hand")
    assert bot.act(state.observe(0)) == PLAY[parse_card("Jc")]


def test_it_plays_every_phase_legally_in_skat_and_ramsch() -> None:
    for game_id in ("skat", "skat.ramsch"):
        g = parlour.load_game(game_id)
        for seed in range(5):
            state = g.new_state(seed=seed)
            if game_id == "skat.ramsch":
                do(state, "pass", "pass", "pass")
            agents = [SkatHeuristic(g, s, Random(s)) for s in range(3)]
            while not state.is_terminal:
                seat = state.current_player
                assert seat is not None
                action = agents[seat].act(state.observe(seat))
                assert state.is_legal(action), str(action)
                state.apply(action)


def test_it_beats_random_play_by_a_wide_margin() -> None:
    """Heuristic in one seat, random in the others, seats rotated: 100 series of 3 deals."""
    heuristic_total = random_total = 0.0
    games = 0
    for seed in range(100):
        for seat in range(3):
            seats = ["random"] * 3
            seats[seat] = "heuristic"
            result = parlour.Match(game(), seats, seed=seed).run().result
            heuristic_total += result.scores[seat]
            random_total += (sum(result.scores) - result.scores[seat]) / 2
            games += 1
    heuristic_mean, random_mean = heuristic_total / games, random_total / games
    assert heuristic_mean > -20
    assert heuristic_mean - random_mean > 200


def test_as_declarer_against_heuristic_defenders_it_wins_most_games() -> None:
    won = played = 0
    for seed in range(60):
        match = parlour.Match(game(), ["heuristic"] * 3, seed=seed)
        match.run()
        for result in match.state.results:
            if result.declarer is not None:
                played += 1
                won += result.won
    assert played > 100
    assert won / played > 0.65
