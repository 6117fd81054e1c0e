"""The game contract: games, states, actions, observations, events, errors, seeding.

Pure standard library; every other layer builds on it.
"""

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
from parlour.core.game import (
    CHANCE,
    Action,
    DealScored,
    DealStarted,
    Event,
    Game,
    GameOver,
    GameStopped,
    IdAction,
    InformationState,
    Move,
    Observation,
    State,
    TensorEncoding,
    by_seat,
)
from parlour.core.params import Param, parse_spec
from parlour.core.registry import GameInfo, game_class, list_games, load_game, register_game
from parlour.core.seeding import derive_seed, fresh_seed, make_rng

__all__ = [
    "CHANCE",
    "Action",
    "AgentError",
    "DealScored",
    "DealStarted",
    "Event",
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
    "State",
    "TensorEncoding",
    "UnknownGameError",
    "UnknownNameError",
    "UnknownParameterError",
    "by_seat",
    "derive_seed",
    "fresh_seed",
    "game_class",
    "list_games",
    "load_game",
    "make_rng",
    "parse_spec",
    "register_game",
]
