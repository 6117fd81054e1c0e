"""A damaged results store or records folder: clear errors, and resume repairs what it can."""

from __future__ import annotations

import gzip
import json
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlour.arena.runner import stored_config
from parlour.arena.store import FILENAME
from parlour.cli import app
from tests.arena.helpers import results

runner = CliRunner()
ARGS = ["hearts", "-p", "end_score=30", "--agents", "random,heuristic", "--seed", "3",
        "--deals", "2", "--backend", "inprocess", "--workers", "3", "--no-progress",
        "--no-plots"]


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, " ".join(result.output.split())


@pytest.fixture(scope="module")
def original(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("store") / "t"
    code, text = run("tournament", *ARGS, "--out", str(out))
    assert code == 0, text
    return out


@pytest.fixture
def copy(original: Path, tmp_path: Path) -> Path:
    out = tmp_path / "t"
    shutil.copytree(original, out)
    assert not (out / ".lock").exists(), "a finished run leaves no lock"
    return out


def sql(out: Path, *statements: str) -> None:
    with closing(sqlite3.connect(out / FILENAME)) as db:
        for statement in statements:
            db.execute(statement)
        db.commit()


def resume(out: Path) -> tuple[int, str]:
    return run("tournament", "--resume", "--out", str(out), "--no-progress", "--no-plots")


def assert_one_line_error(code: int, text: str, message: str) -> None:
    assert code == 2, text
    assert message in text and "Traceback" not in text and text.count("Error:") == 1


# --- point 10: a damaged store is a clear error -----------------------------------------------
def test_a_garbage_page_is_a_clear_error_and_resume_rebuilds_the_store(
        copy: Path, original: Path) -> None:
    path = copy / FILENAME
    data = bytearray(path.read_bytes())
    data[4096:8192] = b"\x5a" * 4096
    path.write_bytes(bytes(data))
    code, text = run("report", str(copy))
    assert_one_line_error(code, text, "is damaged (database disk image is malformed)")
    assert "results store" in text and f"parlour report --rebuild '{copy}'" in text
    code, text = resume(copy)
    assert code == 0, text
    assert "rebuilt the results store from 4 record(s)" in text
    assert results(copy) == results(original)


def test_a_result_without_its_seat_rows_is_an_error_that_resume_repairs(
        copy: Path, original: Path) -> None:
    sql(copy, "DELETE FROM seats WHERE game = 1")
    code, text = run("report", str(copy))
    assert_one_line_error(code, text, "is damaged: game 2 has a result with 0 of its 4 seat "
                                      "results; parlour tournament --resume")
    code, text = resume(copy)
    assert code == 0, text
    assert "game 0002 is played again: has a result with 0 of its 4 seat results" in text
    assert results(copy) == results(original)


def test_seat_rows_left_without_their_result_do_not_break_resume(copy: Path,
                                                                 original: Path) -> None:
    sql(copy, "DELETE FROM results WHERE game = 1")
    code, text = resume(copy)
    assert code == 0 and "IntegrityError" not in text, text
    assert results(copy) == results(original)


@pytest.mark.parametrize("how", ["rows", "file"])
def test_an_emptied_store_is_an_error_not_an_empty_report(copy: Path, how: str) -> None:
    if how == "rows":
        sql(copy, *(f"DELETE FROM {t}" for t in
                    ("meta", "agents", "schedule", "results", "seats", "faults")))
    else:
        (copy / FILENAME).write_bytes(b"")
    code, text = run("report", str(copy))
    assert_one_line_error(code, text, "holds no tournament settings or agents (it was "
                                      "emptied or damaged)")
    assert "seed ?" not in text


def test_a_store_without_a_schedule_is_an_error(copy: Path) -> None:
    sql(copy, "DELETE FROM schedule")
    code, text = run("report", str(copy))
    assert_one_line_error(code, text, "holds no scheduled games")


# --- point 11: resume and report --verify check the records -----------------------------------
def test_resume_plays_again_games_whose_record_is_missing_or_garbage(copy: Path,
                                                                     original: Path) -> None:
    (copy / "records" / "0003.json.gz").unlink()
    (copy / "records" / "0004.json.gz").write_bytes(b"garbage")
    code, text = resume(copy)
    assert code == 0, text
    assert "game 0003 is played again: its record records/0003.json.gz is missing" in text
    assert "game 0004 is played again: record" in text and "is not valid JSON" in text
    assert results(copy) == results(original)
    assert (copy / "records" / "0003.json.gz").is_file()


def test_resume_plays_again_a_game_whose_stored_score_was_edited(copy: Path,
                                                                 original: Path) -> None:
    sql(copy, "UPDATE seats SET score = score + 5 WHERE game = 2")
    code, text = resume(copy)
    assert code == 0, text
    assert "game 0003 is played again: its stored scores" in text
    assert "differ from its record's" in text
    assert results(copy) == results(original)


def test_report_verify_re_simulates_and_plays_again_what_does_not_verify(
        copy: Path, original: Path) -> None:
    # a record and its stored result edited alike: only re-simulation can tell
    path = copy / "records" / "0001.json.gz"
    data = json.loads(gzip.decompress(path.read_bytes()))
    data["result"]["scores"] = [s + 1 for s in data["result"]["scores"]]
    path.write_bytes(gzip.compress(json.dumps(data).encode()))
    sql(copy, "UPDATE seats SET score = score + 1 WHERE game = 0")
    assert resume(copy)[0] == 0  # resume only compares the store with the record
    assert results(copy) != results(original)
    code, text = run("report", str(copy), "--verify")
    assert code == 0, text
    assert "game 0001 is played again: record" in text and "does not verify: it claims " \
                                                         "scores" in text
    assert results(copy) == results(original)
    code, text = run("report", str(copy), "--verify")
    assert code == 0 and "every stored result of" in text and "matches its record" in text


# --- point 12: resume keeps the workers ----------------------------------------------------------
def test_resume_keeps_the_workers_of_the_run(copy: Path) -> None:
    assert stored_config(copy).workers == 3
    code, text = run("tournament", "--resume", "--out", str(copy), "--backend", "local",
                     "--no-progress", "--no-plots")
    assert code == 0 and "on 3 worker(s)" in text, text
    code, text = run("tournament", "--resume", "--out", str(copy), "--workers", "1",
                     "--no-progress", "--no-plots")
    assert code == 0 and "on 1 worker(s)" in text, text
    assert stored_config(copy).workers == 1


def test_resume_reads_no_record_path_the_store_names(copy: Path, original: Path) -> None:
    sql(copy, "UPDATE results SET record = '/etc/passwd' WHERE game = 1")
    code, text = resume(copy)
    assert code == 0, text
    assert "game 0002 is played again: its stored record name '/etc/passwd' is not " \
           "records/0002.json.gz" in text
    assert results(copy) == results(original)


def test_a_schedule_seating_unknown_agents_is_an_error(copy: Path) -> None:
    sql(copy, "UPDATE schedule SET seats = '[0, 7, 0, 1]' WHERE game = 2")
    code, text = run("report", str(copy))
    assert_one_line_error(code, text, "game 3 of its schedule seats agents it does not have")
