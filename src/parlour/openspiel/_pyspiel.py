"""Import ``pyspiel`` once, with an install hint naming the extra when it is missing."""

from __future__ import annotations

from typing import Any

from parlour.core import ParlourError


def import_pyspiel() -> Any:
    """The ``pyspiel`` module, or a `ParlourError` saying how to install it."""
    try:
        import pyspiel
    except ImportError:
        raise ParlourError(
            "parlour.openspiel needs OpenSpiel: pip install 'parlour[openspiel]'"
        ) from None
    return pyspiel
