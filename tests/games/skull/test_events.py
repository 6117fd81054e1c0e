"""Skull events: what a strategy author hears, and who may hear it."""

from __future__ import annotations

from parlour.core import GameOver
from parlour.games.skull import (
    BidMade,
    ChallengeResult,
    ChallengeStarted,
    DiscLost,
    DiscPlaced,
    DiscRevealed,
    Passed,
    PlayerEliminated,
    RoundStarted,
)
from tests.games.skull.helpers import fail_until_out, new, play


def test_a_round_emits_start_placements_bids_reveals_and_the_result() -> None:
    state = play(new(3), "place rose", "place rose", "place skull", "bid 3", "reveal 1",
                 "reveal 2")
    kinds = [type(e) for e in state.events]
    assert kinds[0] is RoundStarted
    assert kinds[1:7] == [DiscPlaced] * 6  # each placement: the placer's copy and the others'
    assert kinds[7:9] == [BidMade, ChallengeStarted]
    assert kinds[9:12] == [DiscRevealed] * 3
    assert kinds[12] is ChallengeResult
    assert kinds[13:15] == [DiscLost, DiscLost]
    assert kinds[15] is RoundStarted


def test_every_seat_hears_each_placement_once_and_only_the_placer_learns_the_disc() -> None:
    state = play(new(4), "place skull")
    placed = [e for e in state.events if isinstance(e, DiscPlaced)]
    for seat in range(4):
        mine = [e for e in placed if e.visible(seat)]
        assert len(mine) == 1
        assert (mine[0].disc is not None) == (seat == 0)


def test_public_events_and_descriptions() -> None:
    state = play(new(3), "place rose", "place rose", "place rose", "bid 1", "pass", "pass")
    text = [e.describe() for e in state.events if e.visible(2)]
    assert "round 1 begins; seat 0 starts" in text
    assert "seat 0 places a disc (stack of 1)" in text
    assert "seat 2 places a rose (stack of 1)" in text
    assert "seat 0 opens the bidding at 1" in text
    assert "seat 1 passes" in text
    assert "seat 0 turns their own disc: rose" in text
    assert "seat 0 turns 1 rose(s) and wins the challenge" in text
    assert all(e.visible_to is None for e in state.events
               if isinstance(e, (BidMade, Passed, DiscRevealed, ChallengeResult, RoundStarted)))


def test_elimination_and_game_over_are_announced() -> None:
    state = fail_until_out(new(3, seed=4), 0)
    fail_until_out(state, 1)
    out = [e.seat for e in state.events if isinstance(e, PlayerEliminated)]
    assert out == [0, 1]
    over = [e for e in state.events if isinstance(e, GameOver)]
    assert len(over) == 1 and over[0].winners == (2,)
    assert over[0].describe() == "game over; winner: seat 2"
