"""Which bots meet next: the table whose result would teach the ratings the most.

A rating is a normal belief (mu, sigma) about a bot's strength. A game teaches most where the
belief is widest and where the outcome is least certain, so a table is scored by the sum, over
each pair at it, of the pair's uncertainty (sigma_i^2 + sigma_j^2) times the pair's match
quality (the chance of a draw-like outcome under the two beliefs, TrueSkill's formula, 1 for
two equal ratings and falling as they part). Every table holds at least one anchor (a fixed
built-in bot such as ``random`` or ``heuristic``) when the league has one, so the ratings keep
one meaning over months. Ties and large leagues are settled by a generator seeded from the
league's seed and the match number, so a schedule replays exactly.

`round_robin_table` is the plain alternative (every table in turn), for the benchmark that
shows the scheduler needs fewer games to find the true order.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from random import Random

BETA = 25 / 6
"""The performance noise of one game, in rating units (OpenSkill's default beta)."""
EXHAUSTIVE = 2000
"""Up to this many possible tables every one is scored; beyond, a seeded sample is."""


@dataclass(frozen=True)
class Entrant:
    """A bot version that may be seated: its id, rating belief and whether it is an anchor."""

    version: int
    mu: float
    sigma: float
    anchor: bool = False
    games: int = 0


def pair_quality(a: Entrant, b: Entrant, beta: float = BETA) -> float:
    """How uncertain the outcome of `a` against `b` is (1: a coin toss)."""
    spread = 2 * beta * beta + a.sigma * a.sigma + b.sigma * b.sigma
    return math.sqrt(2 * beta * beta / spread) * math.exp(-(a.mu - b.mu) ** 2 / (2 * spread))


def table_information(table: Sequence[Entrant], beta: float = BETA) -> float:
    """What a game at `table` is expected to teach: uncertainty weighted by match quality."""
    return sum((a.sigma * a.sigma + b.sigma * b.sigma) * pair_quality(a, b, beta)
               for a, b in combinations(table, 2))


def choose_table(entrants: Sequence[Entrant], size: int, rng: Random) -> tuple[int, ...]:
    """The versions (sorted) of the most informative table of `size` with an anchor."""
    if size < 2:
        raise ValueError("a table needs at least two entrants")
    pool = sorted(entrants, key=lambda e: e.version)
    size = min(size, len(pool))
    if size < 2:
        return ()
    anchored = any(e.anchor for e in pool)
    tables = _candidates(pool, size, rng)
    best: tuple[float, float, tuple[Entrant, ...]] | None = None
    for table in tables:
        if anchored and not any(e.anchor for e in table):
            continue
        if anchored and all(e.anchor for e in table) and not all(e.anchor for e in pool):
            continue  # anchors among themselves teach nothing once they are known
        key = (table_information(table), rng.random())
        if best is None or key > best[:2]:
            best = (*key, table)
    if best is None:
        return ()
    return tuple(sorted(e.version for e in best[2]))


def _candidates(pool: Sequence[Entrant], size: int,
                rng: Random) -> list[tuple[Entrant, ...]]:
    if math.comb(len(pool), size) <= EXHAUSTIVE:
        return list(combinations(pool, size))
    anchors = [e for e in pool if e.anchor]
    tables = []
    for _ in range(EXHAUSTIVE):
        first = [rng.choice(anchors)] if anchors else []
        rest = [e for e in pool if e not in first]
        tables.append(tuple(sorted(first + rng.sample(rest, size - len(first)),
                                   key=lambda e: e.version)))
    return tables


def round_robin_table(entrants: Sequence[Entrant], size: int, number: int) -> tuple[int, ...]:
    """The `number`-th table of a plain round robin over every table of `size`."""
    versions = sorted(e.version for e in entrants)
    tables = list(combinations(versions, min(size, len(versions))))
    return tables[number % len(tables)] if tables else ()
