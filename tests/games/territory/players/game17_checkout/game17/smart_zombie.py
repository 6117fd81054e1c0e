"""A player beside game17's own modules, importing them as game17's T800.py does: with its
folder on the import path, `game17` here is the plain module game17.py next to it."""

import numpy as np
from game17 import destination, find_owned_pieces


def make_moves(owner, rounds_left, owners, numbers):
    size = numbers.shape[0]
    moves = []
    for i, j, count in find_owned_pieces(owner, owners, numbers):
        weakest = min("nsew", key=lambda d: numbers[tuple(destination((i, j), d, size))])
        moves.append((np.array([i, j]), weakest, count))
    return moves
