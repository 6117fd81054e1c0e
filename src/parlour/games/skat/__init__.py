"""Skat by the International Skat Order, for three players (or four, the dealer sitting out).

>>> import parlour
>>> game = parlour.load_game("skat")
>>> state = game.new_state(seed=1)
>>> state.observe(1).phase
'bidding'
>>> str(state.legal_actions()[0])
'bid 18'
"""

from parlour.games.skat.actions import (
    BID,
    BURY,
    DECLARE,
    HOLD,
    PASS,
    PICKUP,
    PLAY,
    Bid,
    Bury,
    Contract,
    Declare,
    Hold,
    Pass,
    Pickup,
    Play,
    SkatAction,
)
from parlour.games.skat.observation import SkatObservation
from parlour.games.skat.rules import Deal, Skat, SkatState
from parlour.games.skat.scoring import DealResult, Settlement, settle

__all__ = [
    "BID", "BURY", "DECLARE", "HOLD", "PASS", "PICKUP", "PLAY", "Bid", "Bury", "Contract",
    "Deal", "DealResult", "Declare", "Hold", "Pass", "Pickup", "Play", "Settlement", "Skat",
    "SkatAction", "SkatObservation", "SkatState", "settle",
]
