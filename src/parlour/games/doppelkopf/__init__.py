"""Doppelkopf by the Deutscher Doppelkopf-Verband's Turnierspielregeln (house rules as
parameters): four players, two copies of 24 cards, hidden Re and Kontra parties.

>>> import parlour
>>> game = parlour.load_game("doppelkopf")
>>> state = game.new_state(seed=1)
>>> state.observe(1).phase
'vorbehalt'
>>> str(state.legal_actions()[0])
'gesund'
"""

from parlour.games.doppelkopf.observation import DoppelkopfObservation
from parlour.games.doppelkopf.rules import Deal, DokoState, Doppelkopf

__all__ = ["Deal", "DokoState", "Doppelkopf", "DoppelkopfObservation"]
