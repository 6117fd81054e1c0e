"""Where the other seats sit, seen from one seat: ``left``, ``across``, ``far right``, ...

Play passes to the next seat on your left, so the seat after yours is ``left`` and the one
before yours is ``right``. The names follow the web table's picture (you at the bottom, the
others round the felt in play order) and are shared by the console and the web views:

====  ========================================================
3     left, right
4     left, across, right
5     left, across left, across right, right
6     left, far left, across, far right, right
7+    left, 2nd left, ..., across (odd count), ..., 2nd right, right
====  ========================================================

Two players sit ``across`` from each other.
"""

from __future__ import annotations

_NAMED: dict[int, tuple[str, ...]] = {
    2: ("across",),
    3: ("left", "right"),
    4: ("left", "across", "right"),
    5: ("left", "across left", "across right", "right"),
    6: ("left", "far left", "across", "far right", "right"),
}


def _ordinal(number: int) -> str:
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


def position(offset: int, players: int) -> str:
    """The place of the seat `offset` seats after yours at a table of `players`.

    Offset 0 is ``you``. Raises `ValueError` for fewer than two players.
    """
    if players < 2:
        raise ValueError(f"a table of {players} player(s) has no other seats")
    offset %= players
    if offset == 0:
        return "you"
    named = _NAMED.get(players)
    if named:
        return named[offset - 1]
    others = players - 1
    if others % 2 and offset == players // 2:
        return "across"
    if offset <= others // 2:
        return "left" if offset == 1 else f"{_ordinal(offset)} left"
    back = players - offset
    return "right" if back == 1 else f"{_ordinal(back)} right"


def positions(players: int) -> tuple[str, ...]:
    """Every seat's place by offset from yours: ``("you", "left", "across", "right")``."""
    return tuple(position(offset, players) for offset in range(players))
