"""A league gives the same matches and results wherever its games run."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.arena.backends import make_backend
from parlour.ladder import Ladder, LeagueSettings

from .conftest import GAME, submit


def play_league(folder: Path, backend: str, workers: int = 2) -> list[tuple]:
    settings = LeagueSettings(games=(GAME,), seed=11, qualification_games=1, move_time=5.0,
                              anchors=("random", "heuristic", "heuristic-v1"))
    ladder = Ladder(folder, settings)
    token = ladder.make_token("pat")
    submit(ladder, token, "first")
    submit(ladder, token, "second")
    runner = make_backend(backend, workers, keep=True)
    try:
        for _ in range(6):
            ladder.step(runner)
    finally:
        runner.close()
    played = [(m.versions, m.seed, tuple((g.seats, g.returns, g.moves, g.faults)
                                         for g in ladder.store.games(match=m.match)))
              for m in ladder.store.matches()]
    ladder.close()
    return played


def test_local_workers_give_the_results_of_one_process(tmp_path: Path) -> None:
    one = play_league(tmp_path / "one", "inprocess")
    assert len(one) == 4
    assert play_league(tmp_path / "two", "local") == one


def test_a_local_ray_gives_the_results_of_local_workers(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    assert play_league(tmp_path / "ray", "ray") == play_league(tmp_path / "local", "local")
