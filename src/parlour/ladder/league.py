"""A standing league: tokens, submissions, qualification, and matches played for ever.

The league folder holds ``ladder.sqlite`` (the index, `parlour.ladder.store`), ``bots/GAME/
NAME/vN/`` (each version's files and its ``bot.json``) and ``records/GAME/MMMMMM-S.json.gz``
(every game). `Ladder.step` does the next piece of work: qualify a new version, finish a
match that a killed server left half played, or plan and play the next duplicate match chosen
by `parlour.ladder.scheduler`. Matches are planned from the league's seed and their number, and
each game is stored (after its record file is in place) in one transaction, so a server killed
with SIGKILL at any moment loses no finished game, and a restart plays on where it stopped.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import secrets
import shlex
import shutil
import threading
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from parlour.agents.external import ExternalAgent
from parlour.arena.backends import Backend, InProcess
from parlour.arena.formats import seatings
from parlour.arena.live import LIVE_SUFFIX, WATCH_SUFFIX, watch_marker
from parlour.arena.worker import GameOutcome, GameTask, write_file
from parlour.core import ParlourError, derive_seed, load_game, make_rng
from parlour.core.deprecated import warn_renamed
from parlour.ladder.bots import SCHEME, read_manifest, write_manifest
from parlour.ladder.scheduler import Entrant, choose_lineup
from parlour.ladder.standings import Leaderboard, Standing
from parlour.ladder.store import FILENAME, GameRow, LadderStore, MatchRow, Version
from parlour.ladder.uploads import UploadError, UploadLimits, unpack
from parlour.match import FaultRules, Match

log = logging.getLogger("parlour.ladder")

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,39}")
ANCHOR_OWNER = "(anchor)"
SETTINGS_KEY = "settings"
SETTINGS_FILE = "settings.json"
TOKENS_FILE = "tokens.json"
STDERR_MARK = "; last stderr:"
"""Where an external bot's fault message starts quoting its stderr."""


class LadderError(ParlourError):
    """A request the ladder refuses: a bad token, name, game, command or upload."""


@dataclass(frozen=True)
class LeagueSettings:
    """How a league plays; stored in the league folder, so a restart keeps them."""

    games: tuple[str, ...] = ("hearts",)
    """The games (specs with parameters) the league plays."""
    seed: int = 1
    """Every match's deals derive from this and the match number."""
    move_time: float = 1.0
    """Seconds per decision of a submitted bot (and a time bank of ten times that a game)."""
    memory_mb: int = 512
    """Memory of a submitted bot, in MiB."""
    anchors: tuple[str, ...] = ("random", "heuristic", "ismcts:iterations=200")
    """Built-in bots that stay in the league for ever, so ratings keep their meaning."""
    qualification_games: int = 2
    """Games a new version plays against ``random`` before it may join."""
    fault_limit: float = 0.02
    """A version faulting on more than this share of its decisions is suspended..."""
    fault_window: int = 200
    """...once it has made at least this many decisions."""
    strike_limit: int = 3

    def fault_rules(self) -> FaultRules:
        """How a match treats the league's bots: a submitted bot only ever runs in the
        sandbox (``on``: a machine without one refuses to start it, never runs it bare)."""
        return FaultRules(strike_limit=self.strike_limit, move_time=self.move_time,
                          time_bank=10 * self.move_time, memory_mb=self.memory_mb,
                          sandbox="on")

    def policy(self) -> FaultRules:
        """Deprecated name of `fault_rules`."""
        warn_renamed("LeagueSettings.policy()", "LeagueSettings.fault_rules()")
        return self.fault_rules()

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> LeagueSettings:
        data = json.loads(text)
        for key in ("games", "anchors"):
            data[key] = tuple(data[key])
        return cls(**data)


class Ladder:
    """A league in `folder`; create it with `settings`, reopen it with none."""

    def __init__(self, folder: str | Path, settings: LeagueSettings | None = None,
                 upload_limits: UploadLimits | None = None) -> None:
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.store = LadderStore(self.folder / FILENAME)
        self.upload_limits = upload_limits or UploadLimits()
        self.lock = threading.RLock()
        self.boards: dict[str, Leaderboard] = {}
        stored = self.store.meta(SETTINGS_KEY)
        if stored is None:
            self.settings = canonical(settings or LeagueSettings())
            self._save_settings()
        else:
            self.settings = LeagueSettings.from_json(stored)
            if settings is not None and settings.games != self.settings.games:
                added = [g for g in canonical(settings).games if g not in self.settings.games]
                self.settings = replace(self.settings, games=self.settings.games + tuple(added))
                self._save_settings()
        self._ensure_anchors()
        self._recover()

    def _recover(self) -> None:
        """Tidy what a killed server left: staging folders, and versions whose files never
        reached their folder (they are refused with a message to resubmit)."""
        remove_uploads(self.folder)
        for suffix in (LIVE_SUFFIX, WATCH_SUFFIX):
            for stale in (self.folder / "records").glob(f"*/*{suffix}"):
                stale.unlink(missing_ok=True)
        for version in self.store.versions(status="qualifying"):
            if not version.folder or not Path(version.folder).is_dir():
                self._set_status(version.version, "failed",
                                 "the upload was interrupted; submit it again")

    def close(self) -> None:
        self.store.close()

    # --- settings ---------------------------------------------------------------------------
    def configure(self, move_time: float | None = None, memory_mb: int | None = None) -> None:
        """Change the move time or memory of submitted bots (from the next match on)."""
        with self.lock:
            changed = replace(self.settings,
                              move_time=self.settings.move_time if move_time is None
                              else float(move_time),
                              memory_mb=self.settings.memory_mb if memory_mb is None
                              else int(memory_mb))
            self.settings = canonical(changed)
            self._save_settings()

    def _save_settings(self) -> None:
        self.store.set_meta(SETTINGS_KEY, self.settings.to_json())
        write_file(self.folder / SETTINGS_FILE, self.settings.to_json().encode())

    def _ensure_anchors(self) -> None:
        present = {(v.game, v.name) for v in self.store.versions() if v.anchor}
        for game in self.settings.games:
            for spec in self.settings.anchors:
                if (game, spec) not in present:
                    self.store.add_version(game, spec, ANCHOR_OWNER, True, spec, "", "",
                                           "active")

    # --- tokens -----------------------------------------------------------------------------
    def make_token(self, name: str, organiser: bool = False) -> str:
        """A new upload token for `name` (shown once; only its digest is kept)."""
        _check_name(name, "token name")
        token = secrets.token_urlsafe(24)
        self.store.add_token(name, _digest(token), organiser)
        self._save_tokens()
        return token

    def revoke_token(self, name: str) -> None:
        """Make the token of `name` useless (its bots stay)."""
        if not self.store.revoke_token(name):
            raise LadderError(f"no token named {name!r}")
        self._save_tokens()

    def _save_tokens(self) -> None:
        """The tokens' digests as a file, for `rebuild`."""
        write_file(self.folder / TOKENS_FILE, json.dumps(
            [{"name": n, "digest": d, "organiser": o, "revoked": r}
             for n, d, o, r in self.store.tokens()], indent=1).encode())

    def holder(self, token: str) -> tuple[str, bool]:
        """(name, organiser) of a valid token, else a `LadderError`."""
        found = self.store.token_holder(_digest(token)) if token else None
        if found is None:
            raise LadderError("unknown or revoked token")
        return found

    # --- submissions ------------------------------------------------------------------------
    def submit(self, token: str, game: str, name: str, data: bytes, filename: str,
               command: str) -> Version:
        """A new version of the bot `name` (a file or an archive, started by `command`)."""
        owner, _ = self.holder(token)
        game = self.game_spec(game)
        _check_name(name, "bot name")
        if name in self.settings.anchors:
            raise LadderError(f"the bot name {name!r} belongs to an anchor; choose another")
        try:
            argv = shlex.split(command)
        except ValueError as error:
            raise LadderError(f"the command {command!r} cannot be read ({error})") from None
        if not argv or len(command) > 1000:
            raise LadderError("a bot needs a command of at most 1,000 characters, like "
                              "'python3 bot.py'")
        if self.store.bot_owner(game, name) not in (None, owner):
            raise LadderError(f"the bot {name!r} of {game} belongs to someone else; choose "
                              "another name")
        staging = self.folder / "uploads" / secrets.token_hex(8)
        staging.parent.mkdir(parents=True, exist_ok=True)
        unpack(data, filename, staging, self.upload_limits)
        with self.lock:
            try:
                version = self.store.add_version(game, name, owner, False, "", command, "",
                                                 "qualifying")
            except BaseException:
                shutil.rmtree(staging, ignore_errors=True)
                raise
            folder = self.folder / "bots" / _slug(game) / name / f"v{version.number}"
            folder.parent.mkdir(parents=True, exist_ok=True)
            staging.rename(folder)
            files = sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())
            self.store.place_version(version.version, f"{SCHEME}:{folder.resolve()}",
                                     str(folder.resolve()))
            return self._set_status(version.version, "qualifying", "", "", files=files)

    def _set_status(self, version: int, status: str, message: str,
                    private: str | None = None, files: list[str] | None = None) -> Version:
        """Change a version's status in the index and in its folder's ``bot.json`` (which
        `rebuild` reads back)."""
        self.store.set_status(version, status, message, private)
        current = self.store.version(version)
        if current.folder and Path(current.folder).is_dir():
            folder = Path(current.folder)
            manifest: dict[str, Any] = (read_manifest(folder) if files is None
                                        else {"files": files})
            manifest.update(game=current.game, name=current.name, owner=current.owner,
                            number=current.number, command=current.command,
                            submitted=current.submitted, status=status, message=message,
                            private=current.private)
            write_manifest(folder, manifest)
        return current

    def game_spec(self, game: str) -> str:
        """The league's spec of `game` (given by id or by spec), else a `LadderError`."""
        for spec in self.settings.games:
            if game in (spec, load_game(spec).id):
                return spec
        raise LadderError(f"this league plays {', '.join(self.settings.games)}, not {game!r}")

    # --- the organiser ----------------------------------------------------------------------
    def set_status(self, version: int, status: str, message: str = "") -> Version:
        """Pause, retire, re-admit (``active``) or suspend a version."""
        if status not in ("active", "paused", "retired", "suspended"):
            raise LadderError(f"a version can be set active, paused, retired or suspended, "
                              f"not {status!r}")
        with self.lock:
            current = self.store.version(version)
            if current.anchor and status != "active":
                raise LadderError("anchors stay in the league")
            if current.status in ("qualifying", "failed", "replaced") and status == "active":
                raise LadderError(f"{current.label} is {current.status}; only a qualified "
                                  "version can be re-admitted")
            return self._set_status(version, status, message)

    # --- playing ----------------------------------------------------------------------------
    def step(self, backend: Backend | None = None) -> str:
        """Do the next piece of work; say what it was (``idle`` when there is none)."""
        waiting = self.store.versions(status="qualifying")
        if waiting:
            return self.qualify(waiting[0])
        open_matches = self.store.matches(finished=False)
        match = open_matches[0] if open_matches else self.plan()
        if match is None:
            return "idle"
        self.play(match, backend or InProcess())
        self.enforce_faults()
        self.store.checkpoint()
        return f"match {match.match}"

    def run(self, stop: threading.Event, backend: Backend | None = None,
            idle_seconds: float = 1.0) -> None:
        """Step until `stop` is set (a server's background thread)."""
        while not stop.is_set():
            try:
                done = self.step(backend)
            except ParlourError as error:
                log.error("the ladder stopped a step: %s", error)
                done = "idle"
            if done == "idle":
                stop.wait(idle_seconds)

    def qualify(self, version: Version) -> str:
        """Play the qualification games of `version` against ``random``; admit or refuse it."""
        game = load_game(version.game)
        problems: list[str] = []
        stderr: list[str] = []
        for number in range(self.settings.qualification_games):
            seat = number % game.num_players
            seats = ["random"] * game.num_players
            seats[seat] = version.spec
            seed = derive_seed(self.settings.seed, "qualify", version.version, number)
            try:
                match = Match(game, seats, seed=seed, fault_rules=self.settings.fault_rules())
            except ParlourError as error:
                problems.append(f"it could not start: {error}")
                break
            try:
                record = match.run()
            finally:
                agent = match.agents[seat]
                match.close()
            if isinstance(agent, ExternalAgent):
                stderr.extend(agent.stderr_tail)
            problems += [f"game {number + 1}, move {f.move + 1}: {f.kind}: "
                         f"{public_message(f.message)}" for f in record.faults if f.seat == seat]
            if not record.result.complete:
                problems.append(f"game {number + 1} did not finish")
            if problems:
                break
        private = "\n".join(problems + (["--- stderr ---", *stderr[-50:]] if stderr else []))
        with self.lock:
            if problems:
                self._set_status(version.version, "failed",
                                 "failed qualification: " + problems[0], private)
                return f"qualification of {version.label}: failed"
            for older in self.store.versions(game=version.game, bot=version.name):
                if older.version != version.version and older.status in ("active", "paused"):
                    self._set_status(older.version, "replaced", f"replaced by v{version.number}")
            self._set_status(version.version, "active", "qualified", private)
        return f"qualification of {version.label}: passed"

    def plan(self) -> MatchRow | None:
        """The next match: the most informative lineup of the game whose turn it is."""
        with self.lock:
            number = len(self.store.matches())
            for turn in range(len(self.settings.games)):
                game_spec = self.settings.games[(number + turn) % len(self.settings.games)]
                lineup = self._choose(game_spec, number)
                if lineup:
                    game = load_game(game_spec)
                    mode = "rotations" if game.num_players % len(lineup) == 0 else "permutations"
                    return self.store.add_match(
                        game_spec, derive_seed(self.settings.seed, "match", number), lineup,
                        seatings(lineup, game.num_players, mode))
        return None

    def _choose(self, game_spec: str, number: int) -> tuple[int, ...]:
        playing = self.store.versions(game=game_spec, status="active")
        if not any(not v.anchor for v in playing):
            return ()
        lines = {s.version.version: s for s in self.standings(game_spec)}
        entrants = [Entrant(v.version, lines[v.version].mu, lines[v.version].sigma, v.anchor,
                            lines[v.version].games) for v in playing]
        size = lineup_size(load_game(game_spec).num_players, len(entrants))
        return choose_lineup(entrants, size, make_rng(self.settings.seed, "table", number))

    def play(self, match: MatchRow, backend: Backend) -> None:
        """Play the seatings of `match` that have no stored game yet."""
        played = {row.seating for row in self.store.games(match=match.match)}
        specs = {v: self.store.version(v).spec for v in match.versions}
        folder = self.folder / "records" / _slug(match.game)
        folder.mkdir(parents=True, exist_ok=True)
        tasks = []
        for index, seating in enumerate(match.seatings):
            if index in played:
                continue
            path = folder / f"{match.match:06d}-{index}.json.gz"
            tasks.append(GameTask(index, match.game, tuple(specs[v] for v in seating),
                                  match.seed, self.settings.fault_rules(), str(path),
                                  str(self.live_path(match, index))))
        for outcome in backend.run(tasks):
            path = folder / f"{match.match:06d}-{outcome.index}.json.gz"
            if outcome.record:
                write_file(path, outcome.record)
            row = game_row(match, outcome, str(path))
            with self.lock:
                self.store.add_game(row)
                self._board(match.game).add(row, len(match.seatings))
            live = self.live_path(match, outcome.index)
            live.unlink(missing_ok=True)
            Path(watch_marker(str(live))).unlink(missing_ok=True)

    def live_path(self, match: MatchRow, seating: int) -> Path:
        """Where the worker playing seating `seating` of `match` writes each move as it is
        made once someone watches (`parlour.arena.live`), until the game is stored."""
        return (self.folder / "records" / _slug(match.game)
                / f"{match.match:06d}-{seating}{LIVE_SUFFIX}")

    def playing(self) -> list[tuple[MatchRow, int]]:
        """The games of the matches being played that are not stored yet: (match, seating)."""
        now = []
        for match in self.store.matches(finished=False):
            stored = {row.seating for row in self.store.games(match=match.match)}
            now += [(match, index) for index in range(len(match.seatings))
                    if index not in stored]
        return now

    def enforce_faults(self) -> None:
        """Suspend every version that faults too often, with a message to its author."""
        with self.lock:
            for line in self.standings():
                version = line.version
                rate = line.fault_rate
                if (version.anchor or version.status != "active" or rate is None
                        or line.decisions < self.settings.fault_window
                        or rate <= self.settings.fault_limit):
                    continue
                kinds = ", ".join(f"{n} {k}" for k, n in sorted(line.fault_kinds.items()))
                self._set_status(
                    version.version, "suspended",
                    f"suspended: {line.faults} faults in {line.decisions} decisions "
                    f"({rate:.1%}; the limit is {self.settings.fault_limit:.1%}): {kinds}")

    # --- reading ----------------------------------------------------------------------------
    def standings(self, game: str | None = None) -> list[Standing]:
        """The leaderboard of `game` (every game's versions when None)."""
        with self.lock:
            if game is None:
                return [line for spec in self.settings.games for line in self.standings(spec)]
            return self._board(game).lines(self.store.versions(game=game))

    def _board(self, game: str) -> Leaderboard:
        """`game`'s leaderboard, read from the store once, then kept up to date by `play`."""
        board = self.boards.get(game)
        if board is None:
            board = Leaderboard()
            seatings = {m.match: len(m.seatings) for m in self.store.matches(game=game)}
            for row in self.store.games():
                if row.match in seatings:
                    board.add(row, seatings[row.match])
            self.boards[game] = board
        return board


def canonical(settings: LeagueSettings) -> LeagueSettings:
    """`settings` checked, with each game written as its canonical spec."""
    try:
        games = tuple(dict.fromkeys(load_game(spec).spec for spec in settings.games))
    except ParlourError as error:
        raise LadderError(f"the league's games: {error}") from None
    if not games:
        raise LadderError("a league needs at least one game")
    if not settings.move_time > 0 or settings.memory_mb < 64:
        raise LadderError("a league needs a move time above 0 and at least 64 MiB")
    return replace(settings, games=games)


def public_message(message: str) -> str:
    """A fault's message without the bot's stderr, which only its author may read."""
    return message.split(STDERR_MARK, 1)[0]


def lineup_size(seats: int, entrants: int) -> int:
    """How many versions meet at a game of `seats` seats: as many as fit, but a number that
    divides the seats where one can (each plays as many seats, in rotations), so a match
    stays a few games long."""
    most = min(seats, entrants)
    for size in range(most, 1, -1):
        if seats % size == 0:
            return size
    return most


def game_row(match: MatchRow, outcome: GameOutcome, record: str) -> GameRow:
    return GameRow(
        match=match.match, seating=outcome.index, seats=match.seatings[outcome.index],
        record=record, returns=outcome.returns, moves=outcome.moves,
        time_total=outcome.time_total, time_max=outcome.time_max,
        faults=tuple((e.seat, e.kind, e.message) for e in outcome.errors), finished=time.time())


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _check_name(name: str, what: str) -> None:
    if not NAME.fullmatch(name or ""):
        raise LadderError(f"the {what} {name!r} must be 1 to 40 letters, digits, '.', '_' or "
                          "'-', starting with a letter or digit")


def _slug(game_spec: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.=-]+", "_", game_spec)


def remove_uploads(folder: Path) -> None:
    """Delete the staging folders a killed server left behind."""
    shutil.rmtree(folder / "uploads", ignore_errors=True)


__all__ = ["Ladder", "LadderError", "LeagueSettings", "UploadError", "remove_uploads"]
