"""Display helpers for faces (console, PNG, GIF): board cells, owner colours, boards by turn.

Nothing here imports rich or matplotlib; `to_hex` uses matplotlib's colour names only when it
is installed (inside the call), else a small built-in table.
"""

from __future__ import annotations

import colorsys
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from parlour.core import Event
from parlour.games.territory.events import BoardSetUp, RoundStarted, TurnPlayed

PLAYER_COLORS = (
    "#e6194b", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#17becf", "#d62728", "#bcbd22",
    "#8c564b", "#e377c2", "#005f73", "#ffd700",
)
"""Default colours of seats 0, 1, 2, ... (zombies get muted shades of their own)."""

_BASIC = {
    "black": "#000000", "white": "#ffffff", "red": "#ff0000", "green": "#008000",
    "blue": "#0000ff", "yellow": "#ffff00", "orange": "#ffa500", "purple": "#800080",
    "pink": "#ffc0cb", "brown": "#a52a2a", "gray": "#808080", "grey": "#808080",
    "cyan": "#00ffff", "magenta": "#ff00ff", "navy": "#000080", "teal": "#008080",
    "gold": "#ffd700", "lime": "#00ff00", "olive": "#808000", "maroon": "#800000",
}
_HEX = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


def to_hex(color: str) -> str:
    """``"#rrggbb"`` for a colour name (matplotlib's names when installed) or hex string.

    Raises ValueError naming the colour when it is unknown.
    """
    text = color.strip()
    if _HEX.match(text):
        digits = text[1:]
        if len(digits) == 3:
            digits = "".join(c * 2 for c in digits)
        return "#" + digits.lower()
    try:
        from matplotlib.colors import to_hex as mpl_to_hex
    except ImportError:
        pass
    else:
        try:
            return str(mpl_to_hex(text))
        except ValueError:
            pass
    known = _BASIC.get(text.lower())
    if known is None:
        raise ValueError(f"unknown colour {color!r}: use a matplotlib colour name or #rrggbb")
    return known


def owner_color(owner: int, players: int, colors: Mapping[int, str] | None = None) -> str:
    """The ``#rrggbb`` colour of `owner`: given for seats in `colors`, a bright default for
    other seats, and a muted shade (fixed per owner number) for zombies."""
    if colors and owner in colors:
        return to_hex(colors[owner])
    if owner < players:
        return PLAYER_COLORS[owner % len(PLAYER_COLORS)]
    hue = (owner * 0.618033988749895) % 1.0
    r, g, b = colorsys.hls_to_rgb(hue, 0.72, 0.18)
    return f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"


def board_rows(source: Any) -> list[list[tuple[int, int]]]:
    """The board as rows of (owner, pieces) cells, from a state, an observation, or an
    ``(owners, numbers)`` pair."""
    if isinstance(source, tuple):
        owners, numbers = source
    else:
        owners, numbers = source.owners, source.numbers
    return [list(zip(o, n, strict=True))
            for o, n in zip(np.asarray(owners).tolist(), np.asarray(numbers).tolist(),
                            strict=True)]


@dataclass(frozen=True)
class Frame:
    """One board to draw: after `turns` turns, in round `round` (from 0), with a caption."""

    owners: np.ndarray
    numbers: np.ndarray
    round: int
    turns: int
    caption: str


def frames(events: Iterable[Event], per: str = "turn") -> Iterator[Frame]:
    """Boards rebuilt from a game's events: the start, then after every turn (``per="turn"``)
    or at the end of every round (``per="round"``), and the final board."""
    if per not in ("turn", "round"):
        raise ValueError(f"per must be 'turn' or 'round', not {per!r}")
    owners = numbers = None
    turns = 0
    round_ = 0
    pending = False
    for event in events:
        if isinstance(event, BoardSetUp):
            owners = np.array(event.owners, dtype=np.int64)
            numbers = np.array(event.numbers, dtype=np.int64)
            yield Frame(owners.copy(), numbers.copy(), 0, 0, "start")
        elif isinstance(event, RoundStarted):
            if per == "round" and pending and owners is not None and numbers is not None:
                yield Frame(owners.copy(), numbers.copy(), round_, turns,
                            f"after round {round_ + 1}")
                pending = False
            round_ = event.round
        elif isinstance(event, TurnPlayed) and owners is not None and numbers is not None:
            for row, col, owner, count in event.changes:
                owners[row, col] = owner
                numbers[row, col] = count
            turns += 1
            pending = True
            if per == "turn":
                yield Frame(owners.copy(), numbers.copy(), event.round, turns,
                            f"round {event.round + 1}: {event.describe().split(': ', 1)[1]}")
    if per == "round" and pending and owners is not None and numbers is not None:
        yield Frame(owners.copy(), numbers.copy(), round_, turns, f"after round {round_ + 1}")
