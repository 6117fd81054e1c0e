"""The built-in agents: the reference zombie and T800 exactly, and our heuristic."""

from __future__ import annotations

from collections import Counter
from random import Random

import numpy as np
import pytest

import parlour
from parlour.agents import make_agent
from parlour.games.territory import Territory, Turn
from parlour.games.territory.bots import (
    T800Agent,
    ZombieAgent,
    t800_turn,
    t800_weights,
    uniform_split,
    weighted_split,
    zombie_turn,
)
from parlour.games.territory.heuristic import plan_turn
from tests.games.territory.helpers import make_state


def test_the_agents_are_registered_by_name() -> None:
    game = Territory(size=4, players=1)
    for name in ("zombie", "t800", "heuristic", "territory.t800"):
        assert callable(make_agent(name, game, 0, Random(1)).act)


def test_uniform_split_moves_every_piece_each_way_a_quarter_of_the_time() -> None:
    rng = Random(3)
    totals = Counter()
    for _ in range(3000):
        split = uniform_split(7, rng)
        assert sum(split) == 7 and min(split) >= 0
        totals.update(dict(enumerate(split)))
    for k in range(4):
        assert abs(totals[k] / 21000 - 0.25) < 0.015


def test_the_zombie_agent_moves_all_its_pieces() -> None:
    owners = np.array([[0, 0, 1], [1, 1, 1], [1, 1, 1]])
    numbers = np.array([[5, 3, 4], [4, 4, 4], [4, 4, 4]])
    action = zombie_turn(0, owners, numbers, Random(2))
    moved = Counter()
    for row, col, _, n in action.moves:
        moved[row, col] += n
        assert n > 0
    assert moved == {(0, 0): 5, (0, 1): 3}


def test_t800_weights_follow_the_neighbours_pieces_plus_a_hundredth() -> None:
    weights = t800_weights([3, 1, 0, 0], 8)
    expected = np.array([3.01, 1.01, 0.01, 0.01]) / 4.04
    assert weights == pytest.approx(expected.tolist())


def test_t800_with_empty_neighbours_spreads_evenly() -> None:
    assert t800_weights([0, 0, 0, 0], 4) == pytest.approx([0.25] * 4)


def test_t800_drops_directions_where_its_share_is_below_the_neighbours_count() -> None:
    # 4 pieces beside a stack of 5: 4 * 5.01/5.04 < 5, so north is dropped; the rest renormalise
    assert t800_weights([5, 0, 0, 0], 4) == pytest.approx([0, 1 / 3, 1 / 3, 1 / 3])


def test_t800_stays_when_every_direction_is_dropped() -> None:
    assert sum(t800_weights([5, 5, 5, 5], 4)) == 0
    owners = np.array([[0, 1, 1], [1, 1, 1], [1, 1, 1]])
    numbers = np.array([[4, 5, 5], [5, 5, 5], [5, 5, 5]])
    assert t800_turn(0, owners, numbers, Random(1)) == Turn()


def test_t800_drops_every_direction_whose_share_falls_short_then_renormalises() -> None:
    # 10 pieces, neighbours 6, 3, 1, 0: shares 10 * [6.01, 3.01, 1.01, 0.01] / 10.04 are
    # 5.99 < 6 and 2.998 < 3 (both dropped), 1.006 >= 1 and 0.01 >= 0 (kept)
    weights = t800_weights([6, 3, 1, 0], 10)
    assert weights == pytest.approx([0, 0, 1.01 / 1.02, 0.01 / 1.02])


def test_weighted_split_follows_the_weights() -> None:
    rng = Random(4)
    totals = Counter()
    for _ in range(2000):
        split = weighted_split(10, [0.0, 0.5, 0.3, 0.2], rng)
        assert sum(split) == 10 and split[0] == 0
        totals.update(dict(enumerate(split)))
    assert abs(totals[1] / 20000 - 0.5) < 0.02
    assert abs(totals[3] / 20000 - 0.2) < 0.02


def test_the_heuristic_captures_the_richest_square_it_can_beat() -> None:
    owners = [[0, 1, 1], [2, 1, 1], [1, 1, 1]]
    numbers = [[6, 5, 0], [2, 0, 0], [0, 0, 0]]
    state = make_state(owners, numbers, players=3)
    action = plan_turn(0, state.owners, state.numbers)
    assert state.turn_error(action) is None
    sent = {(m.row, m.col, m.direction): m.number for m in action.moves}
    assert sent[0, 0, "e"] == 6, "the 5-stack east first, with 6"


def test_the_heuristic_combines_squares_against_a_big_stack() -> None:
    owners = [[0, 1, 0], [1, 1, 1], [1, 1, 1]]
    numbers = [[4, 7, 4], [0, 0, 0], [0, 0, 0]]
    action = plan_turn(0, np.array(owners), np.array(numbers))
    into = sum(m.number for m in action.moves if (m.row, m.col, m.direction) in
               {(0, 0, "e"), (0, 2, "w")})
    assert into == 8


def test_the_heuristic_only_plays_valid_turns() -> None:
    game = Territory(size=6, rounds=8, players=2)
    for seed in range(4):
        match = parlour.Match(game, ["heuristic", "t800"], seed=seed)
        match.run()
        assert match.state.forfeits == ()


def test_the_heuristic_beats_the_t800_head_to_head() -> None:
    game = Territory(size=10, rounds=30, players=2)
    wins = Counter()
    for seed in range(6):
        for names in (["heuristic", "t800"], ["t800", "heuristic"]):
            record = parlour.Match(game, names, seed=seed).run()
            for seat in record.result.winners:
                wins[names[seat]] += 1
    assert wins["heuristic"] >= 9 and wins["heuristic"] > 2 * wins["t800"]


def test_zombie_and_t800_agents_are_seeded_by_their_rng() -> None:
    state = Territory(size=6, players=1).new_state(seed=3)
    obs = state.observe(0)
    for cls in (ZombieAgent, T800Agent):
        assert cls(rng=Random(5)).act(obs) == cls(rng=Random(5)).act(obs)
