"""A Territory player file in game17's form: grow into empty squares, take weak neighbours.

Each turn, every square of ours with more than one piece sends all but one of them to the
neighbouring square where they do the most: an empty square, else the weakest enemy square
they outnumber; a square with no such neighbour stays put. Play it with

    parlour play territory --seats file:examples/territory/spread.py:orange --move-time 1

and copy it to start a player of your own (docs/rules/territory.md, "Player files").
"""

import numpy as np

STEPS = {"n": (-1, 0), "s": (1, 0), "e": (0, 1), "w": (0, -1)}


def make_moves(owner, rounds_left, owners, numbers):
    """This turn's moves: ``[((row, column), direction, count), ...]``."""
    size = owners.shape[0]
    moves = []
    for row, column in zip(*np.nonzero((owners == owner) & (numbers > 1)), strict=True):
        sent = int(numbers[row, column]) - 1
        best, best_pieces = None, sent
        for direction, (down, right) in STEPS.items():
            there = ((row + down) % size, (column + right) % size)
            pieces = int(numbers[there])
            if owners[there] != owner and pieces < best_pieces:
                best, best_pieces = direction, pieces
        if best is not None:
            moves.append(((int(row), int(column)), best, sent))
    return moves
