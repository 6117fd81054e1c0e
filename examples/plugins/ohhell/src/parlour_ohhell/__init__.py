"""Oh Hell, a parlour game from a separate package (see docs/writing-a-game.md)."""

from parlour_ohhell.parts import OhHellObservation
from parlour_ohhell.rules import OhHell, OhHellState

__all__ = ["OhHell", "OhHellObservation", "OhHellState"]
