"""The scheduler seats the most informative lineup, with an anchor, reproducibly."""

from __future__ import annotations

from random import Random

import pytest

from parlour.ladder.league import lineup_size
from parlour.ladder.scheduler import (
    Entrant,
    choose_lineup,
    lineup_information,
    misorder,
    round_robin_lineup,
)


def test_overlapping_beliefs_are_more_likely_misordered() -> None:
    a, close, far = Entrant(1, 25, 3), Entrant(2, 26, 3), Entrant(3, 40, 3)
    assert misorder(a, close) > misorder(a, far)
    assert misorder(a, a) == pytest.approx(0.5)
    assert misorder(a, Entrant(4, 25 + 3 * 2 ** 0.5, 3)) == pytest.approx(0.1587, abs=1e-4)
    assert misorder(Entrant(5, 1, 0), Entrant(6, 2, 0)) == 0.0


def test_uncertain_bots_are_seated_first() -> None:
    entrants = [Entrant(1, 25, 1, anchor=True), Entrant(2, 25, 1), Entrant(3, 25, 8),
                Entrant(4, 25, 1)]
    assert choose_lineup(entrants, 2, Random(1)) == (1, 3)


def test_rivals_in_doubt_are_preferred_over_pairs_told_apart() -> None:
    entrants = [Entrant(1, 25, 2, anchor=True), Entrant(2, 26, 2), Entrant(3, 60, 2)]
    assert choose_lineup(entrants, 2, Random(1)) == (1, 2)


def test_every_table_holds_an_anchor() -> None:
    entrants = [Entrant(1, 0, 0.5, anchor=True)] + [Entrant(v, 25, 8) for v in range(2, 9)]
    for seed in range(20):
        assert 1 in choose_lineup(entrants, 4, Random(seed))


def test_large_leagues_are_sampled_reproducibly() -> None:
    entrants = [Entrant(v, 25 + v % 7, 2 + v % 5, anchor=v < 3) for v in range(60)]
    first = choose_lineup(entrants, 4, Random(7))
    assert first == choose_lineup(entrants, 4, Random(7))
    assert any(v < 3 for v in first)
    assert lineup_information([e for e in entrants if e.version in first]) > 0


def test_round_robin_visits_every_table_in_turn() -> None:
    entrants = [Entrant(v, 25, 8) for v in range(4)]
    lineups = [round_robin_lineup(entrants, 2, n) for n in range(7)]
    assert lineups[:6] == [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
    assert lineups[6] == (0, 1)


@pytest.mark.parametrize(("seats", "entrants", "size"),
                         [(4, 9, 4), (4, 3, 2), (4, 2, 2), (3, 5, 3), (3, 2, 2), (6, 5, 3)])
def test_a_table_divides_the_seats_where_it_can(seats: int, entrants: int, size: int) -> None:
    assert lineup_size(seats, entrants) == size
