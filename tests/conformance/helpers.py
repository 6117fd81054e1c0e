"""Shared steps of the conformance suite: now in `parlour.testing.checks`, re-exported here."""

from parlour.testing.checks import (
    MAX_MOVES,
    check_final,
    check_state,
    is_perfect_information,
    random_playout,
    snapshot_view,
)

__all__ = [
    "MAX_MOVES", "check_final", "check_state", "is_perfect_information", "random_playout",
    "snapshot_view",
]
