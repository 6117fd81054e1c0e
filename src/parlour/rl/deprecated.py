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


def _renamed_attribute(owner: str, old: str, new: str) -> property:
    """A read-only property `old` that warns and returns attribute `new` (of class `owner`)."""

    def read(self: Any) -> Any:
        warnings.warn(f"{owner}.{old} is deprecated: use {owner}.{new}", DeprecationWarning,
                      stacklevel=2)
        return getattr(self, new)

    return property(read, doc=f"Deprecated name of `{new}`.")


class DeprecatedVectorNames:
    """`VectorEnv`'s old attribute names: `tables` (its seated games) and `views` (the
    learners' observations)."""

    tables = _renamed_attribute("VectorEnv", "tables", "seated_games")
    views = _renamed_attribute("VectorEnv", "views", "learner_observations")


class DeprecatedGymNames:
    """`ParlourGym`'s old attribute name `table` (its seated game)."""

    table = _renamed_attribute("ParlourGym", "table", "seated_game")


class DeprecatedAECNames:
    """`ParlourAEC`'s old attribute name `table` (its seated game)."""

    table = _renamed_attribute("ParlourAEC", "table", "seated_game")
