"""The error hierarchy: every error parlour raises on bad input is a `ParlourError`.

Messages are one line, quote the offending input and name the context, and suggest the closest
valid name where a name was mistyped.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any


class ParlourError(Exception):
    """Base class of every error parlour raises on bad input or misuse."""


class NotationError(ParlourError, ValueError):
    """Text that cannot be read as cards or as an action."""


class IllegalActionError(ParlourError, ValueError):
    """An action that is not legal in the current state; says who tried it and why not."""

    def __init__(self, action: Any, player: int | None, reason: str) -> None:
        self.action = action
        self.player = player
        self.reason = reason
        who = "no one (the game is over)" if player is None else f"seat {player}"
        super().__init__(f"illegal action {str(action)!r} for {who}: {reason}")


class UnknownNameError(ParlourError, KeyError):
    """A name (game, parameter, agent) that does not exist; offers the closest valid names."""

    def __init__(self, kind: str, name: str, choices: Iterable[str], context: str = "") -> None:
        self.kind = kind
        self.name = name
        self.choices = sorted(set(choices))
        where = f" {context}" if context else ""
        message = f"unknown {kind} {name!r}{where}"
        hint = did_you_mean(name, self.choices)
        if hint:
            message += f"; did you mean {hint}?"
        elif self.choices:
            message += f"; expected one of: {', '.join(self.choices)}"
        self.message = message
        super().__init__(message)

    def __str__(self) -> str:  # KeyError would quote the whole message
        return self.message


class UnknownGameError(UnknownNameError):
    """A game id or alias that is not registered."""

    def __init__(self, name: str, choices: Iterable[str]) -> None:
        super().__init__("game", name, choices)


class UnknownParameterError(UnknownNameError):
    """A parameter name that the game does not have."""

    def __init__(self, name: str, choices: Iterable[str], game: str) -> None:
        super().__init__("parameter", name, choices, context=f"for game {game!r}")


class ParameterError(ParlourError, ValueError):
    """A parameter value of the wrong type or out of range."""


class RecordError(ParlourError, ValueError):
    """A record that is damaged, of an unknown version, or does not re-simulate to its results."""


class AgentError(ParlourError):
    """An agent spec that cannot be resolved, or an agent that cannot be built."""


def did_you_mean(name: str, choices: Iterable[str]) -> str:
    """Return the closest choices to `name` as ``'a' or 'b'``, or an empty string."""
    pool = list(choices)
    close = difflib.get_close_matches(name, pool, n=2, cutoff=0.6)
    if not close:
        lowered = {c.lower(): c for c in pool}
        close = [lowered[c] for c in difflib.get_close_matches(name.lower(), list(lowered), n=2)]
    return " or ".join(repr(c) for c in close)
