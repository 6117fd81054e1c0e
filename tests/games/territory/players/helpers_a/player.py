"""A player importing a helper module from its own folder when it loads."""

import tactics

SEEN = []


def make_moves(owner, rounds_left, owners, numbers):
    SEEN.append(tactics.NAME)
    return []
