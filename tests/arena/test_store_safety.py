"""The results store cannot lose or misstate results (issue 23, part 4).

Before the fix: results lived only in the ``-wal`` file until the store was closed; a lost or
damaged store could not be made again (the advice was to run the whole tournament again);
`report` showed a ranking under settings edited into the store while `--resume` refused them
(or mixed two tournaments); and a full disk was called a damaged store.
"""

from __future__ import annotations

import errno
import gzip
import json
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from parlour.arena import worker
from parlour.arena.formats import Scheduled
from parlour.arena.rebuild import REPLACED
from parlour.arena.rows import GameOutcome
from parlour.arena.settings import SETTINGS
from parlour.arena.store import FILENAME, Agent, Store, StoreError
from parlour.cli import app
from tests.arena.helpers import numbers, results

runner = CliRunner()
ARGS = ["hearts", "-p", "end_score=30", "--agents", "random,heuristic", "--seed", "5",
        "--deals", "3", "--backend", "inprocess", "--no-progress", "--no-plots"]


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, " ".join(result.output.split())


@pytest.fixture(scope="module")
def original(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("safe") / "t"
    code, text = run("tournament", *ARGS, "--out", str(out))
    assert code == 0, text
    return out


@pytest.fixture
def copy(original: Path, tmp_path: Path) -> Path:
    out = tmp_path / "t"
    shutil.copytree(original, out)
    (out / ".lock").unlink(missing_ok=True)
    return out


def resume(out: Path) -> tuple[int, str]:
    return run("tournament", "--resume", "--out", str(out), "--no-progress", "--no-plots")


def lose_the_store(out: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        (out / (FILENAME + suffix)).unlink(missing_ok=True)


# --- checkpointing -----------------------------------------------------------------------------
def outcome(index: int) -> GameOutcome:
    return GameOutcome(index, (1.0, 2.0), (1.0, -1.0), (0,), True, (3, 3), (0.1, 0.1),
                       (0.05, 0.05), (), 0.2)


def test_results_do_not_live_only_in_the_write_ahead_log(tmp_path: Path) -> None:
    store = Store(tmp_path / FILENAME)
    store.initialise({"game": "x"}, [Agent(0, "a", "random", "player"),
                                     Agent(1, "b", "random", "player")])
    games = [Scheduled(i, "s", i, 0, 0, (0, 1), i, "hearts") for i in range(2)]
    store.add_schedule(games)
    store.add_result(games[0], outcome(0), "records/0001.json.gz")
    # the store is still open (a running tournament); its file alone must hold the result
    shutil.copy(tmp_path / FILENAME, tmp_path / "alone.sqlite")
    with closing(sqlite3.connect(tmp_path / "alone.sqlite")) as db:
        assert db.execute("SELECT game FROM results").fetchall() == [(0,)]
    store.add_result(games[1], outcome(1), "records/0002.json.gz")
    store.close()
    assert not (tmp_path / (FILENAME + "-wal")).exists() or \
        (tmp_path / (FILENAME + "-wal")).stat().st_size == 0, "closing checkpoints it all"


# --- rebuilding ----------------------------------------------------------------------------------
def test_a_lost_store_is_rebuilt_from_the_records(copy: Path, original: Path) -> None:
    lose_the_store(copy)
    code, text = run("report", str(copy))
    assert code == 2 and "holds no tournament" in text
    code, text = run("report", str(copy), "--rebuild")
    assert code == 0, text
    assert "rebuilt the results store from 6 record(s)" in text
    assert results(copy) == results(original)
    logs = [folder / "errors.log" for folder in (copy, original)]  # absent without a fault
    assert [log.read_text() if log.exists() else None for log in logs] == [
        logs[1].read_text() if logs[1].exists() else None] * 2


def test_a_damaged_store_is_rebuilt_and_kept_aside(copy: Path, original: Path) -> None:
    path = copy / FILENAME
    path.write_bytes(b"\x5a" * path.stat().st_size)
    code, text = run("report", str(copy), "--rebuild")
    assert code == 0, text
    assert f"kept as {REPLACED}" in text and (copy / REPLACED).is_file()
    assert results(copy) == results(original)


def test_resume_rebuilds_a_lost_store_and_plays_the_games_without_a_record(
        copy: Path, original: Path) -> None:
    lose_the_store(copy)
    (copy / "records" / "0002.json.gz").unlink()
    code, text = resume(copy)
    assert code == 0, text
    assert "rebuilt the results store from 5 record(s)" in text
    assert "game 0002 has no result: its record records/0002.json.gz is missing" in text
    assert results(copy) == results(original)
    assert numbers(copy) == numbers(original)


def test_a_rebuild_keeps_no_record_that_does_not_verify(copy: Path) -> None:
    path = copy / "records" / "0003.json.gz"
    data = json.loads(gzip.decompress(path.read_bytes()))
    data["result"]["scores"] = [s + 1 for s in data["result"]["scores"]]
    path.write_bytes(gzip.compress(json.dumps(data).encode()))
    code, text = run("report", str(copy), "--rebuild")
    assert code == 0, text
    assert "game 0003 has no result" in text and "does not verify" in text
    with Store(copy / FILENAME) as store:
        assert 2 not in store.done() and len(store.done()) == 5


# --- edited settings -----------------------------------------------------------------------------
EDITS = {
    "seed": ('"seed": 5', '"seed": 6'),
    "params": ('"end_score": 30', '"end_score": 40'),
    "strike_limit": ('"strike_limit": 3', '"strike_limit": 1'),
    "agents": ('["random", "heuristic"]', '["heuristic", "random"]'),
    "deals": ('"deals": 3', '"deals": 2'),
}


def edit_settings(out: Path, old: str, new: str) -> None:
    with closing(sqlite3.connect(out / FILENAME)) as db:
        (value,) = db.execute("SELECT value FROM meta WHERE key = 'config'").fetchone()
        assert old in value, value
        db.execute("UPDATE meta SET value = ? WHERE key = 'config'",
                   (value.replace(old, new),))
        db.commit()


@pytest.mark.parametrize("edit", EDITS)
def test_report_and_resume_agree_about_edited_settings(copy: Path, original: Path,
                                                       edit: str) -> None:
    edit_settings(copy, *EDITS[edit])
    report_code, report_text = run("report", str(copy))
    resume_code, resume_text = resume(copy)
    assert report_code == resume_code == 2, (report_text, resume_text)
    message = report_text.split("Error: ")[1].split(" Hint:")[0]
    assert "were edited" in message and "--rebuild" in message
    assert message in resume_text
    assert results(copy) == results(original), "nothing was played or changed"
    code, text = run("report", str(copy), "--rebuild")
    assert code == 0, text
    assert results(copy) == results(original)


def test_report_and_resume_agree_about_an_edited_schedule(copy: Path, original: Path) -> None:
    with closing(sqlite3.connect(copy / FILENAME)) as db:
        db.execute("UPDATE schedule SET seed = seed + 1 WHERE game = 1")
        db.commit()
    (report_code, report_text), (resume_code, resume_text) = run("report", str(copy)), \
        resume(copy)
    assert report_code == resume_code == 2, (report_text, resume_text)
    assert "game 2 of its schedule is not the one tournament.json holds" in report_text
    assert "game 2 of its schedule is not the one tournament.json holds" in resume_text
    assert run("report", str(copy), "--rebuild")[0] == 0
    assert results(copy) == results(original)


def test_edited_settings_are_found_without_the_settings_file(copy: Path) -> None:
    (copy / SETTINGS).unlink()
    edit_settings(copy, *EDITS["seed"])
    for code, text in (run("report", str(copy)), resume(copy)):
        assert code == 2 and "do not describe its schedule" in text, text


# --- a full disk ---------------------------------------------------------------------------------
def test_a_full_store_says_that_resume_continues(tmp_path: Path) -> None:
    store = Store(tmp_path / FILENAME)
    store.initialise({"game": "x"}, [Agent(0, "a", "random", "player"),
                                     Agent(1, "b", "random", "player")])
    games = [Scheduled(i, "s", i, 0, 0, (0, 1), i, "hearts") for i in range(2000)]
    store.add_schedule(games)
    (pages,) = store.db.execute("PRAGMA page_count").fetchone()
    store.db.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own "disk is full"
    message = ""
    for game in games:
        try:
            store.add_result(game, outcome(game.index), "r")
        except StoreError as error:
            message = str(error)
            break
    assert "no space left on the disk" in message and "--resume" in message
    assert "damaged" not in message
    store.close()


def test_a_full_disk_for_records_says_that_resume_continues(
        tmp_path: Path, original: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "t"
    real = worker.write_file
    written: list[Any] = []

    def fills_up(path: Any, data: bytes) -> None:
        if len(written) == 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        written.append(path)
        real(path, data)

    monkeypatch.setattr(worker, "write_file", fills_up)
    code, text = run("tournament", *ARGS, "--out", str(out))
    assert code == 2, text
    assert "no space left on the disk" in text and "--resume" in text
    assert "Traceback" not in text
    monkeypatch.setattr(worker, "write_file", real)
    code, text = resume(out)
    assert code == 0, text
    assert results(out) == results(original)
