"""Old public names kept importable for a while, each warning with `DeprecationWarning`.

The renames of the 0.x series (docs/deprecated.md lists them) left these behind: the state
methods live on `DeprecatedStateNames`, which `State` inherits, and the old module
`parlour.engine` re-exports `parlour.compiled_switch`.
"""

from __future__ import annotations

import warnings
from typing import Any


def warn_renamed(old: str, new: str) -> None:
    """Warn once per call site that `old` is now `new`."""
    warnings.warn(f"{old} is deprecated: use {new}", DeprecationWarning, stacklevel=3)


class DeprecatedStateNames:
    """The old names of `State` methods; each warns and calls the new one."""

    __slots__ = ()

    def apply_without_undo(self, action: Any) -> None:
        """Deprecated name of `State.apply_unchecked_no_undo`."""
        warn_renamed("State.apply_without_undo", "State.apply_unchecked_no_undo")
        state: Any = self
        state.apply_unchecked_no_undo(action)

    def play_policy(self, policy: str, stop: int | None) -> bool:
        """Deprecated name of `State.play_compiled`."""
        warn_renamed("State.play_policy", "State.play_compiled")
        state: Any = self
        return bool(state.play_compiled(policy, stop))
