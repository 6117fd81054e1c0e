"""Tournament formats: tables, seatings, seeds and the size of a schedule."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.arena.formats import Scheduled, lineup, plan, seatings, tables_for
from parlour.core import ParlourError, derive_seed, load_game

HEARTS = load_game("hearts")
SKAT = load_game("skat")


def schedule(fmt: str, agents: int, game: Any = HEARTS, **options: Any) -> list[Scheduled]:
    options.setdefault("deals", 1)
    options.setdefault("games", None)
    return plan(fmt, agents=agents, baselines=options.pop("baselines", 0), game=game, seed=5,
                **options)


# --- seatings ----------------------------------------------------------------------------------
def test_two_agents_at_four_seats_alternate_and_rotate() -> None:
    assert lineup((0, 1), 4) == (0, 1, 0, 1)
    assert seatings((0, 1), 4, "rotations") == [(0, 1, 0, 1), (1, 0, 1, 0)]
    assert seatings((0, 1), 4, "fixed") == [(0, 1, 0, 1)]


def test_permutations_of_two_agents_at_four_seats_are_the_six_balanced_ones() -> None:
    assert seatings((0, 1), 4, "permutations") == [
        (0, 0, 1, 1), (0, 1, 0, 1), (0, 1, 1, 0), (1, 0, 0, 1), (1, 0, 1, 0), (1, 1, 0, 0)]


def test_agents_that_do_not_divide_the_seats_hold_them_as_evenly_as_possible() -> None:
    # two agents at Skat's three seats: each holds one or two seats, every way round
    assert seatings((0, 1), 3, "permutations") == [
        (0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0)]
    three = seatings((0, 1, 2), 4, "permutations")
    assert len(three) == 36 == len(set(three))  # 3 agents to double up x 4!/2!
    assert all(sorted(Counter(s).values()) == [1, 1, 2] for s in three)
    with pytest.raises(ParlourError, match="divide evenly"):
        seatings((0, 1), 3, "rotations")


def test_every_seat_is_held_by_every_agent_equally_often() -> None:
    for table, seats, mode in [((0, 1), 4, "rotations"), ((0, 1), 4, "permutations"),
                               ((0, 1), 3, "permutations"), ((0, 1, 2, 3), 4, "rotations"),
                               ((0, 1, 2), 3, "permutations"), ((0, 1, 2), 4, "permutations")]:
        options = seatings(table, seats, mode)
        for seat in range(seats):
            held = Counter(s[seat] for s in options)
            assert len(set(held.values())) == 1 and set(held) == set(table), (table, mode)


def test_a_candidate_among_baselines_takes_every_seat_once() -> None:
    assert seatings((0, 2, 2, 2), 4, "rotations") == [
        (0, 2, 2, 2), (2, 0, 2, 2), (2, 2, 0, 2), (2, 2, 2, 0)]
    assert seatings((0, 2, 2, 2), 4, "permutations") == sorted(
        seatings((0, 2, 2, 2), 4, "rotations"))


def test_too_many_permutations_and_too_big_tables_are_refused() -> None:
    with pytest.raises(ParlourError, match="rotations"):
        seatings(tuple(range(8)), 8, "permutations")
    with pytest.raises(ParlourError, match="does not fit"):
        seatings((0, 1, 2), 2, "fixed")


@settings(max_examples=40, deadline=None)
@given(agents=st.integers(1, 4), seats=st.integers(1, 6))
def test_permutations_are_distinct_sorted_and_balanced(agents: int, seats: int) -> None:
    if agents > seats:
        return
    table = tuple(range(agents))
    options = seatings(table, seats, "permutations")
    assert options == sorted(set(options))
    for seated in options:
        counts = Counter(seated)
        assert set(counts) == set(table)
        assert max(counts.values()) - min(counts.values()) <= 1


# --- tables --------------------------------------------------------------------------------------
def test_tables_of_each_format() -> None:
    assert tables_for("head-to-head", 2, 4) == [(0, 1)]
    assert tables_for("vs-baseline", 2, 4, baselines=2) == [(0, 2, 3, 2), (1, 2, 3, 2)]
    assert tables_for("vs-baseline", 3, 1) == [(0,), (1,), (2,)]
    assert tables_for("round-robin", 3, 4) == [(0, 1), (0, 2), (1, 2)]
    assert tables_for("round-robin", 5, 4, tables="all") == [
        (0, 1, 2, 3), (0, 1, 2, 4), (0, 1, 3, 4), (0, 2, 3, 4), (1, 2, 3, 4)]
    assert tables_for("battle-royale", 4, 4) == [(0, 1, 2, 3)]
    assert tables_for("duplicate", 3, 4) == [(0, 1, 2)]
    assert len(tables_for("duplicate", 6, 4)) == 15


@pytest.mark.parametrize(("fmt", "agents", "options", "message"), [
    ("head-to-head", 3, {}, "two agents"),
    ("vs-baseline", 1, {}, "baseline agents"),
    ("round-robin", 1, {}, "at least two"),
    ("battle-royale", 5, {}, "do not fit"),
    ("league", 2, {}, "unknown format"),
])
def test_formats_that_cannot_be_played_are_refused(fmt: str, agents: int,
                                                   options: dict[str, Any],
                                                   message: str) -> None:
    with pytest.raises(ParlourError, match=message):
        tables_for(fmt, agents, 4, **options)


# --- schedules and seeds ----------------------------------------------------------------------
def test_duplicate_replays_each_deal_in_every_seating() -> None:
    games = schedule("duplicate", 2, deals=3)
    assert len(games) == 6 and [g.index for g in games] == list(range(6))
    for r in range(3):
        deal = [g for g in games if g.round == r]
        assert [g.seats for g in deal] == [(0, 1, 0, 1), (1, 0, 1, 0)]
        assert {g.seed for g in deal} == {derive_seed(5, "duplicate", r)}
    assert all(g.game == "hearts" and g.stage == "duplicate" for g in games)


def test_head_to_head_plays_every_permutation_on_its_own_deal() -> None:
    games = schedule("head-to-head", 2, deals=2)
    assert len(games) == 12
    assert [g.seats for g in games[:6]] == seatings((0, 1), 4, "permutations")
    assert len({g.seed for g in games}) == 12
    assert games[7].seed == derive_seed(5, "head-to-head", 1, 1)


def test_tables_of_one_round_share_their_deals() -> None:
    games = schedule("round-robin", 3, deals=1)
    assert [(g.table, g.seats) for g in games] == [
        (0, (0, 1, 0, 1)), (0, (1, 0, 1, 0)), (1, (0, 2, 0, 2)), (1, (2, 0, 2, 0)),
        (2, (1, 2, 1, 2)), (2, (2, 1, 2, 1))]
    by_seating = {g.seating: g.seed for g in games}
    assert all(g.seed == by_seating[g.seating] for g in games)
    candidates = schedule("vs-baseline", 2, baselines=1)
    assert [g.seats for g in candidates[:4]] == [(0, 2, 2, 2), (2, 0, 2, 2), (2, 2, 0, 2),
                                                 (2, 2, 2, 0)]
    assert [g.seed for g in candidates[:4]] == [g.seed for g in candidates[4:]]


def test_a_number_of_games_is_rounded_up_to_whole_rounds() -> None:
    assert len(schedule("head-to-head", 2, deals=None, games=10)) == 12
    assert len(schedule("duplicate", 3, deals=None, games=100)) == 108  # 36 per deal
    assert len(schedule("battle-royale", 3, game=SKAT, deals=None, games=7)) == 9


def test_the_same_seed_gives_the_same_schedule() -> None:
    first = schedule("round-robin", 4, deals=2, tables="all")
    assert first == schedule("round-robin", 4, deals=2, tables="all")
    other = plan("round-robin", agents=4, baselines=0, game=HEARTS, seed=6, games=None,
                 deals=2, tables="all")
    assert [g.seats for g in other] == [g.seats for g in first]
    assert not {g.seed for g in other} & {g.seed for g in first}
