"""Game values as JSON-ready data: what records, the web page and external bots read.

`jsonable` turns any value a game holds (actions, cards, dataclasses, sequences, arrays) into
plain data; `jsonable_fields` does it for a dataclass's fields.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from parlour.core.actions import Action


def jsonable(value: Any) -> Any:
    """`value` as JSON-ready data: objects with `to_json` use it, actions become their
    notation, dataclasses become dicts, sequences lists, arrays nested lists.

    The conversion is chosen once per type and cached, so encoding stays cheap on the
    external-bot hot path.
    """
    kind = type(value)
    convert = _CONVERTERS.get(kind)
    if convert is None:
        convert = _CONVERTERS[kind] = _converter_for(kind)
    return convert(value)


def _same(value: Any) -> Any:
    return value


def _sequence(value: Any) -> list[Any]:
    return [jsonable(v) for v in value]


def _converter_for(kind: type) -> Callable[[Any], Any]:
    if kind in (type(None), bool, str, float, int):
        return _same
    if callable(getattr(kind, "to_json", None)):
        return lambda value: value.to_json()
    if issubclass(kind, int):
        return int
    if issubclass(kind, Action):
        return str
    if dataclasses.is_dataclass(kind):
        return jsonable_fields
    if issubclass(kind, Mapping):
        return lambda value: {str(k): jsonable(v) for k, v in value.items()}
    if issubclass(kind, (set, frozenset)):
        return lambda value: sorted(jsonable(v) for v in value)
    if issubclass(kind, (list, tuple)):
        return _sequence
    if callable(getattr(kind, "tolist", None)):
        return lambda value: value.tolist()
    return str


_CONVERTERS: dict[type, Callable[[Any], Any]] = {}


def jsonable_fields(obj: Any, skip: tuple[str, ...] = ()) -> dict[str, Any]:
    """A dataclass's fields as JSON-ready data."""
    names = _FIELD_NAMES.get(type(obj))
    if names is None:
        names = _FIELD_NAMES[type(obj)] = tuple(f.name for f in dataclasses.fields(obj))
    return {name: jsonable(getattr(obj, name)) for name in names if name not in skip}


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
