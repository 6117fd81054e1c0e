"""Old names of `parlour.rl`, kept importable with a `DeprecationWarning` (docs/deprecated.md)."""

from __future__ import annotations

import warnings
from typing import Any

RENAMED = {"Table": "SeatedGame"}
"""Old name -> new name, in `parlour.rl`."""


def old_name(name: str) -> Any:
    """The object an old name of `parlour.rl` stands for, warning; AttributeError otherwise."""
    if name not in RENAMED:
        raise AttributeError(f"module 'parlour.rl' has no attribute {name!r}")
    from parlour.rl import seated_game

    warnings.warn(f"parlour.rl.{name} is deprecated: use parlour.rl.{RENAMED[name]}",
                  DeprecationWarning, stacklevel=3)
    return getattr(seated_game, RENAMED[name])
