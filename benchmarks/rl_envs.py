"""Reinforcement-learning environments: steps per second, side by side in one run.

1. Hearts, every seat a learner choosing uniformly among the legal ids: OpenSpiel's
   `rl_environment` on its Hearts next to parlour's PettingZoo AEC environment.
2. parlour's single-seat Gymnasium environment against parlour's `VectorEnv` with a batch of
   64, the other seats random, the learner choosing with a small numpy network (one forward
   pass per step for the single env, one per batch for the vector env), as a trainer does.

3. The same in self-play: every seat the network, PettingZoo's AEC loop against `VectorEnv`.

Run: PYTHONPATH=src OPENBLAS_NUM_THREADS=1 python benchmarks/rl_envs.py [--seconds 5]
(one BLAS thread: on a busy machine a threaded matrix product of 64 rows spins and loses).
OpenSpiel is optional. Every rate is per second of the process's CPU time, so a loaded
machine slows each row alike; `rl_throughput.py` measures the batched paths further.
"""

from __future__ import annotations

import argparse
import time
import warnings

import numpy as np

import parlour
from parlour.rl import VectorEnv


def openspiel_steps(seconds: float) -> float | None:
    try:
        from open_spiel.python import rl_environment
    except ImportError:
        return None
    env = rl_environment.Environment("hearts")
    rng = np.random.default_rng(0)
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            legal = step.observations["legal_actions"][player]
            step = env.step([legal[rng.integers(len(legal))]])
            steps += 1
    return steps / (time.process_time() - start)


def aec_steps(seconds: float) -> float:
    from parlour.rl.aec import aec_env

    env = aec_env("hearts")
    rng = np.random.default_rng(0)
    steps, start = 0, time.process_time()
    env.reset(seed=0)
    while time.process_time() - start < seconds:
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.reset()
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.integers(len(legal))]))
        steps += 1
    return steps / (time.process_time() - start)


def network(inputs: int, outputs: int) -> list[np.ndarray]:
    rng = np.random.default_rng(1)
    return [rng.standard_normal((inputs, 256), dtype=np.float32) * 0.05,
            rng.standard_normal((256, 256), dtype=np.float32) * 0.05,
            rng.standard_normal((256, outputs), dtype=np.float32) * 0.05]


def choose(layers: list[np.ndarray], x: np.ndarray, mask: np.ndarray) -> np.ndarray:
    for w in layers[:-1]:
        x = np.maximum(x @ w, 0.0)
    values = np.where(mask.astype(bool), x @ layers[-1], -np.inf)
    return values.argmax(axis=-1)


def aec_network_steps(game_id: str, seconds: float) -> float:
    from parlour.rl.aec import aec_env

    env = aec_env(game_id)
    game = env.game
    layers = network(int(np.prod(game.observation_shape)), game.encoding.num_actions)
    steps, start = 0, time.process_time()
    env.reset(seed=0)
    while time.process_time() - start < seconds:
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.reset()
            continue
        action = choose(layers, observation["observation"].reshape(1, -1),
                        observation["action_mask"][None])[0]
        env.step(int(action))
        steps += 1
    return steps / (time.process_time() - start)


def gym_steps(game_id: str, seconds: float) -> float:
    from parlour.rl.gym_env import gym_env

    env = gym_env(game_id, "random", seat=0)
    game = env.game
    layers = network(int(np.prod(game.observation_shape)), game.encoding.num_actions)
    observation, _ = env.reset(seed=0)
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        action = choose(layers, observation["observation"].reshape(1, -1),
                        observation["action_mask"][None])[0]
        observation, _, terminated, _, _ = env.step(int(action))
        steps += 1
        if terminated:
            observation, _ = env.reset()
    return steps / (time.process_time() - start)


def vector_steps(game_id: str, seconds: float, batch: int, self_play: bool = False) -> float:
    game = parlour.load_game(game_id)
    others = [None if self_play else "random"] * (game.num_players - 1)
    env = VectorEnv(game, batch, [None, *others], seed=0)
    layers = network(int(np.prod(game.observation_shape)), game.encoding.num_actions)
    observations, masks, _ = env.reset()
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        actions = choose(layers, observations.reshape(batch, -1), masks)
        observations, masks, *_ = env.step(actions)
        steps += batch
    return steps / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--batch", type=int, default=64)
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    print("Hearts, every seat random, steps/s (one step = one decision)")
    peer = openspiel_steps(args.seconds)
    ours = aec_steps(args.seconds)
    if peer is not None:
        print(f"  OpenSpiel rl_environment  {peer:>10,.0f}")
    print(f"  parlour PettingZoo AEC    {ours:>10,.0f}"
          + (f"   {ours / peer:.2f}x OpenSpiel" if peer else ""))
    print(f"One learner seat, a 256x256 numpy network choosing; others random "
          f"(batch {args.batch})")
    for game_id in ("hearts", "skull"):
        single = gym_steps(game_id, args.seconds)
        batched = vector_steps(game_id, args.seconds, args.batch)
        print(f"  {game_id:<7} Gymnasium env {single:>9,.0f}/s   VectorEnv {batched:>9,.0f}/s"
              f"   {batched / single:.2f}x")
    print(f"Self-play, every seat the network (batch {args.batch})")
    for game_id in ("hearts", "skull"):
        single = aec_network_steps(game_id, args.seconds)
        batched = vector_steps(game_id, args.seconds, args.batch, self_play=True)
        print(f"  {game_id:<7} PettingZoo AEC {single:>8,.0f}/s   VectorEnv {batched:>9,.0f}/s"
              f"   {batched / single:.2f}x")


if __name__ == "__main__":
    main()
