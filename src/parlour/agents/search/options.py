"""Reading a search agent's options: from spec text (``ismcts:iterations=800,c=0.7``) or Python.

Every bad option raises `AgentError` naming the option, the value and the spec it came from,
with a "did you mean" for a mistyped name.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.core import AgentError
from parlour.core.errors import did_you_mean


@dataclass(frozen=True)
class Option:
    """One named option of an agent: how to read it, its default and its help text."""

    name: str
    read: Callable[[Any], Any]
    """Converts a value (text from a spec, or a Python value) or raises ValueError."""
    default: Any
    doc: str


def spec_text(agent: str, given: Mapping[str, Any]) -> str:
    """The spec an agent was built from, as a person would have written it."""
    if not given:
        return agent
    return agent + ":" + ",".join(f"{k}={v}" for k, v in given.items())


def read_options(
    agent: str, declared: Sequence[Option], given: Mapping[str, Any]
) -> dict[str, Any]:
    """Every declared option's value: the given ones read and checked, the rest defaults."""
    by_name = {o.name: o for o in declared}
    spec = spec_text(agent, given)
    values = {o.name: o.default for o in declared}
    for name, raw in given.items():
        option = by_name.get(name)
        if option is None:
            hint = did_you_mean(name, by_name)
            known = f"options: {', '.join(by_name)}"
            expected = f"did you mean {hint}? ({known})" if hint else known
            raise AgentError(f"unknown option {name!r} in agent spec {spec!r}; {expected}")
        try:
            values[name] = option.read(raw)
        except (TypeError, ValueError) as error:
            raise AgentError(
                f"bad value {raw!r} for option {name!r} in agent spec {spec!r}: {error}"
            ) from None
    return values


def positive_int(value: Any) -> int:
    """An int of at least 1 (``"800"`` or ``800``)."""
    if isinstance(value, bool):
        raise ValueError("expected a whole number")
    if isinstance(value, str):
        value = value.strip()
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise ValueError("expected a whole number") from None
    if isinstance(value, float) and value != number:
        raise ValueError("expected a whole number")
    if number < 1:
        raise ValueError("must be at least 1")
    return number


def _number(value: Any) -> float:
    if isinstance(value, bool):
        raise ValueError("expected a number")
    try:
        number = float(value.strip() if isinstance(value, str) else value)
    except (TypeError, ValueError):
        raise ValueError("expected a number") from None
    if not math.isfinite(number):
        raise ValueError("expected a finite number")
    return number


def non_negative_float(value: Any) -> float:
    """A finite number of at least 0."""
    number = _number(value)
    if number < 0:
        raise ValueError("must be at least 0")
    return number


def seconds(value: Any) -> float | None:
    """A time in seconds greater than 0; ``None``/``"none"`` for no time limit."""
    if value is None or (isinstance(value, str) and value.strip().lower() in ("", "none")):
        return None
    number = _number(value)
    if number <= 0:
        raise ValueError("must be more than 0 seconds")
    return number


def boolean(value: Any) -> bool:
    """``true``/``false`` (also yes/no, on/off, 1/0) or a Python bool."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise ValueError("expected true or false")


def choice(*allowed: str, deprecated: tuple[str, ...] = ()) -> Callable[[Any], str]:
    """A reader accepting one of `allowed` (case-insensitive), or a `deprecated` spelling that
    the agent replaces, warning (never offered in the error)."""

    def read(value: Any) -> str:
        text = str(value).strip().lower()
        if text not in allowed and text not in deprecated:
            raise ValueError(f"expected one of: {', '.join(allowed)}")
        return text

    return read


def horizon(value: Any) -> int | None:
    """How many deals a playout covers: ``deal`` (1), a count, or ``game`` (None: to the end)."""
    text = str(value).strip().lower()
    if text == "game" or value is None:
        return None
    if text == "deal":
        return 1
    try:
        return positive_int(value)
    except ValueError:
        raise ValueError("expected 'deal', 'game' or a number of deals of at least 1") from None


def name(value: Any) -> str:
    """A non-empty name (a rollout agent)."""
    text = str(value).strip()
    if not text:
        raise ValueError("expected a name")
    return text
