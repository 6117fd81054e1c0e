"""Game parameters: declared once per game, validated by name and type."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.core.errors import ParameterError, UnknownParameterError

INT_BOUND = 1_000_000_000
"""Every int parameter lies within ±INT_BOUND, even one whose game declares no bound, so no
value can overflow a C integer in a compiled kernel (a game should still set a sane `max`)."""

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


@dataclass(frozen=True)
class Param:
    """One named parameter of a game: its type, default, help text and allowed values."""

    name: str
    type: type
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    min: float | None = None
    max: float | None = None

    def check(self, value: Any, game: str) -> Any:
        """Return `value` converted to this parameter's type, or raise `ParameterError`."""
        if isinstance(value, str) and self.type is not str:
            value = self.from_text(value, game)
        if self.type is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, self.type) or (self.type is int and isinstance(value, bool)):
            raise ParameterError(
                f"parameter {self.name!r} of game {game!r} must be {self.type.__name__}, "
                f"got {value!r}"
            )
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise ParameterError(
                f"parameter {self.name!r} of game {game!r} must be one of {allowed}, got {value!r}"
            )
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            self.check_range(value, game)
        return value

    def check_range(self, value: float, game: str) -> None:
        """Raise `ParameterError` unless the number `value` is finite and within `bounds`."""
        if not math.isfinite(value):
            raise ParameterError(
                f"parameter {self.name!r} of game {game!r} must be a finite number, "
                f"got {value!r}"
            )
        low, high = self.bounds()
        if low is not None and value < low:
            raise ParameterError(
                f"parameter {self.name!r} of game {game!r} must be at least {low}, "
                f"got {_short(value)}"
            )
        if high is not None and value > high:
            raise ParameterError(
                f"parameter {self.name!r} of game {game!r} must be at most {high}, "
                f"got {_short(value)}"
            )

    def bounds(self) -> tuple[float | None, float | None]:
        """The lowest and highest value allowed (ints are always within ±`INT_BOUND`)."""
        if self.type is not int:
            return self.min, self.max
        low = -INT_BOUND if self.min is None else max(self.min, -INT_BOUND)
        high = INT_BOUND if self.max is None else min(self.max, INT_BOUND)
        return low, high

    def from_text(self, text: str, game: str) -> Any:
        """Read a value typed on a command line (``"50"``, ``"true"``)."""
        raw = text.strip()
        try:
            if self.type is bool:
                if raw.lower() in _TRUE:
                    return True
                if raw.lower() in _FALSE:
                    return False
                raise ValueError(raw)
            return self.type(raw)
        except ValueError:
            raise ParameterError(
                f"parameter {self.name!r} of game {game!r} expects {self.type.__name__}, "
                f"cannot read {text!r}"
            ) from None


def _short(value: Any) -> str:
    """A value for an error message, a huge number cut to its first digits."""
    text = repr(value)
    return text if len(text) <= 24 else f"{text[:12]}... ({len(text)} digits)"


def validate_params(
    declared: Sequence[Param], given: Mapping[str, Any], game: str
) -> dict[str, Any]:
    """Return the full parameter mapping: defaults overridden by `given`, each value checked."""
    by_name = {p.name: p for p in declared}
    for name in given:
        if name not in by_name:
            raise UnknownParameterError(name, by_name, game)
    return {
        p.name: p.check(given[p.name], game) if p.name in given else p.default for p in declared
    }


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``"name:key=value,key=value"`` into the name and its raw options.

    This one grammar names games (``hearts:end_score=50``) and agents (``ismcts:iterations=800``).
    A part without ``=`` continues the previous value, so list values keep their commas
    (``hearts:passing=left,none`` gives ``passing="left,none"``), as `Game.spec` writes them.
    """
    name, sep, rest = spec.partition(":")
    options: dict[str, str] = {}
    if sep and rest.strip():
        key = ""
        for part in rest.split(","):
            new_key, eq, value = part.partition("=")
            if eq and new_key.strip():
                key = new_key.strip()
                options[key] = value.strip()
            elif not eq and key:
                options[key] += "," + part.strip()
            else:
                raise ParameterError(
                    f"cannot read option {part!r} in {spec!r}: expected key=value"
                )
    return name.strip(), options
