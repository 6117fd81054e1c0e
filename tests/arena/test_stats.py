"""Tournament statistics against values computed by hand."""

from __future__ import annotations

import math

import pytest

from parlour.arena.formats import Scheduled
from parlour.arena.rows import ErrorItem
from parlour.arena.stats import (
    holm,
    mean_interval,
    openskill_ratings,
    paired_test,
    summarise,
    t_quantile,
    t_two_sided,
)
from parlour.arena.store import Agent, GameRow, SeatResult

AGENTS = [Agent(0, "alpha", "heuristic", "player"), Agent(1, "beta", "random", "player")]


def test_student_t_quantiles_match_the_tables() -> None:
    for df, value in [(1, 12.7062), (4, 2.7764), (9, 2.2622), (29, 2.0452), (120, 1.9799)]:
        assert t_quantile(0.975, df) == pytest.approx(value, abs=1e-4)
    # df = 1 is the Cauchy distribution: P(|T| >= t) = 1 - 2 atan(t) / pi
    assert t_two_sided(0.75, 1) == pytest.approx(1 - 2 * math.atan(0.75) / math.pi)
    assert t_two_sided(0.0, 7) == pytest.approx(1.0)


def test_a_mean_interval_is_the_mean_plus_or_minus_t_times_the_standard_error() -> None:
    interval = mean_interval([1.0, 2.0, 3.0, 4.0, 5.0])
    half = 2.7764451 * math.sqrt(2.5) / math.sqrt(5)  # t(0.975, 4) * sd / sqrt(n)
    assert interval.mean == 3.0 and interval.n == 5
    assert interval.low == pytest.approx(3.0 - half) and interval.high == pytest.approx(3 + half)
    single = mean_interval([4.0])
    assert (single.mean, single.low, single.high) == (4.0, None, None)
    assert mean_interval([]).n == 0


def test_the_paired_t_test_by_hand() -> None:
    interval, p = paired_test([1.0, 2.0, 3.0, 4.0, 5.0])
    # t = 3 / (sqrt(2.5) / sqrt(5)) = 4.2426 with 4 degrees of freedom: p = 0.01324
    assert interval.mean == 3.0
    assert p == pytest.approx(0.013236, abs=1e-5)
    assert paired_test([2.0, 2.0, 2.0])[1] == 0.0
    assert paired_test([0.0, 0.0])[1] == 1.0
    assert paired_test([1.0])[1] is None


def test_holm_adjusts_the_smallest_p_the_most_and_stays_monotone() -> None:
    # sorted: 0.01 * 3, max(0.03, 0.03 * 2), max(0.06, 0.04 * 1)
    assert holm([0.01, 0.04, 0.03, None]) == pytest.approx([0.03, 0.06, 0.06, None])
    assert holm([0.5, 0.9]) == [1.0, 1.0]


def test_openskill_one_game_between_newcomers_by_hand() -> None:
    # Plackett-Luce, mu 25, sigma 25/3, beta 25/6, tau 25/300 (added to sigma first)
    sigma2 = (25 / 3) ** 2 + (25 / 300) ** 2
    c = math.sqrt(2 * sigma2 + 2 * (25 / 6) ** 2)
    shift = sigma2 / c * 0.5  # each won or lost with probability 1/2
    sigma = math.sqrt(sigma2 * (1 - sigma2 / c**2 * (math.sqrt(sigma2) / c) * 0.25))
    ratings = openskill_ratings([{0: 1.0, 1: 0.0}])
    assert ratings[0] == pytest.approx((25 + shift, sigma))
    assert ratings[1] == pytest.approx((25 - shift, sigma))
    assert openskill_ratings([{0: 1.0}]) == {}, "a lone agent is not rated"


def seat(agent: int, value: float, win: bool, seat: int, game: int) -> SeatResult:
    return SeatResult(agent, -value, value, win, 10, 0.01 * (seat + 1),
                      0.001 * (seat + 1) + 0.0001 * game)


def duplicate_rows() -> list[GameRow]:
    """Two deals (seeds 100 and 200), each in the seatings ABAB and BABA."""
    games = [
        (100, (0, 1, 0, 1), (-10.0, -20.0, -5.0, -15.0)),
        (100, (1, 0, 1, 0), (-8.0, -12.0, -4.0, -6.0)),
        (200, (0, 1, 0, 1), (-1.0, -2.0, -3.0, -4.0)),
        (200, (1, 0, 1, 0), (0.0, -7.0, -2.0, -1.0)),
    ]
    errors = {1: (ErrorItem(1, "timeout", "move 3", "slow"),),
              3: (ErrorItem(0, "crash", "move 1", "gone"), ErrorItem(2, "crash", "move 2", "x"))}
    rows = []
    for i, (seed, seats, values) in enumerate(games):
        best = max(values)
        winners = tuple(s for s, v in enumerate(values) if v == best)
        rows.append(GameRow(
            Scheduled(i, "duplicate", i // 2, 0, i % 2, seats, seed, "hearts"),
            record=f"records/{i + 1:04d}.json.gz", complete=True, winners=winners,
            seconds=0.5, errors=errors.get(i, ()), extra={},
            seats=tuple(seat(a, v, s in winners, s, i)
                        for s, (a, v) in enumerate(zip(seats, values, strict=True)))))
    rows.append(GameRow(Scheduled(4, "duplicate", 2, 0, 0, (0, 1, 0, 1), 300, "hearts")))
    return rows


def test_summary_of_a_duplicate_tournament_by_hand() -> None:
    stats = summarise(duplicate_rows(), AGENTS, {"format": "duplicate"})
    assert (stats.scheduled, stats.played, stats.complete) == (5, 4, False)
    alpha, beta = sorted(stats.agents, key=lambda a: a.agent)
    # deal 100: alpha (-10 - 5 - 12 - 6) / 4 = -8.25, beta (-20 - 15 - 8 - 4) / 4 = -11.75
    # deal 200: alpha (-1 - 3 - 7 - 1) / 4 = -3,     beta (-2 - 4 + 0 - 2) / 4 = -2
    assert alpha.values == [-8.25, -3.0] and beta.values == [-11.75, -2.0]
    half = 12.7062047 * (5.25 / math.sqrt(2)) / math.sqrt(2)
    assert alpha.value.mean == pytest.approx(-5.625)
    assert alpha.value.low == pytest.approx(-5.625 - half)
    assert alpha.score.mean == pytest.approx(5.625)
    assert (alpha.games, alpha.seats, alpha.wins, alpha.win_rate) == (4, 8, 2, 0.25)
    assert alpha.moves == 80
    assert alpha.mean_move_time == pytest.approx((0.01 + 0.03 + 0.02 + 0.04) * 2 / 80)
    assert alpha.max_move_time == pytest.approx(0.004 + 0.0003)
    assert alpha.faults == {"timeout": 1} and beta.faults == {"crash": 2}
    assert stats.errors == 3 and stats.seconds == 2.0
    assert [a.name for a in stats.agents] == ["alpha", "beta"]
    assert [a.rank for a in stats.agents] == [1, 2]

    (comparison,) = stats.comparisons
    assert (comparison.a, comparison.b, comparison.deals) == ("alpha", "beta", 2)
    assert comparison.paired_over == "deal"
    # differences 3.5 and -1: mean 1.25, t = 1.25 / 2.25 with one degree of freedom
    assert comparison.difference.mean == pytest.approx(1.25)
    assert comparison.p == pytest.approx(1 - 2 * math.atan(1.25 / 2.25) / math.pi)
    assert comparison.p_holm == comparison.p and comparison.verdict == "not significant"
    # game means: alpha -7.5 v -17.5, -9 v -6, -2 v -3, -4 v -1: two games each
    assert (comparison.games, comparison.a_win_rate) == (4, 0.5)
    assert stats.win_matrix == [[None, 0.5], [0.5, None]]

    tables = [{0: -7.5, 1: -17.5}, {0: -9.0, 1: -6.0}, {0: -2.0, 1: -3.0}, {0: -4.0, 1: -1.0}]
    ratings = openskill_ratings(tables)
    assert (alpha.rating, alpha.rating_sigma) == pytest.approx(ratings[0])
    assert alpha.ordinal == pytest.approx(ratings[0][0] - 3 * ratings[0][1])


def test_a_clear_difference_gets_a_verdict_and_json_has_no_nan() -> None:
    rows = []
    for i in range(6):
        seats = (0, 1, 0, 1) if i % 2 == 0 else (1, 0, 1, 0)
        values = [0.0 if a == 0 else -10.0 - i for a in seats]
        rows.append(GameRow(Scheduled(i, "h2h", i, 0, 0, seats, 1000 + i, "hearts"),
                            record="r", complete=True,
                            winners=tuple(s for s, a in enumerate(seats) if a == 0),
                            seats=tuple(seat(a, v, a == 0, s, i)
                                        for s, (a, v) in enumerate(zip(seats, values,
                                                                       strict=True)))))
    agents = [*AGENTS, Agent(2, "idle", "random", "baseline")]
    stats = summarise(rows, agents)
    (comparison,) = stats.comparisons
    assert comparison.paired_over == "game" and comparison.verdict == "alpha better"
    assert comparison.p is not None and comparison.p < 0.001
    idle = stats.agents[-1]
    assert idle.name == "idle" and idle.games == 0 and idle.rating is None
    summary = stats.to_dict()
    assert summary["agents"][-1]["value"]["mean"] is None
    assert summary["win_matrix"]["order"] == ["alpha", "beta", "idle"]
