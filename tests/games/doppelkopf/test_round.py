"""Doppelkopf in the arena and the trainer: a duplicate tournament and `parlour train`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import parlour
from parlour.cli import app

runner = CliRunner()
ONE_DEAL = "doppelkopf:deals=1,tournament=false"


def test_a_duplicate_tournament_ranks_the_heuristic_over_random(tmp_path: Path) -> None:
    out = tmp_path / "duel"
    result = runner.invoke(app, ["tournament", ONE_DEAL, "-a", "random,heuristic", "-f",
                                 "duplicate", "-n", "6", "--seed", "3", "--out", str(out),
                                 "--no-progress", "--backend", "inprocess"])
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "summary.json").read_text())
    text = json.dumps(summary)
    assert "heuristic" in text and "random" in text
    records = sorted((out / "records").glob("*.json*"))
    assert records
    parlour.records.load(records[0]).verify()


def test_parlour_train_writes_a_policy_that_plays(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    out = tmp_path / "run"
    result = runner.invoke(app, ["train", ONE_DEAL, "--out", str(out), "--steps", "300",
                                 "--envs", "4", "--round-steps", "16"])
    assert result.exit_code == 0, result.output
    policy = out / "policy.npz"
    assert policy.is_file()
    game = parlour.load_game(ONE_DEAL)
    record = parlour.Match(game, [f"learned:{policy}", "heuristic", "random", "heuristic"],
                           seed=2).run()
    assert record.result.complete and not record.faults


def test_a_whole_tournament_round_plays_every_pflichtsolo() -> None:
    game = parlour.load_game("doppelkopf", deals=6)
    record = parlour.Match(game, ["heuristic"] * 4, seed=11).run()
    record.verify()
    state = game.new_state(seed=11)
    for move in record.moves:
        state.apply(game.parse_action(move.action, state))
    assert state.is_terminal and all(state.solo_played)
