"""game17 player files as parlour agents, unchanged, optionally under a wall-clock time limit.

A player file defines either ``make_moves(owner, rounds_left, owners, numbers)`` or a stateful
``get_mover(owner=, owners=, numbers=, turn_order=, num_rounds=)`` returning a callable
``(owners, numbers) -> moves`` (made once per game). Either way it gets fresh copies of the
board arrays, never the live board. Exceptions, malformed return values and time-outs forfeit
the turn (a `Forfeit` action with the reason, logged); the engine forfeits invalid turns.

Without a time limit the file runs in this process. With one (`time_limit` seconds, wall
clock) it runs in a worker process that is killed when a move overruns: a thread could not be
stopped. The worker is started again for the next turn (``get_mover`` is then called again
with the current board and the rounds still to play). It runs in a session of its own, and
its process group is killed when it ends, so a process the file started ends with it.

Player files may use numpy's and `random`'s global generators, as game17 players did: before
each call they are seeded from the agent's own generator (and restored after it in-process),
so a match seed reproduces the game.
"""

from __future__ import annotations

import contextlib
import importlib.util
import inspect
import itertools
import logging
import os
import random
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import nullcontext
from multiprocessing.connection import Connection
from pathlib import Path
from random import Random
from types import ModuleType
from typing import Any

import numpy as np

from parlour.core import Action, AgentError, Event, Game, Observation
from parlour.games.territory.actions import Forfeit
from parlour.games.territory.compat import moves_to_action
from parlour.games.territory.events import BoardSetUp
from parlour.games.territory.imports import PlayerImports
from parlour.games.territory.observation import TerritoryObservation

log = logging.getLogger("parlour.territory.players")

START_LIMIT = 60.0
"""Seconds a worker may take to start: import the file and call ``get_mover``."""

_names = itertools.count()


def load_player_module(path: str | Path) -> ModuleType:
    """Import a player file as a fresh module (its own globals for each agent, as game17's
    per-game reload gave), in an import world of its own (`PlayerImports`, kept as the
    module's ``__player_imports__``): its folder first on the path, game17's helpers, and its
    own modules apart from every other file's."""
    file = Path(path)
    if not file.is_file():
        raise AgentError(f"player file {str(path)!r} does not exist")
    imports = PlayerImports(file.resolve().parent)
    name = f"_territory_player_{file.stem}_{next(_names)}"
    spec = importlib.util.spec_from_file_location(name, file)
    if spec is None or spec.loader is None:
        raise AgentError(f"player file {str(path)!r} cannot be imported as Python")
    module = importlib.util.module_from_spec(spec)
    module.__player_imports__ = imports  # type: ignore[attr-defined]
    try:
        with imports.active():
            spec.loader.exec_module(module)
    except Exception as error:
        raise AgentError(
            f"player file {str(path)!r} fails on import: {type(error).__name__}: {error}"
        ) from None
    return module


def _takes_rounds_left(function: Any) -> bool:
    """False for game17's first signature, ``make_moves(owner, owners, numbers)``."""
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return True
    positional = [p for p in parameters
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(positional) != 3 or any(p.kind is p.VAR_POSITIONAL for p in parameters)


def player_kind(module: Any) -> str | None:
    """``"get_mover"``, ``"make_moves"`` (get_mover wins if both exist), or None."""
    for kind in ("get_mover", "make_moves"):
        if callable(getattr(module, kind, None)):
            return kind
    return None


@contextlib.contextmanager
def seeded_globals(seed: int, restore: bool = True) -> Iterator[None]:
    """Seed `random` and numpy's global generators for one player call (then restore them)."""
    saved = (random.getstate(), np.random.get_state()) if restore else None
    random.seed(seed)
    np.random.seed(seed & 0xFFFFFFFF)
    try:
        yield
    finally:
        if saved is not None:
            random.setstate(saved[0])
            np.random.set_state(saved[1])


class PlayerProgram:
    """One game's worth of a player module: makes the mover once, then turns per call."""

    def __init__(self, module: Any, kind: str) -> None:
        self.module = module
        self.kind = kind
        self.mover: Any = None
        imports = getattr(module, "__player_imports__", None)
        self._imports = imports.active if isinstance(imports, PlayerImports) else nullcontext
        self._rounds_left = kind != "make_moves" or _takes_rounds_left(module.make_moves)

    @property
    def started(self) -> bool:
        return self.kind == "make_moves" or self.mover is not None

    def start(self, owner: int, owners: np.ndarray, numbers: np.ndarray,
              turn_order: list[int], num_rounds: int) -> None:
        """Call ``get_mover`` (stateful files only) with copies of the board."""
        if self.kind == "get_mover":
            with self._imports():
                self.mover = self.module.get_mover(
                    owner=owner, owners=np.array(owners), numbers=np.array(numbers),
                    turn_order=list(turn_order), num_rounds=num_rounds,
                )

    def move(self, owner: int, rounds_left: int, owners: np.ndarray,
             numbers: np.ndarray) -> Any:
        """The file's raw return value for one turn, from copies of the board."""
        owners, numbers = np.array(owners), np.array(numbers)
        with self._imports():
            if self.kind == "get_mover":
                return self.mover(owners, numbers)
            if self._rounds_left:
                return self.module.make_moves(owner, rounds_left, owners, numbers)
            return self.module.make_moves(owner, owners, numbers)


def forfeit_for(error: BaseException) -> Forfeit:
    """The forfeit for a player call that raised `error`."""
    return Forfeit(f"the player raised {type(error).__name__}: {error}")


class _StartsMover:
    """Keeps the starting board from the events, for ``get_mover``."""

    _start: tuple[Any, ...] | None = None

    def on_game_start(self, game: Game[Any], seat: int) -> None:
        """A new game: forget the last game's starting board and mover."""
        self._start = None
        self._new_game()

    def _new_game(self) -> None:
        raise NotImplementedError

    def on_event(self, event: Event) -> None:
        """Keep the starting board: ``get_mover`` is called with it, as in game17."""
        if isinstance(event, BoardSetUp) and self._start is None:
            self._start = (np.array(event.owners, dtype=np.int64),
                           np.array(event.numbers, dtype=np.int64), list(event.order))

    def _start_args(self, obs: TerritoryObservation) -> tuple[Any, ...]:
        """``get_mover``'s arguments: the starting board, or (made later) the current one
        with the rounds still to play, so the mover's own countdown stays right."""
        if self._start is not None and obs.round == 0:
            owners, numbers, order = self._start
            return obs.owner, owners, numbers, order, obs.num_rounds
        return (obs.owner, obs.owners, obs.numbers, list(obs.turn_order),
                obs.num_rounds - obs.round)


class PlayerAgent(_StartsMover):
    """Runs a game17 player module in this process (no time limit)."""

    def __init__(self, module: Any, kind: str, game: Game[Any], seat: int, rng: Random,
                 color: str | None = None, name: str = "file") -> None:
        self.program = PlayerProgram(module, kind)
        self.game = game
        self.seat = seat
        self.rng = rng
        self.color = color
        self.name = name

    def _new_game(self) -> None:
        self.program.mover = None

    def act(self, observation: TerritoryObservation) -> Action:
        obs = observation
        seed = self.rng.getrandbits(32)
        try:
            with seeded_globals(seed):
                if not self.program.started:
                    self.program.start(*self._start_args(obs))
                raw = self.program.move(obs.owner, obs.rounds_left, obs.owners, obs.numbers)
        except Exception as error:
            action: Action = forfeit_for(error)
        else:
            action = moves_to_action(raw, obs.size)
        if isinstance(action, Forfeit):
            log.warning("seat %d (%s) forfeits round %d: %s", self.seat, self.name,
                        obs.round + 1, action.reason)
        return action


# --- the time-limited worker ----------------------------------------------------------------
class _Timeout(Exception):
    pass


class TimedPlayerAgent(_StartsMover):
    """Runs a game17 player file in a worker process, with a wall-clock limit per move."""

    self_timed = True
    """It enforces its own limit (a late move forfeits the turn), so a match does not time it."""

    def __init__(self, path: str | Path, game: Game[Any], seat: int, rng: Random,
                 time_limit: float, color: str | None = None,
                 start_limit: float = START_LIMIT) -> None:
        self.path = str(path)
        self.game = game
        self.seat = seat
        self.rng = rng
        self.time_limit = float(time_limit)
        self.start_limit = float(start_limit)
        self.color = color
        self.name = f"file:{self.path}"
        self.timeouts = 0
        self.broken: str | None = None
        self._process: Any = None
        self._conn: Connection | None = None
        self._started = False
        self.kind: str | None = None
        """``make_moves`` or ``get_mover`` once launched; None for a file that is neither."""

    def _new_game(self) -> None:
        if self._started:  # a worker that served a game: a fresh one (fresh module) per game
            self.close()

    def on_game_end(self, result: Any) -> None:
        self.close()

    def close(self) -> None:
        """Stop the worker process (it is started again if the agent acts after this)."""
        conn, process = self._conn, self._process
        self._conn = self._process = None
        self._started = False
        if conn is not None:
            with contextlib.suppress(OSError, ValueError):
                conn.send(("stop",))
            conn.close()
        if process is not None:
            try:
                process.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            with contextlib.suppress(OSError):  # and what the player file started
                os.killpg(process.pid, signal.SIGKILL)

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close()

    # --- playing ----------------------------------------------------------------------------
    def act(self, observation: TerritoryObservation) -> Action:
        obs = observation
        if self.broken is not None:
            return Forfeit(self.broken)
        try:
            self._ensure_started(obs)
            assert self._conn is not None
            self._conn.send(("move", self.rng.getrandbits(32), obs.size, obs.owner,
                             obs.rounds_left, np.array(obs.owners), np.array(obs.numbers)))
            reply = self._receive(self.time_limit)
        except _Timeout:
            self.timeouts += 1
            self._kill()
            action: Action = Forfeit(f"no answer within the time limit of {self.time_limit:g} s")
        except AgentError as error:
            self.broken = str(error)
            self._kill()
            action = Forfeit(self.broken)
        else:
            action = reply[1]
        if isinstance(action, Forfeit):
            log.warning("seat %d (%s) forfeits round %d: %s", self.seat, self.name,
                        obs.round + 1, action.reason)
        return action

    def launch(self) -> None:
        """Start the worker and wait until it has imported the file; `AgentError` if it fails."""
        self.close()
        mine, theirs = socket.socketpair()
        try:
            process = subprocess.Popen(
                [sys.executable, "-m", "parlour.games.territory.worker", str(theirs.fileno()),
                 self.path],
                pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL, start_new_session=True,
            )
        finally:
            theirs.close()
        self._conn, self._process = Connection(mine.detach()), process
        try:
            reply = self._receive(self.start_limit)
        except _Timeout:
            self._kill()
            raise AgentError(f"player file {self.path!r} did not load within "
                             f"{self.start_limit:g} s") from None
        if reply[0] == "error":
            self._kill()
            raise AgentError(reply[1])
        self.kind = reply[1]

    def _ensure_started(self, obs: TerritoryObservation) -> None:
        if self._conn is None:
            self.launch()
        assert self._conn is not None
        if not self._started:
            self._conn.send(("start", *self._start_args(obs)))
            try:
                reply = self._receive(self.start_limit)
            except _Timeout:
                raise AgentError(f"player file {self.path!r}: get_mover did not return within "
                                 f"{self.start_limit:g} s") from None
            if reply[0] != "started":
                raise AgentError(f"player file {self.path!r}: get_mover failed: "
                                 f"{reply[1].reason}")
            self._started = True

    def _receive(self, limit: float) -> Any:
        conn = self._conn
        assert conn is not None
        try:
            if not conn.poll(limit):
                raise _Timeout
            return conn.recv()
        except (EOFError, OSError):
            raise AgentError(f"the worker running {self.path!r} died") from None

    def _kill(self) -> None:
        process = self._process
        if process is not None and process.poll() is None:
            process.kill()
        self.close()


# --- the entry points -----------------------------------------------------------------------
def module_agent(module: Any, game: Game[Any], seat: int, rng: Random,
                 color: str | None = None) -> PlayerAgent | None:
    """An in-process agent for a game17 player module, or None if it is not one."""
    kind = player_kind(module)
    if kind is None:
        return None
    name = getattr(module, "__file__", None) or getattr(module, "__name__", "module")
    return PlayerAgent(module, kind, game, seat, rng, color, name=f"file:{name}")


def player_file_agent(path: str | Path, game: Game[Any], seat: int, rng: Random,
                      color: str | None = None,
                      time_limit: float | None = None) -> PlayerAgent | TimedPlayerAgent:
    """The agent for player file `path` (``file:path.py[:colour]`` specs).

    With `time_limit` (seconds, wall clock) the file runs in a worker process and a move that
    overruns is forfeited; without, it runs in this process. Raises `AgentError` if the file
    is missing, fails to import, or defines neither ``make_moves`` nor ``get_mover``.
    """
    neither = (f"player file {str(path)!r} defines neither make_moves(owner, rounds_left, "
               "owners, numbers) nor get_mover(...)")
    if time_limit is not None:
        if not Path(path).is_file():
            raise AgentError(f"player file {str(path)!r} does not exist")
        timed = TimedPlayerAgent(path, game, seat, rng, time_limit, color)
        timed.launch()
        if timed.kind is None:
            timed.close()
            raise AgentError(neither)
        return timed
    module = load_player_module(path)
    agent = module_agent(module, game, seat, rng, color)
    if agent is None:
        raise AgentError(neither)
    agent.name = f"file:{path}"
    return agent


class UnloadablePlayer:
    """A player file that failed to load: it forfeits every turn with the reason, and is
    ranked like any player, as in game17."""

    def __init__(self, path: str | Path, reason: str, color: str | None = None) -> None:
        self.name = f"file:{path}"
        self.reason = " ".join(reason.split())  # one line, as a forfeit's notation needs
        self.color = color

    def act(self, observation: Observation) -> Action:
        return Forfeit(self.reason)


def agent_for_player_file(path: str | Path, game: Game[Any], seat: int, rng: Random,
                          color: str | None = None, time_limit: float | None = None) -> Any:
    """The agent for ``file:path`` in Territory: a game17 player file (timed or in this
    process, as `player_file_agent`); an `UnloadablePlayer` if it fails to load; None if it
    is missing or is not a game17 player file (the generic file loader then takes it)."""
    if not Path(path).is_file():
        return None
    try:
        if time_limit is not None:
            timed = TimedPlayerAgent(path, game, seat, rng, time_limit, color)
            timed.launch()
            if timed.kind is not None:
                return timed
            timed.close()
            return None
        module = load_player_module(path)
    except AgentError as error:
        log.warning("seat %d (file:%s) forfeits every turn: %s", seat, path, error)
        return UnloadablePlayer(path, str(error), color)
    agent = module_agent(module, game, seat, rng, color)
    if agent is not None:
        agent.name = f"file:{path}"
    return agent
