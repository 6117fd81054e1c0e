"""The results store: an embedded SQLite database (WAL), written as each game finishes.

Tables: ``meta`` (the tournament's settings), ``agents``, ``schedule`` (every game planned:
stage, round, table, seating, the agent in each seat, seed, game spec), ``results`` (one row
per finished game, with its record file), ``seats`` (per game and seat: agent, score, return,
win, decisions and seconds) and ``faults`` (every fault and game-reported error).

A game's rows are written in one transaction, after its record file is in place, so a
tournament killed at any moment (even by SIGKILL) holds each game either whole, with its
record, or not at all; resuming plays exactly the games without a result.

The write-ahead log is checkpointed into the database file after the first result and then
at most every `checkpoint_every` seconds, and whole when the store is closed, so the results
never live only in the ``-wal`` file (a copy of ``tournament.sqlite`` alone, or a store whose
``-wal`` was lost, holds every game but those of the last second).

A store that cannot be read (a damaged page, rows edited away, emptied) raises `StoreError`
with one line naming the file, never a `sqlite3` traceback; `problems()` lists the games whose
rows disagree, which a resumed tournament plays again; `parlour.arena.rebuild` makes a lost or
damaged store again from the records. A full disk is a `StoreError` saying that
``--resume`` continues once space is freed.
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import sqlite3
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar

from parlour.arena.formats import Scheduled
from parlour.arena.rows import ErrorItem, GameOutcome
from parlour.core import ParlourError

FILENAME = "tournament.sqlite"
SCHEMA_VERSION = 1
CHECKPOINT_EVERY = 1.0
"""Seconds between checkpoints of the write-ahead log into the database file."""
WAL_PAGES = 64
"""Pages (of 4 KiB) the write-ahead log may hold before SQLite moves it into the database."""
WAL_BYTES = 512 * 1024
"""The size the write-ahead log file is cut back to after a checkpoint."""
SQLITE_FULL = 13

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS agents (
    agent INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, spec TEXT NOT NULL,
    role TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS schedule (
    game INTEGER PRIMARY KEY, stage TEXT NOT NULL, round INTEGER NOT NULL,
    table_no INTEGER NOT NULL, seating INTEGER NOT NULL, seats TEXT NOT NULL,
    seed INTEGER NOT NULL, game_spec TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS results (
    game INTEGER PRIMARY KEY REFERENCES schedule(game), record TEXT NOT NULL,
    complete INTEGER NOT NULL, winners TEXT NOT NULL, seconds REAL NOT NULL,
    extra TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS seats (
    game INTEGER NOT NULL REFERENCES results(game), seat INTEGER NOT NULL,
    agent INTEGER NOT NULL REFERENCES agents(agent), score REAL NOT NULL,
    return_value REAL NOT NULL, win INTEGER NOT NULL, moves INTEGER NOT NULL,
    time_total REAL NOT NULL, time_max REAL NOT NULL, PRIMARY KEY (game, seat));
CREATE TABLE IF NOT EXISTS faults (
    game INTEGER NOT NULL REFERENCES results(game), seat INTEGER NOT NULL,
    agent INTEGER NOT NULL, kind TEXT NOT NULL, at TEXT NOT NULL, message TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS faults_by_game ON faults (game);
"""


F = TypeVar("F", bound=Callable[..., Any])


class StoreError(ParlourError):
    """A results store that cannot be read or written: damaged, emptied, or edited."""


def _guarded(method: F) -> F:
    """Turn any `sqlite3` error of a store method into a one-line `StoreError`."""

    @wraps(method)
    def wrapper(self: Store, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except ParlourError:
            raise
        except (sqlite3.Error, ValueError, TypeError) as error:  # a page or a value damaged
            raise self.error(error) from None

    return wrapper  # type: ignore[return-value]


@dataclass(frozen=True)
class Agent:
    """A tournament's agent: its index, unique name, spec, and role (player, baseline)."""

    index: int
    name: str
    spec: str
    role: str


@dataclass(frozen=True)
class SeatResult:
    """One seat of a finished game."""

    agent: int
    score: float
    value: float
    """The seat's return (higher is better)."""
    win: bool
    moves: int
    time_total: float
    time_max: float


@dataclass(frozen=True)
class GameRow:
    """A scheduled game and, once played, its result."""

    game: Scheduled
    record: str | None = None
    complete: bool = False
    winners: tuple[int, ...] = ()
    seconds: float = 0.0
    seats: tuple[SeatResult, ...] = ()
    errors: tuple[ErrorItem, ...] = ()
    extra: dict[str, Any] | None = None

    @property
    def played(self) -> bool:
        return self.record is not None


class Store:
    """The SQLite store of one tournament (in WAL mode; safe to read while it is written)."""

    def __init__(self, path: str | Path, checkpoint_every: float = CHECKPOINT_EVERY) -> None:
        self.path = Path(path)
        self.checkpoint_every = checkpoint_every
        self._checkpointed = -math.inf
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None, timeout=30.0)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            # keep the log small: it is moved into the database every WAL_PAGES pages too, and
            # cut back to WAL_BYTES after, so a filling disk leaves room to finish (--resume)
            self.db.execute(f"PRAGMA wal_autocheckpoint={WAL_PAGES}")
            self.db.execute(f"PRAGMA journal_size_limit={WAL_BYTES}")
            self.db.executescript(SCHEMA)
        except sqlite3.Error as error:
            raise self.error(error) from None

    def error(self, error: Exception) -> StoreError:
        """The one-line error for a failed operation on this store."""
        if isinstance(error, sqlite3.OperationalError) and "locked" in str(error):
            return StoreError(f"cannot use the results store {str(self.path)!r}: {error}")
        if is_disk_full(error):
            return StoreError(disk_full_message(self.path.parent, f"the results store "
                                                                  f"{str(self.path)!r}"))
        return StoreError(f"the results store {str(self.path)!r} is damaged ({error}); "
                          f"parlour report --rebuild {str(self.path.parent)!r} makes it again "
                          "from the records (and parlour tournament --resume does so too)")

    def checkpoint(self, mode: str = "PASSIVE") -> None:
        """Copy the write-ahead log into the database file (``TRUNCATE`` also empties it)."""
        self.db.execute(f"PRAGMA wal_checkpoint({mode})").fetchall()
        self._checkpointed = time.monotonic()

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):  # damaged or busy: closing does what it can
            self.checkpoint("TRUNCATE")
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- settings and agents -----------------------------------------------------------------
    @_guarded
    def meta(self, key: str) -> Any:
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else json.loads(row[0])

    @_guarded
    def set_meta(self, key: str, value: Any) -> None:
        self.db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                        (key, json.dumps(value, default=str)))

    @_guarded
    def initialise(self, settings: dict[str, Any], agents: Sequence[Agent]) -> None:
        """Record a new tournament's settings and agents."""
        with self._transaction():
            self.set_meta("schema", SCHEMA_VERSION)
            self.set_meta("config", settings)
            self.db.executemany("INSERT INTO agents VALUES (?, ?, ?, ?)",
                                [(a.index, a.name, a.spec, a.role) for a in agents])

    @_guarded
    def agents(self) -> list[Agent]:
        return [Agent(*row) for row in
                self.db.execute("SELECT agent, name, spec, role FROM agents ORDER BY agent")]

    # --- the schedule ------------------------------------------------------------------------
    @_guarded
    def add_schedule(self, games: Sequence[Scheduled]) -> None:
        """Add planned games; games already planned must be planned identically."""
        known = {g.index: g for g in self.schedule()}
        new = []
        for g in games:
            old = known.get(g.index)
            if old is None:
                new.append(g)
            elif old != g:
                raise ParlourError(
                    f"game {g.index + 1} of the stored schedule differs from this tournament's "
                    f"({_show(old)} stored, {_show(g)} now): these are different tournaments"
                )
        with self._transaction():
            self.db.executemany(
                "INSERT INTO schedule VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(g.index, g.stage, g.round, g.table, g.seating, json.dumps(g.seats), g.seed,
                  g.game) for g in new])

    @_guarded
    def schedule(self) -> list[Scheduled]:
        rows = self.db.execute("SELECT game, stage, round, table_no, seating, seats, seed, "
                               "game_spec FROM schedule ORDER BY game")
        return [Scheduled(i, stage, r, t, s, tuple(json.loads(seats)), seed, spec)
                for i, stage, r, t, s, seats, seed, spec in rows]

    @_guarded
    def done(self) -> set[int]:
        """The indices of the games with a result."""
        return {row[0] for row in self.db.execute("SELECT game FROM results")}

    # --- results -------------------------------------------------------------------------------
    @_guarded
    def add_result(self, game: Scheduled, outcome: GameOutcome, record: str) -> None:
        """Store a finished game in one transaction (its record file is already written)."""
        seats = [(game.index, s, game.seats[s], outcome.scores[s], outcome.returns[s],
                  int(s in outcome.winners), outcome.moves[s], outcome.time_total[s],
                  outcome.time_max[s]) for s in range(len(game.seats))]
        faults = [(game.index, e.seat, game.seats[e.seat], e.kind, e.at, e.message)
                  for e in outcome.errors]
        with self._transaction():
            self._delete(self.db, [game.index])  # rows a damaged store left behind
            self.db.execute("INSERT INTO results VALUES (?, ?, ?, ?, ?, ?)",
                            (game.index, record, int(outcome.complete),
                             json.dumps(outcome.winners), outcome.seconds,
                             json.dumps(outcome.extra)))
            self.db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", seats)
            self.db.executemany("INSERT INTO faults VALUES (?, ?, ?, ?, ?, ?)", faults)
        if time.monotonic() - self._checkpointed >= self.checkpoint_every:
            self.checkpoint()

    @_guarded
    def games(self, check: bool = True) -> list[GameRow]:
        """Every scheduled game in order, with its result if it has one.

        With `check`, a store whose rows disagree (see `problems`) is a `StoreError`."""
        if check:
            problems = self.problems()
            if problems:
                index, reason = min(problems.items())
                more = f" (and {len(problems) - 1} more game(s))" if len(problems) > 1 else ""
                raise StoreError(f"the results store {str(self.path)!r} is damaged: game "
                                 f"{index + 1} {reason}{more}; parlour tournament --resume "
                                 f"--out {str(self.path.parent)!r} plays such games again")
        seats: dict[int, list[SeatResult]] = {}
        for row in self.db.execute("SELECT game, agent, score, return_value, win, moves, "
                                   "time_total, time_max FROM seats ORDER BY game, seat"):
            seats.setdefault(row[0], []).append(
                SeatResult(row[1], row[2], row[3], bool(row[4]), row[5], row[6], row[7]))
        errors: dict[int, list[ErrorItem]] = {}
        for game, seat, kind, at, message in self.db.execute(
                "SELECT game, seat, kind, at, message FROM faults ORDER BY game, rowid"):
            errors.setdefault(game, []).append(ErrorItem(seat, kind, at, message))
        results = {row[0]: row[1:] for row in self.db.execute(
            "SELECT game, record, complete, winners, seconds, extra FROM results")}
        rows = []
        for g in self.schedule():
            if g.index not in results:
                rows.append(GameRow(g))
                continue
            record, complete, winners, seconds, extra = results[g.index]
            rows.append(GameRow(g, record, bool(complete), tuple(json.loads(winners)), seconds,
                                tuple(seats.get(g.index, ())), tuple(errors.get(g.index, ())),
                                json.loads(extra)))
        return rows

    @_guarded
    def problems(self) -> dict[int, str]:
        """Games whose stored rows disagree: a result without its seats, seats of other agents,
        a result of a game not in the schedule. Maps game index to what is wrong."""
        planned = {g.index: g.seats for g in self.schedule()}
        known = {a.index for a in self.agents()}
        for index, seats in planned.items():
            if not set(seats) <= known:
                raise StoreError(f"the results store {str(self.path)!r} is damaged: game "
                                 f"{index + 1} of its schedule seats agents it does not have")
        seated: dict[int, list[int]] = {}
        for game, agent in self.db.execute("SELECT game, agent FROM seats ORDER BY game, seat"):
            seated.setdefault(game, []).append(agent)
        found = {}
        for (game,) in self.db.execute("SELECT game FROM results ORDER BY game"):
            agents = seated.get(game, [])
            if game not in planned:
                found[game] = "has a result but is not in the schedule"
            elif len(agents) != len(planned[game]):
                found[game] = (f"has a result with {len(agents)} of its "
                               f"{len(planned[game])} seat results")
            elif tuple(agents) != planned[game]:
                found[game] = "has seat results of other agents than its schedule"
        return found

    @_guarded
    def forget(self, games: Iterable[int]) -> None:
        """Delete the results of `games` (and their seats and faults), to play them again."""
        with self._transaction():
            self._delete(self.db, list(games))

    @staticmethod
    def _delete(db: sqlite3.Connection, games: list[int]) -> None:
        for table in ("faults", "seats", "results"):
            db.executemany(f"DELETE FROM {table} WHERE game = ?", [(g,) for g in games])

    def _transaction(self) -> _Transaction:
        return _Transaction(self.db)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on an exception."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        if kind is None:
            self.db.execute("COMMIT")
        elif self.db.in_transaction:  # SQLite may have rolled back itself (a full disk)
            self.db.execute("ROLLBACK")


def is_disk_full(error: BaseException) -> bool:
    """Whether `error` says the disk (or the database's size limit) is full."""
    if isinstance(error, sqlite3.Error):
        return (getattr(error, "sqlite_errorcode", None) == SQLITE_FULL
                or "disk is full" in str(error))
    return isinstance(error, OSError) and error.errno == errno.ENOSPC


def disk_full_message(out: Path, what: str) -> str:
    """The one line for a full disk: what could not be written, and how to continue."""
    return (f"no space left on the disk for {what}: every game stored so far is kept; free "
            f"some space, then parlour tournament --resume --out {str(out)!r} continues where "
            "it stopped")


def _show(g: Scheduled) -> str:
    return f"{g.game}, seats {list(g.seats)}, seed {g.seed}"


def open_existing(directory: str | Path) -> Store:
    """The store of the tournament in `directory`, or a `ParlourError` if there is none (or
    it holds no settings or no schedule: emptied)."""
    path = Path(directory) / FILENAME
    if not path.is_file():
        raise ParlourError(f"{str(directory)!r} holds no tournament (no {FILENAME})")
    store = Store(path)
    try:
        if not isinstance(store.meta("config"), dict) or not store.agents():
            raise StoreError(f"the results store {str(path)!r} holds no tournament settings "
                             "or agents (it was emptied or damaged)")
        if not store.schedule():
            raise StoreError(f"the results store {str(path)!r} holds no scheduled games (it "
                             "was emptied or damaged)")
    except BaseException:
        store.close()
        raise
    return store


__all__ = ["FILENAME", "Agent", "GameRow", "SeatResult", "Store", "StoreError", "disk_full_message",
           "is_disk_full", "open_existing"]
