"""Old names of `parlour.match`, kept working with a `DeprecationWarning` (docs/deprecated.md)."""

from __future__ import annotations

import warnings
from typing import Any

RENAMED = {"FaultPolicy": "FaultRules"}
"""Old name -> new name, in `parlour.match`."""


def old_name(name: str) -> Any:
    """The object an old name of `parlour.match` stands for, warning; AttributeError otherwise."""
    if name not in RENAMED:
        raise AttributeError(f"module 'parlour.match' has no attribute {name!r}")
    import parlour.match

    warnings.warn(f"parlour.match.{name} is deprecated: use parlour.match.{RENAMED[name]}",
                  DeprecationWarning, stacklevel=3)
    return getattr(parlour.match, RENAMED[name])


def warn_policy_keyword() -> None:
    """`Match(policy=...)`, the old keyword of `fault_rules`, was given."""
    warnings.warn("Match(policy=...) is deprecated: use Match(fault_rules=...)",
                  DeprecationWarning, stacklevel=3)


def warn_policy_attribute() -> None:
    """`Match.policy`, the old name of `Match.fault_rules`, was read."""
    warnings.warn("Match.policy is deprecated: use Match.fault_rules", DeprecationWarning,
                  stacklevel=3)
