"""What the page may choose from: the games, their parameters, and the agents allowed to sit.

Built-in agents (the game's own, ``random``, the search agents) are always allowed. Specs with
a scheme (``exec:``, ``file:``, ``heartless:``, ...) run programs or files from this machine,
so they are refused unless the server was started with ``--allow-local-bots``. ``human`` is a
person at the page, never the console agent.
"""

from __future__ import annotations

from typing import Any

from parlour.agents.specs import COMMAND_SCHEMES, SCHEMES, check_command, generic_agents
from parlour.core import AgentError, Game, GameInfo, ParlourError, list_games, load_game, parse_spec

PERSON = "human"
"""The spec of a seat played by a person at the page."""

CONSOLE_ONLY = {"human"}
"""Generic agents that cannot sit at a web table (the console `human` reads the terminal)."""

AGENT_NOTES = {
    "heuristic": "the game's own rule-based bot",
    "heuristic-v1": "the first rule-based bot, kept as a baseline",
    "random": "random legal moves",
    "ismcts": "Information Set MCTS (search; slower)",
    "pimc": "Perfect Information Monte Carlo (search; slower)",
    "zombie": "a Territory zombie",
    "t800": "game17's T-800 player",
}


def games() -> list[dict[str, Any]]:
    """Every registered game for the page: id, name, description, parameters, agents."""
    return [game_info(info) for info in list_games()]


def game_info(info: GameInfo) -> dict[str, Any]:
    """One game's entry in the catalog."""
    cls = info.game_class
    game = cls()
    return {
        "id": info.id,
        "name": cls.name or info.id,
        "description": info.description,
        "aliases": list(info.aliases),
        "players": game.num_players,
        "parameters": [param_info(p) for p in cls.parameters],
        "agents": agent_choices(game),
        "default_agent": "heuristic" if "heuristic" in game.agents else "random",
    }


def param_info(param: Any) -> dict[str, Any]:
    """A parameter as the form shows it."""
    return {
        "name": param.name, "type": param.type.__name__, "default": param.default,
        "doc": param.doc, "choices": list(param.choices) if param.choices else None,
        "min": param.bounds()[0], "max": param.bounds()[1],
    }


def agent_choices(game: Game[Any]) -> list[dict[str, str]]:
    """The built-in agents offered for `game`, the game's own first."""
    names = [*game.agents, *(n for n in generic_agents(game) if n not in CONSOLE_ONLY)]
    seen: list[str] = []
    for name in names:
        if name not in seen:
            seen.append(name)
    return [{"spec": n, "note": AGENT_NOTES.get(n, "")} for n in seen]


def make_game(game_id: str, params: dict[str, Any]) -> Game[Any]:
    """The game named by the page, with its parameters checked (values may be text)."""
    if ":" in game_id:
        raise ParlourError(f"game {game_id!r}: give parameters separately, not in the id")
    return load_game(game_id, **params)


def is_local(spec: str) -> bool:
    """True for specs that run a program or file of this machine (``exec:``, ``file:``)."""
    scheme, colon, _ = spec.partition(":")
    return bool(colon) and scheme.strip() in SCHEMES


def check_spec(spec: str, game: Game[Any], allow_local: bool) -> str:
    """`spec` stripped if a web table may seat it, else `AgentError` saying why not."""
    spec = spec.strip()
    if spec == PERSON:
        return spec
    if is_local(spec):
        if not allow_local:
            raise AgentError(
                f"agent {spec!r} runs a program or file of this machine; the server allows "
                "that only when started with --allow-local-bots"
            )
        if spec.partition(":")[0].strip() in COMMAND_SCHEMES:
            check_command(spec)
        return spec
    name, _ = parse_spec(spec)
    if name in CONSOLE_ONLY:
        raise AgentError(f"agent {spec!r} is for the console; choose 'human' for a person")
    allowed = {*game.agents, *(f"{game.id}.{n}" for n in game.agents),
               *(n for n in generic_agents(game) if n not in CONSOLE_ONLY)}
    if name not in allowed:
        choices = ", ".join(sorted(allowed))
        raise AgentError(f"unknown agent {name!r} for {game.id}; choose one of {choices}")
    return spec


__all__ = ["PERSON", "agent_choices", "check_spec", "game_info", "games", "is_local",
           "make_game"]
