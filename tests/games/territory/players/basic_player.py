"""A game17 player of the basic kind: make_moves(owner, rounds_left, owners, numbers).

Moves every piece to the neighbour holding the fewest pieces. Records each call in CALLS, then
scribbles over the arrays it was given (they must be copies: the game must not notice).
"""

import numpy as np

CALLS = []

STEPS = {"n": (-1, 0), "s": (1, 0), "e": (0, 1), "w": (0, -1)}


def make_moves(owner, rounds_left, owners, numbers):
    size = owners.shape[0]
    CALLS.append((owner, rounds_left, owners.shape, int(numbers.sum())))
    moves = []
    for i, j in zip(*np.nonzero((owners == owner) & (numbers > 0)), strict=True):
        best = min("nsew", key=lambda d: numbers[(i + STEPS[d][0]) % size,
                                                 (j + STEPS[d][1]) % size])
        moves.append((np.array([i, j]), best, numbers[i, j]))
    owners[:] = -1
    numbers[:] = 99
    return moves
