"""`heuristic-v1`, the first Hearts heuristic, kept as a baseline: it beats random play by a
wide margin, and it plays the way it says.

The behaviour tests build a `HeartsObservation` by hand: the bot sees nothing else.
"""

from __future__ import annotations

from random import Random

import pytest
from typer.testing import CliRunner

import parlour
from parlour.agents import make_agent
from parlour.cards import CardSet, parse_cards
from parlour.cli import app
from parlour.games.hearts import HeartsObservation
from parlour.games.hearts.bots_v1 import HeartsHeuristic
from tests.games.hearts.helpers import passed_by, play_observation

observation = play_observation


def passes(hand: str) -> CardSet:
    """The three cards `heuristic-v1` passes from `hand`."""
    return passed_by(HeartsHeuristic(rng=Random(0)), hand)

GAMES = 100
MIN_WIN_SHARE = 0.70
"""Random play would give the heuristic a 25% share of the wins; it must take more than 70%."""


def choose(obs: HeartsObservation) -> str:
    action = HeartsHeuristic(rng=Random(0)).act(obs)
    assert action in obs.legal_actions
    return str(action)


# --- strength ------------------------------------------------------------------------------------
def test_heuristic_beats_random_by_a_wide_margin() -> None:
    """Over 100 seeded games, the heuristic in each seat in turn against three random players.

    A player no better than random would take a 25% share of the wins (ties split evenly); the
    heuristic must take more than 70%, and finish with a lower average score.
    """
    game = parlour.load_game("hearts")
    share = 0.0
    own_scores = []
    other_scores = []
    for index in range(GAMES):
        seat = index % 4
        seats = ["random"] * 4
        seats[seat] = "heuristic"
        record = parlour.Match(game, seats, seed=1000 + index).run()
        result = record.result
        assert result.complete
        assert not record.faults
        if seat in result.winners:
            share += 1 / len(result.winners)
        own_scores.append(result.scores[seat])
        other_scores.extend(s for p, s in enumerate(result.scores) if p != seat)
    assert share / GAMES > MIN_WIN_SHARE
    assert sum(own_scores) / len(own_scores) < 0.6 * sum(other_scores) / len(other_scores)


def test_heuristic_is_deterministic_for_a_seed() -> None:
    game = parlour.load_game("hearts", end_score=50)
    seats = ["heuristic", "random", "heuristic", "random"]
    first = parlour.Match(game, seats, seed=3).run()
    second = parlour.Match(game, seats, seed=3).run()
    assert [(m.player, m.action) for m in first.moves] == [
        (m.player, m.action) for m in second.moves
    ]
    assert first.result == second.result


# --- following suit ------------------------------------------------------------------------------
def test_ducks_under_the_winning_card() -> None:
    assert choose(observation("K92♦ 5♣ 3♠", trick=["T♦"], leader=3)) == "9♦"


def test_ducks_when_last_and_the_trick_holds_points() -> None:
    obs = observation("K92♦ 5♣ 3♠", trick=["T♦", "5♥", "3♦"], leader=1)
    assert choose(obs) == "9♦"


def test_plays_its_highest_card_when_it_cannot_duck() -> None:
    assert choose(observation("KQ♦ 5♣ 3♠", trick=["T♦"], leader=3)) == "K♦"


def test_takes_a_clean_last_trick_with_its_highest_card() -> None:
    obs = observation("K92♦ 5♣ 3♠", trick=["T♦", "4♦", "3♦"], leader=1)
    assert choose(obs) == "K♦"


@pytest.mark.parametrize("trick", [["A♠"], ["K♠"], ["5♠", "A♠"], ["K♠", "3♠", "A♠"]])
def test_drops_the_queen_on_the_ace_or_king_of_spades(trick: list[str]) -> None:
    leader = (0 - len(trick)) % 4
    assert choose(observation("Q3♠ 5♣ 9♦", trick=trick, leader=leader)) == "Q♠"


def test_keeps_the_queen_under_a_low_spade() -> None:
    assert choose(observation("Q3♠ 5♣ 9♦", trick=["5♠"], leader=3)) == "3♠"
    assert choose(observation("Q3♠ 5♣ 9♦", trick=["T♠", "J♠"], leader=2)) == "3♠"


# --- discarding ----------------------------------------------------------------------------------
def test_dumps_the_queen_of_spades_when_void() -> None:
    assert choose(observation("Q3♠ A4♥ 7♣", trick=["T♦"], leader=3)) == "Q♠"


def test_dumps_the_highest_heart_when_void_without_the_queen() -> None:
    assert choose(observation("3♠ A4♥ 7♣", trick=["T♦"], leader=3)) == "A♥"


def test_dumps_a_high_spade_while_the_queen_is_out() -> None:
    assert choose(observation("K3♠ 4♥ 7♣", trick=["T♦"], leader=3)) == "K♠"


# --- passing -------------------------------------------------------------------------------------
def test_passes_queen_ace_and_king_of_spades_with_short_spades() -> None:
    assert passes("AKQ2♠ A93♥ K42♣ QJ5♦") == parse_cards("AKQ♠")


def test_passes_the_queen_when_it_is_the_only_danger() -> None:
    assert parse_cards("Q♠") & passes("Q2♠ A98♥ K432♣ QJ54♦")


def test_keeps_the_queen_with_long_spades() -> None:
    passed = passes("AKQ9876♠ 32♥ 32♣ 45♦")
    assert not passed & parse_cards("AKQ♠")


# --- the moon ------------------------------------------------------------------------------------
SHOOTER = (0, 0, 16, 0)
"""Seat 2 has taken all 16 points so far this deal."""
SPREAD = (5, 3, 8, 0)


def test_blocks_a_moon_shot_by_taking_the_points() -> None:
    trick = ["5♥", "9♥", "2♥"]  # seat 2 is winning a trick with three hearts in it
    assert choose(observation("K3♥ 5♣", trick=trick, leader=1, taken=SHOOTER)) == "K♥"
    assert choose(observation("K3♥ 5♣", trick=trick, leader=1, taken=SPREAD)) == "3♥"


def test_does_not_feed_points_to_a_would_be_shooter() -> None:
    trick = ["T♦", "3♦"]  # seat 2 leads and wins; seat 0 is void in diamonds
    hand = "Q♠ A4♥ 7♣"
    assert choose(observation(hand, trick=trick, leader=2, taken=SHOOTER)) == "7♣"
    assert choose(observation(hand, trick=trick, leader=2, taken=SPREAD)) == "Q♠"


def test_leads_a_high_heart_against_a_would_be_shooter() -> None:
    hand = "K3♥ 5♣ 8♦"
    assert choose(observation(hand, leader=0, taken=SHOOTER)) == "K♥"
    assert choose(observation(hand, leader=0, taken=SPREAD)) != "K♥"


def test_does_not_block_itself() -> None:
    obs = observation("K3♥ 5♣", trick=["5♥", "9♥", "2♥"], leader=1, taken=(16, 0, 0, 0))
    assert choose(obs) == "3♥"


# --- leading -------------------------------------------------------------------------------------
def test_leads_a_low_spade_to_flush_the_queen() -> None:
    assert choose(observation("43♠ 9♣ 8♦", leader=0)) == "3♠"


def test_does_not_lead_a_high_spade_while_the_queen_is_out() -> None:
    assert choose(observation("A♠ 9♣ 8♦", leader=0)) == "8♦"
    assert choose(observation("AK♠ 9♣", leader=0)) == "9♣"


def test_avoids_leading_points() -> None:
    assert choose(observation("AKQ♥ Q♠ 9♣", leader=0)) == "9♣"


def test_the_first_heuristic_is_the_named_baseline_heuristic_v1() -> None:
    game = parlour.load_game("hearts")
    for spec in ("heuristic-v1", "hearts.heuristic-v1"):
        assert isinstance(make_agent(spec, game, 0, Random(0)), HeartsHeuristic)
    listing = CliRunner().invoke(app, ["games", "hearts"])
    assert listing.exit_code == 0
    assert "heuristic-v1" in listing.output
