"""A base for trick-taking games' seat views: seats by position, tricks on one line each."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType
from rich.rule import Rule
from rich.text import Text

from parlour.console.render import styled
from parlour.console.views import SeatView
from parlour.console.views.cards import dim, played_text
from parlour.core import Event, GameOver, Observation
from parlour.core.seats import positions


class TrickTakingView(SeatView):
    """Seats named by position; a card played is shown with its trick, when the trick is won.

    Subclasses give `title` and `summary` (scores, bids), and may rename `positions` (by
    default `parlour.core.seats.positions`: ``left``, ``across``, ``far right``, ...).
    """

    verb = "play"
    positions: Sequence[str] = ()
    card_played = ("CardPlayed",)
    """Event class names of single card plays, shown with the trick instead."""
    silent: Sequence[str] = ("TrickStarted",)
    """Event class names not worth a line."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        players = self.game.num_players
        if not self.positions:
            self.positions = positions(players)

    def label(self, seat: int) -> str:
        """``you`` or ``seat 1 (left)``."""
        if seat == self.seat:
            return "you"
        return f"seat {seat} ({self.positions[(seat - self.seat) % len(self.positions)]})"

    def names(self) -> list[str]:
        """Short names by seat, for trick lines: ``you``, ``left``, ..."""
        count = len(self.positions)
        return [self.positions[(s - self.seat) % count] for s in range(self.game.num_players)]

    def name(self, seat: int) -> str:
        return self.label(seat)

    def personal(self, text: str) -> str:
        """`text` with seat numbers named by position: ``seat 1`` becomes ``seat 1 (left)``."""

        def name(match: re.Match[str]) -> str:
            seat = int(match.group(1))
            if seat >= self.game.num_players:
                return match.group(0)
            return f"seat {seat} (you)" if seat == self.seat else self.label(seat)

        return re.sub(r"\bseat (\d+)\b", name, text)

    # --- the table ----------------------------------------------------------------------------
    def title(self, observation: Observation) -> str:
        return f"{self.game.name or self.game.id} · you to {self.verb}"

    def summary(self, observation: Observation) -> Sequence[RenderableType]:
        """What to show above the cards: scores, bids, the contract."""
        return ()

    def show(self, observation: Observation) -> None:
        self.seen = observation
        self.console.print(Rule(self.title(observation), style="cyan"))
        for item in self.summary(observation):
            self.console.print(item)
        self.show_cards(observation)

    # --- events -------------------------------------------------------------------------------
    def event(self, event: Event) -> None:
        kind = type(event).__name__
        if kind in self.card_played or kind in self.silent:
            return
        cards = getattr(event, "cards", None)
        leader = getattr(event, "leader", None)
        winner = getattr(event, "winner", None)
        if isinstance(cards, tuple) and isinstance(leader, int) and isinstance(winner, int):
            number = getattr(event, "trick", None)
            head = f"  trick {number + 1:>2}  " if isinstance(number, int) else "  trick  "
            points = getattr(event, "points", None)
            gain = f" +{points}" if points else ""
            seats = self.trick_seats(self.seen, leader, len(cards))
            self.console.print(Text(head) + played_text(cards, leader, self.game.num_players,
                                                        self.names(), winner, self.seat, seats)
                               + dim(f"  → {self.label(winner)}{gain}"))
            return
        if isinstance(event, GameOver):
            self.game_over(event)
            return
        self.console.print(Text("  ") + styled(self.personal(event.describe())))
