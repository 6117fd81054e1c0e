"""Running a tournament: plan it, play what is not yet played, store each game as it ends.

The output directory holds ``tournament.sqlite`` (the store), ``tournament.json`` (the settings
and agents, to check the store against and to rebuild it from), ``records/NNNN.json.gz`` (every
game, replayable with ``parlour replay``), ``errors.log`` (every fault, one line each; none
without a fault) and, at the end, ``summary.json``. A tournament resumes in its directory: the
schedule is planned again from the stored settings, checked against the stored one, and only
the games without a result are played, so a resumed tournament ends with exactly the results of
an uninterrupted one. Resuming also checks every stored result against its record
(`Tournament.repair`): a game whose record is missing or damaged, or whose stored result
differs from it, is played again from its seed. A record file is written (to a temporary name,
then renamed; by the worker that played the game, or here for Ray) before its game's result is
committed, so every stored result has its record.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import IO, Any, Protocol

from parlour.agents import make_agent
from parlour.arena.backends import make_backend
from parlour.arena.config import EXECUTION, TournamentConfig
from parlour.arena.formats import Scheduled
from parlour.arena.settings import (
    SETTINGS,
    check_settings,
    plan_tournament,
    read_settings,
    write_settings,
)
from parlour.arena.stats import TournamentStats, summarise
from parlour.arena.store import (
    FILENAME,
    Agent,
    GameRow,
    Store,
    StoreError,
    disk_full_message,
    is_disk_full,
)
from parlour.arena.worker import (
    ErrorItem,
    GameOutcome,
    GameTask,
    quiet_logs,
    restore_logs,
    write_file,
)
from parlour.core import ParlourError, RecordError, make_rng
from parlour.core.deprecated import warn_renamed
from parlour.match import FaultRules
from parlour.records import load

log = logging.getLogger("parlour.arena")

RECORDS = "records"
ERRORS = "errors.log"
SUMMARY = "summary.json"
LOCK = ".lock"
EXECUTION_KEY = "execution"
"""The store's meta key of how the last run ran (workers, backend, address): resume keeps it."""


class ProgressHook(Protocol):
    """Told the size of the job, then each game as it is stored."""

    def start(self, total: int, done: int) -> None: ...

    def advance(self, outcome: GameOutcome) -> None: ...


def unique_names(specs: Sequence[str]) -> list[str]:
    """The specs, with ``#2``, ``#3`` ... on repeats, so every agent has its own name."""
    seen: dict[str, int] = {}
    names = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        names.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
    return names


def record_name(index: int) -> str:
    """The record file of game `index` (from 0), relative to the output directory."""
    return f"{RECORDS}/{index + 1:04d}.json.gz"


def error_line(game: Scheduled, name: str, error: ErrorItem) -> str:
    """One line of the error log."""
    what = "forfeited turn" if error.kind == "forfeit" else f"fault ({error.kind})"
    return (f"game {game.index + 1:04d} {game.stage} seat {error.seat} ({name}) {error.at}: "
            f"{what}: {error.message}")


def stored_config(out: str | Path) -> TournamentConfig:
    """The settings of the tournament stored in `out`."""
    _not_a_file(Path(out))
    path = Path(out) / FILENAME
    if not path.is_file():
        raise ParlourError(f"nothing to resume in {str(out)!r}: it holds no tournament "
                           f"({FILENAME})")
    with Store(path) as store:
        data = store.meta("config")
        execution = store.meta(EXECUTION_KEY)
    if not isinstance(data, dict):
        raise ParlourError(f"the store in {str(out)!r} has no tournament settings")
    if not isinstance(execution, dict):
        execution = {}
    running = {k: v for k, v in execution.items() if k in EXECUTION and k != "out"}
    return TournamentConfig.from_mapping({**data, **running, "out": str(out)},
                                         source=str(path))


class Tournament:
    """A tournament in its output directory: `play` schedules, `finish` sums up.

    Opening one checks the settings and builds each agent once (a bad spec fails before any
    game), and locks the directory against a second run.
    """

    def __init__(self, config: TournamentConfig, *, resume: bool = False) -> None:
        self.config = config = config.checked()
        self.game = config.game_object()
        self.out = Path(config.out)
        role = "candidate" if config.format == "vs-baseline" else "player"
        specs = [*config.agents, *config.baselines]
        self.agents = [Agent(i, name, spec, "baseline" if i >= len(config.agents) else role)
                       for i, (name, spec) in enumerate(zip(unique_names(specs), specs,
                                                            strict=True))]
        self._lock: IO[Any] | None = None
        self._check_agents()
        # the backend starts (Ray may fail to) before any file is made, so a failed start
        # leaves nothing behind that would block the next run
        self.backend = make_backend(config.backend, config.workers or 1, config.address)
        try:
            self._lock = _prepare(self.out, resume)
        except BaseException:
            self.backend.close()
            raise
        try:
            self.store = Store(self.out / FILENAME)
            if resume:
                self._check_same(self.store)
                check_settings(self.out, self.store)
            else:
                self.store.initialise(config.identity(), self.agents)
            saved = read_settings(self.out)
            self._filed = {g.index: g for g in (self.store.schedule() if saved is None
                                                else saved.schedule)}
            if saved is None:  # new, or made before the file existed: the store as it is
                self._file_schedule([])
            self.store.set_meta(EXECUTION_KEY, {"workers": config.workers,
                                                "backend": config.backend,
                                                "address": config.address,
                                                "sandbox": config.sandbox,
                                                "bot_network": config.bot_network,
                                                "bot_state": config.bot_state,
                                                "bot_env": list(config.bot_env)})
            records = self.out / RECORDS
            records.mkdir(exist_ok=True)
            for stale in records.glob("*.tmp"):  # a record written when the run was killed
                stale.unlink()
        except BaseException:
            self.close()
            raise
        self.fault_rules = FaultRules(strike_limit=config.strike_limit,
                                      move_time=config.move_time, time_bank=config.time_bank,
                                      **self._sandbox())
        self.names = [a.name for a in self.agents]

    @property
    def policy(self) -> FaultRules:
        """Deprecated name of `fault_rules`."""
        warn_renamed("Tournament.policy", "Tournament.fault_rules")
        return self.fault_rules

    # --- lifecycle -----------------------------------------------------------------------------
    def close(self) -> None:
        store = getattr(self, "store", None)
        if store is not None:
            store.close()
        backend = getattr(self, "backend", None)
        if backend is not None:
            backend.close()
        if self._lock is not None:
            with contextlib.suppress(OSError):  # gone with the run: no stray file is left
                (self.out / LOCK).unlink()
            self._lock.close()
            self._lock = None

    def __enter__(self) -> Tournament:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def _check_same(self, store: Store) -> None:
        stored = store.meta("config")
        if not isinstance(stored, dict):
            raise ParlourError(f"the store in {str(self.out)!r} has no tournament settings")
        now = json.loads(json.dumps(self.config.identity(), default=str))
        for key in sorted(set(stored) | set(now)):
            if key not in EXECUTION and stored.get(key) != now.get(key):
                raise ParlourError(
                    f"cannot resume the tournament in {str(self.out)!r} with {key} = "
                    f"{now.get(key)!r}: it was started with {stored.get(key)!r} (only "
                    f"{', '.join(EXECUTION)} may change)"
                )

    def _sandbox(self) -> dict[str, Any]:
        """The sandbox settings of the fault rules: no bot sees this tournament's folder."""
        config = self.config
        return {"sandbox": config.sandbox, "bot_network": config.bot_network,
                "bot_state": config.bot_state, "bot_env": config.bot_env,
                "hidden": (str(Path(self.out).absolute()),)}

    def _check_agents(self) -> None:
        """Build each agent once, so a bad spec fails before any game is played."""
        limits = FaultRules(move_time=self.config.move_time, **self._sandbox()).process_limits()
        for agent in self.agents:
            built = make_agent(agent.spec, self.game, 0, make_rng(self.config.seed, "check"),
                               limits)
            close = getattr(built, "close", None)
            if close is not None:
                close()

    def _file_schedule(self, games: Sequence[Scheduled]) -> None:
        """Keep ``tournament.json`` holding every scheduled game, written before the store
        holds it (a game already filed is never changed: the store refuses a different one)."""
        new = [g for g in games if g.index not in self._filed]
        if new or not (self.out / SETTINGS).is_file():
            self._filed.update((g.index, g) for g in new)
            write_settings(self.out, self.config.identity(), self.agents,
                           [self._filed[i] for i in sorted(self._filed)])

    # --- playing -------------------------------------------------------------------------------
    def plan(self) -> list[Scheduled]:
        """The schedule the settings describe."""
        return plan_tournament(self.config)

    def repair(self, games: Sequence[Scheduled], *, resimulate: bool = False) -> dict[int, str]:
        """Check every stored result of `games` against its record and forget those that do
        not hold, so `play` plays them again from their seeds. Returns why, by game index
        (`repair_line` says it in a line).

        A result is forgotten when the store's rows for it disagree, its record file is
        missing or unreadable, the record is of another game (seed, seats, variant), or its
        result differs from the stored one; with `resimulate`, also when the record does not
        verify by re-simulation.
        """
        self._file_schedule(games)
        self.store.add_schedule(games)  # refuses games planned differently before
        problems = self.store.problems()
        wanted = {g.index for g in games}
        for row in self.store.games(check=False):
            if row.played and row.game.index in wanted and row.game.index not in problems:
                reason = self._check_record(row, resimulate)
                if reason:
                    problems[row.game.index] = reason
        problems = {i: why for i, why in problems.items() if i in wanted}
        self.store.forget(problems)
        return dict(sorted(problems.items()))

    def _check_record(self, row: GameRow, resimulate: bool) -> str:
        """Why `row`'s stored result does not hold against its record ('' if it does)."""
        name = record_name(row.game.index)  # never a path the store names: it may be edited
        if row.record != name:
            return f"its stored record name {row.record!r} is not {name}"
        path = self.out / name
        if not path.is_file():
            return f"its record {name} is missing"
        try:
            record = load(path)
            if resimulate:
                record.verify()
        except RecordError as error:
            return str(error)
        specs = [self.agents[a].spec for a in row.game.seats]
        if (record.seed, record.seats, record.variant) != (row.game.seed, specs, row.game.game):
            return f"its record {name} is of another game"
        c = self.config
        limits = None if record.limits is None else (record.limits.move_time,
                                                     record.limits.time_bank)
        if limits != (None if c.move_time is None else (c.move_time, c.time_bank)):
            return f"its record {name} states other time limits than the tournament's"
        stored = StoredResult(row)
        for field_name in ("scores", "returns", "winners", "complete"):
            mine, theirs = getattr(stored, field_name), getattr(record.result, field_name)
            if mine != theirs:
                return (f"its stored {field_name} {_listed(mine)} differ from its record's "
                        f"{_listed(theirs)}")
        moves = [sum(1 for m in record.moves if m.player == seat) for seat in range(len(specs))]
        if moves != [s.moves for s in row.seats]:
            return "its stored decision counts differ from its record's"
        return ""

    def play(self, games: Sequence[Scheduled], progress: ProgressHook | None = None) -> int:
        """Play the games of `games` that have no result yet; returns how many were played.

        `games` joins the stored schedule (games already there must match it).
        """
        self._file_schedule(games)
        self.store.add_schedule(games)
        done = self.store.done()
        pending = [g for g in games if g.index not in done]
        if progress is not None:
            progress.start(len(self.store.schedule()), len(done))
        if not pending:
            return 0
        by_index = {g.index: g for g in pending}
        c = self.config
        here = c.backend != "ray"  # Ray nodes may not share this disk: records come back
        tasks = [GameTask(g.index, g.game, tuple(self.agents[a].spec for a in g.seats), g.seed,
                          self.fault_rules,
                          str(self.out.resolve() / record_name(g.index)) if here else "")
                 for g in pending]
        levels = quiet_logs()
        played = 0
        try:
            with _ErrorLog(self.out / ERRORS) as errors:
                for outcome in self.backend.run(tasks):
                    self._commit(by_index[outcome.index], outcome, errors)
                    played += 1
                    if progress is not None:
                        progress.advance(outcome)
        except OSError as error:
            if not is_disk_full(error):
                raise
            raise StoreError(disk_full_message(self.out, f"the records in {str(self.out)!r}")
                             ) from None
        finally:
            restore_logs(levels)
        return played

    def _commit(self, game: Scheduled, outcome: GameOutcome, errors: _ErrorLog) -> None:
        name = record_name(game.index)
        if outcome.record:  # else the worker wrote the file
            write_file(self.out / name, outcome.record)
        self.store.add_result(game, outcome, name)
        if outcome.errors:
            errors.write("".join(error_line(game, self.names[game.seats[e.seat]], e) + "\n"
                                 for e in outcome.errors))

    # --- summing up ----------------------------------------------------------------------------
    def rows(self) -> list[GameRow]:
        return self.store.games()

    def finish(self) -> TournamentStats:
        """Rewrite the error log in schedule order, write summary.json, return the stats."""
        rows = self.rows()
        write_error_log(self.out / ERRORS, rows, self.names)
        stats = summarise(rows, self.store.agents(), self.config.identity())
        write_file(self.out / SUMMARY, (json.dumps(stats.to_dict(), indent=1) + "\n").encode())
        return stats


def repair_line(index: int, why: str) -> str:
    """One line saying that game `index` is played again, and why."""
    return f"game {index + 1:04d} is played again: {why}"


class StoredResult:
    """A stored game's result in the shape of a record's `GameResult`, to compare them."""

    def __init__(self, row: GameRow) -> None:
        self.scores = tuple(s.score for s in row.seats)
        self.returns = tuple(s.value for s in row.seats)
        self.winners = row.winners
        self.complete = row.complete


def _listed(value: object) -> str:
    return str(list(value)) if isinstance(value, tuple) else str(value).lower()


def write_error_log(path: Path, rows: Sequence[GameRow], names: Sequence[str]) -> int:
    """Write every stored error in schedule order (the same file however the run went); with
    no error, no file."""
    lines = [error_line(row.game, names[row.game.seats[e.seat]], e) + "\n"
             for row in rows for e in row.errors]
    if lines:
        write_file(path, "".join(lines).encode())
    else:
        path.unlink(missing_ok=True)
    return len(lines)


class _ErrorLog:
    """The error log as games end: made at the first error, flushed at each write."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: IO[str] | None = None

    def write(self, text: str) -> None:
        if self._file is None:
            self._file = self.path.open("a", encoding="utf-8")
        self._file.write(text)
        self._file.flush()

    def __enter__(self) -> _ErrorLog:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._file is not None:
            self._file.close()


def _not_a_file(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise ParlourError(f"output directory {str(out)!r} is a file, not a directory: choose "
                           "a new or empty directory")


def lock_directory(out: Path) -> IO[Any]:
    """Lock the tournament directory `out` against a second run (released when closed)."""
    lock = (out / LOCK).open("a")
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on a Unix
        return lock
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        lock.close()
        raise ParlourError(f"another tournament is running in {str(out)!r}") from None
    return lock


def _prepare(out: Path, resume: bool) -> IO[Any] | None:
    """Check the output directory (new or empty; or holding the tournament to resume) and
    lock it against a second run."""
    _not_a_file(out)
    if resume:
        if not (out / FILENAME).is_file():
            raise ParlourError(f"nothing to resume in {str(out)!r}: it holds no tournament "
                               f"({FILENAME})")
    elif out.exists() and any(out.iterdir()):
        raise ParlourError(f"output directory {str(out)!r} is not empty; the records of two "
                           "runs must not mix: choose another or remove it (or continue the "
                           "tournament in it with --resume)")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ParlourError(f"cannot create output directory {str(out)!r}: "
                           f"{error.strerror or error}") from None
    return lock_directory(out)


def run_tournament(config: TournamentConfig, *, resume: bool = False,
                   progress: ProgressHook | None = None) -> TournamentStats:
    """Play a whole tournament (or what is left of it) and return its statistics."""
    with Tournament(config, resume=resume) as tournament:
        games = tournament.plan()
        if resume:
            for index, why in tournament.repair(games).items():
                log.warning("%s", repair_line(index, why))
        tournament.play(games, progress)
        return tournament.finish()


__all__ = [
    "ERRORS", "EXECUTION_KEY", "RECORDS", "SUMMARY", "ProgressHook", "Tournament", "error_line",
    "lock_directory", "record_name", "repair_line", "run_tournament", "stored_config",
    "unique_names", "write_error_log",
]
