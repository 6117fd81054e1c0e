"""What the web server was told at start-up: the only source of what it may run and read."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class ServerConfig:
    """Start-up settings of `parlour serve`.

    `allow_local_bots` permits ``exec:``, ``file:`` and other scheme specs (they run programs
    or Python files from this machine); without it only built-in agents may sit at a table.
    `tournaments` is a tournament output directory to show (read only).
    """

    allow_local_bots: bool = False
    tournaments: Path | None = None
    ladder: Path | None = None
    """A league folder (`parlour ladder serve`): its API is served and its matches played."""
    ladder_backend: str = "local"
    """Where the league's games run: ``local`` worker processes, ``inprocess`` or ``ray``."""
    ladder_workers: int = 1
    ladder_address: str | None = None
    """The Ray cluster's address (``ray`` backend only)."""
    max_tables: int = 64
    """Games played at once; creating more is refused until one finishes or is left."""
    max_finished: int = 256
    """Finished tables kept (for their record and last view); the oldest go first."""
    max_replays: int = 16
    """Replays kept in memory (the least recently opened are dropped first)."""
    idle_seconds: float = 2 * 3600.0
    """A table nobody has touched for this long is closed."""
    max_record_bytes: int = 16 * 1024 * 1024
    """The largest record file accepted for a replay."""
    max_replay_moves: int = 50_000
    """The longest record shown as a replay."""
    max_replay_work: float = 50_000.0
    """The most re-simulation work (`Game.replay_work`, in moves of an ordinary game) a
    replay may take; a record asking more is refused before its first move."""
    replay_seconds: float = 30.0
    """A replay still being re-simulated after this long is stopped at its next move."""
