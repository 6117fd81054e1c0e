"""Territory ("game17"): owners on an N x N torus capture squares by majority; zombies fill in.

>>> import parlour
>>> game = parlour.load_game("territory", size=6, rounds=5, players=1)
>>> state = game.new_state(seed=3)
>>> state.current_player
0
>>> int(state.observe(0).numbers.sum())
144
"""

from parlour.games.territory.actions import STAY, Forfeit, PieceMove, Turn, parse_turn
from parlour.games.territory.events import (
    BoardSetUp,
    RoundStarted,
    TerritoryGameOver,
    TurnForfeited,
    TurnPlayed,
)
from parlour.games.territory.observation import TerritoryObservation
from parlour.games.territory.rules import Territory, TerritoryState

__all__ = [
    "STAY", "BoardSetUp", "Forfeit", "PieceMove", "RoundStarted", "Territory",
    "TerritoryGameOver", "TerritoryObservation", "TerritoryState", "Turn", "TurnForfeited",
    "TurnPlayed", "parse_turn",
]
