"""game17's ways of ranking Territory players (parlour.arena.territory), on small boards."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from parlour.agents.specs import GENERIC_AGENTS
from parlour.arena.territory import (
    FORMATS,
    Ranking,
    Standing,
    battle_royale,
    one_game,
    rank,
    ranked,
    round_robin,
    round_robin_plan,
    royale_plan,
    tied_groups,
    versus_zombies,
    zombies_plan,
)
from parlour.core import ParlourError, derive_seed
from parlour.games.territory import STAY
from parlour.records import load

PLAYERS = Path(__file__).parents[1] / "games" / "territory" / "players"
LOOPING = f"file:{PLAYERS / 'looping_player.py'}"
BASIC = f"file:{PLAYERS / 'basic_player.py'}"
BROKEN = f"file:{PLAYERS / 'broken_player.py'}"
SMALL: dict[str, Any] = {"size": 5, "rounds": 6}


def results(ranking: Ranking) -> list[tuple[Any, ...]]:
    """Everything but the timings."""
    return [(s.name, s.rank, s.games, s.wins, s.squares, s.tiebreak_wins)
            for s in ranking.standings]


def records(ranking: Ranking) -> list[Path]:
    return sorted((ranking.out / "records").glob("*.json.gz"))


# --- scheduling ------------------------------------------------------------------------------
def test_game_seeds_are_derived_from_the_run_seed() -> None:
    assert [p.seed for p in royale_plan(3, 2, 9)] == [derive_seed(9, "royale", i)
                                                       for i in range(2)]
    assert all(p.seats == (0, 1, 2) for p in royale_plan(3, 2, 9))
    plan = zombies_plan(2, 3, 9)  # round by round, each player alone in every round
    assert [p.seats for p in plan] == [(0,), (1,)] * 3
    assert [p.seed for p in plan[0::2]] == [p.seed for p in plan[1::2]], "the same boards for all"
    assert [p.seed for p in plan[0::2]] == [derive_seed(9, "zombies", i) for i in range(3)]
    pairs = round_robin_plan([2, 0, 1], 1, 9)
    assert [p.seats for p in pairs] == [(0, 1), (0, 2), (1, 2)]
    assert [p.index for p in round_robin_plan([0, 1], 2, 9, start=5)] == [5, 6]


def test_each_round_robin_pair_has_boards_of_its_own_as_documented() -> None:
    """Seats are fixed (the first named is owner 0), so a board shared by every pair would
    give the first-named player of each pair the same start: the order of names would rank."""
    plan = round_robin_plan([0, 1, 2], 2, 9)
    assert [p.seed for p in plan] == [derive_seed(9, "roundrobin", *p.seats, p.round)
                                      for p in plan]
    assert len({p.seed for p in plan}) == len(plan)
    tiebreak = round_robin_plan([0, 2], 1, 9, "tiebreak")
    assert tiebreak[0].seed == derive_seed(9, "tiebreak", 0, 2, 0), "the same pair, any group"
    docs = (Path(__file__).parents[2] / "docs" / "rules" / "territory.md").read_text()
    assert "each pair plays boards of its own" in " ".join(docs.split())


def test_equal_keys_share_a_rank_and_tied_groups_are_found() -> None:
    lines = [Standing(0, "a", wins=2), Standing(1, "b", wins=5), Standing(2, "c", wins=2),
             Standing(3, "d", wins=0), Standing(4, "e", wins=2), Standing(5, "f", wins=0)]
    order = ranked(lines, lambda s: (s.wins,))
    assert [(s.name, s.rank) for s in order] == [("b", 1), ("a", 2), ("c", 2), ("e", 2),
                                                 ("d", 5), ("f", 5)]
    assert tied_groups(lines) == [[0, 2, 4], [3, 5]]


# --- the formats -----------------------------------------------------------------------------
@pytest.mark.parametrize("mode", sorted(FORMATS))
def test_every_format_writes_verified_records_summaries_and_an_error_log(
        tmp_path: Path, mode: str) -> None:
    out = tmp_path / mode
    ranking = FORMATS[mode](["heuristic", "t800", "zombie"], out=out, seed=3, **SMALL,
                            **({} if mode == "one" else {"games": 2}))
    paths = records(ranking)
    assert [p.name for p in paths] == [f"{n:04d}.json.gz" for n in range(1, len(paths) + 1)]
    assert len(paths) == len(ranking.outcomes) > 0
    for path, outcome in zip(paths, ranking.outcomes, strict=True):
        record = load(path)
        state = record.verify()
        assert record.seed == outcome.seed and record.params["size"] == 5
        assert record.seats == [ranking.specs[p] for p in outcome.players]
        assert tuple(state.scores()) == outcome.scores
    summary = json.loads((out / "summary.json").read_text())
    assert summary["mode"] == mode and summary["seed"] == 3
    assert [s["name"] for s in summary["standings"]] == [s.name for s in ranking.standings]
    assert len(summary["played"]) == len(paths)
    text = (out / "summary.txt").read_text()
    assert all(name in text for name in ("heuristic", "t800", "zombie"))
    assert not (out / "errors.log").exists(), "no fault, no error log"


def test_results_are_deterministic_for_a_seed(tmp_path: Path) -> None:
    specs = ["t800", "heuristic", "zombie"]
    first = battle_royale(specs, out=tmp_path / "a", games=3, seed=11, **SMALL)
    second = battle_royale(specs, out=tmp_path / "b", games=3, seed=11, **SMALL)
    other = battle_royale(specs, out=tmp_path / "c", games=3, seed=12, **SMALL)
    assert results(first) == results(second)
    assert [o.seed for o in first.outcomes] != [o.seed for o in other.outcomes]
    for a, b in zip(records(first), records(second), strict=True):
        assert [m.action for m in load(a).moves] == [m.action for m in load(b).moves]


def test_one_game_seats_everyone_and_ranks_by_squares(tmp_path: Path) -> None:
    ranking = one_game(["zombie", "heuristic"], out=tmp_path / "one", seed=2, **SMALL)
    (outcome,) = ranking.outcomes
    assert outcome.players == (0, 1)
    squares = [s.squares for s in ranking.standings]
    assert squares == sorted(squares, reverse=True)
    assert ranking.standings[0].name == "heuristic"


def test_versus_zombies_counts_wins_and_the_maximum_mean_move_time(tmp_path: Path) -> None:
    ranking = versus_zombies(["heuristic", "zombie"], out=tmp_path / "z", games=3, seed=5,
                             **SMALL)
    assert all(len(o.players) == 1 for o in ranking.outcomes)
    by_player: dict[int, list[Any]] = {0: [], 1: []}
    for path, outcome in zip(records(ranking), ranking.outcomes, strict=True):
        by_player[outcome.players[0]].append(load(path))
    for s in ranking.standings:
        games = by_player[s.player]
        assert s.games == len(games) == 3
        assert s.wins == sum(1 for g in games if g.result.winners == (0,))
        means = [sum(m.time for m in g.moves) / len(g.moves) for g in games if g.moves]
        assert s.max_mean_time == pytest.approx(max(means))


def test_round_robin_plays_one_game_per_pair_among_zombies(tmp_path: Path) -> None:
    ranking = round_robin(["heuristic", "t800", "zombie"], out=tmp_path / "rr", seed=1,
                          **SMALL)
    assert [o.players for o in ranking.outcomes] == [(0, 1), (0, 2), (1, 2)]
    assert all(s.games == 2 for s in ranking.standings)
    assert {load(p).params["players"] for p in records(ranking)} == {2}


def test_rank_breaks_ties_by_a_round_robin_inside_each_tied_group(tmp_path: Path) -> None:
    ranking = rank(["t800", "zombie", "heuristic", "zombie"], out=tmp_path / "rank",
                   games=2, seed=6, **SMALL)
    royale = [o for o in ranking.outcomes if o.phase == "royale"]
    tiebreak = [o for o in ranking.outcomes if o.phase == "tiebreak"]
    assert len(royale) == 2
    # heuristic and t800 tie on one win each; the two zombies on none: two groups
    assert {o.players for o in tiebreak} == {(0, 2), (1, 3)}
    lines = {s.name: s for s in ranking.standings}
    assert lines["heuristic"].wins == lines["t800"].wins == 1
    assert lines["heuristic"].tiebreak_wins == 1 and lines["t800"].tiebreak_wins == 0
    assert [(s.name, s.rank) for s in ranking.standings] == [
        ("heuristic", 1), ("t800", 2), ("zombie", 3), ("zombie#2", 3)]
    for s in ranking.standings:  # within every tied group, the order follows the tiebreak
        for other in ranking.standings:
            if s.wins == other.wins and s.tiebreak_wins is not None:
                assert (s.rank < other.rank) == (s.tiebreak_wins > (other.tiebreak_wins or 0))
    assert "tiebreak" in (tmp_path / "rank" / "summary.txt").read_text()


def test_a_looping_player_is_cut_off_its_turns_forfeited_and_logged(tmp_path: Path) -> None:
    out = tmp_path / "loop"
    ranking = battle_royale([LOOPING, "heuristic"], out=out, games=1, seed=2, size=4, rounds=4,
                            move_time=0.1)
    record = load(records(ranking)[0])
    record.verify()
    assert "forfeit: no answer within the time limit of 0.1 s" in [m.action for m in record.moves]
    assert record.faults == [], "the cut-off turn is game17's forfeit, not a fallback move"
    lines = (out / "errors.log").read_text().splitlines()
    assert lines and lines[0].startswith(f"game 0001 royale seat 0 ({LOOPING}) round ")
    assert all("forfeited turn: no answer within the time limit of 0.1 s" in x for x in lines)
    looping = next(s for s in ranking.standings if s.player == 0)
    assert looping.forfeits == len(lines) == len(ranking.errors)
    assert json.loads((out / "summary.json").read_text())["errors"] == len(lines)


def test_player_files_run_and_repeated_specs_get_their_own_names(tmp_path: Path) -> None:
    ranking = battle_royale([BASIC, "zombie", "zombie"], out=tmp_path / "f", games=1, seed=4,
                            move_time=5.0, **SMALL)
    assert sorted(s.name for s in ranking.standings) == sorted([BASIC, "zombie", "zombie#2"])
    assert load(records(ranking)[0]).seats == [BASIC, "zombie", "zombie"]


def test_bad_runs_are_refused_with_a_clear_error(tmp_path: Path) -> None:
    used = tmp_path / "used"
    used.mkdir()
    (used / "x").write_text("")
    with pytest.raises(ParlourError, match="not empty"):
        battle_royale(["heuristic"], out=used)
    with pytest.raises(ParlourError, match="nosuch"):
        battle_royale(["heuristic", "nosuch"], out=tmp_path / "a")
    with pytest.raises(ParlourError, match="at least 1"):
        battle_royale(["heuristic"], out=tmp_path / "b", games=0)
    with pytest.raises(ParlourError, match="at least two"):
        round_robin(["heuristic"], out=tmp_path / "c")
    with pytest.raises(ParlourError, match="only 4 owners"):
        battle_royale(["zombie"] * 5, out=tmp_path / "d", size=2)
    with pytest.raises(ParlourError, match="does not exist"):
        battle_royale([f"file:{tmp_path / 'nope.py'}"], out=tmp_path / "e", move_time=1.0)


class Slowpoke:
    """A built-in-like agent that always answers after the move time (it sleeps past it)."""

    def __init__(self, **_: Any) -> None:
        pass

    def act(self, observation: Any) -> Any:
        time.sleep(0.3)
        return STAY


def test_a_late_built_in_agent_forfeits_its_turn_like_a_player_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every player meets the same time limit with game17's consequence: the late turn is
    forfeited; no fault, no fallback move, no strike-out."""
    monkeypatch.setitem(GENERIC_AGENTS, "slowpoke", Slowpoke)
    out = tmp_path / "slow"
    ranking = battle_royale(["slowpoke", "zombie"], out=out, games=1, seed=2, size=4,
                            rounds=3, move_time=0.1)
    record = load(records(ranking)[0])
    record.verify()
    late = [m.action for m in record.moves if m.player == 0]
    assert late and all(a.startswith("forfeit: too slow: answered after") for a in late)
    assert record.faults == [] and record.forfeited == []
    lines = (out / "errors.log").read_text().splitlines()
    assert sum("seat 0 (slowpoke)" in x and "forfeited turn: too slow" in x
               for x in lines) == len(late)
    assert ranking.standings[0].games == 1


@pytest.mark.parametrize("move_time", [None, 5.0], ids=["untimed", "timed"])
def test_a_player_file_that_fails_to_load_forfeits_every_turn_and_is_ranked(
        tmp_path: Path, move_time: float | None) -> None:
    out = tmp_path / "broken"
    ranking = battle_royale([BROKEN, "heuristic"], out=out, games=1, seed=3, size=4, rounds=3,
                            move_time=move_time)
    broken = next(s for s in ranking.standings if s.name == BROKEN)
    assert broken.games == 1 and broken.wins == 0 and broken.forfeits > 0
    record = load(records(ranking)[0])
    turns = [m.action for m in record.moves if m.player == 0]
    assert turns and all("fails on import" in a and "no_such_module_anywhere" in a
                         for a in turns)
    assert "fails on import" in (out / "errors.log").read_text()
