"""The Skull heuristic: it beats random play by a wide margin, and plays the way it says.

The behaviour tests build a `SkullObservation` by hand: the bot sees nothing else.
"""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

import parlour
from parlour.games.skull import (
    BID,
    DISCARD,
    PASS,
    PLACE,
    REVEAL,
    ROSE,
    SKULL,
    START,
    RoundResult,
    SkullObservation,
)
from parlour.games.skull.bots import ROSE_ODDS, SkullHeuristic, safe_own

GAMES = 300
MIN_WIN_SHARE = {3: 0.42, 4: 0.40, 5: 0.36, 6: 0.30}
"""Against random players the heuristic would win 1 game in n; it must win at least these
shares (about 1.3, 1.6, 1.8 and 1.8 times that)."""


def observation(**fields: Any) -> SkullObservation:
    """Seat 0's view of a 4-player round; `fields` override the defaults."""
    base: dict[str, Any] = {
        "seat": 0, "current_player": 0, "legal_actions": (), "round": 0, "phase": "turn",
        "starter": 0, "discs": (4, 4, 4, 4), "stack_sizes": (1, 1, 1, 1),
        "turned": (0, 0, 0, 0), "flowers": (0, 0, 0, 0), "passed": (False,) * 4,
        "my_roses": 3, "my_skulls": 1, "my_stack": (ROSE,), "bids": (), "high_bid": 0,
        "challenger": None, "revealed": (), "rounds": (), "winner": None,
    }
    return SkullObservation(**{**base, **fields})


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_heuristic_beats_random_play_by_a_wide_margin(players: int) -> None:
    game = parlour.load_game("skull", players=players)
    wins = 0
    for seed in range(GAMES):
        seat = seed % players
        seats = ["random"] * players
        seats[seat] = "heuristic"
        record = parlour.Match(game, seats, seed=seed).run()
        wins += record.result.winners == (seat,)
    assert wins / GAMES >= MIN_WIN_SHARE[players]


def test_it_bluffs_with_a_mixed_strategy() -> None:
    bot = SkullHeuristic(rng=Random(1))
    obs = observation(phase="place_first", my_stack=(), stack_sizes=(0, 0, 0, 0),
                      legal_actions=(PLACE[ROSE], PLACE[SKULL]))
    choices = [bot.act(obs) for _ in range(200)]
    skulls = choices.count(PLACE[SKULL])
    assert 60 < skulls < 180 and PLACE[ROSE] in choices


def test_it_only_bids_what_its_own_roses_cover_while_its_skull_is_down() -> None:
    assert safe_own((SKULL, ROSE, ROSE)) == 2 and safe_own((ROSE, SKULL)) == 0
    assert safe_own((ROSE, ROSE)) == 2
    bot = SkullHeuristic(rng=Random(2), place_rate=0.0)
    stack = (SKULL, ROSE, ROSE)
    legal = (PLACE[ROSE], *BID[1:7])
    obs = observation(my_stack=stack, stack_sizes=(3, 1, 1, 1), legal_actions=legal)
    assert bot.act(obs) == BID[2]
    raising = observation(phase="bid", my_stack=stack, stack_sizes=(3, 1, 1, 1), high_bid=2,
                          challenger=1, bids=((1, 2),), legal_actions=(*BID[3:7], PASS))
    assert bot.act(raising) == PASS


def test_its_bids_grow_with_its_own_stack_and_shrink_with_the_table_size() -> None:
    bot = SkullHeuristic(rng=Random(3), risk=0.3)

    def limit(stack: tuple[int, ...], players: int, others: int) -> int:
        sizes = (len(stack),) + (1,) * others + (0,) * (players - 1 - others)
        return bot._limit(observation(my_stack=stack, stack_sizes=sizes, discs=(4,) * players,
                                      turned=(0,) * players, flowers=(0,) * players,
                                      passed=(False,) * players))

    assert limit((ROSE, ROSE, ROSE), 4, 3) == limit((ROSE,), 4, 3) + 2
    assert limit((ROSE,), 3, 2) == 3  # two other stacks trusted at a small table
    assert limit((ROSE,), 6, 2) == 2  # the same two stacks, but six players: more skulls about
    assert limit((SKULL,), 6, 5) == 0
    assert list(ROSE_ODDS.values()) == sorted(ROSE_ODDS.values(), reverse=True)


def test_it_covers_a_skull_on_top_with_a_rose_before_bidding() -> None:
    bot = SkullHeuristic(rng=Random(4), place_rate=1.0)
    obs = observation(my_stack=(SKULL,), legal_actions=(PLACE[ROSE], *BID[1:5]))
    assert bot.act(obs) == PLACE[ROSE]


def test_it_reveals_the_safest_stacks_first() -> None:
    bot = SkullHeuristic(rng=Random(5))
    legal = (REVEAL[1], REVEAL[2], REVEAL[3])
    lost_skull = RoundResult(round=0, starter=3, challenger=3, bid=2, bids=((3, 2),),
                             revealed=((3, ROSE), (0, SKULL)), success=False, skull_owner=0,
                             lost=SKULL)
    obs = observation(phase="reveal", legal_actions=legal, challenger=0, high_bid=3,
                      bids=((1, 1), (2, 2), (3, None), (0, 3)), rounds=(lost_skull,))
    assert bot.act(obs) == REVEAL[3]  # I drew seat 3's skull: it has none
    obs = observation(phase="reveal", legal_actions=legal, challenger=0, high_bid=3,
                      bids=((1, 1), (2, 2), (3, None), (0, 3)))
    assert bot.act(obs) == REVEAL[2]  # then the highest bidder, who expected roses


def test_it_keeps_its_skull_when_it_must_discard() -> None:
    bot = SkullHeuristic()
    obs = observation(phase="discard", legal_actions=(DISCARD[ROSE], DISCARD[SKULL]))
    assert bot.act(obs) == DISCARD[ROSE]
    obs = observation(phase="discard", legal_actions=(DISCARD[SKULL],), my_roses=0)
    assert bot.act(obs) == DISCARD[SKULL]


def test_an_eliminated_bot_hands_the_start_to_its_left() -> None:
    bot = SkullHeuristic()
    obs = observation(phase="choose_starter", discs=(0, 0, 3, 2),
                      legal_actions=(START[2], START[3]))
    assert bot.act(obs) == START[2]


def test_it_plays_only_legal_moves_through_whole_games() -> None:
    game = parlour.load_game("skull", players=5, next_starter="skull_owner")
    for seed in range(20):
        record = parlour.Match(game, ["heuristic"] * 5, seed=seed).run()
        assert not record.faults and record.result.complete


def test_the_encoding_has_one_shape_for_every_table_size() -> None:
    """Seats a smaller table lacks are zeros, so one network plays three to six players."""
    shapes = {parlour.load_game("skull", players=n).observation_shape for n in range(3, 7)}
    assert shapes == {(107,)}
