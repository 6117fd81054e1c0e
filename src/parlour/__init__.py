"""parlour: turn-based card and table games, the bots that play them, and tournaments.

>>> import parlour
>>> game = parlour.load_game("hearts", end_score=50)
>>> record = parlour.Match(game, ["heuristic", "random", "random", "random"], seed=7).run()
>>> record.verify().is_terminal
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parlour.core import (
    Action,
    Event,
    Game,
    IllegalActionError,
    NotationError,
    Observation,
    ParlourError,
    State,
    list_games,
    load_game,
    register_game,
)

if TYPE_CHECKING:
    from parlour.match import Match
    from parlour.records import Record

__version__ = "0.1.0"

__all__ = [
    "Action", "Event", "Game", "IllegalActionError", "Match", "NotationError", "Observation",
    "ParlourError", "Record", "State", "list_games", "load_game", "register_game",
]


def __getattr__(name: str) -> Any:
    if name == "Match":
        from parlour.match import Match

        return Match
    if name == "Record":
        from parlour.records import Record

        return Record
    raise AttributeError(f"module 'parlour' has no attribute {name!r}")
