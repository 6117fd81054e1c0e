"""`parlour train` (Deep Monte-Carlo): seeded, resumable exactly, and a usable policy file."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from random import Random
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

import parlour
from parlour.agents import make_agent
from parlour.agents.learned import Policy
from parlour.cli import app

torch = pytest.importorskip("torch")
from parlour.rl import dmc  # noqa: E402 (needs torch)

TINY = {"game": "skull:players=3", "seed": 3, "steps": 6 * 8 * 16, "num_envs": 8,
        "steps_per_round": 16, "hidden": (16,), "batch": 64, "eval_every": 2,
        "eval_deals": 2, "epsilon_steps": 500}
"""Six rounds of eight games, evaluated (and checkpointed) every two rounds."""


def weights(policy: Policy) -> list[np.ndarray]:
    return [array for layer in policy.layers for array in layer]


def same_policy(a: Policy, b: Policy) -> bool:
    return all(np.array_equal(x, y) for x, y in zip(weights(a), weights(b), strict=True))


def without_times(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in row.items() if k != "seconds"} for row in log]


def test_a_resumed_run_equals_an_uninterrupted_one(tmp_path: Path) -> None:
    whole = dmc.Trainer(dmc.TrainConfig(**TINY), tmp_path / "whole")
    final = whole.run()
    parted = dmc.Trainer(dmc.TrainConfig(**TINY), tmp_path / "parted")
    parted.run(stop_after=2)
    assert parted.round == 2
    resumed = dmc.Trainer.resume(tmp_path / "parted")
    assert resumed.round == 2 and resumed.decisions == parted.decisions
    again = resumed.run()
    assert same_policy(final, again)
    assert without_times(whole.log) == without_times(resumed.log)
    assert resumed.updates == whole.updates > 0
    other = dmc.Trainer(dmc.TrainConfig(**{**TINY, "seed": 4}), tmp_path / "other").run()
    assert not same_policy(final, other), "the seed makes the run"


@pytest.mark.slow
def test_a_killed_run_resumes_to_the_same_policy(tmp_path: Path) -> None:
    """Kill the training process (SIGKILL) once it has checkpointed, resume it, and get the
    policy an uninterrupted run gives: whenever the kill lands."""
    config = {**TINY, "steps": 10 * 8 * 16}
    whole = dmc.Trainer(dmc.TrainConfig(**config), tmp_path / "whole").run()
    out = tmp_path / "killed"
    args = ["train", config["game"], "--out", str(out), "--steps", str(config["steps"]),
            "--seed", "3", "--envs", "8", "--round-steps", "16", "--hidden", "16",
            "--eval-every", "2", "--eval-deals", "2", "--batch", "64", "--epsilon-steps", "500"]
    process = subprocess.Popen([sys.executable, "-m", "parlour", *args], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, env={**os.environ, "COLUMNS": "80"})
    while process.poll() is None and not (out / "checkpoint.pt").exists():
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.wait()
    assert (out / "checkpoint.pt").exists()
    resumed = dmc.Trainer.resume(out)
    assert resumed.round < 10 or process.returncode == 0
    assert same_policy(whole, resumed.run())


def test_the_policy_file_plays_as_learned_path_and_the_run_leaves_its_traces(
        tmp_path: Path) -> None:
    trainer = dmc.Trainer(dmc.TrainConfig(**TINY), tmp_path)
    trainer.run()
    for name in ("checkpoint.pt", "policy.npz", "log.jsonl", "curve.png", "config.json"):
        assert (tmp_path / name).is_file(), name
    rows = [json.loads(line) for line in (tmp_path / "log.jsonl").read_text().splitlines()]
    assert [r["round"] for r in rows] == [2, 4, 6]
    assert {"heuristic", "heuristic_se", "random", "decisions"} <= set(rows[0])
    game = parlour.load_game("skull:players=3")
    record = parlour.Match(game, [f"learned:{tmp_path / 'policy.npz'}", "heuristic",
                                  "random"], seed=1).run()
    assert not record.faults
    assert Policy.load(tmp_path / "policy.npz").meta["game"] == "skull:players=3"


runner = CliRunner()


def test_train_usage_errors_exit_2_with_a_hint(tmp_path: Path) -> None:
    (tmp_path / "checkpoint.pt").write_bytes(b"x")
    result = runner.invoke(app, ["train", "skull", "--out", str(tmp_path), "--steps", "10"])
    assert result.exit_code == 2 and "--resume" in result.output
    result = runner.invoke(app, ["train", "skull", "--out", str(tmp_path / "new"),
                                 "--hidden", "wide"])
    assert result.exit_code == 2 and "--hidden" in result.output
    result = runner.invoke(app, ["train", "skull", "--out", str(tmp_path / "new"),
                                 "--pool", "heuristic=lots"])
    assert result.exit_code == 2 and "weight" in result.output
    result = runner.invoke(app, ["train", "nosuchgame", "--out", str(tmp_path / "new")])
    assert result.exit_code == 2
    result = runner.invoke(app, ["train", "skull", "--resume", "--out", str(tmp_path / "no")])
    assert result.exit_code == 2 and "nothing to resume" in result.output
    result = runner.invoke(app, ["train", "hearts", "--out", str(tmp_path / "new"),
                                 "--targets", "rollouts"])
    assert result.exit_code == 2 and "--advisor" in result.output
    result = runner.invoke(app, ["train", "hearts", "--out", str(tmp_path / "new"),
                                 "--advisor", "heuristic", "--play-margin", "0-51"])
    assert result.exit_code == 2 and "IDS=NUMBER" in result.output


BLOCK_TORCH = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name == "torch" or name.startswith("torch."):
            raise ImportError("torch is blocked in this test")
sys.meta_path.insert(0, Block())
from parlour.cli import app
app(sys.argv[1:])
"""


def test_without_torch_train_names_the_extra_intact(tmp_path: Path) -> None:
    """Regression: rich markup ate "[train]" out of the install hint."""
    result = subprocess.run([sys.executable, "-c", BLOCK_TORCH, "train", "skull", "--out",
                             str(tmp_path / "run")], capture_output=True, text=True)
    assert result.returncode == 2
    assert "pip install 'parlour[train]'" in result.stderr + result.stdout


def test_to_go_targets_subtract_what_the_deal_already_gave() -> None:
    """With to_go, a decision's target is the deal's reward minus the seat's relative points
    so far (Hearts: penalty points taken before the decision)."""
    game = parlour.load_game("hearts")
    state = game.new_state(seed=2)
    rng = np.random.default_rng(0)
    while not any(state.observe(0).points_taken):
        legal = state.legal_actions()
        state.apply(legal[rng.integers(len(legal))])
    observation = state.observe(0)
    taken = observation.points_taken
    expected = -(taken[0] - sum(taken[1:]) / 3)
    assert game.encoding.deal_progress(observation) == pytest.approx(expected)
    trainer = dmc.Trainer(dmc.TrainConfig(**{**TINY, "game": "hearts", "to_go": True,
                                             "steps": 8 * 16, "batch": 10_000}), "unused")
    trainer.play_round()
    plain = dmc.Trainer(dmc.TrainConfig(**{**TINY, "game": "hearts", "steps": 8 * 16,
                                           "batch": 10_000}), "unused")
    plain.play_round()
    assert trainer.buffer_a == plain.buffer_a, "the same games and choices"
    assert trainer.buffer_g != plain.buffer_g
    assert len(set(plain.buffer_g)) < len(set(trainer.buffer_g))


ROLLOUTS = {**TINY, "game": "hearts", "steps": 4 * 8 * 4, "steps_per_round": 4,
            "advisor": "heuristic", "targets": "rollouts", "batch": 16, "replay": 64,
            "reuse": 2, "eval_every": 2, "pool": {"heuristic": 1.0}}
"""Four rounds of eight Hearts games, four learner decisions each, targets from rollouts."""


def test_rollout_targets_score_every_legal_action_against_the_advisors() -> None:
    """Each legal action's target is the deal played out by the advisor after it, relative to
    the advisor's own choice (0); ids that are not legal are NaN."""
    trainer = dmc.Trainer(dmc.TrainConfig(**ROLLOUTS), "unused")
    game = trainer.game
    env = dmc.VectorEnv(game, 1, ["heuristic", None, "heuristic", "heuristic"], seed=7)
    env.reset()
    view = env.learner_observations[0]
    targets = trainer.rollout_targets(env, 0)
    legal = [a.id for a in view.legal_actions]
    assert sorted(np.flatnonzero(~np.isnan(targets)).tolist()) == sorted(legal)
    advice = trainer.advisor.act(view).id
    assert targets[advice] == 0.0
    heuristic = make_agent("heuristic", game, 0, Random(0))

    def played_out(action: Any) -> float:
        state = env.seated_games[0].state.clone()
        state.apply(action)
        while state.deal_number == 0:
            state.apply(heuristic.act(state.observe(state.current_player)))
        points = [-r for r in state.running_returns()]
        return -(points[1] - (sum(points) - points[1]) / 3) / 26

    base = played_out(trainer.advisor.act(view))
    for action in view.legal_actions:
        assert targets[action.id] == pytest.approx(played_out(action) - base, abs=1e-5)
    assert np.nanmin(targets) < 0.0, "some action does worse than the advisor's"


def test_a_rollout_run_resumes_exactly_and_plays_as_an_advised_policy(tmp_path: Path) -> None:
    whole = dmc.Trainer(dmc.TrainConfig(**ROLLOUTS), tmp_path / "whole")
    final = whole.run()
    parted = dmc.Trainer(dmc.TrainConfig(**ROLLOUTS), tmp_path / "parted")
    parted.run(stop_after=2)
    again = dmc.Trainer.resume(tmp_path / "parted").run()
    assert same_policy(final, again) and whole.updates > 0
    assert final.advisor == "heuristic" and final.meta["targets"] == "rollouts"
    assert final.advisor_bonus == again.advisor_bonus
    record = parlour.Match(parlour.load_game("hearts:end_score=1"),
                           [f"learned:{tmp_path / 'whole' / 'policy.npz'}", "heuristic",
                            "heuristic", "random"], seed=3).run()
    assert not record.faults
    with pytest.raises(parlour.ParlourError, match="advisor"):
        dmc.TrainConfig(**{**ROLLOUTS, "advisor": ""})


def test_a_play_margin_changes_the_policy_file_not_the_training(tmp_path: Path) -> None:
    """--play-margin raises the advisor's bonus for some action ids in the policy file only:
    the network learned is the same, and a large enough margin plays as the advisor."""
    config = {**ROLLOUTS, "steps": 2 * 8 * 4}
    plain = dmc.Trainer(dmc.TrainConfig(**config), tmp_path / "plain").run()
    margined = dmc.Trainer(dmc.TrainConfig(**{**config, "play_margin": {"0-103": 50.0}}),
                           tmp_path / "margined")
    policy = margined.run()
    assert same_policy(plain, policy)
    bonus = np.asarray(Policy.load(tmp_path / "margined" / "policy.npz").advisor_bonus)
    assert bonus.shape == (104,) and bonus.min() == pytest.approx(plain.advisor_bonus + 50)
    game = parlour.load_game("hearts:end_score=1")
    seats = [f"learned:{tmp_path / 'margined' / 'policy.npz'}", "heuristic", "heuristic",
             "heuristic"]
    learned = parlour.Match(game, seats, seed=9).run()
    heuristic = parlour.Match(game, ["heuristic"] * 4, seed=9).run()
    assert [m.action for m in learned.moves] == [m.action for m in heuristic.moves]
    assert dmc.parse_margins("0-51=0.3, 52-103=0") == {"0-51": 0.3, "52-103": 0.0}
    for bad in ("0-51", "51-0=1", "x=1"):
        with pytest.raises(parlour.ParlourError, match="0-51"):
            dmc.parse_margins(bad)
