"""Where tournament games run: in this process, in local worker processes, or on Ray.

Every backend takes game tasks and yields their outcomes as they finish, in any order; a
game's result depends only on its task, so every backend gives the same results. Tasks go out
in batches sized to about `BATCH_SECONDS` of play (measured as games finish), so the cost of
sending a task is small next to the games in it, and the progress bar still moves often.
"""

from __future__ import annotations

import logging
import math
import multiprocessing
import os
import sys
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from parlour.arena.worker import GameOutcome, GameTask, init_worker, play_batch, play_game
from parlour.core import ParlourError

log = logging.getLogger("parlour.arena")

BATCH_SECONDS = 0.25
MAX_BATCH = 64


class Batcher:
    """Cuts tasks into batches of about `BATCH_SECONDS` each, learning the time per game."""

    def __init__(self, tasks: Sequence[GameTask], workers: int) -> None:
        self.queue = deque(tasks)
        self.workers = workers
        self.games = 0
        self.seconds = 0.0

    def __bool__(self) -> bool:
        return bool(self.queue)

    def observe(self, outcomes: Sequence[GameOutcome]) -> None:
        self.games += len(outcomes)
        self.seconds += sum(o.seconds for o in outcomes)

    def next(self) -> list[GameTask]:
        """The next batch: one game until a time per game is known; never so many that the
        last games wait on one worker while the others idle."""
        if self.games == 0:
            size = 1
        else:
            per_game = max(self.seconds / self.games, 1e-6)
            size = max(1, min(MAX_BATCH, round(BATCH_SECONDS / per_game)))
        size = min(size, max(1, math.ceil(len(self.queue) / (2 * self.workers))))
        return [self.queue.popleft() for _ in range(min(size, len(self.queue)))]


class Backend(ABC):
    """Runs game tasks and yields outcomes as they finish."""

    name = "backend"

    @abstractmethod
    def run(self, tasks: Sequence[GameTask]) -> Iterator[GameOutcome]:
        """Yield each task's outcome as it finishes (in any order)."""

    def close(self) -> None:  # noqa: B027 (optional: most backends hold nothing)
        """Release workers and connections."""


class InProcess(Backend):
    """Each game in this process, in schedule order: simple to debug and profile."""

    name = "inprocess"

    def run(self, tasks: Sequence[GameTask]) -> Iterator[GameOutcome]:
        for task in tasks:
            yield play_game(task)


class LocalProcesses(Backend):
    """Worker processes on this machine (``forkserver``: workers start from a clean server
    process that has parlour imported, never from a copy of this one's threads).

    With `keep`, the workers stay between calls of `run` until `close` (a service that plays
    one short match after another); otherwise each `run` starts and stops its own.
    """

    name = "local"

    def __init__(self, workers: int, keep: bool = False) -> None:
        self.workers = workers
        self.keep = keep
        self.pool: ProcessPoolExecutor | None = None

    def _pool(self, workers: int) -> ProcessPoolExecutor:
        if self.pool is not None:
            return self.pool
        method = "forkserver" if sys.platform.startswith("linux") else "spawn"
        context = multiprocessing.get_context(method)
        if method == "forkserver":
            context.set_forkserver_preload(["parlour.arena.worker"])
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=context,
                                   initializer=init_worker, initargs=(os.getpid(),))
        if self.keep:
            self.pool = pool
        return pool

    def run(self, tasks: Sequence[GameTask]) -> Iterator[GameOutcome]:
        if not tasks:
            return
        workers = self.workers if self.keep else min(self.workers, len(tasks))
        pool = self._pool(workers)
        batcher = Batcher(tasks, workers)
        running: dict[Future[list[GameOutcome]], int] = {}
        finished = False
        try:
            while batcher or running:
                while batcher and len(running) < 2 * workers:
                    batch = batcher.next()
                    running[pool.submit(play_batch, batch)] = len(batch)
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    del running[future]
                    try:
                        outcomes = future.result()
                    except BrokenProcessPool as error:
                        raise ParlourError(
                            f"a worker process died ({error}). Games already stored are kept: "
                            "continue with --resume. Run from a script, its entry point "
                            "must be guarded by `if __name__ == \"__main__\":`, since "
                            "worker processes import the main module") from None
                    batcher.observe(outcomes)
                    yield from outcomes
            finished = True
        finally:
            if not (finished and self.keep):
                _stop(pool, finished)
                self.pool = None

    def close(self) -> None:
        if self.pool is not None:
            _stop(self.pool, True)
            self.pool = None


def _stop(pool: ProcessPoolExecutor, finished: bool) -> None:
    """Shut the pool down; when stopped early, end the workers' running games too."""
    processes = [] if finished else list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=finished, cancel_futures=True)
    for process in processes:  # no public way to stop a running task
        if process.is_alive():
            process.terminate()


class RayBackend(Backend):
    """Ray tasks: on the cluster at `address`, or on a local Ray started with `workers` CPUs.

    Ray is imported only here (``pip install 'parlour[ray]'``). Agents named by path
    (``file:``, ``exec:``) must exist at that path on every node.
    """

    name = "ray"

    def __init__(self, workers: int, address: str | None = None) -> None:
        try:
            import ray
        except ImportError:
            raise ParlourError("the ray backend needs Ray: pip install 'parlour[ray]'") from None
        self.ray: Any = ray
        self.started = False
        if not ray.is_initialized():
            options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                       "logging_level": logging.WARNING}
            try:
                if address:
                    ray.init(address=address, **options)
                else:
                    ray.init(num_cpus=workers, **options)
            except Exception as error:
                where = f"at {address!r}" if address else "locally"
                raise ParlourError(f"cannot start Ray {where}: {error}") from None
            self.started = True
        self.workers = max(1, int(self.ray.cluster_resources().get("CPU", workers)))
        self.remote = ray.remote(num_cpus=1, max_retries=0)(_ray_batch)

    def run(self, tasks: Sequence[GameTask]) -> Iterator[GameOutcome]:
        ray = self.ray
        batcher = Batcher(tasks, self.workers)
        running: list[Any] = []
        try:
            while batcher or running:
                while batcher and len(running) < 2 * self.workers:
                    running.append(self.remote.remote(batcher.next()))
                done, running = ray.wait(running, num_returns=1)
                for ref in done:
                    try:
                        outcomes = ray.get(ref)
                    except ray.exceptions.RayTaskError as error:
                        cause = error.cause if isinstance(error.cause, Exception) else error
                        raise cause from None
                    batcher.observe(outcomes)
                    yield from outcomes
        finally:
            for ref in running:
                ray.cancel(ref, force=True)

    def close(self) -> None:
        if self.started:
            self.ray.shutdown()
            self.started = False


def _ray_batch(tasks: list[GameTask]) -> list[GameOutcome]:
    from parlour.arena.worker import quiet_logs

    quiet_logs()
    return play_batch(tasks)


def make_backend(name: str, workers: int = 1, address: str | None = None,
                 keep: bool = False) -> Backend:
    """The backend called `name`: ``inprocess``, ``local`` or ``ray``; `keep` keeps local
    workers between runs."""
    if name == "inprocess":
        return InProcess()
    if name == "local":
        return LocalProcesses(workers, keep)
    if name == "ray":
        return RayBackend(workers, address)
    raise ParlourError(f"unknown backend {name!r}: expected inprocess, local or ray")


__all__ = ["BATCH_SECONDS", "Backend", "Batcher", "InProcess", "LocalProcesses", "RayBackend",
           "make_backend"]
