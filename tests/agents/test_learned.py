"""Learned agents: numpy-only play of a policy file, `learned` and `learned:PATH` specs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from random import Random

import numpy as np
import pytest

import parlour
from parlour.agents import make_agent
from parlour.agents.learned import LearnedAgent, Policy, shipped_policy_path
from parlour.core import AgentError


def random_policy(game_id: str, hidden: int = 32, seed: int = 0) -> Policy:
    game = parlour.load_game(game_id)
    rng = np.random.default_rng(seed)
    inputs, outputs = int(np.prod(game.observation_shape)), game.encoding.num_actions
    layers = [(rng.standard_normal((inputs, hidden)).astype(np.float32), np.zeros(hidden)),
              (rng.standard_normal((hidden, outputs)).astype(np.float32), np.zeros(outputs))]
    return Policy(layers, {"game": game.spec})


def test_the_agent_plays_the_legal_action_of_highest_value(tmp_path: Path) -> None:
    game = parlour.load_game("hearts")
    policy = random_policy("hearts")
    agent = LearnedAgent(game, policy)
    state = game.new_state(seed=4)
    for _ in range(30):
        observation = state.observe(state.current_player)
        action = agent.act(observation)
        values = policy.values(game.encode(observation).reshape(-1))
        legal_ids = [a.id for a in observation.legal_actions]
        assert action.id == max(legal_ids, key=lambda i: values[i])
        state.apply(action)


def test_a_policy_file_round_trips_and_bad_files_are_clear_errors(tmp_path: Path) -> None:
    policy = random_policy("skull")
    policy.save(tmp_path / "p.npz")
    again = Policy.load(tmp_path / "p.npz")
    assert all(np.array_equal(a, b) for (a, _), (b, _) in zip(policy.layers, again.layers,
                                                              strict=True))
    (tmp_path / "junk.npz").write_bytes(b"not a zip")
    with pytest.raises(AgentError, match=r"junk\.npz"):
        Policy.load(tmp_path / "junk.npz")
    np.savez(tmp_path / "other.npz", w0=np.zeros((2, 2)))
    with pytest.raises(AgentError, match=r"other\.npz"):
        Policy.load(tmp_path / "other.npz")
    with pytest.raises(AgentError, match="does not fit"):
        LearnedAgent(parlour.load_game("hearts"), policy)


def test_learned_path_plays_through_the_spec_grammar(tmp_path: Path) -> None:
    random_policy("skull:players=3").save(tmp_path / "mine.npz")
    record = parlour.Match(parlour.load_game("skull:players=3"),
                           [f"learned:{tmp_path / 'mine.npz'}", "heuristic", "random"],
                           seed=2).run()
    assert record.result.complete and not record.faults
    with pytest.raises(AgentError, match="no such policy file"):
        parlour.Match(parlour.load_game("skull"), [f"learned:{tmp_path / 'none.npz'}",
                                                   "random", "random", "random"], seed=1)


def test_learned_names_the_missing_weights_of_a_game_without_them() -> None:
    game = parlour.load_game("territory")
    assert not shipped_policy_path(game).exists()
    with pytest.raises(AgentError, match="no learned weights ship with territory"):
        parlour.Match(game, ["learned"], seed=1)


BLOCK_TORCH = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name == "torch" or name.startswith("torch."):
            raise ImportError("torch is blocked in this test")
sys.meta_path.insert(0, Block())
from parlour.cli import app
try:
    app(sys.argv[1:])
finally:
    print("torch imported:", any(m.split(".")[0] == "torch" for m in sys.modules))
"""


def test_playing_a_learned_bot_never_imports_torch(tmp_path: Path) -> None:
    random_policy("hearts").save(tmp_path / "h.npz")
    result = subprocess.run(
        [sys.executable, "-c", BLOCK_TORCH, "play", "hearts:end_score=20", "--seats",
         f"learned:{tmp_path / 'h.npz'},heuristic,heuristic,heuristic", "--seed", "1",
         "--quiet"], capture_output=True, text=True)
    assert "torch imported: False" in result.stdout, result.stdout + result.stderr
    assert "Standings" in result.stdout, result.stdout + result.stderr


def test_hostile_policy_files_are_refused_before_they_are_read(tmp_path: Path) -> None:
    """A file that unpacks huge (a zip bomb) is refused from its directory; layers that do
    not chain are refused at load, not at the first decision."""
    import json

    bomb = tmp_path / "bomb.npz"
    np.savez_compressed(bomb, meta=np.array(json.dumps({"format": "parlour.policy"})),
                        w0=np.zeros((9000, 2000), dtype=np.float32), b0=np.zeros(2000))
    assert bomb.stat().st_size < 1_000_000
    with pytest.raises(AgentError, match="unpacks to"):
        Policy.load(bomb)
    bad = tmp_path / "bad.npz"
    np.savez(bad, meta=np.array(json.dumps({"format": "parlour.policy"})),
             w0=np.zeros((4, 3)), b0=np.zeros(3), w1=np.zeros((5, 2)), b1=np.zeros(2))
    with pytest.raises(AgentError, match="do not chain"):
        Policy.load(bad)


def test_the_shipped_hearts_bot_plays_from_the_command_line_without_torch() -> None:
    result = subprocess.run(
        [sys.executable, "-c", BLOCK_TORCH, "play", "hearts:end_score=20", "--seats",
         "learned,heuristic,heuristic,heuristic", "--seed", "2", "--quiet"],
        capture_output=True, text=True)
    assert "torch imported: False" in result.stdout, result.stdout + result.stderr
    assert "Standings" in result.stdout and "learned" in result.stdout, result.stdout


def advised_policy(game_id: str, bonus: float, scale: float = 0.0) -> Policy:
    """A random network (times `scale`) advised by the heuristic with `bonus`."""
    game = parlour.load_game(game_id)
    rng = np.random.default_rng(1)
    inputs = int(np.prod(game.observation_shape)) + game.encoding.num_actions
    outputs = game.encoding.num_actions
    layers = [(scale * rng.standard_normal((inputs, 16)).astype(np.float32), np.zeros(16)),
              (scale * rng.standard_normal((16, outputs)).astype(np.float32), np.zeros(outputs))]
    return Policy(layers, {"game": game.spec, "advisor": "heuristic", "advisor_bonus": bonus})


def test_an_advised_policy_that_learned_nothing_plays_as_its_advisor(tmp_path: Path) -> None:
    """The advisor's choice is an input and gets the bonus: a zero network copies the
    heuristic move for move, through a saved file and the spec grammar."""
    game = parlour.load_game("hearts:end_score=1")
    advised_policy("hearts", 0.5).save(tmp_path / "advised.npz")
    learner = parlour.Match(game, [f"learned:{tmp_path / 'advised.npz'}", "heuristic",
                                   "heuristic", "heuristic"], seed=5).run()
    heuristic = parlour.Match(game, ["heuristic"] * 4, seed=5).run()
    assert [m.action for m in learner.moves] == [m.action for m in heuristic.moves]
    assert not learner.faults


def test_an_advised_policy_sees_the_advice_and_can_overrule_it() -> None:
    game = parlour.load_game("hearts")
    policy = advised_policy("hearts", 0.25, scale=1.0)
    agent = LearnedAgent(game, policy, seat=0)
    advisor = make_agent("heuristic", game, 0, Random(0))
    state = game.new_state(seed=4)
    overruled = 0
    for _ in range(40):
        observation = state.observe(state.current_player)
        action = agent.act(observation)
        advice = advisor.act(observation)
        x = np.concatenate([game.encode(observation), np.zeros(104, dtype=np.float32)])
        x[617 + advice.id] = 1.0
        values = policy.values(x)
        assert action.id == max((a.id for a in observation.legal_actions),
                                key=lambda i: values[i])
        overruled += action != advice
        state.apply(action)
    assert overruled > 0
    with pytest.raises(AgentError, match="does not fit"):
        LearnedAgent(parlour.load_game("hearts"), Policy(policy.layers, {"game": "hearts"}))
