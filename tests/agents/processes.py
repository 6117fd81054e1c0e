"""Checks on processes for the bot tests: whether one still runs, waiting on a condition."""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from parlour.agents.reaper import read_stat


def running(pid: int) -> bool:
    """True while `pid` exists and is not a zombie."""
    info = read_stat(pid)
    return info is not None and info.state != "Z"


def wait_until(condition: Callable[[], bool], seconds: float = 30.0) -> bool:
    """Poll `condition` until it holds or `seconds` pass (a bound, not a delay that decides)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


@contextlib.contextmanager
def pids_in(path: Path) -> Iterator[Callable[[], list[int]]]:
    """The process numbers a bot writes to `path`; any still running are killed afterwards."""

    def read() -> list[int]:
        return [int(x) for x in path.read_text().split()] if path.exists() else []

    try:
        yield read
    finally:
        for pid in read():
            if running(pid):
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
