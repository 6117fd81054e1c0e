"""Pictures of Territory boards with matplotlib: a PNG of one board, an animated GIF of a game.

matplotlib (and Pillow, which it brings) are imported inside the functions, so importing this
module costs nothing; they are the ``render`` extra. Each owner has a colour (`owner_color`),
empty squares are drawn pale, and piece counts are written in the cells. A legend under the
board gives each seat's colour, agent name and squares held, and the zombies' muted shades.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from parlour.core import Event
from parlour.games.territory.display import Frame, frames, owner_color

_CELL_INCHES = 0.42
_MAX_INCHES = 9.0
_LEGEND_ROW_INCHES = 0.24
_MAX_LEGEND_SEATS = 12
_NAME_CHARS = 22


def short_name(spec: str) -> str:
    """An agent spec as a legend shows it: a file's name without its folder and colour
    (``file:bots/me.py:orange`` is ``me.py``), cut to a few words."""
    text = spec
    if text.startswith("file:"):
        path = text[len("file:"):]
        head, sep, _ = path.rpartition(":")
        if sep and head.endswith(".py"):
            path = head
        text = Path(path).name
    return text if len(text) <= _NAME_CHARS else text[:_NAME_CHARS - 1] + "…"


def legend_labels(owners: np.ndarray, players: int,
                  names: Sequence[str] | None) -> list[str]:
    """One label per seat: its agent's name (or "seat s") and the squares it holds."""
    labels = []
    for seat in range(min(players, _MAX_LEGEND_SEATS)):
        name = short_name(names[seat]) if names is not None and seat < len(names) else ""
        squares = int(np.count_nonzero(owners == seat))
        labels.append(f"{name or f'seat {seat}'}: {squares} square{'' if squares == 1 else 's'}")
    if players > _MAX_LEGEND_SEATS:
        labels.append(f"+{players - _MAX_LEGEND_SEATS} more seats")
    return labels


def _rgb(owners: np.ndarray, numbers: np.ndarray, players: int,
         colors: Mapping[int, str] | None) -> np.ndarray:
    cache: dict[int, tuple[float, float, float]] = {}
    image = np.empty((*owners.shape, 3))
    for (r, c), owner in np.ndenumerate(owners):
        rgb = cache.get(int(owner))
        if rgb is None:
            hexa = owner_color(int(owner), players, colors)
            rgb = cache[int(owner)] = tuple(int(hexa[i:i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[assignment]
        assert rgb is not None
        image[r, c] = rgb if numbers[r, c] else [0.55 * x + 0.45 for x in rgb]
    return image


class _Painter:
    """One matplotlib figure, redrawn per frame (no pyplot, no global backend)."""

    def __init__(self, size: int, players: int, colors: Mapping[int, str] | None,
                 counts: bool, names: Sequence[str] | None = None) -> None:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure

        inches = min(_MAX_INCHES, max(3.0, size * _CELL_INCHES))
        entries = min(players, _MAX_LEGEND_SEATS) + (players > _MAX_LEGEND_SEATS) + 1
        longest = max((len(label) for label in legend_labels(
            np.full((size, size), -1), players, names)), default=0) + 3  # up to 40000 squares
        column = 0.35 + 0.062 * longest  # inches per legend column at 7.5 points
        self.columns = max(1, min(entries, int((inches - 0.1) // column)))
        legend = _LEGEND_ROW_INCHES * math.ceil(entries / self.columns) + 0.12
        height = inches + 0.4 + legend
        self.figure = Figure(figsize=(inches, height), dpi=100)
        self.canvas = FigureCanvasAgg(self.figure)
        self.axes = self.figure.add_axes((0.02, (legend + 0.02) / height, 0.96,
                                          0.96 * inches / height))
        self.players = players
        self.colors = colors
        self.names = names
        self.counts = counts and size <= 40
        self.size = size

    def draw(self, owners: np.ndarray, numbers: np.ndarray, caption: str) -> None:
        ax = self.axes
        ax.clear()
        ax.imshow(_rgb(owners, numbers, self.players, self.colors), interpolation="nearest")
        ax.set_xticks(np.arange(-0.5, self.size, 1), minor=True)
        ax.set_yticks(np.arange(-0.5, self.size, 1), minor=True)
        ax.grid(which="minor", color="white", linewidth=0.6)
        ax.tick_params(which="both", length=0, labelbottom=False, labelleft=False)
        if self.counts:
            font = max(4.0, min(9.0, 120 / self.size))
            for (r, c), count in np.ndenumerate(numbers):
                if count:
                    ax.text(c, r, str(count), ha="center", va="center", fontsize=font,
                            color="black")
        for spine in ax.spines.values():
            spine.set_visible(False)
        self.figure.suptitle(caption[:90], fontsize=9, y=0.995, va="top")
        self._legend(owners)

    def _legend(self, owners: np.ndarray) -> None:
        """Each seat's colour with its agent and squares, then the zombies' shade."""
        from matplotlib.patches import Patch

        for old in self.figure.legends:
            old.remove()
        handles = [Patch(facecolor=owner_color(seat, self.players, self.colors),
                         edgecolor="none", label=label)
                   for seat, label in enumerate(legend_labels(owners, self.players,
                                                              self.names))]
        handles.append(Patch(facecolor=owner_color(self.players + 1, self.players),
                             edgecolor="none", label="zombies"))
        self.figure.legend(handles=handles, loc="lower center", ncol=self.columns,
                           fontsize=7.5, frameon=False, handlelength=1.2,
                           columnspacing=1.0, borderaxespad=0.2)

    def image(self) -> Any:
        """The figure as a Pillow RGB image."""
        from PIL import Image

        buffer = io.BytesIO()
        self.figure.savefig(buffer, format="rgba")
        width, height = self.canvas.get_width_height()
        return Image.frombytes("RGBA", (width, height), buffer.getvalue()).convert("RGB")


def render_board(owners: Any, numbers: Any, path: str | Path, players: int = 1,
                 colors: Mapping[int, str] | None = None, caption: str = "",
                 counts: bool = True, names: Sequence[str] | None = None) -> Path:
    """Draw one board (owners and numbers, N x N) as a PNG at `path`; the legend names each
    seat by `names` (agent specs) when given."""
    figure = board_figure(owners, numbers, players, colors, caption, counts, names)
    path = Path(path)
    figure.savefig(path, format="png")
    return path


def board_figure(owners: Any, numbers: Any, players: int = 1,
                 colors: Mapping[int, str] | None = None, caption: str = "",
                 counts: bool = True, names: Sequence[str] | None = None) -> Any:
    """The matplotlib `Figure` of one board, with its legend (see `render_board`)."""
    owners, numbers = np.asarray(owners), np.asarray(numbers)
    painter = _Painter(owners.shape[0], players, colors, counts, names)
    painter.draw(owners, numbers, caption)
    return painter.figure


def render_state(state: Any, path: str | Path, colors: Mapping[int, str] | None = None,
                 counts: bool = True, names: Sequence[str] | None = None) -> Path:
    """Draw a state's (or an observation's) board as a PNG."""
    over = state.current_player is None
    caption = f"round {state.round + 1}" + (" (game over)" if over else "")
    players = getattr(state, "num_players", None)
    if players is None:
        players = state.game.players
    return render_board(state.owners, state.numbers, path, players, colors, caption, counts,
                        names)


def render_events(events: Iterable[Event], path: str | Path, players: int,
                  colors: Mapping[int, str] | None = None, per: str = "round",
                  frame_seconds: float = 0.4, counts: bool = True,
                  names: Sequence[str] | None = None) -> Path:
    """An animated GIF of a game from its events: the start, then each round (or turn)."""
    pictures = list(frames(events, per))
    if not pictures:
        raise ValueError("no board in these events: expected a BoardSetUp event first")
    painter = _Painter(pictures[0].owners.shape[0], players, colors, counts, names)
    images = []
    for frame in pictures:
        painter.draw(frame.owners, frame.numbers, frame.caption)
        images.append(painter.image())
    durations = [round(frame_seconds * 1000)] * len(images)
    durations[-1] = max(durations[-1], 2000)  # linger on the final board
    path = Path(path)
    images[0].save(path, format="GIF", save_all=True, append_images=images[1:],
                   duration=durations, loop=0)
    return path


def render_record(record: Any, path: str | Path, colors: Mapping[int, str] | None = None,
                  per: str = "round", frame_seconds: float = 0.4, counts: bool = True) -> Path:
    """Re-simulate a territory `Record` and draw it: a GIF, or the final board for ``.png``;
    the legend names the seats by the record's agents."""
    state = record.final_state()
    names = list(record.seats)
    if Path(path).suffix.lower() == ".png":
        return render_state(state, path, colors, counts, names)
    return render_events(state.events, path, state.game.players, colors, per, frame_seconds,
                         counts, names)


def last_frame(events: Iterable[Event]) -> Frame | None:
    """The final board of a game's events, or None without a board."""
    final = None
    for frame in frames(events, "round"):
        final = frame
    return final
