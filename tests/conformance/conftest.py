"""Which games the conformance suite runs, and with what parameters.

Every registered game is included automatically; `FAST_PARAMS` only shortens long games so the
suite can play thousands of them. Set PARLOUR_CONFORMANCE_SCALE to run more (or fewer) games.
The checks themselves live in `parlour.testing`, the kit plug-ins use too.
"""

from __future__ import annotations

from typing import Any

import parlour
from parlour.core import Game

FAST_PARAMS: dict[str, dict[str, Any]] = {
    "hearts": {"end_score": 30},
    "spades": {"mercy": True},  # random bids sink both sides; mercy ends the game
    "territory": {"size": 6, "rounds": 8, "players": 3},
    "doppelkopf": {"deals": 1, "tournament": False},
}


def game_ids() -> list[str]:
    return [info.id for info in parlour.list_games()]


def make_game(game_id: str) -> Game[Any]:
    return parlour.load_game(game_id, **FAST_PARAMS.get(game_id, {}))


def fast_games() -> list[Game[Any]]:
    """Every registered game, with its faster parameters: the suite's parameter sets."""
    return [make_game(game_id) for game_id in game_ids()]
