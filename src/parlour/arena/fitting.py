"""Fitting the report's tables into a terminal: agent names wrapped where they break naturally.

Agent names are specs (``ismcts:iterations=10``, ``file:bots/mine.py``), which have no spaces,
so a terminal table would cut them anywhere. `wrap_name` breaks them after ``:``, ``,``, ``/``,
``_``, ``-`` or a space, or before ``=``, instead, and only splits a part longer than a line.
`name_widths` gives columns of names what the other columns leave of the terminal.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

_PARTS = re.compile(r"=?[^:,=/ _-]*[:,/ _-]?")
MIN_NAME_WIDTH = 9


def wrap_name(name: str, width: int) -> str:
    """`name` in lines of at most `width` characters, broken after ``: , / _ -`` or a space,
    or before ``=``."""
    width = max(1, width)
    lines: list[str] = []
    line = ""
    for part in (p for p in _PARTS.findall(name) if p):
        if len(line) + len(part.rstrip()) > width and line:
            lines.append(line.rstrip())
            line = ""
        while len(part.rstrip()) > width:  # one part longer than a line: split it
            lines.append(part[:width])
            part = part[width:]
        line += part
    if line.strip() or not lines:
        lines.append(line.rstrip())
    return "\n".join(lines)


def column_width(header: str, cells: Iterable[str]) -> int:
    """The width a column needs to show its header and every cell on one line each."""
    return max([len(header), *(len(line) for cell in cells for line in cell.split("\n"))])


def longest_part(names: Iterable[str]) -> int:
    """The longest piece of `names` that `wrap_name` does not break."""
    return max((len(p.rstrip()) for name in names for p in _PARTS.findall(name)), default=0)


def name_widths(total: int, others: Sequence[int], columns: Sequence[Sequence[str]],
                shares: Sequence[float], squeezed: Sequence[int] | None = None) -> list[int]:
    """Widths for columns of names (each given as its header and cells) in a table `total`
    characters wide whose other columns need `others` (every column adds two characters of
    padding), or `squeezed` at the least: each its natural width if all fit, else its `share`
    of what is left (what one does not need goes to the others), if it can be without
    splitting a word, but never so wide that the other columns do not fit in their least."""
    naturals = [column_width(c[0], c[1:]) for c in columns]
    lows = [min(n, MIN_NAME_WIDTH) for n in naturals]
    floors = [max(low, min(n, longest_part(c))) for low, n, c in zip(lows, naturals, columns,
                                                                       strict=True)]
    padding = 2 * (len(others) + len(columns))
    left = total - sum(others) - padding
    room = total - sum(others if squeezed is None else squeezed) - padding
    widths = [max(f, min(n, int(left * share))) for f, n, share in zip(floors, naturals, shares,
                                                                      strict=True)]
    spare = left - sum(widths)
    for i, natural in enumerate(naturals):  # give what is spare to the names that want it
        extra = max(0, min(spare, natural - widths[i]))
        widths[i] += extra
        spare -= extra
    while sum(widths) > room:  # the other columns would not fit: names give way
        wider = [i for i, w in enumerate(widths) if w > lows[i]]
        if not wider:
            break
        widths[max(wider, key=lambda i: widths[i])] -= 1
    return widths


def least_width(header: str, cells: Iterable[str]) -> int:
    """The narrowest a column that wraps at spaces can be: its header or longest word."""
    return max([len(header), *(len(word) for cell in cells for word in cell.split())])


__all__ = ["MIN_NAME_WIDTH", "column_width", "least_width", "longest_part", "name_widths",
           "wrap_name"]
