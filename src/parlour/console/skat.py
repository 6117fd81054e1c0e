"""The Skat view: hands with the Jacks first, the auction on one line, one line per trick."""

from __future__ import annotations

from typing import Any

from rich.rule import Rule
from rich.text import Text

from parlour.cards import CLUBS, DIAMONDS, HEARTS, JACK, SPADES, format_card, iter_cards
from parlour.console.render import EventRenderer, styled
from parlour.core import Event, State
from parlour.games.skat.events import (
    AllPassed,
    BiddingWon,
    Buried,
    Called,
    CardPlayed,
    Declared,
    HandDealt,
    HandShown,
    SkatDealScored,
    SkatDealStarted,
    SkatPickedUp,
    SkatSeen,
    TrickWon,
)

SKAT_SUIT_ORDER = (CLUBS, SPADES, HEARTS, DIAMONDS)


def skat_hand(mask: int, null: bool = False) -> str:
    """A hand as Skat players sort it: the Jacks (♣ ♠ ♥ ♦), then each suit high to low.

    In Null (`null`) the Jacks are no trumps: they sit in their suits, between Q and 10.
    """
    cards = list(iter_cards(mask))
    jacks = [] if null else [c for s in SKAT_SUIT_ORDER for c in cards if c == s << 4 | JACK]
    groups = [" ".join(format_card(c) for c in jacks)] if jacks else []
    for suit in SKAT_SUIT_ORDER:
        ranks = sorted((c for c in cards if c >> 4 == suit and c not in jacks), reverse=True)
        if ranks:
            groups.append("".join(format_card(c)[:-1] for c in ranks) + format_card(ranks[0])[-1])
    return "  ".join(groups) or "-"


class SkatRenderer(EventRenderer):
    """Shows a Skat series deal by deal: hands, the auction, the game, the tricks, the score."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.calls: list[str] = []
        self.order: tuple[int, ...] = (0, 1, 2)  # this deal's seats in playing order
        self.null = False  # this deal is a Null game: hands sort without trumps

    def _flush_calls(self) -> None:
        if self.calls:
            self.console.print(Text("  auction: ") + Text(", ".join(self.calls)))
            self.calls = []

    def event(self, event: Event, state: State[Any]) -> None:
        print_ = self.console.print
        if isinstance(event, SkatDealStarted):
            self.order = tuple(event.seats)
            self.null = False
            print_(Rule(f"Deal {event.deal + 1} · dealer {self.seat(event.dealer)}"))
        elif isinstance(event, HandDealt):
            print_(Text(f"  {self.seat(event.seat):<14}") + styled(skat_hand(event.cards)))
        elif isinstance(event, Called):
            self.calls.append(f"{event.seat} {event.call}" + (f" {event.bid}"
                              if event.call == "bid" else ""))
        elif isinstance(event, BiddingWon):
            self._flush_calls()
            print_(Text(f"  {self.seat(event.seat)} wins the auction at {event.bid}"))
        elif isinstance(event, AllPassed):
            self._flush_calls()
            print_(Text(f"  {event.describe()}", style="yellow"))
        elif isinstance(event, (SkatPickedUp, CardPlayed)):
            return
        elif isinstance(event, (SkatSeen, Buried)):
            verb = "finds" if isinstance(event, SkatSeen) else "buries"
            print_(Text(f"  {self.seat(event.seat)} {verb} ") + styled(skat_hand(event.cards)))
        elif isinstance(event, Declared):
            self.null = event.contract.is_null
            print_(Text(f"  {event.describe()}", style="bold"))
        elif isinstance(event, HandShown):
            print_(Text(f"  open hand of {self.seat(event.seat)}: ")
                   + styled(skat_hand(event.cards, self.null)))
        elif isinstance(event, TrickWon):
            line = Text(f"  trick {event.trick + 1:>2}  ")
            for i, card in enumerate(event.cards):
                seat = self.order[(self.order.index(event.leader) + i) % len(self.order)]
                mark = "*" if seat == event.winner else " "
                line += Text(f"{seat}:") + styled(format_card(card)) + Text(f"{mark} ")
            print_(line + Text(f"  → {self.seat(event.winner)} +{event.points}", style="dim"))
        elif isinstance(event, SkatDealScored):
            print_(styled(f"  {event.result.describe()}"))
            self.deal_scored(event)
        else:
            super().event(event, state)

