"""A socket that sends garbage: its lines in the log are rate-limited, and it is closed.

Logging every bad WebSocket message costs the event loop a few milliseconds each (3,000 of them
once stalled every table and ``/api/health`` for 25 s). `BadMessages` counts one socket's bad
messages: the first of a burst is logged, then at most one line per `log_every` seconds saying
how many were left out; a socket that sends `limit` bad messages within `window` seconds is
closed (WebSocket code 1008, policy violation).
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

CLOSE_CODE = 1008
"""The WebSocket close code for a socket that keeps sending garbage (policy violation)."""


@dataclass
class BadMessages:
    """One socket's bad messages: whether to log the next, and whether to close the socket."""

    limit: int = 20
    window: float = 10.0
    log_every: float = 10.0
    clock: Callable[[], float] = time.monotonic
    recent: deque[float] = field(default_factory=deque)
    unlogged: int = 0
    last_logged: float = float("-inf")

    def count(self) -> tuple[str | None, bool]:
        """Count one bad message: the note to log with it (None: leave it out of the log),
        and whether the socket has now sent too many and must be closed."""
        now = self.clock()
        self.recent.append(now)
        while self.recent and self.recent[0] < now - self.window:
            self.recent.popleft()
        close = len(self.recent) >= self.limit
        if now - self.last_logged < self.log_every and not close:
            self.unlogged += 1
            return None, False
        note = f" ({self.unlogged} more left out of the log)" if self.unlogged else ""
        self.unlogged = 0
        self.last_logged = now
        if close:
            note += f"; closing the socket after {len(self.recent)} bad messages in " \
                    f"{self.window:g} s"
        return note, close


__all__ = ["CLOSE_CODE", "BadMessages"]
