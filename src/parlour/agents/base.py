"""The Agent protocol: `act(observation) -> action`, plus optional event hooks."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from parlour.core import Action, Event, Game, Observation, ParlourError


@runtime_checkable
class Agent(Protocol):
    """Anything with `act(observation) -> action` is an agent.

    Optional hooks, called when present: ``on_game_start(game, seat)``, ``on_event(event)``
    (only events the seat may see), ``on_game_end(result)``. An agent only ever receives
    observations, never the state, so it cannot see what its seat may not.
    """

    def act(self, observation: Any) -> Action: ...


class BaseAgent:
    """A convenient base with no-op hooks; subclasses implement `act`."""

    name = "agent"

    def on_game_start(self, game: Game[Any], seat: int) -> None:
        """Called once before the first decision."""

    def on_event(self, event: Event) -> None:
        """Called for every event this seat may see, as it happens."""

    def on_game_end(self, result: Any) -> None:
        """Called once the game is over, with the `GameResult`."""

    def act(self, observation: Observation) -> Action:
        raise NotImplementedError


class AgentFault(ParlourError):
    """An agent failed a decision in a way the fault policy handles; `kind` names how."""

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
