"""Schafkopf in `parlour train`: a short Deep Monte-Carlo run writes a policy that plays."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import parlour
from parlour.cli import app

pytest.importorskip("torch")


def test_parlour_train_writes_a_schafkopf_policy_that_plays(tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = CliRunner().invoke(app, [
        "train", "schafkopf:deals=1", "--out", str(out), "--steps", "96", "--envs", "2",
        "--round-steps", "16", "--seed", "1"])
    assert result.exit_code == 0, result.output
    policy = out / "policy.npz"
    assert policy.exists()
    game = parlour.load_game("schafkopf", deals=1)
    record = parlour.Match(game, [f"learned:{policy}", "heuristic", "random", "heuristic"],
                           seed=2).run()
    assert record.result.complete and not record.faults
