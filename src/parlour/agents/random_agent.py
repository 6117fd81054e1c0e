"""The random agent: a uniformly random legal action from its own seeded generator."""

from __future__ import annotations

from random import Random
from typing import Any

from parlour.agents.base import BaseAgent
from parlour.core import Action, Game, Observation


class RandomAgent(BaseAgent):
    """Plays a uniformly random legal action. Seeded, so a match seed reproduces its choices."""

    name = "random"

    def __init__(self, game: Game[Any] | None = None, seat: int = 0,
                 rng: Random | None = None) -> None:
        self.rng = rng if rng is not None else Random(0)

    def act(self, observation: Observation) -> Action:
        legal = observation.legal_actions
        return legal[self.rng.randrange(len(legal))]
