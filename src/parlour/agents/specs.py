"""Agent specs: the one grammar the CLI and tournaments share to name an agent.

``random``, ``heuristic`` (the game's own), ``hearts.heuristic``, ``name:key=value,...``.
A spec resolves, for a given game and seat, to an agent built with a generator derived from the
match seed, so a seed reproduces a game whatever the agents do.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from random import Random
from typing import Any

from parlour.agents.base import Agent
from parlour.core import AgentError, Game, UnknownNameError, parse_spec

AgentFactory = Callable[..., Agent]

GENERIC_AGENTS: dict[str, str] = {
    "random": "parlour.agents.random_agent:RandomAgent",
}


def register_agent(name: str, target: str | AgentFactory) -> None:
    """Make `name` usable in specs; `target` is a factory or ``"module:attribute"``."""
    GENERIC_AGENTS[name] = target  # type: ignore[assignment]


def _load(target: str | AgentFactory) -> AgentFactory:
    if not isinstance(target, str):
        return target
    module_name, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module_name), attribute)  # type: ignore[no-any-return]


def agent_names(game: Game[Any]) -> list[str]:
    """Every agent name a spec may use for `game`."""
    own = [*game.agents, *(f"{game.id}.{name}" for name in game.agents)]
    return sorted({*GENERIC_AGENTS, *own})


def resolve_factory(name: str, game: Game[Any]) -> AgentFactory:
    """The factory for agent `name` in `game`, or an error with a "did you mean"."""
    if name in game.agents:
        return _load(game.agents[name])
    prefix = f"{game.id}."
    if name.startswith(prefix) and name[len(prefix):] in game.agents:
        return _load(game.agents[name[len(prefix):]])
    if name in GENERIC_AGENTS:
        return _load(GENERIC_AGENTS[name])
    raise UnknownNameError("agent", name, agent_names(game), context=f"for game {game.id!r}")


def make_agent(spec: str, game: Game[Any], seat: int, rng: Random) -> Agent:
    """Build the agent named by `spec` for `seat` of `game`, with generator `rng`."""
    name, options = parse_spec(spec)
    factory = resolve_factory(name, game)
    try:
        agent = factory(game=game, seat=seat, rng=rng, **options)
    except TypeError as error:
        raise AgentError(f"cannot build agent {spec!r} for seat {seat}: {error}") from None
    if not callable(getattr(agent, "act", None)):
        raise AgentError(f"agent {spec!r} has no act(observation) method")
    return agent
