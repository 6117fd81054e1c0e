"""The Agent protocol: `act(observation) -> action`, plus optional members, each declared.

Only `act` is required. What a match reads when an agent has it is declared here too, so an
author reads it rather than the match's code: the event hooks, `act_within` (`ActsWithin`),
`close` (`Closes`), and the flags `interactive` and `self_timed` (`is_untimed`). `BaseAgent`
has every one of them with its default.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Protocol, runtime_checkable

from parlour.core import Action, Event, Game, Observation, ParlourError


@runtime_checkable
class Agent(Protocol):
    """Anything with `act(observation) -> action` is an agent.

    Optional members, used when present (`BaseAgent` has them all):

    - the hooks ``on_game_start(game, seat)``, ``on_event(event)`` (only events the seat may
      see) and ``on_game_end(result)``;
    - ``act_within(observation, seconds)`` (`ActsWithin`): `act` with the seconds the agent
      has left, called instead of `act` in a timed match;
    - ``close()`` (`Closes`): release what the agent holds (a process), once the game ends;
    - ``interactive = True`` (a person) or ``self_timed = True`` (an agent that keeps its own
      time): the match never times it (`is_untimed`).

    An agent only ever receives observations, never the state, so it cannot see what its seat
    may not.
    """

    def act(self, observation: Any) -> Action: ...


@runtime_checkable
class ActsWithin(Protocol):
    """An agent that can be told its time: ``act_within(observation, seconds)`` answers within
    `seconds` or raises `AgentTimeout` (the external programs do)."""

    def act_within(self, observation: Any, seconds: float) -> Action: ...


@runtime_checkable
class Closes(Protocol):
    """An agent that holds something to release when its game ends: ``close()``, which may be
    called more than once."""

    def close(self) -> None: ...


def act_within_of(agent: object) -> Callable[[Any, float], Action] | None:
    """The agent's `act_within`, or None where it has none."""
    method: Callable[[Any, float], Action] | None = getattr(agent, "act_within", None)
    return method


def close_of(agent: object) -> Callable[[], None] | None:
    """The agent's `close`, or None where it has none."""
    method: Callable[[], None] | None = getattr(agent, "close", None)
    return method


def is_untimed(agent: object) -> bool:
    """True for an agent a match never times: a person (``interactive``) or one that keeps
    its own time (``self_timed``)."""
    return bool(getattr(agent, "interactive", False) or getattr(agent, "self_timed", False))


class BaseAgent:
    """A convenient base with every optional member at its default; subclasses implement
    `act`."""

    name = "agent"
    interactive: ClassVar[bool] = False
    """True for a person: never timed, and shown the game as it goes."""
    self_timed: ClassVar[bool] = False
    """True for an agent that keeps its own time, so the match does not time it."""

    def on_game_start(self, game: Game[Any], seat: int) -> None:
        """Called once before the first decision."""

    def on_event(self, event: Event) -> None:
        """Called for every event this seat may see, as it happens."""

    def on_game_end(self, result: Any) -> None:
        """Called once the game is over, with the `GameResult`."""

    def act(self, observation: Observation) -> Action:
        raise NotImplementedError

    def close(self) -> None:
        """Release what the agent holds; nothing here."""


class AgentFault(ParlourError):
    """An agent failed a decision in a way the fault rules handle; `kind` names how."""

    kind = "fault"


class AgentTimeout(AgentFault):
    """No answer within the move's time (the move limit plus what is left of the bank)."""

    kind = "timeout"


class AgentCrashed(AgentFault):
    """The agent's process exited, was killed, or closed its output."""

    kind = "crash"


class AgentGarbage(AgentFault):
    """The agent answered something that is not an action: malformed, oversized, flooding."""

    kind = "garbage"


class AgentQuit(ParlourError):
    """An agent (a person typing `exit`) ends the game: the match stops, keeping its record."""
