"""A player file that fails to load (it imports a module that does not exist)."""

import no_such_module_anywhere  # noqa: F401


def make_moves(owner, rounds_left, owners, numbers):
    return []
