"""Reading record documents from strangers: bounded JSON, and every field checked for its type.

A record file may come from anywhere (a web upload, a tournament folder someone sent). Reading
one takes bounded time and memory, and anything malformed is a `RecordError` with one line that
names the file and the field: too big a file or too many moves (caps the caller may raise),
nesting deeper than a record has, numbers with more digits than any record needs, and a value
of the wrong type (a seed of ``7.9`` or ``"7"`` is an error, not 7).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any, NoReturn

from parlour.core import RecordError

MAX_BYTES = 50_000_000
"""The largest record text read by default (50 MB); `load(..., max_bytes=)` raises it."""
MAX_MOVES = 200_000
"""The most moves a record may hold by default (a long Skat series has a few thousand);
`load(..., max_moves=)` raises it."""
MAX_DIGITS = 40
"""The most digits of an integer in a record (seeds have 19)."""
MAX_DEPTH = 16
"""The deepest nesting of lists and objects in a record's params and setup."""
MAX_WORK = 200_000.0
"""The most re-simulation work a record may ask for (`Game.replay_work`): as much as 200,000
moves of an ordinary game, whatever its moves cost."""
MAX_MOVE_SECONDS = 30 * 24 * 3600.0
"""The longest decision a record may claim (a person may leave a console game for days)."""
_BRACKET_SLACK = 10_000
"""Lists a record holds besides its moves (setup, results, brackets in messages)."""


class RecordTooLarge(RecordError):
    """A record over a cap (`what` is ``"size"``, ``"moves"`` or ``"work"``), which the
    caller may raise."""

    def __init__(self, message: str, what: str) -> None:
        super().__init__(message)
        self.what = what


class _TooManyDigits(Exception):
    def __init__(self, digits: int) -> None:
        super().__init__(digits)
        self.digits = digits


def _bounded_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise _TooManyDigits(digits)
    return int(text)


def _no_constant(text: str) -> NoReturn:
    raise ValueError(f"{text} is not a JSON number")


def parse_json(text: str, source: str, max_moves: int = MAX_MOVES) -> Any:
    """`text` as JSON, refusing (with `RecordError`) what no record holds, in bounded time."""
    if text.count("[") > max_moves + _BRACKET_SLACK:
        raise RecordTooLarge(f"{source} holds more than the cap of {max_moves:,} moves",
                             "moves")
    try:
        return json.loads(text, parse_int=_bounded_int, parse_constant=_no_constant)
    except _TooManyDigits as error:
        raise RecordError(f"{source} is damaged: it holds a number with {error.digits:,} "
                          f"digits (a record's numbers have at most {MAX_DIGITS})") from None
    except RecursionError:
        raise RecordError(f"{source} is damaged: its JSON is nested too deeply") from None
    except json.JSONDecodeError as error:
        raise RecordError(f"{source} is not valid JSON: {error}") from None
    except ValueError as error:
        raise RecordError(f"{source} is damaged: {error}") from None


def _brief(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class Fields:
    """Type checks for one record's fields; each failure names the source and the field."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, what: str, expected: str, value: Any) -> NoReturn:
        raise RecordError(f"{self.source} is damaged: {what} must be {expected}, "
                          f"not {_brief(value)}")

    def get(self, data: dict[str, Any], key: str, default: Any = ...) -> Any:
        if key in data:
            return data[key]
        if default is ...:
            raise RecordError(f"{self.source} is damaged: the field {key!r} is missing")
        return default

    def whole(self, value: Any, what: str, low: int | None = None,
              high: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(what, "a whole number", value)
        if (low is not None and value < low) or (high is not None and value > high):
            shown = f"from {low}" if high is None else f"from {low} to {high}"
            self.fail(what, f"a whole number {shown}", value)
        return int(value)

    def number(self, value: Any, what: str, low: float, high: float) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            self.fail(what, "a number", value)
        if not (math.isfinite(value) and low <= value <= high):
            self.fail(what, f"a number from {low:g} to {high:g}", value)
        return float(value) if isinstance(value, float) else int(value)

    def text(self, value: Any, what: str, empty: bool = True) -> str:
        if not isinstance(value, str) or (not empty and not value.strip()):
            self.fail(what, "text" if empty else "non-empty text", value)
        return value

    def flag(self, value: Any, what: str) -> bool:
        if not isinstance(value, bool):
            self.fail(what, "true or false", value)
        return value

    def items(self, value: Any, what: str) -> list[Any]:
        if not isinstance(value, list):
            self.fail(what, "a list", value)
        return value

    def table(self, value: Any, what: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.fail(what, "an object", value)
        self.shallow(value, what)
        return value

    def each(self, value: Any, what: str, check: Callable[[Any, str], Any]) -> list[Any]:
        return [check(item, f"{what}[{i}]") for i, item in enumerate(self.items(value, what))]

    def scalar(self, value: Any, what: str) -> Any:
        if value is not None and not isinstance(value, str | int | float | bool):
            self.fail(what, "text, a number or true/false", value)
        return value

    def shallow(self, value: Any, what: str) -> None:
        """No deeper nesting than `MAX_DEPTH` (checked without recursion)."""
        pending = [(value, 1)]
        while pending:
            item, depth = pending.pop()
            if depth > MAX_DEPTH:
                raise RecordError(f"{self.source} is damaged: {what} is nested more than "
                                  f"{MAX_DEPTH} deep")
            children = item.values() if isinstance(item, dict) else \
                item if isinstance(item, list) else ()
            pending.extend((child, depth + 1) for child in children
                           if isinstance(child, dict | list))


__all__ = ["MAX_BYTES", "MAX_DEPTH", "MAX_DIGITS", "MAX_MOVES", "MAX_MOVE_SECONDS", "MAX_WORK",
           "Fields", "RecordTooLarge", "parse_json"]
