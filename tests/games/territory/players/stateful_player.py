"""A game17 player of the stateful kind: get_mover(...) returns a callable (owners, numbers).

It counts rounds down itself, as game17's advanced stub does, remembers everything it was
given, and holds every second round (an empty list of moves).
"""

import numpy as np

MOVERS = []


def get_mover(owner=None, owners=None, numbers=None, turn_order=None, num_rounds=None):
    mover = Mover(owner, owners, numbers, turn_order, num_rounds)
    MOVERS.append(mover)
    return mover


class Mover:
    def __init__(self, owner, owners, numbers, turn_order, num_rounds):
        self.owner = owner
        self.start_owners = owners
        self.start_numbers = numbers
        self.turn_order = turn_order
        self.rounds_left = num_rounds
        self.seen = []

    def __call__(self, owners, numbers):
        self.rounds_left -= 1
        self.seen.append(self.rounds_left)
        if self.rounds_left % 2:
            return []
        moves = []
        for i, j in zip(*np.nonzero((owners == self.owner) & (numbers > 0)), strict=True):
            moves.append(((int(i), int(j)), "e", int(numbers[i, j])))
        owners[0, 0] = -5  # a copy: harmless
        return moves
