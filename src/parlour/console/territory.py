"""The Territory view: the torus as a grid of coloured cells, redrawn as the game goes.

Each owner has a colour (seats bright, zombies muted; ``file:me.py:orange`` picks a seat's
colour by any matplotlib colour name) and each cell shows its piece count. The board is drawn at
the start, after every player's turn (the zombies' turns in between show in the next drawing),
and at the end; with `per_turn = False`, once per round instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from rich.console import Console
from rich.markup import escape
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from parlour.console.render import EventRenderer
from parlour.core import Event, Game, GameOver, State
from parlour.games.territory.display import owner_color, to_hex
from parlour.games.territory.events import BoardSetUp, RoundStarted, TurnForfeited, TurnPlayed


def seat_colors(specs: Sequence[str]) -> dict[int, str]:
    """Colours named in specs like ``file:me.py:orange`` (the text after a ``.py:``)."""
    colors = {}
    for seat, spec in enumerate(specs):
        head, sep, color = spec.rpartition(":")
        if sep and head.endswith(".py") and color:
            colors[seat] = color
    return colors


def _ink(background: str) -> str:
    r, g, b = (int(background[i:i + 2], 16) for i in (1, 3, 5))
    return "black" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "white"


def seat_mark(seat: int) -> str:
    """The letter that marks a seat's squares on a board: ``A`` for seat 0, ``B`` for seat 1."""
    return chr(ord("A") + seat % 26)


def board_text(owners: Any, numbers: Any, players: int,
               colors: dict[int, str] | None = None, show: str = "pieces") -> Text:
    """The board as coloured text with row and column numbers: one cell per square, its piece
    count (or owner) inside, and a seat's squares marked by its letter (`seat_mark`) as well
    as its colour."""
    owners = np.asarray(owners)
    numbers = np.asarray(numbers)
    palette: dict[int, tuple[str, str]] = {}
    text = Text("    ", style="dim")
    for col in range(owners.shape[1]):
        text.append(f"{col:>3} ", style="dim")
    text.append("\n")
    for row in range(owners.shape[0]):
        text.append(f"{row:>3} ", style="dim")
        for col in range(owners.shape[1]):
            owner = int(owners[row, col])
            if owner not in palette:
                background = owner_color(owner, players, colors)
                palette[owner] = (background, _ink(background))
            background, ink = palette[owner]
            value = int(numbers[row, col]) if show == "pieces" else owner
            label = f"{value:>3}" if value or show != "pieces" else "  ·"
            if owner < players:
                text.append(label + seat_mark(owner), style=f"bold {ink} on {background}")
            else:
                text.append(label + " ", style=f"{ink} on {background}")
        text.append("\n")
    return text


class TerritoryRenderer(EventRenderer):
    """Draws the board at the start, after each player's turn (or round), and at the end."""

    per_turn = True

    def __init__(self, console: Console, game: Game[Any], seats: Sequence[str]) -> None:
        super().__init__(console, game, seats)
        self.colors = {s: to_hex(c) for s, c in seat_colors(seats).items()}
        self.players = game.num_players
        self.owners: Any = None
        self.numbers: Any = None

    def draw(self, title: str) -> None:
        if self.owners is None:
            return
        self.console.print(Rule(title))
        self.console.print(board_text(self.owners, self.numbers, self.players, self.colors))
        legend = Text()
        for seat in range(self.players):
            color = owner_color(seat, self.players, self.colors)
            legend.append(f" {seat_mark(seat)} ■ ", style=color)
            legend.append(f"{self.seat(seat)}  ")
        self.console.print(legend)

    def event(self, event: Event, state: State[Any]) -> None:
        if isinstance(event, BoardSetUp):
            self.owners = np.array(event.owners)
            self.numbers = np.array(event.numbers)
            self.draw("start")
        elif isinstance(event, RoundStarted):
            if event.round > 0 and not self.per_turn:
                self.draw(f"after round {event.round}")
        elif isinstance(event, TurnPlayed):
            for row, col, owner, count in event.changes:
                self.owners[row, col] = owner
                self.numbers[row, col] = count
            if event.owner < self.players:
                self.console.print(Text(f"  {event.describe()}"))
                if self.per_turn:
                    self.draw(f"round {event.round + 1}, seat {event.owner}")
        elif isinstance(event, TurnForfeited):
            self.console.print(Text(f"  {event.describe()}", style="yellow"))
        elif isinstance(event, GameOver):
            self.draw("final board")
            self.console.print(Text(event.describe(), style="bold"))
            super().event(event, state)

    def game_over(self, event: GameOver, state: State[Any]) -> None:
        """The seats' squares and their place among every owner, zombies included (a game
        with one seat still has a winner to beat)."""
        if self.owners is None:
            super().game_over(event, state)
            return
        held = np.bincount(np.asarray(self.owners).ravel(), minlength=self.owners.size)
        owners = int(np.count_nonzero(held)) or 1
        table = Table(title="Standings among all owners (zombies too)", title_justify="left")
        for column in ("place", "seat", "agent", "squares"):
            table.add_column(column, justify="left" if column == "agent" else "right")
        order = sorted(range(self.players), key=lambda seat: -int(held[seat]))
        for seat in order:
            place = 1 + int(np.count_nonzero(held > held[seat]))
            shown = f"{place} of {owners}" if held[seat] else "out"
            table.add_row(shown, f"{seat_mark(seat)} {seat}", escape(self.seats[seat]),
                          str(int(held[seat])), style="bold green" if place == 1 else "")
        self.console.print(table)
