"""Resource limits for bots in child processes: CPU seconds, memory and file size.

On Linux the limits are set from outside with `resource.prlimit` right after the child starts,
so no Python code runs between fork and exec (`preexec_fn` is unsafe once threads exist, and
every external bot has reader threads). Elsewhere a pre-exec function sets them in the child.
"""

from __future__ import annotations

import resource
from collections.abc import Callable
from typing import Any, Protocol

HAS_PRLIMIT = hasattr(resource, "prlimit")


class Limits(Protocol):
    """What a limited process needs: its CPU-time, memory and file-size caps (0 for none)."""

    @property
    def cpu_seconds(self) -> int: ...

    @property
    def memory_mb(self) -> int: ...

    @property
    def file_mb(self) -> int: ...


def _pairs(limits: Limits) -> list[tuple[int, tuple[int, int]]]:
    pairs = []
    if limits.cpu_seconds:
        pairs.append((resource.RLIMIT_CPU, (limits.cpu_seconds, limits.cpu_seconds + 5)))
    if limits.memory_mb:
        size = limits.memory_mb << 20
        pairs.append((resource.RLIMIT_AS, (size, size)))
    if limits.file_mb:
        size = limits.file_mb << 20
        pairs.append((resource.RLIMIT_FSIZE, (size, size)))
    return pairs


def limit_process(pid: int, limits: Limits) -> None:
    """Apply `limits` to the running process `pid` (Linux); a vanished process is ignored."""
    if not HAS_PRLIMIT:
        return
    try:
        for kind, value in _pairs(limits):
            resource.prlimit(pid, kind, value)
    except (ProcessLookupError, PermissionError):
        pass  # already gone


def pre_exec(limits: Limits) -> Callable[[], Any] | None:
    """A pre-exec function for platforms without `prlimit`, else None."""
    if HAS_PRLIMIT:
        return None
    pairs = _pairs(limits)

    def apply() -> None:
        for kind, value in pairs:
            resource.setrlimit(kind, value)

    return apply
