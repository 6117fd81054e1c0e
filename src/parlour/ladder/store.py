"""The ladder's index: an SQLite database (WAL) in the league folder.

Tables: ``meta`` (the league's settings), ``tokens`` (upload tokens by name, stored as a
SHA-256 digest only), ``bots`` (one per game and name, with its owner; anchors are bots too),
``versions`` (every submission of a bot: its folder, command, status and the message its author
sees), ``matches`` (a duplicate match: its seed and the versions at its table) and ``games``
(one row per seating of a match, written in one transaction after its record file exists).

The records and each version's ``bot.json`` are the truth; this database indexes them and can be
rebuilt from them (`parlour.ladder.league.Ladder.rebuild`). Every write commits at once with
``synchronous=FULL``, so a server killed at any moment keeps each finished game, and the log is
checkpointed into the database file after every match.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar

from parlour.core import ParlourError

FILENAME = "ladder.sqlite"
SCHEMA_VERSION = 1
SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tokens (
    name TEXT PRIMARY KEY, digest TEXT NOT NULL UNIQUE, organiser INTEGER NOT NULL,
    created REAL NOT NULL, revoked INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS bots (
    bot INTEGER PRIMARY KEY, game TEXT NOT NULL, name TEXT NOT NULL, owner TEXT NOT NULL,
    anchor INTEGER NOT NULL, created REAL NOT NULL, UNIQUE (game, name));
CREATE TABLE IF NOT EXISTS versions (
    version INTEGER PRIMARY KEY, bot INTEGER NOT NULL REFERENCES bots(bot),
    number INTEGER NOT NULL, spec TEXT NOT NULL, command TEXT NOT NULL, folder TEXT NOT NULL,
    submitted REAL NOT NULL, status TEXT NOT NULL, message TEXT NOT NULL DEFAULT '',
    private TEXT NOT NULL DEFAULT '', UNIQUE (bot, number));
CREATE TABLE IF NOT EXISTS matches (
    match INTEGER PRIMARY KEY, game TEXT NOT NULL, seed INTEGER NOT NULL,
    versions TEXT NOT NULL, seatings TEXT NOT NULL, planned REAL NOT NULL,
    finished REAL);
CREATE TABLE IF NOT EXISTS games (
    match INTEGER NOT NULL REFERENCES matches(match), seating INTEGER NOT NULL,
    seats TEXT NOT NULL, record TEXT NOT NULL, returns TEXT NOT NULL, moves TEXT NOT NULL,
    time_total TEXT NOT NULL, time_max TEXT NOT NULL, faults TEXT NOT NULL,
    finished REAL NOT NULL, PRIMARY KEY (match, seating));
"""

STATUSES = ("qualifying", "active", "failed", "suspended", "paused", "retired", "replaced")
"""A version's life: it qualifies, plays while ``active``, and stops when it fails its
qualification, is suspended for faults, paused or retired by the organiser, or replaced by a
newer version of its bot that qualified."""
PLAYING = "active"

F = TypeVar("F", bound=Callable[..., Any])


class LadderStoreError(ParlourError):
    """A ladder database that cannot be read or written."""


def _guarded(method: F) -> F:
    @wraps(method)
    def wrapper(self: LadderStore, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except ParlourError:
            raise
        except (sqlite3.Error, ValueError, TypeError, KeyError) as error:
            raise LadderStoreError(
                f"the ladder database {self.path} cannot be used ({error}); rebuild it "
                "from the league's records with `parlour ladder rebuild`") from None

    return wrapper  # type: ignore[return-value]


@dataclass(frozen=True)
class Version:
    """One submission of a bot."""

    version: int
    bot: int
    game: str
    name: str
    owner: str
    anchor: bool
    number: int
    spec: str
    command: str
    folder: str
    submitted: float
    status: str
    message: str
    private: str

    @property
    def label(self) -> str:
        """``name`` for an anchor, ``name v3`` for a submitted bot."""
        return self.name if self.anchor else f"{self.name} v{self.number}"


@dataclass(frozen=True)
class GameRow:
    """One played seating of a match."""

    match: int
    seating: int
    seats: tuple[int, ...]
    """The version in each seat."""
    record: str
    returns: tuple[float, ...]
    moves: tuple[int, ...]
    time_total: tuple[float, ...]
    time_max: tuple[float, ...]
    faults: tuple[tuple[int, str, str], ...]
    """(seat, kind, message) of every fault."""
    finished: float


@dataclass(frozen=True)
class MatchRow:
    """A duplicate match: the versions at its table and the seatings it plays."""

    match: int
    game: str
    seed: int
    versions: tuple[int, ...]
    seatings: tuple[tuple[int, ...], ...]
    planned: float
    finished: float | None


_VERSION_QUERY = """
SELECT v.version, v.bot, b.game, b.name, b.owner, b.anchor, v.number, v.spec, v.command,
       v.folder, v.submitted, v.status, v.message, v.private
FROM versions v JOIN bots b USING (bot)"""


class LadderStore:
    """The league's database; every method commits what it writes before it returns."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None, timeout=30,
                                      check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.executescript(SCHEMA)
            found = self.meta("schema")
            if found is None:
                self.set_meta("schema", str(SCHEMA_VERSION))
            elif found != str(SCHEMA_VERSION):
                raise LadderStoreError(f"{self.path} has schema {found}; this parlour reads "
                                       f"schema {SCHEMA_VERSION}")
        except sqlite3.Error as error:
            raise LadderStoreError(f"the ladder database {self.path} cannot be opened "
                                   f"({error}); rebuild it from the league's records with "
                                   "`parlour ladder rebuild`") from None

    def close(self) -> None:
        """Checkpoint the log into the database file and close."""
        with suppress(sqlite3.Error, ParlourError):
            self.checkpoint()
        self.db.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One atomic write (``BEGIN IMMEDIATE`` ... ``COMMIT``)."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    @_guarded
    def checkpoint(self) -> None:
        """Move the write-ahead log into the database file."""
        self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    # --- settings ---------------------------------------------------------------------------
    @_guarded
    def meta(self, key: str) -> str | None:
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    @_guarded
    def set_meta(self, key: str, value: str) -> None:
        self.db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))

    # --- tokens -----------------------------------------------------------------------------
    @_guarded
    def add_token(self, name: str, digest: str, organiser: bool) -> None:
        try:
            self.db.execute("INSERT INTO tokens (name, digest, organiser, created) "
                            "VALUES (?, ?, ?, ?)", (name, digest, int(organiser), time.time()))
        except sqlite3.IntegrityError:
            raise LadderStoreError(f"a token named {name!r} exists already; revoke it "
                                   "first or choose another name") from None

    @_guarded
    def revoke_token(self, name: str) -> bool:
        return self.db.execute("UPDATE tokens SET revoked = 1 WHERE name = ?",
                               (name,)).rowcount > 0

    @_guarded
    def token_holder(self, digest: str) -> tuple[str, bool] | None:
        """(name, organiser) of the valid token with `digest`."""
        row = self.db.execute("SELECT name, organiser FROM tokens WHERE digest = ? AND "
                              "revoked = 0", (digest,)).fetchone()
        return None if row is None else (str(row[0]), bool(row[1]))

    @_guarded
    def tokens(self) -> list[tuple[str, str, bool, bool]]:
        """(name, digest, organiser, revoked) of every token."""
        return [(str(n), str(d), bool(o), bool(r)) for n, d, o, r in self.db.execute(
            "SELECT name, digest, organiser, revoked FROM tokens ORDER BY name")]

    # --- bots and versions ------------------------------------------------------------------
    @_guarded
    def add_version(self, game: str, name: str, owner: str, anchor: bool, spec: str,
                    command: str, folder: str, status: str) -> Version:
        """A new version of the bot `name` of `game` (the bot is made on first use)."""
        with self.transaction() as db:
            row = db.execute("SELECT bot, owner FROM bots WHERE game = ? AND name = ?",
                             (game, name)).fetchone()
            if row is None:
                bot = db.execute("INSERT INTO bots (game, name, owner, anchor, created) "
                                 "VALUES (?, ?, ?, ?, ?)",
                                 (game, name, owner, int(anchor), time.time())).lastrowid
            elif row[1] != owner:
                raise LadderStoreError(f"the bot {name!r} of {game} belongs to someone else; "
                                       "choose another name")
            else:
                bot = row[0]
            number = db.execute("SELECT COALESCE(MAX(number), 0) + 1 FROM versions WHERE "
                                "bot = ?", (bot,)).fetchone()[0]
            version = db.execute(
                "INSERT INTO versions (bot, number, spec, command, folder, submitted, status) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (bot, number, spec, command, folder, time.time(), status)).lastrowid
        assert version is not None
        return self.version(version)

    @_guarded
    def bot_owner(self, game: str, name: str) -> str | None:
        """Who owns the bot `name` of `game` (None: no such bot yet)."""
        row = self.db.execute("SELECT owner FROM bots WHERE game = ? AND name = ?",
                              (game, name)).fetchone()
        return None if row is None else str(row[0])

    @_guarded
    def version(self, version: int) -> Version:
        row = self.db.execute(f"{_VERSION_QUERY} WHERE v.version = ?", (version,)).fetchone()
        if row is None:
            raise LadderStoreError(f"no bot version {version} in {self.path}")
        return _version(row)

    @_guarded
    def versions(self, game: str | None = None, status: str | None = None,
                 bot: str | None = None) -> list[Version]:
        where, args = [], []
        for column, value in (("b.game", game), ("v.status", status), ("b.name", bot)):
            if value is not None:
                where.append(f"{column} = ?")
                args.append(value)
        clause = f" WHERE {' AND '.join(where)}" if where else ""
        return [_version(row) for row in self.db.execute(
            f"{_VERSION_QUERY}{clause} ORDER BY v.version", args)]

    @_guarded
    def place_version(self, version: int, spec: str, folder: str) -> None:
        """Record where a version's files were put and the spec that seats it."""
        self.db.execute("UPDATE versions SET spec = ?, folder = ? WHERE version = ?",
                        (spec, folder, version))

    @_guarded
    def set_status(self, version: int, status: str, message: str = "",
                   private: str | None = None) -> None:
        if status not in STATUSES:
            raise ValueError(f"unknown status {status!r}")
        if private is None:
            self.db.execute("UPDATE versions SET status = ?, message = ? WHERE version = ?",
                            (status, message, version))
        else:
            self.db.execute("UPDATE versions SET status = ?, message = ?, private = ? "
                            "WHERE version = ?", (status, message, private, version))

    # --- matches and games ------------------------------------------------------------------
    @_guarded
    def add_match(self, game: str, seed: int, versions: Sequence[int],
                  seatings: Sequence[Sequence[int]]) -> MatchRow:
        match = self.db.execute(
            "INSERT INTO matches (game, seed, versions, seatings, planned) VALUES "
            "(?, ?, ?, ?, ?)", (game, seed, json.dumps(list(versions)),
                                json.dumps([list(s) for s in seatings]), time.time())).lastrowid
        assert match is not None
        return self.match(match)

    @_guarded
    def match(self, match: int) -> MatchRow:
        row = self.db.execute("SELECT * FROM matches WHERE match = ?", (match,)).fetchone()
        if row is None:
            raise LadderStoreError(f"no match {match} in {self.path}")
        return _match(row)

    @_guarded
    def matches(self, game: str | None = None, finished: bool | None = None) -> list[MatchRow]:
        where, args = [], []
        if game is not None:
            where.append("game = ?")
            args.append(game)
        if finished is not None:
            where.append("finished IS NOT NULL" if finished else "finished IS NULL")
        clause = f" WHERE {' AND '.join(where)}" if where else ""
        return [_match(row) for row in self.db.execute(
            f"SELECT * FROM matches{clause} ORDER BY match", args)]

    @_guarded
    def add_game(self, row: GameRow) -> None:
        """Store one played seating; the match is finished with its last seating."""
        with self.transaction() as db:
            db.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", (
                row.match, row.seating, json.dumps(row.seats), row.record,
                json.dumps(row.returns), json.dumps(row.moves), json.dumps(row.time_total),
                json.dumps(row.time_max), json.dumps(row.faults), row.finished))
            planned = json.loads(db.execute("SELECT seatings FROM matches WHERE match = ?",
                                            (row.match,)).fetchone()[0])
            played = db.execute("SELECT COUNT(*) FROM games WHERE match = ?",
                                (row.match,)).fetchone()[0]
            if played == len(planned):
                db.execute("UPDATE matches SET finished = ? WHERE match = ?",
                           (row.finished, row.match))

    @_guarded
    def games(self, match: int | None = None, version: int | None = None,
              limit: int | None = None) -> list[GameRow]:
        """Played games, oldest first (or the newest `limit`, still oldest first)."""
        where, args = [], []
        if match is not None:
            where.append("match = ?")
            args.append(match)
        if version is not None:
            where.append("EXISTS (SELECT 1 FROM json_each(games.seats) WHERE value = ?)")
            args.append(version)
        clause = f" WHERE {' AND '.join(where)}" if where else ""
        order = " ORDER BY match DESC, seating DESC" if limit else " ORDER BY match, seating"
        cap = f" LIMIT {int(limit)}" if limit else ""
        rows = [_game(row) for row in self.db.execute(
            f"SELECT * FROM games{clause}{order}{cap}", args)]
        return rows[::-1] if limit else rows


def _version(row: Sequence[Any]) -> Version:
    (version, bot, game, name, owner, anchor, number, spec, command, folder, submitted,
     status, message, private) = row
    return Version(version, bot, game, name, owner, bool(anchor), number, spec, command, folder,
                   submitted, status, message, private)


def _match(row: Sequence[Any]) -> MatchRow:
    match, game, seed, versions, seatings, planned, finished = row
    return MatchRow(match, game, seed, tuple(json.loads(versions)),
                    tuple(tuple(s) for s in json.loads(seatings)), planned, finished)


def _game(row: Sequence[Any]) -> GameRow:
    match, seating, seats, record, returns, moves, time_total, time_max, faults, finished = row
    return GameRow(match, seating, tuple(json.loads(seats)), record,
                   tuple(json.loads(returns)), tuple(json.loads(moves)),
                   tuple(json.loads(time_total)), tuple(json.loads(time_max)),
                   tuple((int(s), str(k), str(m)) for s, k, m in json.loads(faults)), finished)
