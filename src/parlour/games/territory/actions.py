"""Territory actions: a whole turn is one `Turn` (a tuple of moves), or an explicit `Forfeit`.

Notation: ``3,4 n 2`` moves 2 pieces from row 3, column 4 north; moves of one turn are joined by
``;`` (``3,4 n 2; 3,4 e 1``); ``stay`` is the empty turn; ``forfeit: reason`` gives the turn up.
When a state or observation is at hand the count may be left out (or written ``all``) to move
every piece of the square. `str(action)` always writes the count, so it parses back.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterable
from typing import Any, NamedTuple

from parlour.core import Action, NotationError

DIRECTIONS = "nsew"
"""Direction letters in the order used everywhere (tables, multinomial draws)."""

OFFSETS: dict[str, tuple[int, int]] = {"n": (-1, 0), "s": (1, 0), "e": (0, 1), "w": (0, -1)}
"""(row, column) change of each direction; rows grow southwards, columns eastwards."""

_WORDS = {"n": "n", "s": "s", "e": "e", "w": "w",
          "north": "n", "south": "s", "east": "e", "west": "w"}


class PieceMove(NamedTuple):
    """Move `number` pieces from square (`row`, `col`) one step in `direction` (n, s, e, w)."""

    row: int
    col: int
    direction: str
    number: int

    def __str__(self) -> str:
        return f"{self.row},{self.col} {self.direction} {self.number}"


class Turn(Action):
    """One owner's whole turn: any number of moves, resolved together.

    Rows, columns and counts are any integers (an invalid turn is still a turn: the engine
    forfeits it and records why); the direction must be one of n, s, e, w.
    """

    __slots__ = ("moves",)
    moves: tuple[PieceMove, ...]

    def __init__(self, moves: Iterable[tuple[Any, Any, Any, Any]] = ()) -> None:
        checked = []
        for move in moves:
            row, col, direction, count = move
            if direction not in OFFSETS:
                raise NotationError(f"cannot read move {tuple(move)!r}: direction {direction!r} "
                                    "is not n, s, e or w")
            checked.append(PieceMove(operator.index(row), operator.index(col), str(direction),
                                     operator.index(count)))
        object.__setattr__(self, "moves", tuple(checked))

    def __setattr__(self, key: str, value: Any) -> None:
        raise AttributeError("actions are immutable")

    def __eq__(self, other: object) -> bool:
        return type(other) is Turn and other.moves == self.moves

    def __hash__(self) -> int:
        return hash(self.moves)

    def __str__(self) -> str:
        return "; ".join(map(str, self.moves)) if self.moves else "stay"

    def __repr__(self) -> str:
        return f"Turn({str(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Turn, (tuple(tuple(m) for m in self.moves),))

    def __len__(self) -> int:
        return len(self.moves)


class Forfeit(Action):
    """Give up this turn: nothing moves, and `reason` is recorded (time limit, bad output...)."""

    __slots__ = ("reason",)
    reason: str

    def __init__(self, reason: str = "") -> None:
        object.__setattr__(self, "reason", " ".join(str(reason).split()))

    def __setattr__(self, key: str, value: Any) -> None:
        raise AttributeError("actions are immutable")

    def __eq__(self, other: object) -> bool:
        return type(other) is Forfeit and other.reason == self.reason

    def __hash__(self) -> int:
        return hash(("forfeit", self.reason))

    def __str__(self) -> str:
        return f"forfeit: {self.reason}" if self.reason else "forfeit"

    def __repr__(self) -> str:
        return f"Forfeit({self.reason!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Forfeit, (self.reason,))


STAY = Turn()
"""The empty turn: every piece stays where it is."""

_MOVE = re.compile(
    r"^\(?\s*([+-]?\d+)\s*,\s*([+-]?\d+)\s*\)?\s*([a-z]+)\s*(?:\s([+-]?\d+|all))?$"
)
_EXPECTED = "moves like '3,4 n 2' joined by ';', 'stay', or 'forfeit: reason'"


def parse_turn(text: str, numbers: Any = None) -> Action:
    """Read a `Turn` or `Forfeit`; `numbers` (the board's piece counts) allows ``3,4 n``.

    Raises `NotationError` quoting `text` when it cannot be read.
    """
    raw = text.strip()
    lowered = raw.lower()
    if lowered.startswith("forfeit"):
        reason = raw[len("forfeit"):].strip()
        return Forfeit(reason[1:].strip() if reason.startswith(":") else reason)
    if lowered in ("stay", "pass"):
        return STAY
    if not raw:
        raise NotationError(f"cannot read {text!r}: expected {_EXPECTED}")
    moves = []
    for part in lowered.split(";"):
        match = _MOVE.match(part.strip())
        if match is None:
            raise NotationError(f"cannot read {part.strip()!r} in {text!r}: expected {_EXPECTED}")
        row, col, word, count = match.groups()
        direction = _WORDS.get(word)
        if direction is None:
            raise NotationError(
                f"cannot read {text!r}: direction {word!r} is not n, s, e or w"
            )
        r, c = int(row), int(col)
        if count is None or count == "all":
            count = _all_pieces(text, numbers, r, c)
        moves.append((r, c, direction, int(count)))
    return Turn(moves)


def _all_pieces(text: str, numbers: Any, row: int, col: int) -> int:
    if numbers is None:
        raise NotationError(f"cannot read {text!r}: give a count, like '{row},{col} n 2'")
    size = len(numbers)
    if not (0 <= row < size and 0 <= col < size):
        raise NotationError(f"cannot read {text!r}: square {row},{col} is off the board")
    return int(numbers[row][col])
