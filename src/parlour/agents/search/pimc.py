"""Perfect Information Monte Carlo: average each action over sampled worlds, play the best.

For each decision, sample `worlds` states consistent with the observation; in each, try every
legal action followed by `rollouts` playouts to the horizon, and add the seat's value. The
action with the best mean wins (ties go to the seeded generator). Every action sees the same
worlds, so comparisons between actions are paired and need fewer worlds.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from parlour.agents.search import options as opt
from parlour.agents.search.base import COMMON_OPTIONS, SearchAgent
from parlour.core import Action, Observation


class PIMCAgent(SearchAgent):
    """PIMC: ``pimc:worlds=20,rollouts=1,rollout=auto,seconds=...,horizon=deal``.

    With ``seconds`` alone, it samples worlds until the time is up (always at least one); with
    both, it stops at whichever limit comes first.
    """

    name = "pimc"
    count_option = "worlds"
    options = (
        opt.Option("worlds", opt.positive_int, 20, "Worlds sampled per decision."),
        opt.Option("rollouts", opt.positive_int, 1, "Playouts per action in each world."),
        *COMMON_OPTIONS,
    )

    def configure(self, values: Mapping[str, Any]) -> None:
        self.rollouts: int = values["rollouts"]
        self.worlds_searched = 0

    def act(self, observation: Observation) -> Action:
        legal = self.candidates(observation) if self.playout else observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        totals = self.evaluate(observation)
        best = max(totals)
        tied = [a for a, total in zip(legal, totals, strict=True) if total == best]
        return tied[self.rng.randrange(len(tied))] if len(tied) > 1 else tied[0]

    def evaluate(self, observation: Observation) -> list[float]:
        """The seat's total value of each move searched (in `candidates` order: the legal
        actions unless the rollout agent proposes the moves)."""
        game, playout = self.ready(observation)
        seat = observation.seat
        legal = self.candidates(observation)
        totals = [0.0] * len(legal)
        limit = self.count
        deadline = self.deadline()
        clock = time.perf_counter
        worlds = 0
        while limit is None or worlds < limit:
            world = self.sample(game, observation)
            stop = playout.stop_deal(world)
            for i, action in enumerate(legal):
                for _ in range(self.rollouts):
                    state = world.clone(quiet=True)
                    state.apply_unchecked_no_undo(action)
                    totals[i] += playout.run(state, stop)[seat]
            worlds += 1
            if deadline is not None and clock() >= deadline:
                break
        self.worlds_searched = worlds
        return totals
