"""A player written against game17's own helpers, like its demo stub (imports game17)."""

from game17 import find_owned_pieces
from game17.zombie import make_moves as make_moves_zombie


def make_moves(owner, rounds_left, owners, numbers):
    assert len(find_owned_pieces(owner, owners, numbers)) >= 0
    return make_moves_zombie(owner, rounds_left, owners, numbers)
