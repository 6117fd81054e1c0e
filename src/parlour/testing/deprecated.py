"""Old names of `parlour.testing`, kept working with a `DeprecationWarning` (docs/deprecated.md)."""

from __future__ import annotations

import warnings
from typing import Any

RENAMED = {"snapshot_view": "public_snapshot"}
"""Old name -> new name, in `parlour.testing`."""


def old_name(name: str) -> Any:
    """The object an old name of `parlour.testing` stands for, warning; AttributeError
    otherwise."""
    if name not in RENAMED:
        raise AttributeError(f"module 'parlour.testing' has no attribute {name!r}")
    from parlour.testing import checks

    warnings.warn(f"parlour.testing.{name} is deprecated: use parlour.testing.{RENAMED[name]}",
                  DeprecationWarning, stacklevel=3)
    return getattr(checks, RENAMED[name])
