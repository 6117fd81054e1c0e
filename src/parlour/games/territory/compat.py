"""game17 compatibility: reading a player's return value, and a stand-in ``game17`` package.

Player files written for game17 often import helpers from it (``from game17.zombie import
make_moves``, ``from game17 import find_owned_pieces, destination``). When no real ``game17``
is installed, `standin_game17` gives small stand-ins with the same names and behaviour
(zombies draw from numpy's global generator, as there; the adapter seeds it per call).
"""

from __future__ import annotations

import functools
import operator
import reprlib
import types
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from parlour.core import Action
from parlour.games.territory.actions import DIRECTIONS, OFFSETS, Forfeit, Turn

_short = reprlib.Repr()
_short.maxstring = 40
_short.maxother = 40
_short.maxlist = 4


def moves_to_action(raw: Any, size: int) -> Action:
    """A game17 return value as a `Turn`, or a `Forfeit` saying what is malformed.

    Expected: an iterable of (square, direction, count), the square two integers (an array,
    tuple or list; -N..-1 count from the end, as numpy indexing allowed in game17), the
    direction one of 'n', 's', 'e', 'w', the count an integer (numpy integers accepted, bools
    and floats not). Ownership, off-board squares and counts are checked by the engine.
    """
    if raw is None or isinstance(raw, (str, bytes, Mapping)):
        return Forfeit(f"malformed return value: expected a list of (square, direction, count) "
                       f"triples, got {type(raw).__name__} {_short.repr(raw)}")
    try:
        items = list(raw)
    except TypeError:
        return Forfeit(f"malformed return value: {type(raw).__name__} is not a list of moves")
    moves = []
    for k, item in enumerate(items, 1):
        try:
            square, direction, count = item
            row, col = square
        except (TypeError, ValueError):
            return Forfeit(f"move {k} is not (square, direction, count) with a 2-number square: "
                           f"{_short.repr(item)}")
        try:
            row, col = _integer(row), _integer(col)
        except TypeError:
            return Forfeit(f"move {k}: square {_short.repr(square)} is not two integers")
        row += size if -size <= row < 0 else 0
        col += size if -size <= col < 0 else 0
        if not isinstance(direction, str) or direction not in OFFSETS:
            return Forfeit(f"move {k}: direction {_short.repr(direction)} is not 'n', 's', 'e' "
                           "or 'w'")
        try:
            number = _integer(count)
        except TypeError:
            return Forfeit(f"move {k}: count {_short.repr(count)} is not an integer")
        moves.append((row, col, str(direction), number))
    return Turn(moves)


def _integer(value: Any) -> int:
    if isinstance(value, (bool, np.bool_)):
        raise TypeError("a bool is not a count")
    return operator.index(value)


# --- the stand-in game17 package -----------------------------------------------------------
def find_owned_pieces(owner: int, owners: np.ndarray, numbers: np.ndarray) -> np.ndarray:
    """game17's helper: an n x 3 array of (row, col, pieces) for `owner`'s non-empty squares."""
    rows, cols = np.nonzero((owners == owner) & (numbers > 0))
    return np.vstack((rows, cols, numbers[rows, cols])).T


def destination(square: Any, direction: str, board_size: int) -> np.ndarray:
    """game17's helper: the square one step from `square` in `direction`, on the torus."""
    return np.asarray((np.asarray(square) + np.array(OFFSETS[direction])) % board_size)


def zombie_make_moves(owner: int, *args: Any) -> list[tuple[Any, str, Any]]:
    """game17's zombie, both signatures: (owner, owners, numbers) and with rounds_left."""
    owners, numbers = args[-2], args[-1]
    moves = []
    for row, col, count in find_owned_pieces(owner, owners, numbers):
        split = np.random.multinomial(count, [0.25] * 4)  # game17's own global generator
        for k in range(4):
            if split[k] > 0:
                moves.append((np.array([row, col]), DIRECTIONS[k], split[k]))
    return moves


def get_mover_factory(make_moves: Callable[..., Any]) -> Callable[..., Any]:
    """game17's wrapper turning a ``make_moves`` function into a ``get_mover``."""

    def get_mover(owner: Any = None, owners: Any = None, numbers: Any = None,
                  turn_order: Any = None, num_rounds: Any = None) -> Callable[..., Any]:
        left = [num_rounds]

        def mover(owners: Any, numbers: Any) -> Any:
            left[0] -= 1
            return make_moves(owner, left[0], owners, numbers)

        return mover

    return get_mover


GAME17_MODULES = ("game17", "game17.zombie", "game17.game17")
"""The game17 modules player files import helpers from."""


@functools.cache
def standin_game17() -> dict[str, types.ModuleType]:
    """parlour's stand-ins for the `GAME17_MODULES`, by name (made once; they hold no state).

    `parlour.games.territory.imports` puts them in ``sys.modules`` only while a player file
    is imported or called, so they never shadow a real game17 elsewhere.
    """
    package = types.ModuleType("game17", "parlour's stand-in for game17's helpers")
    package.__path__ = []
    zombie = types.ModuleType("game17.zombie")
    zombie.make_moves = zombie_make_moves  # type: ignore[attr-defined]
    inner = types.ModuleType("game17.game17")
    for module in (package, inner):
        module.find_owned_pieces = find_owned_pieces  # type: ignore[attr-defined]
        module.destination = destination  # type: ignore[attr-defined]
        module.make_moves_zombie = zombie_make_moves  # type: ignore[attr-defined]
    package.get_mover_factory = get_mover_factory  # type: ignore[attr-defined]
    package.zombie = zombie  # type: ignore[attr-defined]
    package.game17 = inner  # type: ignore[attr-defined]
    return dict(zip(GAME17_MODULES, (package, zombie, inner), strict=True))
