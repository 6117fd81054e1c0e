"""Rendering events to a rich console, generic for every game and specialised per game.

The generic renderer prints each event's `describe()` with suit symbols coloured. A game with a
better one names it like its views (docs/views.md): its class attribute
``console_renderer = "module:Class"``, else an entry point of the ``parlour.console_renderers``
group named by its id, else `RENDERERS` (``"module:Class"``, imported on first use).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from parlour.core import DealScored, Event, Game, GameOver, State
from parlour.core.game import places_by
from parlour.core.plugins import PluginError, find_game_class

RENDERERS: dict[str, str | type[EventRenderer]] = {
    "hearts": "parlour.console.hearts:HeartsRenderer",
    "territory": "parlour.console.territory:TerritoryRenderer",
    "skat": "parlour.console.skat:SkatRenderer",
    "skat.ramsch": "parlour.console.skat:SkatRenderer",
}

_SUIT_STYLE = {"♥": "bold red", "♦": "bold red", "♣": "bold", "♠": "bold"}
_CARD = re.compile(r"([2-9TJQKA0]+[♣♦♥♠])")


def styled(text: str) -> Text:
    """`text` with card groups coloured by suit (hearts and diamonds red)."""
    out = Text()
    for part in _CARD.split(text):
        if part and part[-1] in _SUIT_STYLE:
            out.append(part, style=_SUIT_STYLE[part[-1]])
        else:
            out.append(part)
    return out


class EventRenderer:
    """Prints a game's events as they happen; subclasses give a game its own view."""

    def __init__(self, console: Console, game: Game[Any], seats: Sequence[str]) -> None:
        self.console = console
        self.game = game
        self.seats = list(seats)
        self._previous: Event | None = None

    def seat(self, seat: int) -> str:
        """A seat's label: its number and agent."""
        return f"{seat}:{self.seats[seat]}" if seat < len(self.seats) else str(seat)

    def event(self, event: Event, state: State[Any]) -> None:
        """Show one event; `state` is the game as it stands (possibly further on)."""
        previous, self._previous = self._previous, event
        if previous is not None and is_redacted_copy(event, previous):
            return  # the others' copy of what was just shown in full (a hidden disc)
        if isinstance(event, DealScored):
            self.deal_scored(event)
        elif isinstance(event, GameOver):
            self.game_over(event, state)
        else:
            self.console.print(styled(event.describe()))

    def deal_scored(self, event: DealScored) -> None:
        table = Table(title=f"Deal {event.deal + 1}", title_justify="left")
        table.add_column("seat")
        table.add_column("points", justify="right")
        table.add_column("total", justify="right")
        for seat, (points, total) in enumerate(zip(event.points, event.totals, strict=True)):
            table.add_row(self.seat(seat), str(points), str(total))
        self.console.print(table)

    def game_over(self, event: GameOver, state: State[Any]) -> None:
        self.console.print(standings(event.scores, event.winners, self.seats,
                                     lower_is_better=self.lower_is_better,
                                     places=state.placings()))

    lower_is_better = False
    """Whether lower scores rank first (Hearts); used for the standings order."""


def is_redacted_copy(event: Event, previous: Event) -> bool:
    """True if `event` is the copy of `previous` that other seats see, with hidden fields None.

    Games emit a private event twice (Skull's disc placed: the placer's copy names the disc,
    everyone else's has ``disc=None``); a spectator, who sees every copy, needs only the first.
    """
    if type(event) is not type(previous) or not dataclasses.is_dataclass(event):
        return False
    if event.visible_to is None or previous.visible_to is None:
        return False
    hidden = False
    for field in dataclasses.fields(event):
        if field.name == "visible_to":
            continue
        mine, theirs = getattr(event, field.name), getattr(previous, field.name)
        if mine is None and theirs is not None:
            hidden = True
        elif mine != theirs:
            return False
    return hidden


def standings(scores: Sequence[float], winners: Sequence[int], seats: Sequence[str],
              lower_is_better: bool = False, title: str = "Standings",
              places: Sequence[int] | None = None) -> Table:
    """A standings table, best first, winners starred: by `places` (`State.placings`: tied
    seats share one) when given, else by score."""
    if places is None:
        sign = 1 if lower_is_better else -1
        places = places_by([-sign * score for score in scores])
    order = sorted(range(len(scores)), key=lambda s: (places[s], s))
    table = Table(title=title, title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("seat")
    table.add_column("agent")
    table.add_column("score", justify="right")
    for seat in order:
        place = places[seat]
        style = "bold green" if seat in winners else ""
        mark = " ★" if seat in winners else ""
        table.add_row(str(place), str(seat), seats[seat] + mark, str(scores[seat]), style=style)
    return table


def renderer_for(console: Console, game: Game[Any], seats: Sequence[str]) -> EventRenderer:
    """The best renderer for `game`: its own, else the generic one.

    A broken renderer target prints a one-line warning naming the game and the target, and the
    game is shown with the generic renderer.
    """
    try:
        cls = find_game_class(game, EventRenderer, attribute="console_renderer",
                              group="parlour.console_renderers", registry=RENDERERS,
                              kind="console renderer") or EventRenderer
    except PluginError as error:
        console.print(Text(f"warning: {error}; using the generic renderer", style="yellow"))
        cls = EventRenderer
    return cls(console, game, seats)
