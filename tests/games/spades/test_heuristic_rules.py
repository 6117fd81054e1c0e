"""The Spades heuristic, rule by rule: for every named rule, a fixed position where it decides.

Each position is an observation built by hand (the bot sees nothing else); the test asserts the
card and that the rule named is the one that chose it (`SpadesHeuristic.last_rule`). The
strength test against `heuristic-v1` is at the end.
"""

from __future__ import annotations

from functools import partial

import pytest

import parlour
from parlour.arena.stats import paired_test
from parlour.cards import CardSet, parse_cards
from parlour.games.spades import BID, NIL, SpadesObservation
from parlour.games.spades import bots as rules
from parlour.games.spades.bots import SpadesHeuristic, count_tricks, nil_hand
from parlour.games.spades.events import SpadesDealScored
from tests.games.spades.helpers import bid_observation, card, play_observation

CLUBS_TRICK = (1, (card("2♣"), card("3♣"), card("4♣"), card("5♣")))
"""A finished first trick: seat 1 led, seat 0 won it with the 5♣."""

position = partial(play_observation, leader=0, tricks_won=(1, 0, 0, 0), tricks=(CLUBS_TRICK,))
"""Seat 0 to play, after the clubs trick."""
bidding = bid_observation


def decide(obs: SpadesObservation) -> tuple[str, str]:
    if obs.phase == "play":
        assert (obs.leader + len(obs.trick)) % 4 == obs.seat, "not seat 0's turn in this trick"
    bot = SpadesHeuristic()
    action = bot.act(obs)
    assert action in obs.legal_actions
    return str(action), bot.last_rule


# --- bidding ---------------------------------------------------------------------------------
def test_count_tricks() -> None:
    assert count_tricks(parse_cards("AKQJ5♠ AK♥ AKQ♦ A32♣")) > 10
    assert count_tricks(parse_cards("2♠ 97532♥ 8643♦ 542♣")) < 0.5
    # A♠ K♠ and a side ace: about three; a void with spare trumps adds a ruff
    three = count_tricks(parse_cards("AK4♠ A9532♥ 8643♦ 54♣"))
    assert 2.5 <= three <= 3.5
    assert count_tricks(parse_cards("AK43♠ A9532♥ 8643♦")) > three + 0.5


def test_choose_bid() -> None:
    assert SpadesHeuristic().act(bidding("AKQJ5♠ AK♥ AKQ♦ A32♣")).tricks >= 10  # type: ignore[attr-defined]
    assert SpadesHeuristic().act(bidding("AK4♠ A9532♥ 8643♦ 54♣")) in (BID[2], BID[3])
    # never more than the tricks the other bids leave
    assert SpadesHeuristic().act(bidding("AKQJ5♠ AK♥ AKQ♦ A32♣", (None, 5, None, 4))) == BID[4]


def test_nil_hand() -> None:
    weak = "2♠ 97532♥ 8643♦ 542♣"
    assert nil_hand(parse_cards(weak))
    assert SpadesHeuristic().act(bidding(weak)) == NIL
    assert not nil_hand(parse_cards("K2♠ 97532♥ 8643♦ 54♣"))  # a king of trumps
    assert not nil_hand(parse_cards("2♠ AQ983♥ 8643♦ 542♣"))  # an ace with one low guard
    assert SpadesHeuristic().act(bidding(weak, (3, 2, 0, None))) != NIL  # never two Nils


def test_blind_nil_when_far_behind() -> None:
    obs = SpadesObservation(
        seat=0, current_player=0, legal_actions=(), deal=3, dealer=3, phase="blind",
        hand=CardSet(0), hand_seen=False, looked=(False, True, True, True), bids=(None,) * 4,
        blind=(False,) * 4, leader=0, trick=(), tricks=(), tricks_won=(0,) * 4,
        spades_broken=False, scores=(50, 300), bags=(0, 0), deal_results=(),
    )
    assert str(SpadesHeuristic().act(obs)) == "blind nil"
    assert str(SpadesHeuristic().act(obs.__class__(**{
        **{f: getattr(obs, f) for f in obs.__dataclass_fields__}, "scores": (250, 300)}))) == "look"


# --- leading ---------------------------------------------------------------------------------
def test_nil_leads_low() -> None:
    assert decide(position("K♦ 3♣ 7♥ 2♠", bids=(0, 3, 4, 3), tricks_won=(0, 0, 1, 0))) == (
        "3♣", "nil_leads_low")


def test_lead_high_for_a_nil_partner() -> None:
    assert decide(position("A♥ 5♥ 9♣ 2♠", bids=(4, 3, 0, 3))) == (
        "A♥", "lead_high_for_a_nil_partner")


def test_lead_low_against_a_nil() -> None:
    assert decide(position("Q♥ 6♥ 9♣ 8♦", bids=(4, 0, 4, 3))) == (
        "6♥", "lead_low_against_a_nil")


def test_cash_sure_winners() -> None:
    assert decide(position("A♦ 9♣ 6♥ 3♠", bids=(4, 3, 4, 3))) == ("A♦", "cash_sure_winners")


def test_cash_sure_winners_to_set_overbidders() -> None:
    # our contract (1 + 1) is made; East-West need 9 of the 12 tricks left
    obs = position("A♦ 9♣ 6♥ 3♠", bids=(1, 5, 1, 4), tricks_won=(1, 0, 1, 0))
    assert decide(obs) == ("A♦", "cash_sure_winners")


def test_lead_for_a_ruff() -> None:
    assert decide(position("7♦ 98♣ 65♥ K3♠", bids=(4, 3, 4, 3))) == ("7♦", "lead_for_a_ruff")


def test_lead_to_lose() -> None:
    obs = position("A♦ 9♣ 6♥ 3♠", bids=(1, 3, 1, 3), tricks_won=(1, 0, 1, 0))
    assert decide(obs) == ("6♥", "lead_to_lose")


def test_lead_low() -> None:
    assert decide(position("9♣ 6♥ 3♠", bids=(4, 3, 4, 3))) == ("6♥", "lead_low")


# --- following -------------------------------------------------------------------------------
def test_nil_ducks() -> None:
    obs = position("QT4♥ 9♣ 2♠", ["J♥"], leader=3, bids=(0, 3, 4, 3), tricks_won=(0, 0, 1, 0))
    assert decide(obs) == ("T♥", "nil_ducks")
    # void: shed the most dangerous side card
    obs = position("K♦ 3♣ 2♠", ["5♥"], leader=3, bids=(0, 3, 4, 3), tricks_won=(0, 0, 1, 0))
    assert decide(obs) == ("K♦", "nil_ducks")


def test_cover_a_nil_partner() -> None:
    # partner's 9♥ is winning: take the trick off it
    obs = position("AJ3♥ 5♣", ["4♥", "9♥", "7♥"], leader=1, bids=(4, 3, 0, 3))
    assert decide(obs) == ("J♥", "cover_a_nil_partner")
    # partner plays after us: win high so it can duck under
    obs = position("AJ3♥ 5♣", ["4♥"], leader=3, bids=(4, 3, 0, 3))
    assert decide(obs) == ("A♥", "cover_a_nil_partner")


def test_let_a_nil_win() -> None:
    obs = position("KT4♥ 5♣", ["9♥", "5♥", "3♥"], leader=1, bids=(4, 0, 4, 3))
    assert decide(obs) == ("4♥", "let_a_nil_win")


def test_leave_it_to_partner() -> None:
    obs = position("K3♦ 9♣", ["A♦", "5♦"], leader=2, bids=(4, 3, 4, 3))
    assert decide(obs) == ("3♦", "leave_it_to_partner")


def test_win_the_trick() -> None:
    obs = position("AK♥ 5♣", ["Q♥", "2♥", "5♥"], leader=1, bids=(4, 3, 4, 3))
    assert decide(obs) == ("K♥", "win_the_trick")
    # void: ruff with the lowest spade
    obs = position("74♠ 9♦", ["K♥", "2♥", "A♥"], leader=1, bids=(4, 3, 4, 3))
    assert decide(obs) == ("4♠", "win_the_trick")


def test_duck_to_avoid_bags() -> None:
    obs = position("AJ3♥ 5♣", ["Q♥", "2♥", "5♥"], leader=1, bids=(1, 3, 1, 3),
                   tricks_won=(1, 0, 1, 0))
    assert decide(obs) == ("J♥", "duck_to_avoid_bags")


def test_play_cheap() -> None:
    # second hand without the boss: low, partner plays last
    obs = position("Q9♦ 5♣", ["5♦"], leader=3, bids=(4, 3, 4, 3))
    assert decide(obs) == ("9♦", "play_cheap")


def test_every_rule_has_a_test_position() -> None:
    names = {r.__name__ for r in (*rules.LEAD_RULES, *rules.FOLLOW_RULES)}
    names |= {"count_tricks", "nil_hand", "choose_bid", "blind_nil_when_far_behind"}
    tested = {name[len("test_"):] for name in globals() if name.startswith("test_")}
    assert names <= tested, names - tested


# --- strength --------------------------------------------------------------------------------
STRENGTH_SEEDS = range(8000, 8150)


def partnership_games(spec: str, baseline: str, seeds: range
                      ) -> tuple[list[float], tuple[int, int], tuple[int, int]]:
    """Whole games, each seed twice: `spec` as North-South and as East-West. Per seed, the
    mean over both seatings of `spec`'s points per hand minus `baseline`'s; and for each side
    (contracts made, hands bid)."""
    game = parlour.load_game("spades")
    gains = []
    made = {spec: [0, 0], baseline: [0, 0]}
    for seed in seeds:
        gain = 0.0
        for team in (0, 1):
            seats = [spec if s % 2 == team else baseline for s in range(4)]
            record = parlour.Match(game, seats, seed=seed).run()
            assert not record.faults
            state = record.final_state()
            per_hand = [sum(r[t] for r in state.results) / len(state.results) for t in (0, 1)]
            gain += (per_hand[team] - per_hand[1 - team]) / 2
            for event in state.events:
                if isinstance(event, SpadesDealScored):
                    for side in (0, 1):
                        tally = made[spec if side == team else baseline]
                        tally[0] += event.team_tricks[side] >= event.contracts[side]
                        tally[1] += 1
        gains.append(gain)
    return gains, (made[spec][0], made[spec][1]), (made[baseline][0], made[baseline][1])


@pytest.mark.slow
def test_the_heuristic_beats_heuristic_v1_and_makes_more_contracts() -> None:
    """150 seeds of whole games (300 games, about 40 s on one core); the figures measured at
    these seeds are in docs/strength.md."""
    gains, new, old = partnership_games("heuristic", "heuristic-v1", STRENGTH_SEEDS)
    interval, p = paired_test(gains)
    report = f"{interval}, two-sided p {p}; made {new} against {old}"
    assert interval.mean > 0 and p is not None and p / 2 < 0.01, report
    assert new[0] / new[1] > old[0] / old[1], report
