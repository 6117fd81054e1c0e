"""Hearts: four players avoid hearts and the Q♠ (or take them all) across deals to 100.

>>> import parlour
>>> game = parlour.load_game("hearts")
>>> state = game.new_state(seed=1)
>>> state.observe(0).phase
'pass'
"""

from parlour.games.hearts.actions import PASS, PLAY, Pass, Play
from parlour.games.hearts.events import (
    CardPlayed,
    CardsPassed,
    HandDealt,
    HeartsDealScored,
    PassChosen,
    TrickWon,
)
from parlour.games.hearts.observation import HeartsObservation
from parlour.games.hearts.rules import Deal, Hearts, HeartsState

__all__ = [
    "PASS", "PLAY", "CardPlayed", "CardsPassed", "Deal", "HandDealt", "Hearts",
    "HeartsDealScored", "HeartsObservation", "HeartsState", "Pass", "PassChosen", "Play",
    "TrickWon",
]
