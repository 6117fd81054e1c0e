"""A player importing a helper module from its own folder only when it is called."""

SEEN = []


def make_moves(owner, rounds_left, owners, numbers):
    import tactics

    SEEN.append(tactics.NAME)
    return []
