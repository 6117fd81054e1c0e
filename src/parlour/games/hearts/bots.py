"""The Hearts heuristic (`heuristic`); the first version stays as `heuristic-v1` (bots_v1)."""

from parlour.games.hearts.bots_v1 import HeartsHeuristic

__all__ = ["HeartsHeuristic"]
