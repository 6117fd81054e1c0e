"""Limits for a bot's whole process tree: a cgroup of its own for memory and process count.

A cgroup counts the memory of every process in it together and caps how many processes it
holds, which per-process rlimits cannot do (four children under a 1 GiB RLIMIT_AS each may
hold 4 GiB). parlour creates one cgroup per bot run, below its own cgroup (so limits of the
machine or container above still apply), moves the bot into it before the bot's command runs,
and removes it when the run ends:

- cgroup v2 (the unified hierarchy): used when parlour's own cgroup already delegates the
  ``memory`` and ``pids`` controllers to its children, or when it may enable them there;
- cgroup v1: the ``memory`` and ``pids`` hierarchies, each where it is mounted and writable.

Where neither can be created (no permission, no controllers), `TreeCgroup.create` returns
None and the per-process rlimits of `parlour.agents.limits` are all that holds (see
docs/agents.md, "Limits").
"""

from __future__ import annotations

import contextlib
import functools
import os
import secrets
import signal
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path("/sys/fs/cgroup")
PREFIX = "parlour-"
"""The name of every cgroup parlour creates starts with this."""


def _own_paths() -> dict[str, str]:
    """Controller (``""`` for v2) -> this process's cgroup path, from /proc/self/cgroup."""
    paths: dict[str, str] = {}
    try:
        text = Path("/proc/self/cgroup").read_text()
    except OSError:
        return paths
    for line in text.splitlines():
        _, controllers, path = line.split(":", 2)
        for controller in controllers.split(",") if controllers else [""]:
            paths[controller] = path
    return paths


@dataclass(frozen=True)
class _Hierarchy:
    """Where to create cgroups for one controller set, and which files set the limits."""

    base: Path
    controllers: tuple[str, ...]


@functools.cache
def hierarchies() -> tuple[_Hierarchy, ...]:
    """The places parlour can create bot cgroups in, found once (empty: none)."""
    own = _own_paths()
    v2 = ROOT / "cgroup.controllers"
    if v2.exists():  # a pure v2 machine: the unified hierarchy is mounted at the root
        base = ROOT / own.get("", "/").lstrip("/")
        return (_Hierarchy(base, ("memory", "pids")),) if _delegates(base) else ()
    found = []
    for controller in ("memory", "pids"):
        base = ROOT / controller / own.get(controller, "/").lstrip("/")
        if (base / "cgroup.procs").exists() and os.access(base, os.W_OK):
            found.append(_Hierarchy(base, (controller,)))
    return tuple(found)


def _delegates(base: Path) -> bool:
    """True if children of `base` get the memory and pids controllers (enabling them if
    parlour may)."""
    control = base / "cgroup.subtree_control"
    try:
        enabled = control.read_text().split()
        if {"memory", "pids"} <= set(enabled):
            return os.access(base, os.W_OK)
        control.write_text("+memory +pids")
        return True
    except OSError:
        return False


def available() -> str | None:
    """A description of the tree limits this machine gives ("cgroup v1 memory+pids"), or None."""
    found = hierarchies()
    if not found:
        return None
    version = "v2" if (ROOT / "cgroup.controllers").exists() else "v1"
    return f"cgroup {version} " + "+".join(c for h in found for c in h.controllers)


def _write(path: Path, value: str) -> bool:
    try:
        path.write_text(value)
        return True
    except OSError:
        return False


class TreeCgroup:
    """One bot run's cgroup(s): `add` the bot's first process before its command runs, `close`
    at the end (kills whatever is left, removes the cgroups)."""

    def __init__(self, paths: list[Path]) -> None:
        self.paths = paths

    @classmethod
    def create(cls, memory_mb: int, max_processes: int) -> TreeCgroup | None:
        """A new cgroup with these limits (0: none), or None where none can be made."""
        found = hierarchies()
        if not found:
            return None
        name = PREFIX + secrets.token_hex(8)
        paths: list[Path] = []
        for hierarchy in found:
            _remove_stale(hierarchy.base)
            path = hierarchy.base / name
            try:
                path.mkdir()
            except OSError:
                continue
            paths.append(path)
            if "memory" in hierarchy.controllers and memory_mb:
                size = str(memory_mb << 20)
                if (path / "memory.max").exists():
                    _write(path / "memory.max", size)
                    _write(path / "memory.swap.max", "0")
                else:
                    _write(path / "memory.limit_in_bytes", size)
                    _write(path / "memory.memsw.limit_in_bytes", size)  # no swapping past it
            if "pids" in hierarchy.controllers and max_processes:
                _write(path / "pids.max", str(max_processes))
        return cls(paths) if paths else None

    def add(self, pid: int) -> bool:
        """Move process `pid` into every cgroup; False if any move failed."""
        return all(_write(path / "cgroup.procs", str(pid)) for path in self.paths)

    def pids(self) -> set[int]:
        """The processes in the cgroups now."""
        found: set[int] = set()
        for path in self.paths:
            with contextlib.suppress(OSError, ValueError):
                found |= {int(x) for x in (path / "cgroup.procs").read_text().split()}
        return found

    def close(self) -> None:
        """Kill every process left in the cgroups and remove them."""
        for _ in range(50):
            left = self.pids()
            if not left:
                break
            for pid in left:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
            time.sleep(0.005)
        for path in self.paths:
            for _ in range(200):  # a killed process leaves its cgroup when it is reaped
                try:
                    path.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.005)


def _remove_stale(base: Path) -> None:
    """Remove empty cgroups left by a parlour that was killed: those older than a minute (a
    newer one may be another run's, just made; a non-empty one stays)."""
    old = time.time() - 60.0
    with contextlib.suppress(OSError), os.scandir(base) as entries:
        for entry in entries:
            if entry.name.startswith(PREFIX) and entry.is_dir(follow_symlinks=False):
                with contextlib.suppress(OSError):
                    if entry.stat(follow_symlinks=False).st_mtime < old:
                        os.rmdir(entry.path)
