"""The `parlour.rl` environments: PettingZoo's and Gymnasium's own checks on every game, the
vectorised environment, rewards, and how illegal ids are treated."""

from __future__ import annotations

import subprocess
import sys
import warnings
from typing import Any

import numpy as np
import pytest

import parlour
from parlour.core import ParlourError, game_class
from parlour.rl import VectorEnv

pettingzoo_test = pytest.importorskip("pettingzoo.test")
env_checker = pytest.importorskip("gymnasium.utils.env_checker")

SHORT = {
    "hearts": "hearts:end_score=1",
    "spades": "spades:target=100,mercy=true",
    "skat": "skat:deals=1",
    "skat.ramsch": "skat.ramsch:deals=1",
    "skull": "skull:players=3",
    "territory": "territory:size=6,rounds=8,players=3",
    "doppelkopf": "doppelkopf:deals=1,tournament=false",
}
GAMES = [SHORT.get(info.id, info.id) for info in parlour.list_games()
         if game_class(info.id).encoding_class]
"""Every registered game with a tensor encoding (a plug-in game may have none)."""


@pytest.fixture(autouse=True)
def _quiet_space_warnings() -> Any:
    with warnings.catch_warnings():  # dict observations and unbounded boxes are by design
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("spec", GAMES)
def test_pettingzoo_api_and_seed_tests_pass(spec: str) -> None:
    from parlour.rl.aec import aec_env

    pettingzoo_test.api_test(aec_env(spec), num_cycles=60)
    pettingzoo_test.seed_test(lambda: aec_env(spec), num_cycles=60)


@pytest.mark.parametrize("spec", GAMES)
def test_gymnasium_check_env_passes(spec: str) -> None:
    from parlour.rl.gym_env import gym_env

    env_checker.check_env(gym_env(spec, "random", render_mode="ansi"), skip_render_check=False)


def test_aec_plays_a_whole_game_with_returns_as_rewards() -> None:
    from parlour.rl.aec import aec_env

    env = aec_env("hearts:end_score=1")
    env.reset(seed=7)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    rng = np.random.default_rng(0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert observation["observation"].shape == env.game.observation_shape
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert list(totals.values()) == list(env.state_now.returns())
    assert sum(totals.values()) == -26 or sorted(totals.values())[:3] == [-26.0] * 3


def test_aec_per_deal_rewards_add_up_to_the_standing() -> None:
    from parlour.rl.aec import aec_env

    env = aec_env("hearts:end_score=60", per_deal_rewards=True)
    env.reset(seed=3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    paid = 0
    rng = np.random.default_rng(1)
    for _ in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        if any(env.rewards.values()):
            paid += 1
        for a, reward in env.rewards.items():
            totals[a] += reward
    assert paid >= 2, "rewards came deal by deal"
    assert list(totals.values()) == list(env.state_now.running_returns())


def test_aec_refuses_an_illegal_id_and_renders_the_console_view() -> None:
    from parlour.rl.aec import aec_env

    env = aec_env("hearts:end_score=1", render_mode="ansi")
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ParlourError, match=f"action id {illegal} is illegal"):
        env.step(illegal)
    text = env.render()
    assert "your hand" in text and "Deal 1" in text
    with pytest.raises(ParlourError, match="render_mode"):
        aec_env("hearts", render_mode="human")


def test_gym_env_illegal_ids_terminate_or_raise_never_substitute() -> None:
    from parlour.rl.gym_env import gym_env

    env = gym_env("skull:players=3", "heuristic", seat=0, illegal_action="terminate",
                  illegal_reward=-5.0)
    observation, _ = env.reset(seed=4)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    before = len(env.seated_game.state.history)
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-5.0, True, illegal)
    assert len(env.seated_game.state.history) == before, "nothing was played in its place"
    with pytest.raises(ParlourError, match="reset"):
        env.step(0)
    strict = gym_env("skull:players=3", "heuristic", seat=0, illegal_action="raise")
    observation, _ = strict.reset(seed=4)
    with pytest.raises(ParlourError, match=f"action id {illegal} is illegal"):
        strict.step(illegal)


def test_gym_env_plays_against_any_agent_specs() -> None:
    from parlour.rl.gym_env import gym_env

    env = gym_env("hearts:end_score=1", ["heuristic", "random", "ismcts:iterations=5"], seat=2)
    observation, info = env.reset(seed=9)
    assert info["seat"] == 2
    done, total = False, 0.0
    while not done:
        action = env.action_space.sample()  # a legal id: the space samples the mask
        assert observation["action_mask"][action]
        observation, reward, done, _, info = env.step(action)
        total += reward
    assert total == info["returns"][2]
    with pytest.raises(ParlourError, match="4 seats"):
        gym_env("skull:players=4", ["random", "random"])


def test_vector_env_batches_decisions_and_replaces_finished_games() -> None:
    game = parlour.load_game("skull:players=3")
    env = VectorEnv(game, 8, [None, "heuristic", "random"], seed=5)
    observations, masks, seats = env.reset()
    assert observations.shape == (8, *game.observation_shape)
    assert masks.shape == (8, game.encoding.num_actions) and masks.any(axis=1).all()
    assert (seats == 0).all()
    rng = np.random.default_rng(2)
    finished = 0
    wins = []
    for _ in range(300):
        actions = [rng.choice(np.flatnonzero(m)) for m in masks]
        observations, masks, seats, rewards, paid, done = env.step(actions)
        finished += int(done.sum())
        wins += rewards[done, 0].tolist()
        assert (paid >= done).all()
    assert finished > 8 and env.games_started == 8 + finished
    assert set(wins) <= {0.0, 1.0}


def test_vector_env_is_seeded_and_refuses_illegal_ids() -> None:
    game = parlour.load_game("hearts:end_score=1")

    def run() -> list[float]:
        env = VectorEnv(game, 4, [None, "heuristic", None, "random"], seed=11, per_deal=True)
        _, masks, _ = env.reset()
        out = []
        for _ in range(40):
            _, masks, _, rewards, _, _ = env.step(masks.argmax(axis=1))
            out += rewards.ravel().tolist()
        return out

    assert run() == run()
    env = VectorEnv(game, 2, [None, "heuristic", "heuristic", "heuristic"], seed=1)
    _, masks, _ = env.reset()
    actions = masks.argmax(axis=1)
    actions[1] = int(np.flatnonzero(~masks[1])[0])
    with pytest.raises(ParlourError, match="illegal for seat 0 in game 1"):
        env.step(actions)
    with pytest.raises(ParlourError, match="no learner seat"):
        VectorEnv(game, 1, ["random"] * 4).reset()


def test_vector_env_draws_seatings_from_a_pool() -> None:
    game = parlour.load_game("skull:players=3")
    drawn: list[list[Any]] = []

    def seating(rng: Any) -> list[Any]:
        seats: list[Any] = [rng.choice(["heuristic", "random"]) for _ in range(3)]
        seats[rng.randrange(3)] = None
        drawn.append(seats)
        return seats

    env = VectorEnv(game, 4, seating, seed=2)
    env.reset()
    assert len(drawn) == 4 and all(s.count(None) >= 1 for s in drawn)


def test_importing_parlour_rl_needs_neither_pettingzoo_nor_gymnasium() -> None:
    code = ("import sys, parlour.rl; "
            "print(any(m.split('.')[0] in ('pettingzoo', 'gymnasium', 'torch') "
            "for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_random_seats_draw_what_their_act_would_draw() -> None:
    """Tables step `random` seats without building their view; the moves are the very ones
    `RandomAgent.act` picks from the same generator (a subclass takes the general path)."""
    from random import Random

    from parlour.agents import RandomAgent
    from parlour.rl.seated_game import SeatedGame

    class ViewingRandom(RandomAgent):
        def act(self, observation: Any) -> Any:
            return super().act(observation)

    for spec in ("hearts", "skull:players=3", "spades"):
        game = parlour.load_game(spec)
        histories = []
        for kind in (RandomAgent, ViewingRandom):
            agents: list[Any] = [kind(game, seat, Random(seat)) for seat in range(4)]
            agents[0] = None
            if game.num_players == 3:
                agents = agents[:3]
            table = SeatedGame(game, 5, agents, False, False)
            for _ in range(30):
                table.advance()
                if table.state.is_terminal:
                    break
                table.apply(table.state.legal_actions()[0])
            histories.append(table.state.history)
        assert histories[0] == histories[1]
