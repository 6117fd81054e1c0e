"""Running tournaments: the store, the records, resuming, backends, and misbehaving bots."""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from parlour.arena import Tournament, TournamentConfig, run_tournament
from parlour.arena.runner import record_name
from parlour.arena.store import FILENAME, open_existing
from parlour.arena.worker import compress_record, record_json
from parlour.core import ParlourError
from parlour.match import Match
from parlour.records import load
from tests.arena.helpers import numbers, results

BAD_BOT = Path(__file__).parents[1] / "agents" / "bad_bot.py"
HEARTS = {"game": "hearts", "params": {"end_score": 40}}


def config(out: Path, **settings: Any) -> TournamentConfig:
    return TournamentConfig(**{**HEARTS, "agents": ("random", "heuristic"), "deals": 3,
                               "seed": 4, "backend": "inprocess", "out": str(out),
                               **settings})


def test_every_game_is_stored_with_a_record_that_replays(tmp_path: Path) -> None:
    out = tmp_path / "t"
    stats = run_tournament(config(out))
    assert stats.played == stats.scheduled == 6
    with open_existing(out) as store:
        rows = store.games()
        agents = [a.spec for a in store.agents()]
    for row in rows:
        assert row.record == record_name(row.game.index)
        record = load(out / row.record)
        state = record.verify()
        assert record.seed == row.game.seed and record.params["end_score"] == 40
        assert record.seats == [agents[a] for a in row.game.seats]
        assert [s.value for s in row.seats] == list(state.returns())
        assert row.winners == tuple(state.winners())
        assert [s.moves for s in row.seats] == [
            sum(1 for m in record.moves if m.player == p) for p in range(4)]
    assert sorted(p.name for p in (out / "records").iterdir()) == [
        f"{i:04d}.json.gz" for i in range(1, 7)]
    assert not (out / "errors.log").exists(), "no faults: no empty log"
    assert not (out / ".lock").exists(), "the lock goes with the run"
    summary = json.loads((out / "summary.json").read_text())
    assert summary["settings"]["seed"] == 4 and summary["games"]["played"] == 6
    assert {a["name"] for a in summary["agents"]} == {"random", "heuristic"}


@pytest.mark.parametrize("game", ["hearts", "skat", "territory"])
def test_the_fast_record_writer_writes_the_record_format(game: str) -> None:
    from parlour.core import load_game

    chosen = load_game(game)
    record = Match(chosen, ["heuristic"] * chosen.num_players, seed=2).run()
    assert record_json(record) == record.to_json()
    assert gzip.decompress(compress_record(record)).decode() == record.to_json()


def test_the_same_seed_gives_the_same_results(tmp_path: Path) -> None:
    run_tournament(config(tmp_path / "a", format="head-to-head", deals=1))
    run_tournament(config(tmp_path / "b", format="head-to-head", deals=1))
    run_tournament(config(tmp_path / "c", format="head-to-head", deals=1, seed=5))
    assert results(tmp_path / "a") == results(tmp_path / "b")
    assert numbers(tmp_path / "a") == numbers(tmp_path / "b")
    assert [r[0].seed for r in results(tmp_path / "a")] != [
        r[0].seed for r in results(tmp_path / "c")]


def test_two_workers_give_the_results_of_one_process(tmp_path: Path) -> None:
    settings = {"agents": ("random", "heuristic", "random"), "format": "round-robin",
                "deals": 2}
    run_tournament(config(tmp_path / "one", **settings))
    run_tournament(config(tmp_path / "two", backend="local", workers=2, **settings))
    assert results(tmp_path / "one") == results(tmp_path / "two")
    assert numbers(tmp_path / "one") == numbers(tmp_path / "two")


def test_a_local_ray_gives_the_results_of_local_processes(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    settings = {"agents": ("random", "heuristic"), "deals": 4, "workers": 2}
    run_tournament(config(tmp_path / "local", backend="local", **settings))
    run_tournament(config(tmp_path / "ray", backend="ray", **settings))
    assert results(tmp_path / "ray") == results(tmp_path / "local")
    assert numbers(tmp_path / "ray") == numbers(tmp_path / "local")


def test_a_resumed_tournament_ends_as_an_uninterrupted_one(tmp_path: Path) -> None:
    whole = tmp_path / "whole"
    run_tournament(config(whole))
    part = tmp_path / "part"
    with Tournament(config(part)) as tournament:
        schedule = tournament.plan()
        tournament.play(schedule[:2])
    # a record written by a run killed before it could store the game, and a half-written one
    (part / record_name(3)).write_bytes(b"stale")
    (part / "records" / "0005.json.gz.tmp").write_bytes(b"half")
    assert len(results(part)) == 2
    run_tournament(config(part, backend="local", workers=2), resume=True)
    assert results(part) == results(whole)
    assert numbers(part) == numbers(whole)
    assert not list((part / "records").glob("*.tmp"))
    load(part / record_name(3)).verify()


def test_resuming_is_refused_for_other_settings_or_no_tournament(tmp_path: Path) -> None:
    out = tmp_path / "t"
    with Tournament(config(out)) as tournament:
        tournament.play(tournament.plan()[:1])
    with pytest.raises(ParlourError, match=r"seed = 5.*started with 4"):
        Tournament(config(out, seed=5), resume=True)
    with pytest.raises(ParlourError, match=r"agents = .*started with"):
        Tournament(config(out, agents=("random", "random")), resume=True)
    with pytest.raises(ParlourError, match="nothing to resume"):
        Tournament(config(tmp_path / "empty"), resume=True)
    with pytest.raises(ParlourError, match="not empty"):
        Tournament(config(out))
    Tournament(config(out, workers=3, backend="local"), resume=True).close()


def test_one_directory_holds_one_running_tournament(tmp_path: Path) -> None:
    with Tournament(config(tmp_path / "t")), pytest.raises(ParlourError,
                                                           match="another tournament"):
        Tournament(config(tmp_path / "t"), resume=True)


def test_a_bad_agent_fails_before_any_game_and_leaves_no_directory(tmp_path: Path) -> None:
    with pytest.raises(ParlourError, match="did you mean 'heuristic'"):
        Tournament(config(tmp_path / "t", agents=("random", "heuristik")))
    assert not (tmp_path / "t").exists()
    with pytest.raises(ParlourError, match=r"nope\.py"):
        Tournament(config(tmp_path / "t", agents=("random", f"file:{tmp_path / 'nope.py'}")))


def test_crashing_and_hanging_bots_do_not_stop_the_tournament(tmp_path: Path) -> None:
    crashes = f"exec:{sys.executable} {BAD_BOT} crashes"
    loops = f"exec:{sys.executable} {BAD_BOT} loops"
    out = tmp_path / "t"
    stats = run_tournament(config(
        out, agents=(crashes, loops), baselines=("random",), format="vs-baseline",
        seating="fixed", deals=2, move_time=0.2, backend="local", workers=2,
        params={"end_score": 20}))
    assert stats.played == stats.scheduled == 4
    lines = {a.name: a for a in stats.agents}
    # a crash forfeits the seat at once: one crash in each of its two games (a slow answer
    # before it, on a busy machine, would be a timeout); three strikes for the looping bot
    assert lines[crashes].faults.get("crash") == 2
    assert set(lines[crashes].faults) <= {"crash", "timeout"}
    assert lines[loops].faults == {"timeout": 3 * 2}
    assert lines["random"].faults == {}
    log = (out / "errors.log").read_text().splitlines()
    assert len(log) == stats.errors == 6 + sum(lines[crashes].faults.values())
    assert log[0].startswith(f"game 0001 vs-baseline seat 0 ({crashes}) move ")
    assert sum(f"({loops}) move" in line and "fault (timeout)" in line for line in log) == 6
    for path in (out / "records").iterdir():
        load(path).verify()
    with open_existing(out) as store:
        assert (out / FILENAME).is_file() and len(store.done()) == 4
