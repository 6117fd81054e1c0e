from __future__ import annotations

from pathlib import Path

import pytest

from parlour.ladder import Ladder, LeagueSettings

BOTS = Path(__file__).with_name("bots.py")
GAME = "hearts:end_score=1,passing=none"
"""One deal of Hearts: thirteen decisions a seat."""


@pytest.fixture
def settings() -> LeagueSettings:
    return LeagueSettings(games=(GAME,), seed=3, anchors=("random", "heuristic"),
                          move_time=5.0, qualification_games=1, fault_window=20)


@pytest.fixture
def ladder(tmp_path: Path, settings: LeagueSettings) -> Ladder:
    league = Ladder(tmp_path / "league", settings)
    yield league
    league.close()


def submit(ladder: Ladder, token: str, name: str, mode: str = "first") -> int:
    version = ladder.submit(token, "hearts", name, BOTS.read_bytes(), "bot.py",
                            f"python3 bot.py {mode}")
    return version.version
