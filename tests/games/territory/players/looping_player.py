"""A game17 player stuck in an endless loop on its second call."""

CALLS = [0]


def make_moves(owner, rounds_left, owners, numbers):
    CALLS[0] += 1
    if CALLS[0] >= 2:
        while True:
            pass
    return []
