"""What the search agents share: options, the game they search, sampled worlds, the budget."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from random import Random
from typing import Any, ClassVar

from parlour.agents.base import BaseAgent
from parlour.agents.search import options as opt
from parlour.agents.search.playout import AUTO, Playout
from parlour.core import Action, AgentError, Game, Observation, ParlourError, State

COMMON_OPTIONS = (
    opt.Option("seconds", opt.seconds, None,
               "Seconds per decision; with it alone the count limit is lifted."),
    opt.Option("time", opt.seconds, None, "The same as 'seconds' (its older name)."),
    opt.Option("rollout", opt.name, AUTO,
               "Playout agent: 'random', one of the game's agents ('heuristic'), or 'auto' "
               "(the game's heuristic where it has one, else random)."),
    opt.Option("horizon", opt.horizon, 1,
               "How far playouts go: 'deal' (the current deal), a number of deals, or 'game'."),
    opt.Option("value", opt.choice("score", "rank"), "score",
               "What a playout is worth to a seat: its score, or its placement among the seats."),
    opt.Option("moves", opt.choice("auto", "legal"), "auto",
               "The moves searched: 'legal' (the game's legal actions), or 'auto': the rollout "
               "policy's candidates where it proposes some, else the legal actions."),
)


class SearchAgent(BaseAgent):
    """Base of the search agents: reads options, binds the game, samples worlds, keeps time.

    Built as ``(game=None, seat=0, rng=None, **options)``; options may be spec text. Every
    random choice (worlds, playouts, tie breaks) draws from the injected `rng`, so a seed
    reproduces the moves unless a time limit cuts the search short.
    """

    name = "search"
    options: ClassVar[tuple[opt.Option, ...]] = COMMON_OPTIONS
    count_option: ClassVar[str] = ""
    """The option limiting the work per decision by count (lifted when only `time` is given)."""

    def __init__(self, game: Game[Any] | None = None, seat: int = 0, rng: Random | None = None,
                 **options: Any) -> None:
        self.seat = seat
        self.rng = rng if rng is not None else Random(0)
        self.spec = opt.spec_text(self.name, options)
        values = opt.read_options(self.name, self.options, options)
        if values["seconds"] is not None and values["time"] is not None:
            raise AgentError(f"agent spec {self.spec!r} gives both 'seconds' and 'time'; "
                             "give one of them")
        self.time: float | None = values["seconds"] if values["seconds"] is not None \
            else values["time"]
        self.rollout: str = values["rollout"]
        self.horizon: int | None = values["horizon"]
        self.value: str = values["value"]
        self.moves: str = values["moves"]
        self.count: int | None = values[self.count_option]
        if self.time is not None and self.count_option not in options:  # time alone
            self.count = None
        self.configure(values)
        self.game: Game[Any] | None = None
        self.playout: Playout | None = None
        if game is not None:
            self.bind(game)

    def configure(self, values: Mapping[str, Any]) -> None:
        """Take the agent's own options from `values` (subclasses)."""

    def bind(self, game: Game[Any]) -> None:
        """Search `game` from now on (builds the playout agent, so a bad one fails early)."""
        self.game = game
        self.playout = Playout(game, self.rollout, self.horizon, self.value, self.rng, self.spec,
                               proposals=self.moves == "auto")

    def on_game_start(self, game: Game[Any], seat: int) -> None:
        if game != self.game:
            self.bind(game)
        self.seat = seat

    def ready(self, observation: Observation) -> tuple[Game[Any], Playout]:
        """The game and playout for a decision, checking the agent may act on `observation`."""
        if self.game is None or self.playout is None:
            raise AgentError(f"agent {self.spec!r} has no game: build it with game=... or let a "
                             "Match start it")
        if not observation.legal_actions:
            raise AgentError(f"agent {self.spec!r} was asked to act for seat {observation.seat}, "
                             "which has no legal action now")
        return self.game, self.playout

    def sample(self, game: Game[Any], observation: Observation) -> State[Any]:
        """A quiet world consistent with `observation`, checked against its legal actions."""
        world: State[Any] = game.sample_state(observation, self.rng)
        world.quiet = True
        legal = observation.legal_actions
        found = world.legal_actions()
        if (world.current_player != observation.seat
                or (tuple(found) != legal and set(found) != set(legal))):
            raise ParlourError(
                f"{game.id}.sample_state gave a world where seat {observation.seat} may play "
                f"{_names(found)} (to move: {world.current_player}), but its observation allows "
                f"{_names(legal)}"
            )
        return world

    def candidates(self, observation: Observation) -> Sequence[Action]:
        """The moves to search at the decision of `observation` (see `Playout.candidates`)."""
        assert self.playout is not None
        return self.playout.candidates(observation)

    def deadline(self) -> float | None:
        """When the current decision must stop searching (None: no time limit)."""
        return None if self.time is None else time.perf_counter() + self.time


def _names(actions: Sequence[Action]) -> str:
    return "[" + ", ".join(str(a) for a in actions) + "]"
