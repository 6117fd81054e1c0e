"""Ctrl-C in a tournament: what was stored, its ranking so far, exit 130 (issue 28, point 4)."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")
ROOT = Path(__file__).resolve().parents[2]


def test_an_interrupted_tournament_ranks_the_games_stored(tmp_path: Path) -> None:
    out = tmp_path / "t"
    env = {**os.environ, "COLUMNS": "80", "PYTHONUNBUFFERED": "1"}
    child = pexpect.spawn(sys.executable, ["-m", "parlour", "tournament", "hearts:end_score=30",
                                           "--agents", "random,heuristic", "--deals", "5000",
                                           "--workers", "1", "--seed", "3", "--out", str(out)],
                          cwd=str(ROOT), env=env, encoding="utf-8", codec_errors="replace",
                          timeout=120, dimensions=(40, 80))
    child.expect(r" [1-9]\d*/10000")  # some games are stored
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    shown = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", child.before)
    stored = re.search(r"Interrupted: (\d+) of 10000 games are stored", shown)
    assert stored and int(stored.group(1)) > 0, shown
    assert "--resume" in shown and "heuristic" in shown and "return" in shown
    left = 10000 - int(stored.group(1))
    assert f"{left} game(s) not played yet" in " ".join(shown.split()), "the ranking so far"
    assert "Traceback" not in shown and child.exitstatus == 130
    assert not (out / ".lock").exists()
