"""Tournament formats: which agents meet at which tables, in which seats, on which deals.

A format is a list of *tables* (the agents that meet, by index) played in *seatings* (which
agent sits in each seat), round after round. Every seating of every table is played once per
round, so the seats' advantages even out. A game's seed (which decides every deal of it) is
``derive_seed(seed, stage, round)`` when the seatings of a round share their deals (duplicate,
or a table with one seating), else ``derive_seed(seed, stage, round, seating)``; it never
depends on the table, so every table of a round plays the same deals, and pairwise
comparisons are paired on them.

- **head-to-head**: two agents, every seat permutation, a fresh deal for each game;
- **vs-baseline**: each candidate with the baseline agents filling the other seats, the
  candidate in every seat; every candidate plays the same deals;
- **round-robin**: every pair of agents (``tables="pairs"``) or every combination that fills a
  table (``tables="all"``);
- **battle-royale**: every agent at one table;
- **duplicate**: every agent at one table (every combination, if they do not fit), each deal
  replayed in every seating.

When a table has fewer agents than seats, agents hold several seats each, as evenly as
possible (two agents at Hearts sit ABAB).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from parlour.core import Game, ParlourError, derive_seed

MAX_SEATINGS = 5040
"""More seatings than this per table is refused (use rotations instead)."""


@dataclass(frozen=True)
class Scheduled:
    """One game of the schedule."""

    index: int
    """Position in the schedule, from 0; the record is ``records/{index + 1:04d}.json.gz``."""
    stage: str
    round: int
    table: int
    seating: int
    seats: tuple[int, ...]
    """The agent (by index) in each seat."""
    seed: int
    game: str
    """The game's spec (id and parameters)."""


# --- seatings ------------------------------------------------------------------------------------
def lineup(table: Sequence[int], seats: int) -> tuple[int, ...]:
    """The table's agents round the seats in order: (A, B) at four seats gives ABAB."""
    if not table:
        raise ParlourError("a table needs at least one agent")
    return tuple(table[s % len(table)] for s in range(seats))


def seatings(table: Sequence[int], seats: int, mode: str) -> list[tuple[int, ...]]:
    """Every seating of `table` (agent indices; repeats allowed) at `seats` seats.

    - ``fixed``: the lineup only;
    - ``rotations``: the lineup turned one seat at a time (distinct ones, in turn order);
    - ``permutations``: every distinct assignment, in lexicographic order. A table of distinct
      agents that does not divide the seats gets every assignment in which each agent holds
      as many seats as any other, give or take one.
    """
    if len(table) > seats:
        raise ParlourError(f"a table of {len(table)} agents does not fit the game's {seats} "
                           f"seat(s)")
    base = lineup(table, seats)
    if mode == "fixed":
        return [base]
    if mode == "rotations":
        if seats % len(table):
            raise ParlourError(f"seat rotations need the {seats} seats to divide evenly among "
                               f"the table's {len(table)} agents; use permutations")
        turned = [base[-r:] + base[:-r] if r else base for r in range(seats)]
        return list(dict.fromkeys(turned))
    if mode != "permutations":
        raise ParlourError(f"unknown seating {mode!r}")
    if len(set(table)) == len(table) and seats % len(table):
        # distinct agents that do not divide the seats: each holds `low` or `low + 1` seats
        low, extra = divmod(seats, len(table))
        shapes = [[a for a in table for _ in range(low + (a in more))]
                  for more in combinations(table, extra)]
        _guard(sum(_multiset_permutations(shape) for shape in shapes), table)
        return sorted(s for shape in shapes for s in _distinct_permutations(shape))
    _guard(_multiset_permutations(base), table)
    return _distinct_permutations(base)


def _multiset_permutations(items: Sequence[int]) -> int:
    """How many distinct orders `items` has."""
    total = math.factorial(len(items))
    for count in Counter(items).values():
        total //= math.factorial(count)
    return total


def _distinct_permutations(items: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct order of `items`, in lexicographic order."""
    counts = Counter(items)
    keys = sorted(counts)
    current: list[int] = []
    found: list[tuple[int, ...]] = []

    def extend() -> None:
        if len(current) == len(items):
            found.append(tuple(current))
            return
        for key in keys:
            if counts[key]:
                counts[key] -= 1
                current.append(key)
                extend()
                current.pop()
                counts[key] += 1

    extend()
    return found


def _guard(count: int, table: Sequence[int]) -> None:
    if count > MAX_SEATINGS:
        raise ParlourError(f"a table of {len(table)} agents has {count:,} seat permutations "
                           f"(more than {MAX_SEATINGS:,}); use seating 'rotations'")


def resolve_seating(mode: str, fmt: str, lineup_size: int, seats: int) -> str:
    """The seating mode for ``auto``: permutations for head-to-head; rotations where the
    seats divide evenly among the table's agents; permutations otherwise."""
    if mode != "auto":
        return mode
    if fmt == "head-to-head":
        return "permutations"
    return "rotations" if seats % lineup_size == 0 else "permutations"


# --- tables --------------------------------------------------------------------------------------
def tables_for(fmt: str, agents: int, seats: int, baselines: int = 0,
               tables: str = "pairs") -> list[tuple[int, ...]]:
    """The tables of a format: agents are 0..agents-1, baselines follow them."""
    if fmt == "head-to-head":
        if agents != 2:
            raise ParlourError(f"head-to-head is for two agents, not {agents}; use "
                               "round-robin or duplicate for more")
        return [(0, 1)]
    if fmt == "vs-baseline":
        if seats > 1 and not baselines:
            raise ParlourError("vs-baseline needs baseline agents to fill the other seats "
                               "(--baseline heuristic)")
        field = [agents + b for b in range(baselines)]
        return [(c, *(field[i % len(field)] for i in range(seats - 1))) for c in range(agents)]
    if fmt == "round-robin":
        if agents < 2:
            raise ParlourError("a round robin needs at least two agents")
        size = 2 if tables == "pairs" else min(seats, agents)
        if size > seats:
            raise ParlourError(f"round-robin pairs need two seats; the game seats {seats}")
        return list(combinations(range(agents), size))
    if fmt == "battle-royale":
        if agents > seats:
            raise ParlourError(f"a battle royale seats every agent at one table: {agents} "
                               f"agents do not fit the game's {seats} seats; use "
                               "round-robin --tables all or duplicate")
        return [tuple(range(agents))]
    if fmt == "duplicate":
        return list(combinations(range(agents), min(seats, agents)))
    raise ParlourError(f"unknown format {fmt!r}")


def schedule(tables: Sequence[Sequence[int]], *, seats: int, seating: str, rounds: int,
             seed: int, stage: str, game: str, shared: bool, start: int = 0,
             fmt: str = "") -> list[Scheduled]:
    """Every table in every seating, `rounds` times over, numbered from `start`."""
    options = [seatings(t, seats, resolve_seating(seating, fmt, len(t), seats)) for t in tables]
    games: list[Scheduled] = []
    for r in range(rounds):
        for t, table_seatings in enumerate(options):
            for s, seated in enumerate(table_seatings):
                keys = (r,) if shared or len(table_seatings) == 1 else (r, s)
                games.append(Scheduled(start + len(games), stage, r, t, s, seated,
                                       derive_seed(seed, stage, *keys), game))
    return games


def per_round(tables: Sequence[Sequence[int]], seats: int, seating: str, fmt: str) -> int:
    """Games in one round: every table in every seating."""
    return sum(len(seatings(t, seats, resolve_seating(seating, fmt, len(t), seats)))
               for t in tables)


def plan(fmt: str, *, agents: int, baselines: int, game: Game[Any], seed: int,
         games: int | None, deals: int | None, seating: str = "auto", tables: str = "pairs",
         stage: str = "") -> list[Scheduled]:
    """The whole schedule of a format.

    `deals` is the number of rounds; `games` is rounded up to whole rounds.
    """
    seats = game.num_players
    if seats < 1:
        raise ParlourError(f"{game.spec} seats no players; a tournament needs at least one")
    chosen = tables_for(fmt, agents, seats, baselines, tables)
    size = per_round(chosen, seats, seating, fmt)
    rounds = deals if deals is not None else math.ceil((games or 1) / size)
    return schedule(chosen, seats=seats, seating=seating, rounds=rounds, seed=seed,
                    stage=stage or fmt, game=game.spec, shared=fmt == "duplicate", fmt=fmt)


__all__ = [
    "MAX_SEATINGS", "Scheduled", "lineup", "per_round", "plan", "resolve_seating",
    "schedule", "seatings", "tables_for",
]
