"""Which bots meet next: the lineup whose result would teach the ratings the most.

A rating is a normal belief (mu, sigma) about a bot's strength. What a leaderboard gets wrong is
the order of two bots whose beliefs overlap, so a lineup is scored by the sum, over each pair at
it, of the chance that the pair is shown in the wrong order (the normal tail beyond the gap of
their means, in units of their joint uncertainty) times how much a game can still teach about
the pair (sigma_i^2 + sigma_j^2). Unknown bots are seated first; once ratings settle, the rivals
whose order is still in doubt meet most, and pairs already told apart stop taking up lineups.
Every lineup holds at least one anchor (a fixed built-in bot such as ``random`` or
``heuristic``) when the league has one, so the ratings keep one meaning over months. Ties and
large leagues are settled by a generator seeded from the league's seed and the match number,
so a schedule replays exactly.

`round_robin_lineup` is the plain alternative (every lineup in turn), against which
benchmarks/ladder.py measures how many matches each needs to find the true order.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from random import Random

EXHAUSTIVE = 2000
"""Up to this many possible lineups every one is scored; beyond, a seeded sample is."""


@dataclass(frozen=True)
class Entrant:
    """A bot version that may be seated: its id, rating belief and whether it is an anchor."""

    version: int
    mu: float
    sigma: float
    anchor: bool = False
    games: int = 0


def misorder(a: Entrant, b: Entrant) -> float:
    """The chance, under the two beliefs, that `a` and `b` are ranked the wrong way round."""
    spread = math.sqrt(a.sigma * a.sigma + b.sigma * b.sigma)
    if spread == 0:
        return 0.0
    return 0.5 * math.erfc(abs(a.mu - b.mu) / (spread * math.sqrt(2)))


def lineup_information(lineup: Sequence[Entrant]) -> float:
    """What a game at `lineup` is expected to teach: each pair's doubt about its order,
    weighted by what is left to learn about it."""
    return sum((a.sigma * a.sigma + b.sigma * b.sigma) * misorder(a, b)
               for a, b in combinations(lineup, 2))


def choose_lineup(entrants: Sequence[Entrant], size: int, rng: Random) -> tuple[int, ...]:
    """The versions (sorted) of the most informative lineup of `size` with an anchor."""
    if size < 2:
        raise ValueError("a lineup needs at least two entrants")
    pool = sorted(entrants, key=lambda e: e.version)
    size = min(size, len(pool))
    if size < 2:
        return ()
    anchored = any(e.anchor for e in pool)
    lineups = _candidates(pool, size, rng)
    best: tuple[float, float, tuple[Entrant, ...]] | None = None
    for lineup in lineups:
        if anchored and not any(e.anchor for e in lineup):
            continue
        if anchored and all(e.anchor for e in lineup) and not all(e.anchor for e in pool):
            continue  # anchors among themselves teach nothing once they are known
        key = (lineup_information(lineup), rng.random())
        if best is None or key > best[:2]:
            best = (*key, lineup)
    if best is None:
        return ()
    return tuple(sorted(e.version for e in best[2]))


def _candidates(pool: Sequence[Entrant], size: int,
                rng: Random) -> list[tuple[Entrant, ...]]:
    if math.comb(len(pool), size) <= EXHAUSTIVE:
        return list(combinations(pool, size))
    anchors = [e for e in pool if e.anchor]
    lineups = []
    for _ in range(EXHAUSTIVE):
        first = [rng.choice(anchors)] if anchors else []
        rest = [e for e in pool if e not in first]
        lineups.append(tuple(sorted(first + rng.sample(rest, size - len(first)),
                                   key=lambda e: e.version)))
    return lineups


def round_robin_lineup(entrants: Sequence[Entrant], size: int, number: int) -> tuple[int, ...]:
    """The `number`-th lineup of a plain round robin over every lineup of `size`."""
    versions = sorted(e.version for e in entrants)
    lineups = list(combinations(versions, min(size, len(versions))))
    return lineups[number % len(lineups)] if lineups else ()
