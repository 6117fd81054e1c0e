"""Train a shared PPO policy for every seat of a parlour game with Ray RLlib.

parlour's PettingZoo environment goes through RLlib's own `PettingZooEnv` wrapper; RLlib's
action-masking module keeps PPO to the legal ids (it reads the mask from the observation
dict, under the key ``observations`` for the tensor, hence the small renaming wrapper). One
policy plays every seat (parameter sharing), as self-play.

For users who outgrow one machine: point Ray at a cluster and raise the env runners. Not run
by the test suite (Ray RLlib is heavy); run it as

    pip install 'parlour[rl]' 'ray[rllib]' torch==2.13.0
    python examples/rl/rllib_pettingzoo.py --game skull:players=3 --iterations 5

Checked with ray 2.60.0 and torch 2.13.0 (see docs/learning.md).
"""

from __future__ import annotations

import argparse
from typing import Any

from gymnasium import spaces
from pettingzoo.utils import BaseWrapper
from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
from ray.rllib.core.rl_module.rl_module import RLModuleSpec
from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
    ActionMaskingTorchRLModule,
)
from ray.tune.registry import register_env

from parlour.rl import aec_env


class RLlibKeys(BaseWrapper):  # type: ignore[misc]
    """Renames the observation's ``observation`` entry to ``observations`` (RLlib's key)."""

    def observation_space(self, agent: str) -> spaces.Dict:
        space = self.env.observation_space(agent)
        return spaces.Dict({"observations": space["observation"],
                            "action_mask": space["action_mask"]})

    def observe(self, agent: str) -> dict[str, Any]:
        seen = self.env.observe(agent)
        return {"observations": seen["observation"], "action_mask": seen["action_mask"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="skull:players=3")
    parser.add_argument("--iterations", type=int, default=5)
    args = parser.parse_args()

    register_env("parlour", lambda _: PettingZooEnv(RLlibKeys(aec_env(args.game))))
    config = (
        PPOConfig()
        .environment("parlour", disable_env_checking=True)  # its check steps unmasked ids
        .env_runners(num_env_runners=1)
        .multi_agent(policies={"shared"}, policy_mapping_fn=lambda agent, *_, **__: "shared")
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={
            "shared": RLModuleSpec(module_class=ActionMaskingTorchRLModule)}))
        .training(train_batch_size_per_learner=2000, minibatch_size=250)
    )
    algorithm = config.build_algo()
    for iteration in range(args.iterations):
        result = algorithm.train()
        returns = result["env_runners"].get("agent_episode_returns_mean", {})
        shown = ", ".join(f"{seat} {float(value):+.3f}" for seat, value in sorted(returns.items()))
        print(f"iteration {iteration + 1}: mean episode return per seat: {shown}")
    algorithm.stop()


if __name__ == "__main__":
    main()
