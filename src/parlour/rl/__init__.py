"""Reinforcement-learning environments over parlour's games (a face, like the CLI).

- `VectorEnv`: many games in lockstep with batched numpy arrays (numpy only);
  `ProcessVectorEnv`: the same spread over worker processes, one per core.
- `parlour.rl.aec.ParlourAEC` / `aec_env(game)`: a PettingZoo AEC environment.
- `parlour.rl.gym_env.ParlourGym` / `gym_env(game, opponents)`: a Gymnasium environment for
  one seat, the others played by agent specs.

PettingZoo and Gymnasium come with the ``rl`` extra (``pip install 'parlour[rl]'``) and are
imported only by the modules that need them.
"""

from __future__ import annotations

from typing import Any

from parlour.rl.deprecated import old_name
from parlour.rl.processes import ProcessVectorEnv
from parlour.rl.seated_game import AgentSource, SeatedGame
from parlour.rl.vector import Seating, VectorEnv

__all__ = [
    "AgentSource",
    "ProcessVectorEnv",
    "SeatedGame",
    "Seating",
    "VectorEnv",
    "aec_env",
    "gym_env",
]


def aec_env(game: Any, **options: Any) -> Any:
    """A PettingZoo AEC environment of `game` (a Game or a spec); needs the ``rl`` extra."""
    from parlour.rl.aec import ParlourAEC

    return ParlourAEC(game, **options)


def gym_env(game: Any, opponents: Any = "heuristic", **options: Any) -> Any:
    """A Gymnasium environment for one seat of `game`; needs the ``rl`` extra."""
    from parlour.rl.gym_env import ParlourGym

    return ParlourGym(game, opponents, **options)


def __getattr__(name: str) -> Any:
    """Old names (docs/deprecated.md), with a DeprecationWarning."""
    return old_name(name)
