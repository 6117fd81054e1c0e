"""parlour games as OpenSpiel games, and OpenSpiel's bots at parlour's tables.

``parlour.openspiel.load("hearts", one_deal=True)`` gives a ``pyspiel.Game`` over parlour's own
rules (every built-in and plug-in game, with its parameters); ``register_all()`` registers them
with ``pyspiel`` as ``parlour_<id>`` so ``pyspiel.load_game("parlour_skull", {...})`` works too.
The agent specs ``openspiel:ismcts`` and ``openspiel:mcts`` seat OpenSpiel's search bots in a
`parlour.Match`. See docs/openspiel.md. Needs the ``openspiel`` extra (``open_spiel``).
"""

from __future__ import annotations

from parlour.openspiel.bridge import (
    ParlourGame,
    ParlourState,
    load,
    pyspiel_name,
    register,
    register_all,
)

__all__ = ["ParlourGame", "ParlourState", "load", "pyspiel_name", "register", "register_all"]
