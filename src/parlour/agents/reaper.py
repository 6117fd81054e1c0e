"""Ending every process a bot started, including those that left its process group or session.

A bot runs in its own session (``start_new_session``), so its process group holds the bot and
the children it did not move elsewhere. A child may still escape: by ``setsid`` or
``setpgid``, or by outliving the bot (it is then re-parented). On Linux parlour therefore

- makes itself a *child subreaper* (``prctl(PR_SET_CHILD_SUBREAPER)``), so an orphan of a bot's
  tree is re-parented to parlour instead of to init, and parlour reaps it once it is killed;
- gives each bot a mark in its environment (``PARLOUR_BOT_ID``, a random token), which every
  descendant inherits;
- when the bot is ended, finds its processes by walking ``/proc``: the bot itself, every
  process in its session or process group, every process carrying its mark (only processes
  started after the bot are read), and every descendant of those; kills them all with SIGKILL,
  again until none is left, and reaps those that became parlour's children.

Elsewhere (no ``/proc``) the bot's process group is killed, which ends every process that stayed
in it; a child that called ``setsid`` may survive there. See docs/agents.md ("Processes").
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import logging
import os
import secrets
import signal
import subprocess
import sys
import time
from dataclasses import dataclass

log = logging.getLogger("parlour.agents.reaper")

MARK = "PARLOUR_BOT_ID"
"""The environment variable holding a bot's token; its descendants inherit it."""
HAS_PROC = sys.platform.startswith("linux") and os.path.isdir("/proc/self")
PR_SET_CHILD_SUBREAPER = 36
_ROUNDS = 50
"""Kill rounds before giving up on a bot that forks faster than it is killed."""
_REAP_SECONDS = 10.0
"""How long to wait for a killed process parlour adopted to exit (SIGKILL cannot be caught)."""


@functools.cache
def become_subreaper() -> bool:
    """Make this process a child subreaper (Linux); True if it is one."""
    if not HAS_PROC:
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


@dataclass(frozen=True)
class ProcessInfo:
    """What ``/proc/PID/stat`` says about one process."""

    pid: int
    state: str
    ppid: int
    pgrp: int
    session: int
    start: int
    """Start time in clock ticks after boot."""


def read_stat(pid: int) -> ProcessInfo | None:
    """The stat line of `pid`, or None if it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as file:
            text = file.read().decode("ascii", errors="replace")
    except OSError:
        return None
    fields = text.rpartition(")")[2].split()  # the command name may hold spaces and brackets
    try:
        return ProcessInfo(pid, fields[0], int(fields[1]), int(fields[2]), int(fields[3]),
                           int(fields[19]))
    except (IndexError, ValueError):
        return None


def all_processes() -> dict[int, ProcessInfo]:
    """Every process visible in ``/proc``."""
    table: dict[int, ProcessInfo] = {}
    with os.scandir("/proc") as entries:
        for entry in entries:
            if entry.name.isdigit() and (info := read_stat(int(entry.name))) is not None:
                table[info.pid] = info
    return table


def _has_mark(pid: int, mark: bytes) -> bool:
    try:
        with open(f"/proc/{pid}/environ", "rb") as file:
            return mark in file.read().split(b"\0")
    except OSError:
        return False


class BotProcesses:
    """The processes of one bot: started with `environment()`, ended with `end()`."""

    def __init__(self) -> None:
        self.token = secrets.token_hex(16)
        self._mark = f"{MARK}={self.token}".encode()
        self.root: subprocess.Popen[bytes] | None = None
        self._since = 0

    def environment(self) -> dict[str, str]:
        """The environment to start the bot with: this one plus the bot's mark."""
        become_subreaper()
        return {**os.environ, MARK: self.token}

    def started(self, process: subprocess.Popen[bytes]) -> None:
        """Note the bot's process (just started)."""
        self.root = process
        info = read_stat(process.pid) if HAS_PROC else None
        self._since = info.start if info is not None else 0

    def members(self) -> set[int]:
        """Every process of the bot still present (zombies included). Its session and group
        count only while the bot's own process is not reaped (its number could then be
        another's); the mark always counts."""
        root = self.root
        if root is None or not HAS_PROC:
            return set()
        table = all_processes()
        me = os.getpid()
        found: set[int] = set()
        if root.returncode is None:  # not reaped: its number is still its session's and group's
            found = {p.pid for p in table.values()
                     if root.pid in (p.session, p.pgrp) and p.pid != me}
            if root.pid in table:
                found.add(root.pid)
        found |= {p.pid for p in table.values()
                  if p.pid not in found and p.pid != me and p.start >= self._since
                  and _has_mark(p.pid, self._mark)}
        children: dict[int, list[int]] = {}
        for p in table.values():
            children.setdefault(p.ppid, []).append(p.pid)
        stack = list(found)
        while stack:
            for child in children.get(stack.pop(), ()):
                if child not in found and child != me:
                    found.add(child)
                    stack.append(child)
        return found

    def end(self) -> None:
        """Kill the bot and everything it started; reap what parlour adopted. Waits until the
        processes are gone (SIGKILL cannot be ignored), within generous bounds."""
        root = self.root
        if root is None:
            return
        if not HAS_PROC:
            _kill_group(root)
            return
        me = os.getpid()
        deadline = time.monotonic() + _REAP_SECONDS
        for _ in range(_ROUNDS):
            members = self.members()
            if not members:
                return
            table = {pid: read_stat(pid) for pid in members}
            live = [pid for pid, info in table.items() if info is not None and info.state != "Z"]
            for pid in live:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)
            adopted = [pid for pid, info in table.items()
                       if info is not None and info.ppid == me and pid != root.pid]
            for pid in adopted:
                _reap(pid, deadline)
            if not live and not adopted:
                return  # zombies whose parents (killed bot processes) are being reaped
        log.warning("%d process(es) of a bot could not be ended", len(self.members()))


def _reap(pid: int, deadline: float) -> None:
    """Wait for our child `pid` to exit (it was sent SIGKILL) and reap it."""
    while True:
        try:
            done, _ = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            return
        if done or time.monotonic() > deadline:
            return
        time.sleep(0.002)


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        if process.returncode is None:
            with contextlib.suppress(OSError):
                process.kill()
