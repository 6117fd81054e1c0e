"""Our Territory bot: take the richest squares it can beat with combined attacks, and march
inland pieces to the front.

Pieces are the capital: taking a square with k pieces on it with k + 1 of ours leaves 2k + 1
of ours there, so the bot attacks the biggest stacks it can beat first (pieces from several of
its squares add up), then the cheaper ones, empty squares last. It keeps no guard (keeping
pieces home measured worse: they are idle, and enemy stacks that beat a guard take it anyway).
Pieces with no enemy beside them step towards the nearest enemy square. It reads only its
`TerritoryObservation` and is deterministic given it.
"""

from __future__ import annotations

from random import Random
from typing import Any

import numpy as np

from parlour.core import Action, Game
from parlour.games.territory.actions import DIRECTIONS, STAY, Turn
from parlour.games.territory.board import neighbour_table
from parlour.games.territory.observation import TerritoryObservation


def front_distance(enemy: np.ndarray, table: np.ndarray) -> np.ndarray:
    """Steps from each square to the nearest square in `enemy` (a flat boolean mask)."""
    far = enemy.shape[0]
    dist = np.where(enemy, 0, far)
    for _ in range(far):
        step = np.minimum(dist, dist[table].min(axis=1) + 1)
        if np.array_equal(step, dist):
            break
        dist = step
    return dist


def plan_turn(owner: int, owners: np.ndarray, numbers: np.ndarray, cheap_first: bool = False,
              march: bool = True) -> Turn:
    """The heuristic's whole turn for `owner` on this board.

    `cheap_first` attacks the cheapest squares first instead of the richest (the most squares
    this turn, for the end of the game); without `march`, inland pieces stay where they are.
    """
    size = owners.shape[0]
    table = neighbour_table(size)
    own = owners.reshape(-1)
    num = numbers.reshape(-1)
    mine = own == owner
    sources = np.flatnonzero(mine & (num > 0)).tolist()
    spare = {s: int(num[s]) for s in sources}
    attackers: dict[int, list[tuple[int, int]]] = {}
    for s in sources:
        for k, t in enumerate(table[s].tolist()):
            if not mine[t]:
                attackers.setdefault(t, []).append((s, k))
    # enemy pieces beside each target: among equally rich targets, take the safer first
    around = np.where(mine, 0, num)[table].sum(axis=1)
    sent: dict[tuple[int, int], int] = {}
    sign = 1 if cheap_first else -1
    for target in sorted(attackers, key=lambda t: (sign * int(num[t]), int(around[t]), t)):
        need = int(num[target]) + 1
        sides = sorted(attackers[target], key=lambda sk: -spare[sk[0]])
        if sum(spare[s] for s, _ in sides) < need:
            continue
        for s, k in sides:
            give = min(spare[s], need)
            if give:
                sent[s, k] = sent.get((s, k), 0) + give
                spare[s] -= give
                need -= give
            if not need:
                break
    front = {s for sides in attackers.values() for s, _ in sides}
    inland = [s for s in sources if spare[s] and s not in front]
    if inland and march:
        dist = front_distance(~mine, table)
        for s in inland:
            k = int(np.argmin(dist[table[s]]))
            sent[s, k] = sent.get((s, k), 0) + spare[s]
    return Turn([(s // size, s % size, DIRECTIONS[k], n) for (s, k), n in sorted(sent.items())])


class TerritoryHeuristic:
    """Greedy captures, richest squares first, with inland pieces marching to the front."""

    name = "heuristic"

    def __init__(self, game: Game[Any] | None = None, seat: int = 0,
                 rng: Random | None = None) -> None:
        self.seat = seat

    def act(self, observation: TerritoryObservation) -> Action:
        return plan_turn(observation.owner, observation.owners, observation.numbers)

    def candidates(self, observation: TerritoryObservation) -> list[Turn]:
        """Whole turns worth searching, this bot's own first: richest or cheapest squares
        first, with or without the march inland, and staying put. The search agents try
        these instead of the one-square menu of `legal_actions` (option ``moves=auto``)."""
        obs = observation
        turns = [plan_turn(obs.owner, obs.owners, obs.numbers, cheap, march)
                 for cheap in (False, True) for march in (True, False)]
        return list(dict.fromkeys([*turns, STAY]))
