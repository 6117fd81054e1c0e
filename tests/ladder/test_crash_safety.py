"""Nothing finished is lost: SIGKILL at any moment, a damaged index, a lost index."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from parlour.ladder import Ladder, LadderStoreError, LeagueSettings
from parlour.ladder.rebuild import rebuild
from parlour.records import load

from .conftest import GAME, submit

RUNNER = """
import sys, threading
from parlour.ladder import Ladder
ladder = Ladder(sys.argv[1])
ladder.run(threading.Event(), idle_seconds=0.05)
"""


def five_at_a_table(tmp_path: Path) -> Ladder:
    settings = LeagueSettings(games=(GAME,), seed=5, move_time=5.0, qualification_games=1,
                              anchors=("random", "heuristic", "heuristic-v1"))
    ladder = Ladder(tmp_path / "league", settings)
    submit(ladder, ladder.make_token("kim"), "bot")
    ladder.step()  # qualified: four versions, so every match is four games
    return ladder


def stored_games(folder: Path) -> int:
    with sqlite3.connect(folder / "ladder.sqlite", timeout=30) as db:
        return int(db.execute("SELECT COUNT(*) FROM games").fetchone()[0])


def test_sigkill_in_the_middle_of_a_match_loses_no_finished_game(tmp_path: Path) -> None:
    ladder = five_at_a_table(tmp_path)
    ladder.close()
    folder = ladder.folder
    runner = subprocess.Popen([sys.executable, "-c", RUNNER, str(folder)],
                              stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while stored_games(folder) < 6 and time.monotonic() < deadline:
            time.sleep(0.02)
    finally:
        os.kill(runner.pid, signal.SIGKILL)
        runner.wait()
    killed_at = stored_games(folder)
    assert killed_at >= 6
    again = Ladder(folder)
    rows = again.store.games()
    assert len(rows) == killed_at
    for row in rows:  # every stored game has its record, whole
        assert load(row.record).seed == again.store.match(row.match).seed
    while again.store.matches(finished=False):
        again.step()
    for match in again.store.matches():
        assert len(again.store.games(match=match.match)) == len(match.seatings)
    assert not list(folder.rglob("*.tmp"))
    again.close()


def test_a_damaged_index_is_a_clear_error_and_is_rebuilt_from_the_files(
        tmp_path: Path) -> None:
    ladder = five_at_a_table(tmp_path)
    for _ in range(3):
        ladder.step()
    paused = ladder.store.versions(bot="bot")[0].version
    ladder.set_status(paused, "paused", "for a talk")
    before = [line.to_dict() for line in ladder.standings()]
    token = ladder.make_token("lee")
    ladder.close()
    path = ladder.folder / "ladder.sqlite"
    path.write_bytes(b"not a database" * 100)
    with pytest.raises(LadderStoreError, match="parlour ladder rebuild"):
        Ladder(ladder.folder)
    versions, games = rebuild(ladder.folder)
    assert (versions, games) == (4, 12)
    again = Ladder(ladder.folder)
    after = [line.to_dict() for line in again.standings()]
    for line in before + after:
        line.pop("id")
    assert after == before
    assert again.store.versions(bot="bot")[0].status == "paused"
    assert again.holder(token) == ("lee", False)
    assert len(again.store.matches()) == 3
    again.close()
