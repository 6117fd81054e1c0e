"""`VectorEnv` across worker processes: every core steps its share of the games.

Each worker runs a `VectorEnv` over a contiguous slice of the batch that writes its rows
straight into shared memory (its `out` arrays), so a step moves no arrays through pipes: the
parent writes the action ids, sends one short message per worker, and waits for each answer.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
from collections.abc import Sequence
from multiprocessing.connection import Connection
from multiprocessing.shared_memory import SharedMemory
from typing import Any

import numpy as np

from parlour.core import Game, ParlourError, derive_seed, load_game
from parlour.rl.vector import Seating, VectorEnv

FIELDS = ("actions", "observations", "masks", "seats", "rewards", "paid", "done", "truncated")


def _layout(game: Game[Any], num_envs: int) -> dict[str, tuple[tuple[int, ...], Any]]:
    """Shape and dtype of every shared array."""
    encoding = game.encoding
    return {
        "actions": ((num_envs,), np.int64),
        "observations": ((num_envs, *encoding.shape), np.float32),
        "masks": ((num_envs, encoding.num_actions), np.bool_),
        "seats": ((num_envs,), np.int64),
        "rewards": ((num_envs, game.num_players), np.float32),
        "paid": ((num_envs,), np.bool_),
        "done": ((num_envs,), np.bool_),
        "truncated": ((num_envs,), np.bool_),
    }


def _arrays(memory: dict[str, SharedMemory], layout: dict[str, tuple[tuple[int, ...], Any]]
            ) -> dict[str, np.ndarray]:
    """numpy views of the blocks; each holds the mapping open (`np.frombuffer` keeps a buffer
    export), so an array kept after `close` stays valid instead of pointing at freed memory."""
    arrays = {}
    for name, (shape, dtype) in layout.items():
        buffer = memory[name].buf
        assert buffer is not None
        arrays[name] = np.frombuffer(buffer, dtype, int(np.prod(shape))).reshape(shape)
    return arrays


def _release(block: SharedMemory) -> None:
    """Close `block`; while arrays still view it, leave the mapping to them (it is unmapped
    when the last one goes) and close only the file descriptor."""
    try:
        block.close()
    except BufferError:
        block._mmap = None  # type: ignore[attr-defined]  # the arrays' buffers keep it alive
        block.close()


def _worker(connection: Connection, spec: str, names: dict[str, str], total: int,
            start: int, stop: int, seating: Seating, seed: int, options: dict[str, Any]) -> None:
    """Step games `start` to `stop` of the shared batch on every message until ``close``."""
    game = load_game(spec)
    memory = {field: SharedMemory(name=name) for field, name in names.items()}
    try:
        shared = {k: v[start:stop] for k, v in _arrays(memory, _layout(game, total)).items()}
        env = VectorEnv(game, stop - start, seating, seed=seed, **options,
                        out=(shared["observations"], shared["masks"], shared["seats"]))
        while True:
            command = connection.recv()
            if command == "close":
                break
            try:
                if command == "reset":  # the rows are written in place (`out`)
                    env.reset()
                    shared["rewards"][:] = 0.0
                    for key in ("paid", "done", "truncated"):
                        shared[key][:] = False
                else:
                    _, _, _, rewards, paid, done = env.step(shared["actions"])
                    shared["rewards"][:] = rewards
                    shared["paid"][:] = paid
                    shared["done"][:] = done
                    shared["truncated"][:] = env.truncated
                connection.send((env.moves, env.games_started))
            except Exception as error:  # reported to the parent, which raises it
                connection.send(error)
    finally:
        for block in memory.values():
            _release(block)


class ProcessVectorEnv:
    """`VectorEnv`'s interface, its games spread over `workers` processes (default: one per
    core). `reset` and `step` return the same arrays as `VectorEnv`'s, in shared memory
    (reused by the next call: copy what you keep).

    Worker w runs a `VectorEnv` seeded ``derive_seed(seed, "worker", w)`` over its slice of
    the games, so a run is reproducible for a given number of workers (not across numbers).
    The learners' observations and the seated games stay in the workers. Use it as a context
    manager, or call `close`. Workers load the game from its spec (`Game.spec`), so a plug-in
    game needs its package installed; `seating` must be picklable for the process start method
    (`context`: ``"spawn"``, ``"forkserver"`` or ``"fork"``; default the platform's).
    """

    def __init__(self, game: Game[Any] | str, num_envs: int, seating: Seating | None = None,
                 *, workers: int | None = None, seed: int = 0, per_deal: bool = False,
                 relative: bool = False, max_steps: int | None = None,
                 scale_rewards: bool = False, context: str | None = None) -> None:
        self.game = load_game(game) if isinstance(game, str) else game
        workers = workers if workers is not None else (os.cpu_count() or 1)
        if workers < 1 or num_envs < workers:
            raise ParlourError(f"workers must be between 1 and num_envs ({num_envs}), "
                               f"not {workers}")
        self.num_envs, self.workers = num_envs, workers
        self.players = self.game.num_players
        layout = _layout(self.game, num_envs)
        self._memory = {name: SharedMemory(create=True, size=max(1, int(
            np.prod(shape)) * np.dtype(dtype).itemsize)) for name, (shape, dtype) in layout.items()}
        arrays = _arrays(self._memory, layout)
        self.observations, self.masks, self.seats = (arrays["observations"], arrays["masks"],
                                                    arrays["seats"])
        self.rewards, self.paid, self.done = arrays["rewards"], arrays["paid"], arrays["done"]
        self.truncated, self._actions = arrays["truncated"], arrays["actions"]
        self.moves = 0
        self.games_started = 0
        bounds = np.linspace(0, num_envs, workers + 1).round().astype(int)
        self._slices = list(zip(bounds[:-1].tolist(), bounds[1:].tolist(), strict=True))
        options = {"per_deal": per_deal, "relative": relative, "max_steps": max_steps,
                   "scale_rewards": scale_rewards}
        names = {name: block.name for name, block in self._memory.items()}
        mp = multiprocessing.get_context(context)
        self._connections: list[Connection] = []
        self._processes: list[Any] = []
        self.closed = False
        try:
            self._start_workers(mp, names, seating, seed, options)
        except BaseException:
            self.close()
            raise

    def _start_workers(self, mp: Any, names: dict[str, str], seating: Seating | None, seed: int,
                       options: dict[str, Any]) -> None:
        for w, (start, stop) in enumerate(self._slices):
            parent, child = mp.Pipe()
            process = mp.Process(target=_worker, daemon=True, name=f"parlour-vector-{w}",
                                 args=(child, self.game.spec, names, self.num_envs, start, stop,
                                       seating if seating is not None
                                       else [None] * self.players,
                                       derive_seed(seed, "worker", w), options))
            process.start()
            child.close()
            self._connections.append(parent)
            self._processes.append(process)

    def _command(self, command: str) -> None:
        if self.closed:
            raise ParlourError("this ProcessVectorEnv is closed")
        for connection in self._connections:
            connection.send(command)
        moves = started = 0
        errors: list[BaseException] = []
        for w, connection in enumerate(self._connections):
            try:
                answer = connection.recv()
            except EOFError:
                errors.append(ParlourError(f"vector worker {w} died (exit code "
                                           f"{self._processes[w].exitcode})"))
                continue
            if isinstance(answer, BaseException):
                errors.append(answer)
            else:
                moves += answer[0]
                started += answer[1]
        if errors:
            raise errors[0]
        self.moves, self.games_started = moves, started

    def reset(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Start every game: ``(observations, masks, seats)`` as `VectorEnv.reset`."""
        self._command("reset")
        return self.observations, self.masks, self.seats

    def step(self, actions: Sequence[int] | np.ndarray) -> tuple[
            np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """`VectorEnv.step` over every worker's games; an illegal id raises `ParlourError`
        naming the game of the whole batch, before any game moves."""
        ids = np.asarray(actions, dtype=np.int64).reshape(-1)
        if ids.shape[0] != self.num_envs:
            raise ParlourError(f"step needs {self.num_envs} action ids, got {ids.shape[0]}")
        masks = self.masks
        bad = (ids < 0) | (ids >= masks.shape[1])
        bad |= ~masks[np.arange(self.num_envs), np.clip(ids, 0, masks.shape[1] - 1)]
        if bad.any():
            index = int(np.flatnonzero(bad)[0])
            raise ParlourError(f"action id {int(ids[index])} is illegal for seat "
                               f"{int(self.seats[index])} in game {index} of the batch; legal "
                               f"ids: {np.flatnonzero(masks[index]).tolist()}")
        self._actions[:] = ids
        self._command("step")
        return self.observations, self.masks, self.seats, self.rewards, self.paid, self.done

    def close(self) -> None:
        """Stop the workers and free the shared memory."""
        if self.closed:
            return
        self.closed = True
        for connection in self._connections:
            with contextlib.suppress(OSError):  # a worker that died has closed its end
                connection.send("close")
        for process in self._processes:
            process.join(timeout=5)
            if process.is_alive():
                process.terminate()
                process.join()
        for connection in self._connections:
            connection.close()
        for block in self._memory.values():
            block.unlink()
            _release(block)

    def __enter__(self) -> ProcessVectorEnv:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        if not getattr(self, "closed", True):
            self.close()
