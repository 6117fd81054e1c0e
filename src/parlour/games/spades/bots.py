"""The Spades heuristic (`heuristic`); the first version stays as `heuristic-v1` (bots_v1)."""

from parlour.games.spades.bots_v1 import SpadesHeuristic

__all__ = ["SpadesHeuristic"]
