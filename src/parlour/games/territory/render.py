"""Pictures of Territory boards with matplotlib: a PNG of one board, an animated GIF of a game.

matplotlib (and Pillow, which it brings) are imported inside the functions, so importing this
module costs nothing; they are the ``render`` extra. Each owner has a colour (`owner_color`),
empty squares are drawn pale, and piece counts are written in the cells.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from parlour.core import Event
from parlour.games.territory.display import Frame, frames, owner_color

_CELL_INCHES = 0.42
_MAX_INCHES = 9.0


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
                 counts: bool) -> None:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure

        inches = min(_MAX_INCHES, max(3.0, size * _CELL_INCHES))
        self.figure = Figure(figsize=(inches, inches + 0.4), dpi=100)
        self.canvas = FigureCanvasAgg(self.figure)
        self.axes = self.figure.add_axes((0.02, 0.02, 0.96, 0.96 * inches / (inches + 0.4)))
        self.players = players
        self.colors = colors
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

    def image(self) -> Any:
        """The figure as a Pillow RGB image."""
        from PIL import Image

        buffer = io.BytesIO()
        self.figure.savefig(buffer, format="rgba")
        width, height = self.canvas.get_width_height()
        return Image.frombytes("RGBA", (width, height), buffer.getvalue()).convert("RGB")


def render_board(owners: Any, numbers: Any, path: str | Path, players: int = 1,
                 colors: Mapping[int, str] | None = None, caption: str = "",
                 counts: bool = True) -> Path:
    """Draw one board (owners and numbers, N x N) as a PNG at `path`."""
    owners, numbers = np.asarray(owners), np.asarray(numbers)
    painter = _Painter(owners.shape[0], players, colors, counts)
    painter.draw(owners, numbers, caption)
    path = Path(path)
    painter.figure.savefig(path, format="png")
    return path


def render_state(state: Any, path: str | Path, colors: Mapping[int, str] | None = None,
                 counts: bool = True) -> Path:
    """Draw a state's (or an observation's) board as a PNG."""
    over = state.current_player is None
    caption = f"round {state.round + 1}" + (" (game over)" if over else "")
    players = getattr(state, "num_players", None)
    if players is None:
        players = state.game.players
    return render_board(state.owners, state.numbers, path, players, colors, caption, counts)


def render_events(events: Iterable[Event], path: str | Path, players: int,
                  colors: Mapping[int, str] | None = None, per: str = "round",
                  frame_seconds: float = 0.4, counts: bool = True) -> Path:
    """An animated GIF of a game from its events: the start, then each round (or turn)."""
    pictures = list(frames(events, per))
    if not pictures:
        raise ValueError("no board in these events: expected a BoardSetUp event first")
    painter = _Painter(pictures[0].owners.shape[0], players, colors, counts)
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
    """Re-simulate a territory `Record` and draw it: a GIF, or the final board for ``.png``."""
    state = record.final_state()
    if Path(path).suffix.lower() == ".png":
        return render_state(state, path, colors, counts)
    return render_events(state.events, path, state.game.players, colors, per, frame_seconds,
                         counts)


def last_frame(events: Iterable[Event]) -> Frame | None:
    """The final board of a game's events, or None without a board."""
    final = None
    for frame in frames(events, "round"):
        final = frame
    return final
