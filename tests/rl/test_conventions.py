"""Gymnasium's and PettingZoo's conventions, kept for every game: declared observation bounds,
the reward scale, truncation, registered ids, autoreset without an all-zero mask, and the
privileged `state()` for centralised critics."""

from __future__ import annotations

import subprocess
import sys
import warnings
from random import Random
from typing import Any

import numpy as np
import pytest

import parlour
from parlour.core import ParlourError, game_class
from parlour.rl import VectorEnv

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

SHORT = {
    "hearts": "hearts:end_score=1",
    "spades": "spades:target=100,mercy=true",
    "skat": "skat:deals=1",
    "skat.ramsch": "skat.ramsch:deals=1",
    "skull": "skull:players=3",
    "territory": "territory:size=6,rounds=8,players=3",
    "schafkopf": "schafkopf:deals=1",
    "doppelkopf": "doppelkopf:deals=1,tournament=false",
}
"""The short-episode spec of every built-in game (docs/learning.md lists them)."""
GAMES = [info.id for info in parlour.list_games() if game_class(info.id).encoding_class]


@pytest.fixture(autouse=True)
def _quiet_space_warnings() -> Any:
    with warnings.catch_warnings():  # unbounded boxes are by design where the rules set none
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("game_id", GAMES)
def test_every_encoding_stays_within_its_declared_bounds(game_id: str) -> None:
    from parlour.rl.spaces import observation_space

    game = parlour.load_game(SHORT.get(game_id, game_id))
    low, high = game.encoding.bounds()  # type: ignore[attr-defined]
    assert low.shape == high.shape == game.encoding.shape and (low <= high).all()
    assert np.isfinite(high).mean() > 0.5, "most values are declared bounded"
    space = observation_space(game)
    rng = Random(1)
    seen = 0
    for seed in range(4):
        state = game.new_state(seed=seed)
        while not state.is_terminal:
            for seat in range(game.num_players):
                x = game.encode(state.observe(seat))
                outside = np.flatnonzero((x < low) | (x > high))
                assert not outside.size, f"{game_id}: values outside the bounds at {outside}"
                seen += 1
            mask = game.action_mask(state.observe(state.current_player))
            assert space.contains({"observation": x, "action_mask": mask.astype(np.int8)})
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    assert seen > 50


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("per_deal", [False, True])
def test_scaled_rewards_lie_in_minus_one_to_one(game_id: str, per_deal: bool) -> None:
    game = parlour.load_game(SHORT.get(game_id, game_id))
    env = VectorEnv(game, 4, [None] * game.num_players, seed=3, per_deal=per_deal,
                    scale_rewards=True)
    raw = VectorEnv(game, 4, [None] * game.num_players, seed=3, per_deal=per_deal)
    _, masks, _ = env.reset()
    raw.reset()
    scale = game.encoding.reward_scale(per_deal)  # type: ignore[attr-defined]
    paid = 0
    for _ in range(400):
        actions = masks.argmax(axis=1)
        _, masks, _, rewards, was_paid, _ = env.step(actions)
        raw_rewards = raw.step(actions)[3]
        assert np.abs(rewards).max() <= 1.0
        np.testing.assert_allclose(rewards * scale, raw_rewards, rtol=1e-6, atol=1e-4)
        paid += int(was_paid.sum())
    assert paid > 0


def test_reward_scales_follow_the_rules_parameters() -> None:
    scale = {spec: parlour.load_game(spec).encoding.reward_scale  # type: ignore[attr-defined]
             for spec in ("hearts", "hearts:end_score=50,jack_of_diamonds=true",
                          "skat:deals=4", "skull")}
    assert scale["hearts"](True) == 26 and scale["hearts"](False) == 126
    assert scale["hearts:end_score=50,jack_of_diamonds=true"](False) == 86
    assert scale["skat:deals=4"](True) == 578 and scale["skat:deals=4"](False) == 4 * 578
    assert scale["skull"](False) == scale["skull"](True) == 1.0


@pytest.mark.parametrize("game_id", GAMES)
def test_gymnasium_make_builds_every_game_with_its_parameters(game_id: str) -> None:
    import parlour.rl.gym_env
    from parlour.rl.spaces import gym_id

    spec = SHORT.get(game_id, game_id)
    params = dict(p.split("=") for p in spec.partition(":")[2].split(",") if p)
    env = gymnasium.make(gym_id(game_id), opponents="random", seat=0, **params)
    assert env.unwrapped.game.spec == parlour.load_game(spec).spec
    observation, _ = env.reset(seed=2)
    assert env.observation_space.contains(observation)
    env.close()


def test_gymnasium_ids_load_the_module_themselves_and_refuse_unknown_options() -> None:
    code = ("import gymnasium; env = gymnasium.make('parlour.rl.gym_env:parlour/SkatRamsch-v0', "
            "opponents='random'); print(env.unwrapped.game.id)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120)
    assert out.stdout.strip() == "skat.ramsch"
    import parlour.rl.gym_env  # noqa: F401  (registers the ids)

    with pytest.raises(ParlourError, match="'end_scor' is neither a parameter of hearts"):
        gymnasium.make("parlour/Hearts-v0", end_scor=1)


def test_vector_autoreset_never_shows_an_all_zero_mask() -> None:
    from gymnasium.vector import AutoresetMode, SyncVectorEnv

    from parlour.rl.gym_env import gym_env

    envs = SyncVectorEnv([lambda: gym_env("skull:players=3", "random", seat=0)] * 3,
                         autoreset_mode=AutoresetMode.NEXT_STEP)
    observations, _ = envs.reset(seed=5)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(200):
        masks = observations["action_mask"].astype(bool)
        assert masks.any(axis=1).all()
        logits = rng.standard_normal(masks.shape)
        masked = np.where(masks, logits, -np.inf)
        log_softmax = masked - np.log(np.exp(masked).sum(axis=1, keepdims=True))
        assert np.isfinite(log_softmax[masks]).all()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        observations, _, terminated, truncated, _ = envs.step(actions)
        ended += int((terminated | truncated).sum())
    assert ended >= 3, "episodes ended and were reset"
    envs.close()


def test_gym_env_truncates_at_max_steps() -> None:
    from parlour.rl.gym_env import gym_env

    env = gym_env("spades", "random", seat=1, max_steps=7)
    observation, _ = env.reset(seed=1)
    for step in range(1, 8):
        observation, _, terminated, truncated, _ = env.step(env.action_space.sample())
        assert not terminated and truncated == (step == 7)
    assert observation["action_mask"].all(), "the last observation marks every id"
    with pytest.raises(ParlourError, match="reset"):
        env.step(0)
    env.reset(seed=2)
    assert env.step(env.action_space.sample())[3] is False
    with pytest.raises(ParlourError, match="max_steps must be at least 1"):
        gym_env("spades", "random", max_steps=0)


def test_aec_truncates_at_max_steps_and_gives_the_full_state() -> None:
    from parlour.rl.aec import aec_env

    env = aec_env("hearts", max_steps=10)
    env.reset(seed=4)
    steps = 0
    for _ in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert truncated and not terminated and observation["action_mask"].all()
            env.step(None)
            continue
        state = env.state()
        assert env.state_space.contains(state)
        game, now = env.game, env.state_now
        for seat in range(4):  # every seat's own tensor, so every hand is in it
            assert np.array_equal(state[seat], game.encode(now.observe(seat)))
            hand = game.encoding.layout.block(state[seat], "hand")  # type: ignore[attr-defined]
            assert hand.sum() == bin(now.hands[seat]).count("1")
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
        steps += 1
    assert steps == 10


def test_an_encoding_that_declares_no_bounds_is_declared_unbounded() -> None:
    from parlour.games.encoding import Encoding
    from parlour.games.hearts.encoding import HeartsEncoding

    class Silent(HeartsEncoding):  # a plug-in's encoding that says nothing of its bounds
        bounded = False

    low, high = Silent(parlour.load_game("hearts")).bounds()
    assert np.isneginf(low).all() and np.isposinf(high).all()
    assert Encoding.bounded is False and HeartsEncoding.bounded is True
