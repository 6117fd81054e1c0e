"""The arena's costs: overhead per game against the bare engine, parallel efficiency from one
worker to two, and Ray's overhead per game (docs/performance.md, "The arena").

    .venv/bin/python benchmarks/arena.py [--deals 60] [--ray]

Every figure plays the same games: a duplicate Hearts tournament of random and heuristic
(two seatings per deal), the cheapest bots, so the arena's own costs show most. The in-process
figures are CPU time of this process (the machine is shared: CPU time is what other load
disturbs least); parallel ones are wall clock, as efficiency must be. Each is the best of
`--repeat` runs, taken in turn.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from parlour.agents import make_agent
from parlour.arena import Tournament, TournamentConfig
from parlour.arena.formats import Scheduled
from parlour.arena.store import Store
from parlour.arena.worker import GameTask, compress_record, play_game, write_file
from parlour.core import load_game, make_rng
from parlour.match import FaultRules, Match

AGENTS = ("random", "heuristic")


def cpu(run: Callable[[], Any]) -> float:
    """CPU seconds of this process for `run()`."""
    start = time.process_time()
    run()
    return time.process_time() - start


def config(deals: int, backend: str, workers: int, out: Path) -> TournamentConfig:
    return TournamentConfig(game="hearts", agents=AGENTS, format="duplicate", deals=deals,
                            seed=11, backend=backend, workers=workers, out=str(out))


def arena(deals: int, backend: str, workers: int, root: Path,
          clock: Callable[[], float] = time.perf_counter) -> tuple[float, float]:
    """Seconds to play a tournament (worker start-up, store, records, error log) once it is
    open (settings checked, agents built once), and to sum it up (statistics, ratings,
    summary.json)."""
    out = root / f"{backend}-{workers}"
    shutil.rmtree(out, ignore_errors=True)
    with Tournament(config(deals, backend, workers, out)) as tournament:
        schedule = tournament.plan()
        start = clock()
        tournament.play(schedule)
        played = clock()
        tournament.finish()
        return played - start, clock() - played


def report_in_process(n: int, bare_s: float, match_s: float, inproc: float,
                      summary: float) -> None:
    print(f"  bare engine loop (state, agents)   {1e3 * bare_s / n:7.2f} ms/game (CPU)")
    print(f"  Match.run()                        {1e3 * match_s / n:7.2f} ms/game "
          f"({100 * (match_s / bare_s - 1):+.1f}% vs bare)")
    print(f"  arena, in-process                  {1e3 * inproc / n:7.2f} ms/game "
          f"({100 * (inproc / match_s - 1):+.1f}% vs Match, "
          f"{100 * (inproc / bare_s - 1):+.1f}% vs bare)")
    print(f"  summing up (stats, ratings, JSON)  {1e3 * summary / n:7.2f} ms/game, once")


def breakdown(games: list[tuple[int, list[str]]], root: Path, repeat: int) -> None:
    """CPU per game of each thing the arena adds to a match."""
    game = load_game("hearts")
    records = [Match(game, specs, seed=seed).run() for seed, specs in games]
    outcomes = [play_game(GameTask(i, "hearts", tuple(specs), seed, FaultRules()))
                for i, (seed, specs) in enumerate(games)]
    parts: dict[str, list[float]] = {"compress the record (JSON, gzip)": [],
                                     "create its file": [], "store the result (SQLite)": []}
    def write_all(folder: Path) -> None:
        for i, outcome in enumerate(outcomes):
            write_file(folder / f"{i:04d}.json.gz", outcome.record)

    def store_all(store: Store, schedule: list[Scheduled]) -> None:
        for g, outcome in zip(schedule, outcomes, strict=True):
            store.add_result(g, outcome, "r")

    for attempt in range(repeat):
        parts["compress the record (JSON, gzip)"].append(
            cpu(lambda: [compress_record(r) for r in records]))
        folder = root / f"files-{attempt}"
        folder.mkdir()
        parts["create its file"].append(cpu(partial(write_all, folder)))
        with Store(root / f"store-{attempt}.sqlite") as store:
            schedule = [Scheduled(i, "b", 0, 0, 0, (0, 1, 0, 1), seed, "hearts")
                        for i, (seed, _) in enumerate(games)]
            store.add_schedule(schedule)
            parts["store the result (SQLite)"].append(cpu(partial(store_all, store, schedule)))
    for name, times in parts.items():
        print(f"    {name:<33}{1e3 * min(times) / len(games):7.2f} ms/game")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--ray", action="store_true", help="also measure a local Ray")
    parser.add_argument("--parallel-only", action="store_true",
                        help="only the local workers (more repeats make a busy machine's "
                             "quiet moments count)")
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="parlour-arena-bench-"))
    game = load_game("hearts")
    with Tournament(config(args.deals, "inprocess", 1, root / "plan")) as t:
        games = [(g.seed, [AGENTS[a] for a in g.seats]) for g in t.plan()]
    n = len(games)

    def bare() -> None:
        for seed, specs in games:
            state = game.new_state(seed=seed)
            agents = [make_agent(s, game, i, make_rng(seed, "agent", i))
                      for i, s in enumerate(specs)]
            while not state.is_terminal:
                seat = state.current_player
                assert seat is not None
                state.apply(agents[seat].act(state.observe(seat)))

    def matches() -> None:
        for seed, specs in games:
            Match(game, specs, seed=seed).run()

    runs: list[tuple[float, ...]] = []
    for _ in range(0 if args.parallel_only else args.repeat):
        runs.append((cpu(bare), cpu(matches),
                     *arena(args.deals, "inprocess", 1, root, time.process_time)))
    print(f"{n} games of hearts ({', '.join(AGENTS)}, duplicate), best of {args.repeat}")
    if runs:
        report_in_process(n, *(min(r[i] for r in runs) for i in range(4)))
        breakdown(games, root, args.repeat)
    started = 0.0
    if args.ray:
        import ray

        start = time.perf_counter()
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        started = time.perf_counter() - start
    rounds = []
    for _ in range(args.repeat):  # in turn, so a busy spell hits every kind alike
        cpu_before = time.process_time()
        one = arena(args.deals, "local", 1, root)[0]
        two = arena(args.deals, "local", 2, root)[0]
        parent = (time.process_time() - cpu_before) / (2 * n)
        rounds.append((one, two, parent,
                       arena(args.deals, "ray", 2, root)[0] if args.ray else 0.0))
    t1, t2, parent, tr = (min(r[i] for r in rounds) for i in range(4))
    print(f"  local, 1 worker                    {1e3 * t1 / n:7.2f} ms/game "
          f"({t1:.2f} s)")
    print(f"  local, 2 workers                   {1e3 * t2 / n:7.2f} ms/game "
          f"({t2:.2f} s): parallel efficiency {100 * t1 / (2 * t2):.0f}%")
    print(f"  the tournament's own process       {1e3 * parent:7.2f} ms/game of CPU "
          "(store, progress) while workers play")
    if args.ray:
        print(f"  ray (local, 2 CPUs)                {1e3 * tr / n:7.2f} ms/game "
              f"({tr:.2f} s; Ray started in {started:.1f} s): "
              f"{1e3 * (tr - t2) / n:+.2f} ms/game vs 2 local workers")
        ray.shutdown()
    shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
