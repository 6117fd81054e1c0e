"""Spades: four players in two partnerships bid tricks and play with spades as trump.

>>> import parlour
>>> game = parlour.load_game("spades")
>>> state = game.new_state(seed=1)
>>> state.observe(0).phase
'bid'
>>> str(state.legal_actions()[4])
'bid 4'
"""

from parlour.games.spades.actions import BID, BLIND_NIL, LOOK, NIL, PLAY, Bid, BlindNil, Look, Play
from parlour.games.spades.events import (
    BidMade,
    CardPlayed,
    CardsSeen,
    HandDealt,
    HandLimitReached,
    SpadesBroken,
    SpadesDealScored,
    SpadesDealStarted,
    TrickStarted,
    TrickWon,
)
from parlour.games.spades.observation import SpadesObservation
from parlour.games.spades.rules import Deal, Spades, SpadesState, team_of, trick_winner
from parlour.games.spades.scoring import TeamScore, score_partnership

__all__ = [
    "BID", "BLIND_NIL", "LOOK", "NIL", "PLAY", "Bid", "BidMade", "BlindNil", "CardPlayed",
    "CardsSeen", "Deal", "HandDealt", "HandLimitReached", "Look", "Play", "Spades", "SpadesBroken",
    "SpadesDealScored", "SpadesDealStarted", "SpadesObservation", "SpadesState", "TeamScore",
    "TrickStarted", "TrickWon", "score_partnership", "team_of", "trick_winner",
]
