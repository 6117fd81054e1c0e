"""Territory agents: the reference zombie, the T800, and our own heuristic.

Each reads only its `TerritoryObservation` and draws from its injected `random.Random`.
"""

from __future__ import annotations

from random import Random
from typing import Any

import numpy as np

from parlour.core import Action, Game
from parlour.games.territory.actions import DIRECTIONS, Turn
from parlour.games.territory.board import neighbour_table, owned_squares
from parlour.games.territory.observation import TerritoryObservation


def uniform_split(count: int, rng: Random) -> list[int]:
    """Split `count` pieces over n, s, e, w, each piece independently with probability 1/4.

    Two random bits per piece: the multinomial(count, [1/4] * 4) of the reference zombie.
    """
    bits = rng.getrandbits(2 * count)
    evens = (1 << 2 * count) // 3  # 0b0101...01, one bit per piece
    low = bits & evens
    high = bits >> 1 & evens
    return [count - (low | high).bit_count(), (low & ~high).bit_count(),
            (high & ~low).bit_count(), (low & high).bit_count()]


def weighted_split(count: int, weights: list[float], rng: Random) -> list[int]:
    """Split `count` pieces over four directions, each piece independently by `weights`."""
    split = [0, 0, 0, 0]
    last = max(k for k in range(4) if weights[k] > 0)
    for _ in range(count):
        u = rng.random()
        k = 0
        while k < last and u >= weights[k]:
            u -= weights[k]
            k += 1
        split[k] += 1
    return split


def zombie_turn(owner: int, owners: np.ndarray, numbers: np.ndarray, rng: Random) -> Turn:
    """The reference zombie: every piece moves, each to a uniformly random neighbour."""
    moves = []
    for row, col, count in owned_squares(owner, owners, numbers):
        for direction, n in zip(DIRECTIONS, uniform_split(count, rng), strict=True):
            if n:
                moves.append((row, col, direction, n))
    return Turn(moves)


def t800_weights(neighbours: list[int], count: int) -> list[float]:
    """The T800's direction probabilities for `count` pieces beside `neighbours` (n, s, e, w).

    Weights are the neighbours' piece counts plus 0.01, normalised; while some direction with
    a positive share would send fewer pieces (share * count) than its neighbour holds, every
    such direction is dropped and the rest renormalised. All dropped: the pieces stay.
    """
    need = np.array(neighbours, dtype=float)
    p = need + 0.01
    p /= p.sum()
    while ((p * count > 0) & (p * count < need)).any():
        p[p * count < need] = 0
        if p.sum() > 0:
            p /= p.sum()
        else:
            break
    return [float(x) for x in p]


def t800_turn(owner: int, owners: np.ndarray, numbers: np.ndarray, rng: Random) -> Turn:
    """The T800 ("a slightly smarter zombie") of the reference, with its rule exactly."""
    size = owners.shape[0]
    table = neighbour_table(size)
    flat = numbers.reshape(-1)
    moves = []
    for row, col, count in owned_squares(owner, owners, numbers):
        neighbours = flat[table[row * size + col]].tolist()
        weights = t800_weights(neighbours, count)
        if sum(weights) <= 0:
            continue
        for direction, n in zip(DIRECTIONS, weighted_split(count, weights, rng), strict=True):
            if n:
                moves.append((row, col, direction, n))
    return Turn(moves)


class ZombieAgent:
    """Plays like a zombie: all pieces move, each in a uniformly random direction."""

    name = "zombie"

    def __init__(self, game: Game[Any] | None = None, seat: int = 0,
                 rng: Random | None = None) -> None:
        self.rng = rng if rng is not None else Random(0)

    def act(self, observation: TerritoryObservation) -> Action:
        return zombie_turn(observation.owner, observation.owners, observation.numbers, self.rng)


class T800Agent:
    """The reference's T800: weights directions by neighbours' pieces, avoids losing moves."""

    name = "t800"

    def __init__(self, game: Game[Any] | None = None, seat: int = 0,
                 rng: Random | None = None) -> None:
        self.rng = rng if rng is not None else Random(0)

    def act(self, observation: TerritoryObservation) -> Action:
        return t800_turn(observation.owner, observation.owners, observation.numbers, self.rng)
