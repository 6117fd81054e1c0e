"""Agent specs: the one grammar the CLI and tournaments share to name an agent.

- ``random``, ``heuristic`` (the game's own), ``hearts.heuristic``: built-in agents.
- ``ismcts:iterations=800,c=0.7``: a named agent with options (text, converted by the agent).
- ``file:bots/mine.py``: a Python file with ``act(observation)`` or an Agent class.
- ``pyfile:bots/mine.py``: the same file run in its own process, in the sandbox.
- ``exec:./mybot --flag``: any program speaking the JSON-lines protocol (docs/protocol.md).
- ``human``: a person at the console.
- ``openspiel:ismcts:simulations=200``: one of OpenSpiel's bots (the ``openspiel`` extra).

A spec resolves, for a given game and seat, to an agent built with a generator derived from the
match seed, so a seed reproduces a game whatever the agents do.
"""

from __future__ import annotations

import importlib
import inspect
import shlex
from collections.abc import Callable
from random import Random
from typing import Any

from parlour.agents.base import Agent
from parlour.core import AgentError, Game, UnknownNameError, parse_spec

AgentFactory = Callable[..., Agent]

GENERIC_AGENTS: dict[str, str | AgentFactory] = {
    "random": "parlour.agents.random_agent:RandomAgent",
    "human": "parlour.console.human:HumanAgent",
    "ismcts": "parlour.agents.search.ismcts:ISMCTSAgent",
    "pimc": "parlour.agents.search.pimc:PIMCAgent",
    "learned": "parlour.agents.learned:learned_agent",
}

SCHEMES: dict[str, str | AgentFactory] = {
    "file": "parlour.agents.pyfile:file_agent",
    "pyfile": "parlour.agents.pyfile:pyfile_agent",
    "exec": "parlour.agents.external:exec_agent",
    "heartless": "parlour.agents.heartless:heartless_agent",
    "learned": "parlour.agents.learned:learned_file_agent",
    "ladder": "parlour.ladder.bots:ladder_agent",
    "openspiel": "parlour.openspiel.agents:openspiel_agent",
}
"""Spec prefixes whose rest is raw text (a path or a command line), not key=value options.

A scheme factory is called as ``factory(text, game=..., seat=..., rng=..., limits=...)``.
"""
COMMAND_SCHEMES = frozenset({"exec", "heartless"})
"""Schemes whose text is a shell-quoted command line, checked by `check_command`."""


def register_agent(name: str, target: str | AgentFactory) -> None:
    """Make `name` usable in specs; `target` is a factory or ``"module:attribute"``."""
    GENERIC_AGENTS[name] = target


def register_scheme(prefix: str, target: str | AgentFactory) -> None:
    """Make ``prefix:raw text`` usable in specs (like ``exec:`` and ``file:``)."""
    SCHEMES[prefix] = target


def _load(target: str | AgentFactory) -> AgentFactory:
    if not isinstance(target, str):
        return target
    module_name, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module_name), attribute)  # type: ignore[no-any-return]


def generic_agents(game: Game[Any]) -> list[str]:
    """The generic agents that can play `game`: all of `GENERIC_AGENTS`, but ``learned`` only
    when the game ships learned weights (``learned:PATH`` plays a file of your own)."""
    names = list(GENERIC_AGENTS)
    if "learned" in names and GENERIC_AGENTS["learned"] == _LEARNED:
        from parlour.agents.learned import shipped_policy_path

        if not shipped_policy_path(game).exists():
            names.remove("learned")
    return names


_LEARNED = GENERIC_AGENTS["learned"]


def agent_names(game: Game[Any]) -> list[str]:
    """Every agent name a spec may use for `game` (schemes end in a colon)."""
    own = [*game.agents, *(f"{game.id}.{name}" for name in game.agents)]
    return sorted({*generic_agents(game), *own, *(f"{s}:" for s in SCHEMES)})


def check_options(factory: AgentFactory, name: str, options: dict[str, str]) -> None:
    """Refuse options `factory` does not take, in one line naming the option, the agent and the
    options it takes (rather than Python's ``__init__() got an unexpected keyword``)."""
    try:
        parameters = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):  # a builtin or an odd callable: let the call decide
        return
    if any(p.kind is p.VAR_KEYWORD for p in parameters):
        return
    taken = [p.name for p in parameters if p.name not in _PASSED and p.kind in _NAMED]
    for option in options:
        if option not in taken:
            offer = f"it takes {', '.join(taken)}" if taken else "it takes no options"
            raise AgentError(f"agent {name!r} has no option {option!r}; {offer}")


_PASSED = frozenset({"game", "seat", "rng", "limits", "self"})
"""Arguments every factory is given by `make_agent`, not options of a spec."""
_NAMED = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)


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


def make_agent(spec: str, game: Game[Any], seat: int, rng: Random,
               limits: Any = None) -> Agent:
    """Build the agent named by `spec` for `seat` of `game`, with generator `rng`.

    `limits` (a `ProcessLimits`) applies to agents that run in another process.
    """
    scheme, colon, rest = spec.partition(":")
    if colon and scheme.strip() in SCHEMES:
        if not rest.strip():
            raise AgentError(f"agent spec {spec!r} needs text after '{scheme}:'")
        if scheme.strip() in COMMAND_SCHEMES:
            check_command(spec)
        factory = _load(SCHEMES[scheme.strip()])
        agent = factory(rest.strip(), game=game, seat=seat, rng=rng, limits=limits)
    else:
        name, options = parse_spec(spec)
        factory = resolve_factory(name, game)
        check_options(factory, name, options)
        try:
            agent = factory(game=game, seat=seat, rng=rng, **options)
        except TypeError as error:
            raise AgentError(f"cannot build agent {spec!r} for seat {seat}: {error}") from None
    if not callable(getattr(agent, "act", None)):
        raise AgentError(f"agent {spec!r} has no act(observation) method")
    return agent


def check_command(spec: str) -> list[str]:
    """The words of a command-line spec (``exec:./bot --level "very hard"``), or an
    `AgentError` naming the spec when its quoting cannot be read (``exec:"abc``)."""
    scheme, _, rest = spec.partition(":")
    try:
        words = shlex.split(rest)
    except ValueError as error:
        reason = str(error).lower()
        raise AgentError(f"agent spec {spec!r}: cannot read its command line ({reason}); "
                         "close every quote, or quote a lone quote as \\\"") from None
    if not words:
        raise AgentError(f"agent spec {spec!r} needs a command after '{scheme}:'")
    return words


def split_seats(text: str) -> list[str]:
    """Split a comma-separated list of specs, keeping options' commas with their spec.

    ``"random,ismcts:iterations=800,c=0.7,heuristic"`` gives three specs: a part that looks
    like ``key=value`` continues the spec before it. Raw specs (``exec:``, ``file:``) cannot
    contain commas here; name them one by one (``--seat``) instead.
    """
    specs: list[str] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        key, eq, _ = part.partition("=")
        if specs and eq and ":" not in key and " " not in key and ":" in specs[-1]:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs
