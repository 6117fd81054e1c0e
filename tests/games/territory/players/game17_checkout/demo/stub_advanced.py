"""A stateful stub player in the style of game17's demo: get_mover returns a callable that
counts the rounds down and plays as game17's zombie."""

from game17.zombie import make_moves as make_moves_zombie


def get_mover(owner=None, owners=None, numbers=None, turn_order=None, num_rounds=None):
    return Mover(owner, num_rounds)


class Mover:
    def __init__(self, owner, num_rounds):
        self.owner = owner
        self.rounds_left = num_rounds

    def __call__(self, owners, numbers):
        self.rounds_left -= 1
        return make_moves_zombie(self.owner, self.rounds_left, owners, numbers)
