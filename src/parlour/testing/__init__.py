"""Test kit for game authors: the conformance suite every parlour game passes.

In a plug-in's own test folder (needs the extra: ``pip install 'parlour[testing]'``)::

    from parlour.testing import conformance_suite

    TestConformance = conformance_suite(["ohhell", "ohhell:players=5", "ohhell:cards=3"])

pytest then runs every check on every listed game: random playouts with the invariants after
each move, exact undo, clone independence, seeded determinism, record round trips, one source
of truth for legality, observations that hide what a seat cannot see (through `sample_state`),
JSON-clean observations and events, Hypothesis-driven move and text sequences, and, for
games with a tensor encoding, shape, masks and no hidden-card leaks. What a game
must provide to pass is listed in docs/testing.md. The single checks (`check_state`,
`check_final`, `random_playout`, ...) need no pytest and can be used in any test.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parlour.testing.checks import (
    MAX_MOVES,
    check_final,
    check_state,
    is_perfect_information,
    public_snapshot,
    random_playout,
)
from parlour.testing.deprecated import old_name

if TYPE_CHECKING:
    from parlour.testing.encoding import EncodingChecks
    from parlour.testing.suite import ConformanceChecks, conformance_suite

__all__ = [
    "MAX_MOVES",
    "ConformanceChecks",
    "EncodingChecks",
    "check_final",
    "check_state",
    "conformance_suite",
    "is_perfect_information",
    "public_snapshot",
    "random_playout",
]


def __getattr__(name: str) -> Any:
    """The pytest-based suite loads on first use, with a hint if the extra is missing."""
    if name in ("conformance_suite", "ConformanceChecks", "EncodingChecks"):
        try:
            from parlour.testing import suite
        except ImportError as error:
            raise ImportError(
                f"parlour.testing.{name} needs pytest and hypothesis ({error.name} is missing): "
                f"pip install 'parlour[testing]'"
            ) from None
        return getattr(suite, name)
    return old_name(name)
