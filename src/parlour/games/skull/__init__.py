"""Skull (Skull & Roses): three to six players bluff with roses and a skull.

>>> import parlour
>>> game = parlour.load_game("skull", players=3)
>>> state = game.new_state(seed=1)
>>> [str(a) for a in state.legal_actions()]
['place rose', 'place skull']
"""

from parlour.games.skull.actions import (
    BID,
    DISCARD,
    PASS,
    PLACE,
    REVEAL,
    ROSE,
    SKULL,
    START,
    Bid,
    Discard,
    Pass,
    Place,
    Reveal,
    Start,
)
from parlour.games.skull.events import (
    BidMade,
    ChallengeResult,
    ChallengeStarted,
    DiscLost,
    DiscPlaced,
    DiscRevealed,
    Passed,
    PlayerEliminated,
    RoundStarted,
    StarterChosen,
)
from parlour.games.skull.observation import RoundResult, SkullObservation
from parlour.games.skull.rules import DiscDrawn, FirstPlayer, Skull, SkullState

__all__ = [
    "BID",
    "DISCARD",
    "PASS",
    "PLACE",
    "REVEAL",
    "ROSE",
    "SKULL",
    "START",
    "Bid",
    "BidMade",
    "ChallengeResult",
    "ChallengeStarted",
    "DiscDrawn",
    "DiscLost",
    "DiscPlaced",
    "DiscRevealed",
    "Discard",
    "FirstPlayer",
    "Pass",
    "Passed",
    "Place",
    "PlayerEliminated",
    "Reveal",
    "RoundResult",
    "RoundStarted",
    "Skull",
    "SkullObservation",
    "SkullState",
    "Start",
    "StarterChosen",
]
