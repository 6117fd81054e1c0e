"""Fixed Schafkopf deals for the rule tests (seat 3 deals, so seat 0 is forehand)."""

from __future__ import annotations

from typing import Any

import parlour
from parlour.games.schafkopf import Schafkopf, SchafkopfState

HANDS_A = ["EO GO EU H10 E7 E8 G9 S7", "HO SO HA HK EA E9 E10 G7",
           "GU HU SU H9 H8 H7 GA G10", "EK GK G8 SA S10 SK S9 S8"]
"""Seat 0 may call the Eichel-Sau, which seat 1 holds with two more Eichel cards."""
HANDS_B = ["EO GO EU H10 E7 E8 G9 S7", "HO SO HA EK EA E9 E10 G7",
           "GU HU SU H9 H8 H7 GA G10", "HK GK G8 SA S10 SK S9 S8"]
"""As A, but seat 1 holds four Eichel cards with the Sau: he may run away."""
HANDS_SIE = ["EO GO HO SO EU GU HU SU", "EA E10 EK E9 E8 E7 GA G10",
             "GK G9 G8 G7 HA H10 HK H9", "H8 H7 SA S10 SK S9 S8 S7"]


def game(**params: Any) -> Schafkopf:
    loaded = parlour.load_game("schafkopf", **params)
    assert isinstance(loaded, Schafkopf)
    return loaded


def deal(hands: list[str], *words: str, **params: Any) -> SchafkopfState:
    """A state with `hands`, after the actions written in `words`."""
    rules = game(deals=params.pop("deals", 1), **params)
    state = rules.new_state(seed=1, hands=hands, dealer=3)
    say(state, *words)
    return state


def say(state: SchafkopfState, *words: str) -> None:
    for word in words:
        state.apply(state.game.parse_action(word, state))


def legal(state: SchafkopfState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


RUFSPIEL_EICHEL = ("spiel", "weiter", "weiter", "weiter", "sauspiel eichel",
                   "weiter", "weiter", "weiter")
"""Seat 0 plays a Sauspiel on the Eichel-Sau, nobody doubles."""
