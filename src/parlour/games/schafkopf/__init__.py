"""Bavarian Schafkopf by the Schafkopfschule e.V. rules, for four players.

>>> import parlour
>>> game = parlour.load_game("schafkopf")
>>> state = game.new_state(seed=1)
>>> state.observe(0).phase
'auction'
>>> [str(a) for a in state.legal_actions()]
['weiter', 'spiel']
"""

from parlour.games.schafkopf.actions import (
    CONTRACT,
    KONTRA,
    MIT,
    PLAY,
    RAISE,
    RE,
    SPIEL,
    WEITER,
    Contract,
    Play,
    Raise,
    SchafkopfAction,
    Word,
)
from parlour.games.schafkopf.observation import SchafkopfObservation
from parlour.games.schafkopf.rules import Deal, Schafkopf, SchafkopfState
from parlour.games.schafkopf.scoring import DealResult, Tariff

__all__ = [
    "CONTRACT",
    "KONTRA",
    "MIT",
    "PLAY",
    "RAISE",
    "RE",
    "SPIEL",
    "WEITER",
    "Contract",
    "Deal",
    "DealResult",
    "Play",
    "Raise",
    "Schafkopf",
    "SchafkopfAction",
    "SchafkopfObservation",
    "SchafkopfState",
    "Tariff",
    "Word",
]
