"""The ladder's benchmarks: how fast its scheduler finds the true order, and what it costs.

Parts (``--parts recovery,real,throughput,live``):

- ``recovery``: a simulated league of eight bots of known strengths (uneven gaps, as real
  bots have: one far below, the others in close clusters) with three anchors (the weakest, the
  middle one and the strongest). Each match seats a table of four chosen by the ladder's
  scheduler or by a plain round robin over every table; each bot's result is its strength
  plus normal noise of one unit (what a duplicate match leaves of the luck), and OpenSkill
  rates the matches as the ladder does. Printed: the share of seeds whose leaderboard has the
  true order (Kendall tau at least 0.9 and every adjacent pair right) after each number of
  matches.
- ``real``: the same comparison with real bots playing one-deal Hearts, each match drawn from
  `--cache` (benchmarks/ladder_hearts_cache.py: every table of the league played on many
  seeds once): a table's match is its result on one of the cache's league seeds, drawn at
  random. The true order is the bots' order on the cache's held-out seeds (printed with the
  t statistic of each adjacent gap); `--leave-out` measures the league without some bots.
  The committed cache seats every pair of its nine bots but one (ISMCTS at 3,000 iterations,
  which ties with 1,000, and the ninth bot), so one of those two is always left out.
- ``live``: the cost of the live view when nobody watches: the same one-deal games (built-in
  bots, one process) played with and without a live file named, interleaved.
- ``throughput``: a league of one submitted bot (examples/bots/random_bot.py over the
  protocol) and three anchors plays `--matches` matches on `--workers` local workers; then the
  very same games (seats and seeds) are played again by the tournament engine alone. Printed:
  games per hour, and the ladder's overhead per game (planning, ratings, the index).

    PYTHONPATH=src python benchmarks/ladder.py --parts recovery --seeds 100
    PYTHONPATH=src python benchmarks/ladder.py --parts real --seeds 40 \
        --leave-out "ismcts:iterations=3000"
    PYTHONPATH=src python benchmarks/ladder.py --parts throughput --matches 40 --workers 2
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import json
import math
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

from parlour.arena.backends import make_backend
from parlour.arena.worker import GameTask, play_game
from parlour.ladder import Ladder, LeagueSettings
from parlour.ladder.scheduler import Entrant, choose_lineup, round_robin_lineup
from parlour.match import FaultRules

STRENGTHS = (0.0, 2.0, 2.4, 2.7, 3.5, 3.8, 4.0, 4.6)
BUDGETS = (35, 70, 140, 210, 280)
REAL_BUDGETS = (70, 140, 280, 560, 1120, 2240)
CACHE = Path(__file__).resolve().parent / "data" / "ladder_hearts.json.gz"
ONE_DEAL = "hearts:end_score=1,passing=none"
Play = Callable[[tuple[int, ...], int], dict[int, float]]


def right_order(means: Sequence[float]) -> bool:
    """Kendall tau at least 0.9 against the true order (index order), every neighbour right."""
    n = len(means)
    concordant = sum(1 for a, b in itertools.combinations(range(n), 2) if means[a] < means[b])
    pairs = n * (n - 1) // 2
    tau = (2 * concordant - pairs) / pairs
    return tau >= 0.9 and all(means[i] < means[i + 1] for i in range(n - 1))


def league_run(kind: str, seed: int, n: int, anchors: Sequence[int], play: Play,
               budgets: Sequence[int]) -> dict[int, bool]:
    """Play max(budgets) matches scheduled by `kind`; whether the order is right at each."""
    model = PlackettLuce()
    ratings = [model.rating() for _ in range(n)]
    right = {}
    for number in range(max(budgets)):
        entrants = [Entrant(v, ratings[v].mu, ratings[v].sigma, v in anchors) for v in range(n)]
        if kind == "scheduler":
            table = choose_lineup(entrants, 4, random.Random(seed * 100_003 + number))
        else:
            table = round_robin_lineup(entrants, 4, number)
        results = play(table, seed * 100_003 + number)
        rated = model.rate([[ratings[v]] for v in table], scores=[results[v] for v in table])
        for v, (rating,) in zip(table, rated, strict=True):
            ratings[v] = rating
        if number + 1 in budgets:
            right[number + 1] = right_order([r.mu for r in ratings])
    return right


def compare(play_for: Callable[[int], Play], n: int, seeds: Sequence[int],
            budgets: Sequence[int]) -> None:
    print(f"share of {len(seeds)} seeds ({seeds[0]} to {seeds[-1]}) with the true order, "
          "after so many matches")
    print(f"{'schedule':<12}" + "".join(f"{b:>8}" for b in budgets))
    for kind in ("scheduler", "round-robin"):
        runs = [league_run(kind, seed, n, (0, n // 2, n - 1), play_for(seed), budgets)
                for seed in seeds]
        print(f"{kind:<12}" + "".join(f"{sum(r[b] for r in runs) / len(seeds):>8.2f}"
                                      for b in budgets), flush=True)


def simulated(seed: int) -> Play:
    rng = random.Random(seed)

    def play(table: tuple[int, ...], _: int) -> dict[int, float]:
        return {v: STRENGTHS[v] + rng.gauss(0, 1) for v in table}

    return play


def never_seated(cache: dict[str, Any]) -> list[tuple[str, str]]:
    """The pairs of the cache's bots that no table of it seats together."""
    seated = {pair for key in cache["league"]
              for pair in itertools.combinations(sorted(int(v) for v in key.split(",")), 2)}
    bots = cache["bots"]
    return [(bots[a], bots[b]) for a, b in itertools.combinations(range(len(bots)), 2)
            if (a, b) not in seated]


def true_order(cache: dict[str, Any], part: str = "held_out"
               ) -> tuple[list[int], list[float], list[float]]:
    """The bots (cache indices) weakest first by their mean result per match on the `part`
    seeds (held-out ones by default), with those means and, for each adjacent pair, the t
    statistic of its gap (paired over the seeds: each seed is one deal of every table)."""
    n = len(cache["bots"])
    if len(cache[part]) != math.comb(n, 4):
        raise ValueError(f"the cache has {len(cache[part])} of the {math.comb(n, 4)} tables "
                         f"of its {n} bots")
    seeds = len(next(iter(cache[part].values())))
    per_seed = [[0.0] * seeds for _ in range(n)]
    for key, results in cache[part].items():
        table = [int(v) for v in key.split(",")]
        for s, totals in enumerate(results):
            for v, total in zip(table, totals, strict=True):
                per_seed[v][s] += total / math.comb(n - 1, 3)
    means = [statistics.fmean(row) for row in per_seed]
    order = sorted(range(n), key=lambda v: means[v])
    t_values = []
    for a, b in itertools.pairwise(order):
        gaps = [y - x for x, y in zip(per_seed[a], per_seed[b], strict=True)]
        t_values.append(statistics.fmean(gaps) / (statistics.stdev(gaps) / math.sqrt(seeds)))
    return order, [means[v] for v in order], t_values


def cached(cache: dict[str, Any], order: Sequence[int]) -> Callable[[int], Play]:
    """Matches drawn from the cache's league seeds: a table's match is its result on a seed
    drawn at random (by the league seed and the match number). Bot `i` of the league is
    `order[i]` of the cache, so index order is the true order."""
    league = {tuple(int(v) for v in key.split(",")): results
              for key, results in cache["league"].items()}

    def play_for(league_seed: int) -> Play:
        def play(table: tuple[int, ...], number: int) -> dict[int, float]:
            names = sorted(order[v] for v in table)
            results = league[tuple(names)]
            drawn = results[random.Random(f"{league_seed}/{number}").randrange(len(results))]
            totals = dict(zip(names, drawn, strict=True))
            return {v: totals[order[v]] for v in table}

        return play

    return play_for


def leave_out(cache: dict[str, Any], names: Sequence[str]) -> dict[str, Any]:
    """The cache of the league without the bots `names` (its tables are among the cache's)."""
    bots = cache["bots"]
    unknown = [name for name in names if name not in bots]
    if unknown:
        sys.exit(f"--leave-out: {', '.join(unknown)} not in the cache's league")
    kept = [v for v, name in enumerate(bots) if name not in names]
    renumber = {old: new for new, old in enumerate(kept)}

    def part(results: dict[str, Any]) -> dict[str, Any]:
        out = {}
        for key, rows in results.items():
            table = [int(v) for v in key.split(",")]
            if all(v in renumber for v in table):
                out[",".join(str(renumber[v]) for v in table)] = rows
        return out

    return {**cache, "bots": [bots[v] for v in kept], "league": part(cache["league"]),
            "held_out": part(cache["held_out"])}


def real(path: Path, seeds: Sequence[int], budgets: Sequence[int],
         left_out: Sequence[str] = ()) -> None:
    with gzip.open(path, "rt") as file:
        cache = json.load(file)
    if left_out:
        cache = leave_out(cache, left_out)
    apart = never_seated(cache)
    if apart:
        sys.exit(f"{path}: {apart[0][0]} and {apart[0][1]} never sit at one table, so the "
                 f"league is not complete; leave one out (--leave-out '{apart[0][1]}')")
    unequal = {len(rows) for part in ("league", "held_out") for rows in cache[part].values()}
    if len(unequal) != 1:
        sys.exit(f"{path}: its tables have {min(unequal)} to {max(unequal)} seeds; finish "
                 "the cache run (--resume) or leave out the bots of the shorter tables")
    order, means, t_values = true_order(cache)
    bots = cache["bots"]
    held = len(next(iter(cache["held_out"].values())))
    played = len(next(iter(cache["league"].values())))
    print(f"{cache['game']}: {len(cache['league'])} tables, {played} league seeds and {held} "
          f"held-out seeds each (the whole cache: {cache['cpu_seconds']:.0f} CPU s)")
    print("true order (held-out seeds), mean total per match, t of the gap to the next:")
    for rank, v in enumerate(order):
        gap = f"  t = {t_values[rank]:.1f}" if rank < len(t_values) else ""
        print(f"  {rank}. {bots[v]:<40} {means[rank]:+7.2f}{gap}")
    if order != list(range(len(bots))):
        print("  (not the order the cache lists them in)")
    resampled = true_order(cache, "league")[0]
    print("the league seeds (which the leagues resample) give "
          + ("the same order" if resampled == order else
             "another order: " + ", ".join(bots[v] for v in resampled)))
    compare(cached(cache, order), len(bots), seeds, budgets)


def throughput(matches: int, workers: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="ladder-bench-"))
    try:
        ladder = Ladder(folder, LeagueSettings(games=(ONE_DEAL,), seed=5, move_time=5.0,
                                               anchors=("random", "heuristic", "heuristic-v1")))
        bot = Path(__file__).resolve().parent.parent / "examples" / "bots" / "random_bot.py"
        ladder.submit(ladder.make_token("bench"), "hearts", "randombot", bot.read_bytes(),
                      "random_bot.py", "python3 random_bot.py")
        ladder.step()
        backend = make_backend("local", workers, keep=True)
        start = time.perf_counter()
        for _ in range(matches):
            ladder.step(backend)
        ladder_seconds = time.perf_counter() - start
        tasks: list[GameTask] = []
        for match in ladder.store.matches():
            specs = {v: ladder.store.version(v).spec for v in match.versions}
            tasks += [GameTask(len(tasks), match.game, tuple(specs[v] for v in seating),
                               match.seed, ladder.settings.fault_rules())
                      for seating in match.seatings]
        start = time.perf_counter()
        list(backend.run(tasks))
        bare_seconds = time.perf_counter() - start
        backend.close()
        ladder.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    games = len(tasks)
    print(f"{matches} matches, {games} one-deal Hearts games on {workers} worker(s)")
    print(f"ladder: {ladder_seconds:.1f} s, {3600 * games / ladder_seconds:,.0f} games an hour")
    print(f"the same games, tournament engine alone: {bare_seconds:.1f} s")
    print(f"ladder overhead: {1000 * (ladder_seconds - bare_seconds) / games:+.1f} ms a game "
          f"({ladder_seconds / bare_seconds:.2f}x)")


def live_cost(games: int) -> None:
    """CPU seconds a game with and without a live file named, nobody watching (interleaved,
    the same games)."""
    folder = Path(tempfile.mkdtemp(prefix="ladder-live-"))
    spent = {False: 0.0, True: 0.0}
    try:
        for number in range(games):
            for live in (number % 2 == 0, number % 2 == 1):
                task = GameTask(number, ONE_DEAL, ("random", "heuristic", "random", "heuristic"),
                                number, FaultRules(),
                                live=str(folder / f"{number}.live.jsonl") if live else "")
                start = time.process_time()
                play_game(task)
                spent[live] += time.process_time() - start
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    per = {live: 1e3 * spent[live] / games for live in spent}
    print(f"{games} one-deal Hearts games, each played without and with a live file named "
          "(nobody watching: the worker only looks for the watch marker): "
          f"{per[False]:.2f} ms and {per[True]:.2f} ms of CPU a game "
          f"({per[True] - per[False]:+.3f} ms, {per[True] / per[False]:.3f}x)")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--parts", default="recovery,throughput")
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--budgets", default=",".join(map(str, BUDGETS)))
    parser.add_argument("--leave-out", default="",
                        help="bots of the cached league to leave out (';' between)")
    parser.add_argument("--real-budgets", default=",".join(map(str, REAL_BUDGETS)))
    parser.add_argument("--cache", type=Path, default=CACHE,
                        help="results of real games (benchmarks/ladder_hearts_cache.py)")
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--live-games", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    budgets = [int(b) for b in args.budgets.split(",")]
    parts = args.parts.split(",")
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    if "recovery" in parts:
        compare(simulated, len(STRENGTHS), seeds, budgets)
    if "real" in parts:
        if not args.cache.exists():
            sys.exit(f"no cache at {args.cache}: run benchmarks/ladder_hearts_cache.py first")
        real(args.cache, seeds, [int(b) for b in args.real_budgets.split(",")],
             [name for name in args.leave_out.split(";") if name])
    if "throughput" in parts:
        throughput(args.matches, args.workers)
    if "live" in parts:
        live_cost(args.live_games)


if __name__ == "__main__":
    main()
