"""The cache of real Hearts games behind ``benchmarks/ladder.py --parts real``: how it grows by
a bot, which sub-leagues it can measure, and the true order of the committed league."""

from __future__ import annotations

import copy
import gzip
import json
from itertools import combinations
from typing import Any

import pytest
from benchmarks.ladder import leave_out, never_seated, real, true_order
from benchmarks.ladder_hearts_cache import (
    BOTS,
    CACHE,
    GAME,
    NEVER_SEATED,
    league_tables,
    main,
    start_or_extend,
)

EIGHTH = "ismcts:iterations=10,rollout=random"
TIED = "ismcts:iterations=3000"


@pytest.fixture(scope="module")
def cache() -> dict[str, Any]:
    with gzip.open(CACHE, "rt") as file:
        loaded: dict[str, Any] = json.load(file)
    return loaded


def test_the_tables_of_a_never_seated_pair_are_not_played() -> None:
    tables = league_tables(BOTS)
    eighth, tied = BOTS.index(EIGHTH), BOTS.index(TIED)
    assert (TIED, EIGHTH) in NEVER_SEATED
    assert len(tables) == len(list(combinations(range(len(BOTS)), 4))) - 21
    assert not [table for table in tables if eighth in table and tied in table]


def test_extending_a_cache_adds_the_new_tables_and_keeps_the_played_ones(tmp_path: Any) -> None:
    first = {"game": GAME, "bots": list(BOTS[:8]), "held_out_from": 1_000_000,
             "league": {",".join(map(str, t)): [[1.0, 2.0, 3.0, 4.0]]
                        for t in combinations(range(8), 4)},
             "held_out": {",".join(map(str, t)): [[4.0, 3.0, 2.0, 1.0]]
                          for t in combinations(range(8), 4)},
             "cpu_seconds": 5.0}
    extended = start_or_extend(copy.deepcopy(first), BOTS, tmp_path / "c.json.gz")
    assert extended["bots"] == list(BOTS)
    league: dict[str, list[list[float]]] = extended["league"]  # type: ignore[assignment]
    assert len(league) == 70 + 35
    assert league["0,1,2,3"] == [[1.0, 2.0, 3.0, 4.0]]
    assert league["0,1,2,8"] == [] and "0,1,7,8" not in league


def test_a_cache_of_other_bots_is_refused(tmp_path: Any) -> None:
    other = {"game": GAME, "bots": ["random", "heuristic"], "league": {}, "held_out": {},
             "cpu_seconds": 0.0}
    with pytest.raises(SystemExit, match="holds another league"):
        start_or_extend(other, BOTS, tmp_path / "c.json.gz")


def test_the_whole_cache_is_refused_until_one_of_the_never_seated_pair_is_left_out(
        cache: dict[str, Any], tmp_path: Any) -> None:
    assert never_seated(cache) == [(TIED, EIGHTH)]
    path = tmp_path / "cache.json.gz"
    with gzip.open(path, "wt") as file:
        json.dump(cache, file)
    with pytest.raises(SystemExit, match=r"never sit at one table.*--leave-out"):
        real(path, range(1), [1])
    assert never_seated(leave_out(cache, [TIED])) == []


def test_the_eight_bot_league_has_a_real_order_with_the_eighth_in_its_expected_place(
        cache: dict[str, Any]) -> None:
    league = leave_out(cache, [TIED])
    order, _, t_values = true_order(league)
    names = [league["bots"][v] for v in order]
    assert names == ["random", "ismcts:iterations=1,rollout=random", EIGHTH, "heuristic-v1",
                     "heuristic", "learned", "ismcts:iterations=300", "ismcts:iterations=1000"]
    assert min(t_values) >= 2.0
    assert true_order(league, "league")[0] == order


def test_leaving_out_the_eighth_gives_back_the_league_where_1000_and_3000_tie(
        cache: dict[str, Any]) -> None:
    league = leave_out(cache, [EIGHTH])
    assert len(league["league"]) == 70
    order, _, t_values = true_order(league)
    top = {league["bots"][v] for v in order[-2:]}
    assert top == {TIED, "ismcts:iterations=1000"} and t_values[-1] < 1.0


def test_leaving_out_an_unknown_bot_names_it(cache: dict[str, Any]) -> None:
    with pytest.raises(SystemExit, match="--leave-out: nobody not in the cache's league"):
        leave_out(cache, ["nobody"])


def test_a_run_that_skips_bots_plays_only_the_other_tables_and_matches_the_cache(
        cache: dict[str, Any], tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "small.json.gz"
    main(["--seeds", "1", "--out", str(out), "--skip", ";".join(BOTS[4:])])
    with gzip.open(out, "rt") as file:
        small = json.load(file)
    played = {key: rows for key, rows in small["league"].items() if rows}
    assert played == {"0,1,2,3": cache["league"]["0,1,2,3"][:1]}
    assert small["held_out"]["0,1,2,3"] == cache["held_out"]["0,1,2,3"][:1]
    assert "seed 0: 1 tables" in capsys.readouterr().out


def test_skipping_an_unknown_bot_is_a_usage_error(tmp_path: Any,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--out", str(tmp_path / "x.json.gz"), "--skip", "nobody"])
    assert exit_.value.code == 2
    assert "--skip: nobody not among the cache's bots" in capsys.readouterr().err
    assert not (tmp_path / "x.json.gz").exists()


def test_a_league_whose_tables_have_unequal_seeds_is_refused(cache: dict[str, Any],
                                                             tmp_path: Any) -> None:
    uneven = leave_out(cache, [TIED])
    uneven["league"]["0,1,2,3"] = uneven["league"]["0,1,2,3"][:29]
    path = tmp_path / "uneven.json.gz"
    with gzip.open(path, "wt") as file:
        json.dump(uneven, file)
    with pytest.raises(SystemExit, match="its tables have 29 to 30 seeds; finish the cache run"):
        real(path, range(1), [1])


def test_sixty_deals_per_table_keep_the_order_and_place_the_eighth_more_clearly() -> None:
    with gzip.open(CACHE.with_name("ladder_hearts_60.json.gz"), "rt") as file:
        league = leave_out(json.load(file), [TIED])
    assert {len(rows) for rows in league["held_out"].values()} == {60}
    order, _, t_values = true_order(league)
    names = [league["bots"][v] for v in order]
    assert names[1:4] == ["ismcts:iterations=1,rollout=random", EIGHTH, "heuristic-v1"]
    assert min(t_values[1:3]) >= 3.0
    assert true_order(league, "league")[0] == order
