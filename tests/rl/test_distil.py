"""Search distillation (`parlour train --method distil`): the labels, the run and the scorer."""

from __future__ import annotations

from pathlib import Path
from random import Random
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

import parlour
from parlour.agents.learned import LearnedAgent, Policy
from parlour.agents.specs import make_agent
from parlour.cli import app
from parlour.core import AgentError, ParlourError
from parlour.games.hearts.features import COLUMN
from parlour.match import Match

torch = pytest.importorskip("torch")

from parlour.rl.distil import DistilConfig, Distiller, label_game  # noqa: E402

TINY = {"game": "hearts", "seed": 3, "games": 4, "games_per_round": 2, "deals": 1,
        "teacher": "pimc:worlds=2", "eval_every": 1, "eval_deals": 2, "batch": 32}
"""Four one-deal labelled games in two rounds, two worlds a decision."""


def play_decisions(count: int) -> list[Any]:
    """The first `count` play-phase observations of a heuristic game with several candidates,
    with the heuristic's move and candidates."""
    game = parlour.load_game("hearts")
    state = game.new_state(seed=11)
    bots = [make_agent("heuristic", game, s, Random(s)) for s in range(4)]
    found = []
    while len(found) < count:
        seat = state.current_player
        view = state.observe(seat)
        move = bots[seat].act(view)
        if view.phase == "play":
            candidates = bots[seat].candidates(view)
            if len(candidates) > 1:
                found.append((view, move, candidates))
        state.apply(move)
    return found


def test_move_features_describe_each_candidate_in_one_row() -> None:
    game = parlour.load_game("hearts")
    for view, move, candidates in play_decisions(10):
        rows = game.move_features(view, candidates, move)
        assert rows.shape == (len(candidates), game.move_feature_count)
        assert rows.dtype == np.float32 and np.all((rows >= 0) & (rows <= 1))
        advised = rows[:, COLUMN["the advisor's move"]]
        assert advised.tolist() == [float(c == move) for c in candidates]
        suits = rows[:, :4]
        assert np.all(suits.sum(axis=1) == 1)
        assert [int(s.argmax()) for s in suits] == [c.card >> 4 for c in candidates]


def test_move_features_refuse_a_passing_decision() -> None:
    game = parlour.load_game("hearts")
    state = game.new_state(seed=1)
    view = state.observe(state.current_player)
    with pytest.raises(ParlourError, match="phase 'pass'"):
        game.move_features(view, view.legal_actions[:2], view.legal_actions[0])


def test_games_without_move_features_are_refused() -> None:
    with pytest.raises(ParlourError, match="no move features"):
        Distiller(DistilConfig(**{**TINY, "game": "skull"}), "unused")


def test_labels_value_each_candidate_against_the_advisors_move() -> None:
    labels = label_game(DistilConfig(**TINY), 0)
    assert len(labels) > 10
    assert labels.starts[0] == 0 and labels.starts[-1] == len(labels.targets)
    sizes = np.diff(labels.starts)
    assert np.all(sizes >= 2), "only decisions with a choice are labelled"
    assert np.all((labels.advice >= labels.starts[:-1]) & (labels.advice < labels.starts[1:]))
    assert np.all(labels.targets[labels.advice] == 0.0)
    assert np.any(labels.targets != 0.0), "the teacher found some move better or worse"
    assert np.all(labels.features[labels.advice, COLUMN["the advisor's move"]] == 1.0)
    again = label_game(DistilConfig(**TINY), 0)
    assert np.array_equal(again.targets, labels.targets), "a game's labels are seeded"


def policy_layers(run: Distiller) -> list[np.ndarray]:
    return [array for layer in run.policy().layers for array in layer]


def test_the_weights_do_not_depend_on_the_workers_and_a_run_resumes_exactly(
        tmp_path: Path) -> None:
    whole = Distiller(DistilConfig(**TINY), tmp_path / "whole")
    whole.run()
    parallel = Distiller(DistilConfig(**{**TINY, "workers": 2}), tmp_path / "parallel")
    parallel.run()
    cut = Distiller(DistilConfig(**TINY), tmp_path / "cut")
    cut.run(stop_after=1)
    resumed = Distiller.resume(tmp_path / "cut")
    assert resumed.round == 1 and len(resumed.labels) == len(cut.labels)
    resumed.run()
    for other in (parallel, resumed):
        assert len(other.labels) == len(whole.labels)
        for a, b in zip(policy_layers(whole), policy_layers(other), strict=True):
            assert np.array_equal(a, b)
    assert {"heuristic", "random"} <= set(whole.log[-1])
    for name in ("policy.npz", "log.jsonl", "curve.png", "checkpoint.pt", "config.json"):
        assert (tmp_path / "whole" / name).is_file()
    policy = Policy.load(tmp_path / "whole" / "policy.npz")
    assert policy.scores_moves and policy.advisor == "heuristic"


def scorer(weights: np.ndarray, margin: float) -> Policy:
    """A one-layer move scorer: a move's value is its features times `weights`."""
    game = parlour.load_game("hearts")
    w = weights.reshape(game.move_feature_count, 1).astype(np.float32)
    return Policy([(w, np.zeros(1, np.float32))],
                  {"game": "hearts", "scores": "moves", "advisor": "heuristic",
                   "margin": margin})


def test_a_scorer_that_sees_no_difference_plays_as_its_advisor() -> None:
    game = parlour.load_game("hearts:end_score=1")
    flat = scorer(np.zeros(game.move_feature_count), 0.01)
    ours = Match(game, [LearnedAgent(game, flat, 0), "heuristic", "heuristic", "heuristic"],
                 seed=5).run()
    theirs = Match(game, ["heuristic"] * 4, seed=5).run()
    assert ours.result.returns == theirs.result.returns


def test_a_scorer_overrules_its_advisor_only_by_more_than_the_margin() -> None:
    game = parlour.load_game("hearts")
    weights = np.zeros(game.move_feature_count)
    weights[COLUMN["rank"]] = 1.0  # prefer the highest candidate
    eager, shy = (LearnedAgent(game, scorer(weights, margin), 0) for margin in (0.0, 2.0))
    changed = 0
    for view, move, candidates in play_decisions(20):
        highest = max(candidates, key=lambda c: (c.card & 15, c.card))
        choice = eager.act(view)
        assert choice in candidates
        if (highest.card & 15) > (move.card & 15):
            assert choice.card & 15 == highest.card & 15
            changed += choice != move
        assert shy.act(view) == move
    assert changed > 0


def test_a_scorer_for_other_features_is_refused() -> None:
    game = parlour.load_game("hearts")
    wrong = Policy([(np.zeros((7, 1), np.float32), np.zeros(1, np.float32))],
                   {"game": "hearts", "scores": "moves", "advisor": "heuristic"})
    with pytest.raises(AgentError, match="takes 7 features"):
        LearnedAgent(game, wrong, 0)


def test_train_distil_from_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = CliRunner().invoke(app, [
        "train", "hearts", "--method", "distil", "--out", str(out), "--games", "2",
        "--deals", "1", "--teacher", "pimc:worlds=2", "--eval-every", "1", "--eval-deals", "2",
        "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "vs heuristic" in result.output and "distilling" in result.output
    assert Policy.load(out / "policy.npz").scores_moves
    again = CliRunner().invoke(app, ["train", "hearts", "--method", "distil", "--out", str(out)])
    assert again.exit_code != 0 and "--resume" in again.output


def test_train_refuses_an_unknown_method() -> None:
    result = CliRunner().invoke(app, ["train", "hearts", "--method", "magic"])
    assert result.exit_code == 2 and "magic" in result.output
