"""Play every table of four of a league of real Hearts bots on many seeds, once, into a cache.

benchmarks/ladder.py ``--parts real`` then draws each match it schedules from these results
(a table's match on a random cached seed), so comparing schedulers over hundreds of leagues
costs no more games. A table's match is what the ladder plays: one-deal Hearts, the four bots
in the four seat rotations on one seed; its result is each bot's total over the four games.

Two seed ranges are played side by side: *league* seeds (from 0), which the leagues resample,
and *held-out* seeds (from 1,000,000), which only establish the bots' true order. The file is
rewritten after every seed, so the run can be stopped at any time and resumed (``--resume``);
``--resume`` also extends a cache whose bots are the first of `BOTS`, playing only the tables
it lacks, and ``--skip`` leaves the tables of some bots as they are (to add seeds to a
sub-league). Run it with one process at low priority; every search bot uses an iteration budget,
so the results do not depend on the machine's load:

    nice -n 19 env PYTHONPATH=src python benchmarks/ladder_hearts_cache.py --seeds 300
"""

from __future__ import annotations

import argparse
import gzip
import json
import time
from collections.abc import Sequence
from itertools import combinations
from pathlib import Path

from parlour.arena.backends import Backend, make_backend
from parlour.arena.formats import seatings
from parlour.arena.worker import GameTask
from parlour.match import FaultRules

GAME = "hearts:end_score=1,passing=none"
BOTS = ("random", "ismcts:iterations=1,rollout=random", "heuristic-v1", "heuristic", "learned",
        "ismcts:iterations=300", "ismcts:iterations=1000", "ismcts:iterations=3000",
        "ismcts:iterations=10,rollout=random")
"""The bots, in the order they joined the cache (a new bot goes last, so the tables already
played keep their keys). A first league had ISMCTS at 5 and 100 iterations and
``ismcts:iterations=20,rollout=random``: on 44 held-out seeds the first two tied with
heuristic-v1 and learned (t below 1), so the order was not real. ISMCTS at 1,000 and 3,000
iterations tie too (t = 0.2), so the ninth bot, which joined to make a league of eight with a
real order, is never seated with the 3,000-iteration one."""
NEVER_SEATED = (("ismcts:iterations=3000", "ismcts:iterations=10,rollout=random"),)
"""Pairs of bots whose tables are not played (their leagues leave one of the two out)."""
HELD_OUT = 1_000_000
CACHE = Path(__file__).resolve().parent / "data" / "ladder_hearts.json.gz"


def play_table(backend: Backend, bots: Sequence[str], table: tuple[int, ...],
               seed: int) -> list[float]:
    """Each bot's total over the seat rotations of `table` on `seed` (in table order)."""
    tasks = [GameTask(i, GAME, tuple(bots[v] for v in seating), seed, FaultRules())
             for i, seating in enumerate(seatings(table, 4, "rotations"))]
    totals = dict.fromkeys(table, 0.0)
    for outcome, seating in zip(backend.run(tasks), seatings(table, 4, "rotations"), strict=True):
        if outcome.errors:
            raise SystemExit(f"table {table} seed {seed}: a bot faulted: {outcome.errors}")
        for v, value in zip(seating, outcome.returns, strict=True):
            totals[v] += value
    return [totals[v] for v in table]


def load(path: Path) -> dict[str, object]:
    """The cache at `path`."""
    with gzip.open(path, "rt") as file:
        cache: dict[str, object] = json.load(file)
    return cache


def save(path: Path, cache: dict[str, object]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_suffix(".part")
    with gzip.open(part, "wt") as file:
        json.dump(cache, file, separators=(",", ":"))
    part.replace(path)


def league_tables(bots: Sequence[str]) -> list[tuple[int, ...]]:
    """Every table of four of `bots` (indices, ascending) but those seating a `NEVER_SEATED`
    pair."""
    apart = [{bots.index(a), bots.index(b)} for a, b in NEVER_SEATED if a in bots and b in bots]
    return [table for table in combinations(range(len(bots)), 4)
            if not any(pair <= set(table) for pair in apart)]


def start_or_extend(cache: dict[str, object] | None, bots: Sequence[str],
                    path: Path) -> dict[str, object]:
    """`cache` (None for none) with an empty row list for every table of `bots` it lacks;
    a new cache if None. Refuses a cache of another game or of bots that are not the first
    of `bots`."""
    if cache is None:
        cache = {"game": GAME, "bots": [], "held_out_from": HELD_OUT, "league": {},
                 "held_out": {}, "cpu_seconds": 0.0}
    known = cache["bots"]
    if cache["game"] != GAME or not isinstance(known, list) or known != list(bots[:len(known)]):
        raise SystemExit(f"{path} holds another league (its bots are not the first of BOTS); "
                         "leave out --resume to start a new file")
    cache["bots"] = list(bots)
    for part in ("league", "held_out"):
        rows: dict[str, list[list[float]]] = cache[part]  # type: ignore[assignment]
        for table in league_tables(bots):
            rows.setdefault(",".join(map(str, table)), [])
    return cache


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=300,
                        help="league seeds to play (as many held-out seeds beside them)")
    parser.add_argument("--out", type=Path, default=CACHE)
    parser.add_argument("--resume", action="store_true",
                        help="continue or extend the file at --out")
    parser.add_argument("--skip", default="",
                        help="bots whose tables this run leaves as they are (';' between)")
    args = parser.parse_args(argv)
    if args.seeds < 1:
        parser.error(f"--seeds must be at least 1, not {args.seeds}")
    skipped = {BOTS.index(name) for name in args.skip.split(";") if name in BOTS}
    unknown = [name for name in args.skip.split(";") if name and name not in BOTS]
    if unknown:
        parser.error(f"--skip: {', '.join(unknown)} not among the cache's bots")
    cache = start_or_extend(load(args.out) if args.resume and args.out.exists() else None,
                            BOTS, args.out)
    backend = make_backend("inprocess")
    league: dict[str, list[list[float]]] = cache["league"]  # type: ignore[assignment]
    held: dict[str, list[list[float]]] = cache["held_out"]  # type: ignore[assignment]
    for k in range(args.seeds):
        start = time.process_time()
        played = 0
        for key in league:
            table = tuple(int(v) for v in key.split(","))
            if len(league[key]) == k and not skipped & set(table):
                league[key].append(play_table(backend, BOTS, table, k))
                held[key].append(play_table(backend, BOTS, table, HELD_OUT + k))
                played += 1
        if not played:
            continue
        spent = float(cache["cpu_seconds"]) + time.process_time() - start  # type: ignore[arg-type]
        cache["cpu_seconds"] = spent
        save(args.out, cache)
        print(f"seed {k}: {played} tables, {time.process_time() - start:.1f} CPU s "
              f"(total {spent:.0f})", flush=True)


if __name__ == "__main__":
    main()
