"""The Hearts view: hands per deal, one line per trick, the scores after each deal."""

from __future__ import annotations

from typing import Any

from rich.rule import Rule
from rich.text import Text

from parlour.cards import format_card, format_cards
from parlour.console.render import EventRenderer, styled
from parlour.core import DealStarted, Event, State
from parlour.games.hearts import (
    CardPlayed,
    CardsPassed,
    HandDealt,
    HeartsDealScored,
    PassChosen,
    TrickWon,
)
from parlour.games.hearts.events import DIRECTION_NAMES


class HeartsRenderer(EventRenderer):
    """Shows a Hearts game hand by hand, for watching bots or replaying a record."""

    lower_is_better = True

    def event(self, event: Event, state: State[Any]) -> None:
        print_ = self.console.print
        if isinstance(event, DealStarted):
            direction = self.game.pass_offset(event.deal)  # type: ignore[attr-defined]
            print_(Rule(f"Deal {event.deal + 1} · pass {DIRECTION_NAMES[direction]}"))
        elif isinstance(event, HandDealt):
            print_(Text(f"  {self.seat(event.seat):<14}") + styled(format_cards(event.cards)))
        elif isinstance(event, CardsPassed):
            print_(Text(f"  {self.seat(event.giver)} passes ")
                   + styled(format_cards(event.cards))
                   + Text(f" to {self.seat(event.receiver)}"))
        elif isinstance(event, (CardPlayed, PassChosen)):
            return  # shown with the trick, and with the passes
        elif isinstance(event, TrickWon):
            line = Text(f"  trick {event.trick + 1:>2}  ")
            for i, card in enumerate(event.cards):
                seat = (event.leader + i) % 4
                mark = "*" if seat == event.winner else " "
                line += Text(f"{seat}:") + styled(format_card(card)) + Text(f"{mark} ")
            gain = f" +{event.points}" if event.points else ""
            points = f"  → {self.seat(event.winner)}{gain}"
            print_(line + Text(points, style="dim" if not event.points else "yellow"))
        elif isinstance(event, HeartsDealScored):
            if event.moon_shooter is not None:
                shooter = self.seat(event.moon_shooter)
                print_(Text(f"  {shooter} shot the moon!", style="bold magenta"))
            self.deal_scored(event)
        else:
            super().event(event, state)
