"""`heuristic-v1`, the first Spades heuristic, kept as a baseline: it beats random play by a
wide margin, and plays the way it says.

The behaviour tests build a `SpadesObservation` by hand: the bot sees nothing else.
"""

from __future__ import annotations

from functools import partial
from random import Random

from typer.testing import CliRunner

import parlour
from parlour.agents import make_agent
from parlour.cards import parse_cards
from parlour.cli import app
from parlour.games.spades import NIL, PLAY
from parlour.games.spades.bots_v1 import SpadesHeuristic, estimate_tricks, nil_safe
from tests.games.spades.helpers import bid_observation, card, play_observation

GAMES = 100
MIN_WIN_SHARE = 0.9
"""A random partnership would win half the games; the heuristic must win more than 90%."""

EARLIER = ((1, (card("2♣"), card("3♣"), card("4♣"), card("5♣"))),)

observation = partial(play_observation, leader=1, tricks_won=(0, 0, 0, 1), tricks=EARLIER)
"""Seat 0 to play, after a first trick that seat 3 won."""



def test_the_heuristic_partnership_beats_random_play_by_a_wide_margin() -> None:
    game = parlour.load_game("spades")
    wins = 0
    for seed in range(GAMES):
        team = seed % 2
        seats = ["heuristic" if s % 2 == team else "random" for s in range(4)]
        record = parlour.Match(game, seats, seed=seed).run()
        wins += record.result.winners == (team, team + 2)
    assert wins / GAMES > MIN_WIN_SHARE


def test_heuristic_partnerships_make_most_contracts() -> None:
    game = parlour.load_game("spades", target=300)
    made = hands = 0
    for seed in range(10):
        state = parlour.Match(game, ["heuristic"] * 4, seed=seed).run().final_state()
        for event in state.events:
            if type(event).__name__ == "SpadesDealScored":
                for team in (0, 1):
                    hands += 1
                    made += event.team_tricks[team] >= event.contracts[team]  # type: ignore[attr-defined]
    assert made / hands > 0.8


def test_it_bids_its_hands_trick_taking_strength() -> None:
    strong = "AKQJ5♠ AK♥ AKQ♦ A32♣"
    weak = "2♠ 97532♥ 8643♦ 542♣"
    assert estimate_tricks(parse_cards(strong)) > 9
    assert estimate_tricks(parse_cards(weak)) < 1
    bot = SpadesHeuristic()
    assert bot.act(bid_observation(strong)).tricks >= 9  # type: ignore[attr-defined]
    assert bot.act(bid_observation("A5♠ K73♥ Q642♦ J852♣")).tricks in (1, 2, 3)  # type: ignore[attr-defined]


def test_it_bids_nil_with_a_hand_that_can_lose_every_trick() -> None:
    weak = "2♠ 97532♥ 8643♦ 542♣"
    assert nil_safe(parse_cards(weak))
    assert SpadesHeuristic().act(bid_observation(weak)) == NIL
    assert not nil_safe(parse_cards("K2♠ 97532♥ 8643♦ 54♣"))
    # never two Nils in one partnership
    partner_nil = (3, 2, 0, None)
    assert SpadesHeuristic().act(bid_observation(weak, partner_nil)) != NIL


def test_a_nil_bidder_ducks_under_the_winning_card() -> None:
    obs = observation("QT4♥ 9♣ 2♠", trick=["J♥"], bids=(0, 3, 4, 3))
    assert SpadesHeuristic().act(obs) == PLAY[card("T♥")]


def test_a_nil_bidder_sheds_its_most_dangerous_card_when_void() -> None:
    obs = observation("K♦ 3♣ 2♠", trick=["5♥"], bids=(0, 3, 4, 3))
    assert SpadesHeuristic().act(obs) == PLAY[card("K♦")]


def test_it_covers_its_partners_nil() -> None:
    # partner (seat 2) bid Nil and its 9♥ is winning: take the trick off it
    obs = observation("AJ3♥ 5♣", trick=["4♥", "9♥", "7♥"], leader=1, bids=(4, 3, 0, 3))
    assert SpadesHeuristic().act(obs) == PLAY[card("J♥")]
    # partner is still to play after us: win high so it can duck underneath
    obs = observation("AJ3♥ 5♣", trick=["4♥"], leader=3, bids=(4, 3, 0, 3))
    assert SpadesHeuristic().act(obs) == PLAY[card("A♥")]


def test_it_ruffs_to_make_the_contract() -> None:
    obs = observation("74♠ 9♦", trick=["K♥", "2♥", "A♥"], bids=(4, 3, 4, 3),
                      tricks_won=(0, 1, 0, 0))
    assert SpadesHeuristic().act(obs) == PLAY[card("4♠")]


def test_it_ducks_to_avoid_bags_once_the_contract_is_made() -> None:
    obs = observation("AQ3♥ 9♦", trick=["K♥"], leader=3, bids=(2, 3, 2, 3),
                      tricks_won=(3, 1, 2, 0))
    assert SpadesHeuristic().act(obs) == PLAY[card("Q♥")]
    # void, contract made: discard rather than ruff
    obs = observation("74♠ 9♦", trick=["K♥", "2♥", "A♥"], bids=(2, 3, 2, 3),
                      tricks_won=(3, 1, 2, 0))
    assert SpadesHeuristic().act(obs) == PLAY[card("9♦")]


def test_it_plays_only_legal_cards_through_whole_games() -> None:
    game = parlour.load_game("spades", blind_nil=True, opening_lead="two_of_clubs", target=250)
    for seed in range(5):
        record = parlour.Match(game, ["heuristic", "random", "heuristic", "heuristic"],
                               seed=seed).run()
        assert not record.faults


def test_the_first_heuristic_is_the_named_baseline_heuristic_v1() -> None:
    game = parlour.load_game("spades")
    for spec in ("heuristic-v1", "spades.heuristic-v1"):
        assert isinstance(make_agent(spec, game, 0, Random(0)), SpadesHeuristic)
    listing = CliRunner().invoke(app, ["games", "spades"])
    assert listing.exit_code == 0
    assert "heuristic-v1" in listing.output
