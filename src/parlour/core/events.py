"""Events: what happened in a game and who may see it, with the events every game shares."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from parlour.core.json_data import jsonable_fields


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Something that happened in a game, with who may see it.

    `visible_to` is None for public events, else the seats that may see this one.
    """

    visible_to: frozenset[int] | None = None

    def visible(self, seat: int) -> bool:
        """True if `seat` may see this event."""
        return self.visible_to is None or seat in self.visible_to

    def describe(self) -> str:
        """A one-line human description; card games use the card notation."""
        return type(self).__name__

    def to_json(self) -> dict[str, Any]:
        """The event as JSON-ready data: ``{"type": "CardPlayed", "seat": 1, "card": "Q♠"}``."""
        return {"type": type(self).__name__, **jsonable_fields(self, skip=("visible_to",))}


@dataclass(frozen=True, slots=True, kw_only=True)
class DealStarted(Event):
    """A new deal (or round) began; `deal` counts from 0."""

    deal: int

    def describe(self) -> str:
        return f"deal {self.deal + 1} begins"


@dataclass(frozen=True, slots=True, kw_only=True)
class DealScored(Event):
    """A deal ended: the points it gave each seat and the running totals."""

    deal: int
    points: tuple[int, ...]
    totals: tuple[int, ...]

    def describe(self) -> str:
        return (f"deal {self.deal + 1} scored {by_seat(self.points, signed=True)}; "
                f"totals {by_seat(self.totals)}")


E = TypeVar("E", bound=Event)


def slot_builder(cls: type[E]) -> Callable[..., E]:
    """A positional constructor of the frozen event class `cls`, for events built on hot paths.

    ``slot_builder(TrickWon)(trick, leader, cards, winner, points)`` makes the same event as
    ``TrickWon(trick=..., ...)``: the fields in declaration order after `visible_to`, which
    comes last and defaults to None. It sets the slots directly instead of through the frozen
    dataclass's keyword `__init__`, about a third of its cost; `cls` must have no
    `__post_init__`.
    """
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__, which slot_builder would skip")
    names = [f.name for f in dataclasses.fields(cls) if f.name != "visible_to"]
    params = ", ".join([*names, "visible_to=None"])
    sets = "".join(f"    set_{name}(event, {name})\n" for name in [*names, "visible_to"])
    scope: dict[str, Any] = {f"set_{name}": getattr(cls, name).__set__
                             for name in [*names, "visible_to"]}
    scope["new"], scope["cls"] = object.__new__, cls
    exec(f"def build({params}):\n    event = new(cls)\n{sets}    return event\n", scope)
    build: Callable[..., E] = scope["build"]
    build.__qualname__ = build.__name__ = f"build_{cls.__name__}"
    build.__doc__ = f"A `{cls.__name__}` from its fields by position (`slot_builder`)."
    return build

def by_seat(values: Sequence[float], signed: bool = False) -> str:
    """Numbers per seat as people read them: ``seat 0 -342, seat 1 0, seat 2 46``.

    `signed` marks gains with ``+`` (``seat 0 +23``); whole floats print without ``.0``.
    """
    parts = []
    for seat, value in enumerate(values):
        whole = int(value) if float(value).is_integer() else value
        number = f"{whole:+}" if signed and value else f"{whole}"
        parts.append(f"seat {seat} {number}")
    return ", ".join(parts)

@dataclass(frozen=True, slots=True, kw_only=True)
class GameOver(Event):
    """The game ended: final scores, returns, and the winning seats."""

    scores: tuple[int, ...]
    returns: tuple[float, ...]
    winners: tuple[int, ...]

    def describe(self) -> str:
        names = ", ".join(f"seat {w}" for w in self.winners)
        return f"game over; {'winner' if len(self.winners) == 1 else 'winners'}: {names}"


@dataclass(frozen=True, slots=True, kw_only=True)
class GameStopped(Event):
    """Base of the public events that say a limit (not the rules' own end) stopped the game;
    sent just before `GameOver`, and shown even where only the result is printed."""
