"""A tournament killed with SIGKILL midway resumes to exactly the uninterrupted results."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

from parlour.arena import TournamentConfig, run_tournament
from parlour.arena.store import FILENAME
from parlour.records import load
from tests.arena.helpers import numbers, results

DEALS = 120
ARGS = ["hearts", "--agents", "random,heuristic", "--format", "duplicate", "--deals",
        str(DEALS), "--seed", "21", "--no-progress", "--no-plots"]


def stored(out: Path) -> int:
    """Games with a result, read while the tournament writes (WAL allows it)."""
    try:
        with closing(sqlite3.connect(out / FILENAME, timeout=5)) as db:
            return int(db.execute("SELECT COUNT(*) FROM results").fetchone()[0])
    except sqlite3.Error:
        return 0


def tournament(*args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "parlour", "tournament", *args],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)


def test_sigkill_midway_then_resume_gives_the_uninterrupted_results(tmp_path: Path) -> None:
    out = tmp_path / "killed"
    process = tournament(*ARGS, "--workers", "2", "--out", str(out))
    deadline = time.monotonic() + 120
    while stored(out) < 20 and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert process.poll() is None, "the tournament ended before it could be killed"
    os.killpg(process.pid, signal.SIGKILL)  # the tournament and its workers, mid-game
    process.wait(timeout=30)
    killed_at = stored(out)
    assert 20 <= killed_at < 2 * DEALS
    assert not (out / "summary.json").exists()

    resumed = tournament("--resume", "--out", str(out), "--workers", "2")
    _, error = resumed.communicate(timeout=300)
    assert resumed.returncode == 0, error.decode()

    whole = tmp_path / "whole"
    run_tournament(TournamentConfig(game="hearts", agents=("random", "heuristic"),
                                    format="duplicate", deals=DEALS, seed=21,
                                    backend="inprocess", out=str(whole)))
    assert results(out) == results(whole), "no game lost, none counted twice"
    assert numbers(out) == numbers(whole)
    records = sorted((out / "records").iterdir())
    assert [p.name for p in records] == [f"{i:04d}.json.gz" for i in range(1, 2 * DEALS + 1)]
    for path in records[killed_at - 5:killed_at + 5]:  # around where it was killed
        load(path).verify()
