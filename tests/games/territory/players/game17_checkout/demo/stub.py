"""A stub player as game17's demo ships it: the first signature, make_moves(owner, owners,
numbers), playing as game17's zombie."""

from game17.zombie import make_moves as make_moves_zombie


def make_moves(owner, owners, numbers):
    return make_moves_zombie(owner, owners, numbers)
