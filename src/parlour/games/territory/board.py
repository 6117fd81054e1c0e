"""The torus: neighbour tables, the seeded starting board, and checking a turn against a board.

Squares are addressed (row, col) in matrix style, (0, 0) top left, or by flat index
``row * N + col``. The board is two N x N int64 arrays, `owners` and `numbers`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from parlour.core import make_rng
from parlour.games.territory.actions import DIRECTIONS, OFFSETS, Turn

PIECES_PER_SQUARE = 4
DIRECTION_INDEX = {d: i for i, d in enumerate(DIRECTIONS)}


@lru_cache(maxsize=32)
def neighbour_table(size: int) -> np.ndarray:
    """An (N*N, 4) read-only array: the flat index of each square's n, s, e, w neighbour."""
    rows, cols = np.divmod(np.arange(size * size), size)
    table = np.empty((size * size, 4), dtype=np.int64)
    for k, d in enumerate(DIRECTIONS):
        dr, dc = OFFSETS[d]
        table[:, k] = (rows + dr) % size * size + (cols + dc) % size
    table.flags.writeable = False
    return table


def destination(row: int, col: int, direction: str, size: int) -> tuple[int, int]:
    """The square one step from (`row`, `col`) in `direction`, wrapping round the torus."""
    dr, dc = OFFSETS[direction]
    return (row + dr) % size, (col + dc) % size


def starting_board(seed: int, size: int) -> tuple[np.ndarray, np.ndarray]:
    """Owners 0..N*N-1 placed one per square at random (the seed's deal stream), 4 pieces each."""
    owners = list(range(size * size))
    make_rng(seed, "deal", 0).shuffle(owners)
    return (np.array(owners, dtype=np.int64).reshape(size, size),
            np.full((size, size), PIECES_PER_SQUARE, dtype=np.int64))


def shuffled_order(seed: int, owners: np.ndarray) -> tuple[int, ...]:
    """Every owner on the board, in an order shuffled once from the seed's ``order`` stream."""
    order = sorted({int(o) for o in owners.ravel().tolist()})
    make_rng(seed, "order").shuffle(order)
    return tuple(order)


def turn_error(turn: Turn, owner: int, owners: np.ndarray, numbers: np.ndarray) -> str | None:
    """Why `turn` would be forfeited for `owner` on this board, or None if it is valid.

    A turn is invalid when a move's square is off the board or not owned by `owner`, a count
    is not positive, or the moves out of one square add up to more pieces than it holds.
    """
    size = owners.shape[0]
    out: dict[tuple[int, int], int] = {}
    for k, (row, col, _, count) in enumerate(turn.moves, 1):
        where = f"move {k} ({row},{col} ...)"
        if not (0 <= row < size and 0 <= col < size):
            return f"{where}: square {row},{col} is off the {size}x{size} board"
        if count <= 0:
            return f"{where}: count {count} is not a positive number of pieces"
        holder = int(owners[row, col])
        if holder != owner:
            return f"{where}: square {row},{col} belongs to owner {holder}, not {owner}"
        out[row, col] = out.get((row, col), 0) + count
    for (row, col), total in out.items():
        held = int(numbers[row, col])
        if total > held:
            return f"the turn moves {total} pieces out of {row},{col}, which holds {held}"
    return None


def owned_squares(owner: int, owners: np.ndarray,
                  numbers: np.ndarray) -> list[tuple[int, int, int]]:
    """(row, col, pieces) of every non-empty square `owner` holds, in row-major order."""
    rows, cols = np.nonzero((owners == owner) & (numbers > 0))
    counts = numbers[rows, cols]
    return list(zip(rows.tolist(), cols.tolist(), counts.tolist(), strict=True))


def as_board(value: Any, size: int, name: str) -> np.ndarray:
    """`value` (nested lists or an array) as an N x N int64 array, or ValueError naming it."""
    array = np.asarray(value)
    if array.shape != (size, size):
        raise ValueError(f"{name} must be {size}x{size}, got shape {array.shape}")
    if not np.issubdtype(array.dtype, np.integer):
        raise ValueError(f"{name} must hold integers, got {array.dtype}")
    return np.array(array, dtype=np.int64)
