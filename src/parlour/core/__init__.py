"""The game contract: games, states, actions, observations, events, errors, seeding.

Pure standard library; every other layer builds on it. The modules: `game` (`Game`, `State`,
`Observation`), `actions`, `events`, `json_data` (values as JSON-ready data), `undo` (the undo
records), `params`, `registry`, `seeding`, `seats`, `errors`; import from `parlour.core`.
"""

from parlour.core.actions import Action, IdAction
from parlour.core.errors import (
    AgentError,
    IllegalActionError,
    NotationError,
    ParameterError,
    ParlourError,
    RecordError,
    UnknownGameError,
    UnknownNameError,
    UnknownParameterError,
)
from parlour.core.events import DealScored, DealStarted, Event, GameOver, GameStopped, by_seat
from parlour.core.game import (
    CHANCE,
    Game,
    InformationState,
    Move,
    Observation,
    State,
    TensorEncoding,
)
from parlour.core.json_data import jsonable, jsonable_fields
from parlour.core.params import Param, parse_spec
from parlour.core.registry import GameInfo, game_class, list_games, load_game, register_game
from parlour.core.seeding import derive_seed, fresh_seed, make_rng
from parlour.core.undo import FullUndo, ShortUndo

__all__ = [
    "CHANCE",
    "Action",
    "AgentError",
    "DealScored",
    "DealStarted",
    "Event",
    "FullUndo",
    "Game",
    "GameInfo",
    "GameOver",
    "GameStopped",
    "IdAction",
    "IllegalActionError",
    "InformationState",
    "Move",
    "NotationError",
    "Observation",
    "Param",
    "ParameterError",
    "ParlourError",
    "RecordError",
    "ShortUndo",
    "State",
    "TensorEncoding",
    "UnknownGameError",
    "UnknownNameError",
    "UnknownParameterError",
    "by_seat",
    "derive_seed",
    "fresh_seed",
    "game_class",
    "jsonable",
    "jsonable_fields",
    "list_games",
    "load_game",
    "make_rng",
    "parse_spec",
    "register_game",
]
