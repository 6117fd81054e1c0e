"""The Schafkopf seat view: the auction, the game and who plays it, cards in German letters."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from parlour.cards.events import CardPlayed
from parlour.console.render import EventRenderer
from parlour.console.views.cards import SUIT_STYLES, dim
from parlour.console.views.tricks import TrickTakingView
from parlour.core import DealScored, Event, Observation, State
from parlour.games.schafkopf.actions import KIND_TITLES, Play, card_name
from parlour.games.schafkopf.events import TrickWon
from parlour.games.schafkopf.observation import SchafkopfObservation
from parlour.games.schafkopf.tables import display_sorted

PHASES = {"auction": "auction", "raise": "auction: raise?", "answer": "auction: mit?",
          "declare": "naming the game", "kontra": "Kontra?", "re": "Re?", "play": "play",
          "over": "over"}


def german_cards(mask: int, order: int, playable: int | None = None) -> Text:
    """Cards in German letters (``EO GU HA S10``), trumps first, coloured by suit; cards
    outside `playable` dimmed."""
    text = Text()
    for card in display_sorted(mask, order):
        if text:
            text.append(" ")
        allowed = playable is None or bool(playable >> card & 1)
        text.append(card_name(card), style=SUIT_STYLES[card >> 4] if allowed else "dim")
    return text if text else dim("-")


class SchafkopfView(TrickTakingView):
    """Schafkopf from one seat."""

    hints = (
        "Auction: weiter or spiel; a later player raises (raise wenz, raise solo, ...),",
        "the holder answers mit or weiter. Name your game: sauspiel gras, wenz, solo herz,",
        "wenz tout, solo-tout eichel, sie. Then kontra / re or weiter.",
        "Cards: EO (Eichel-Ober), GU, HA (Herz-Sau), S10; or Q♣, ♣Q, Qc. E=♣ G=♠ H=♥ S=♦.",
    )

    def title(self, observation: Observation) -> str:
        obs = observation
        if not isinstance(obs, SchafkopfObservation):
            return super().title(observation)
        game = f" · {obs.contract.title}" if obs.contract is not None else ""
        trick = f" · trick {len(obs.tricks) + 1} of 8" if obs.phase == "play" else ""
        return f"Deal {obs.deal + 1}{game} · {PHASES[obs.phase]}{trick}"

    def summary(self, observation: Observation) -> Sequence[RenderableType]:
        obs = observation
        if not isinstance(obs, SchafkopfObservation):
            return ()
        table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
        for column in ("  seat", "role", "said", "points", "total"):
            table.add_column(column, justify="right" if column in ("points", "total")
                             else "left", style="dim" if column == "  seat" else "")
        points = obs.points_taken()
        for offset in range(4):
            seat = (self.seat + offset) % 4
            said = " ".join(w for p, w in obs.auction if p == seat)
            table.add_row(f"  {self.label(seat)}", self._role(obs, seat), said,
                          str(points[seat]), str(obs.scores[seat]),
                          style="bold" if seat == self.seat else "")
        lines: list[RenderableType] = [table]
        if obs.holder is not None and obs.phase != "declare":
            lines.append(Text(f"  {self.label(obs.holder)} holds the game with "
                              f"{KIND_TITLES[obs.claim]}"))
        if obs.deal_results:
            lines.append(dim("  last deal: ") + Text(obs.deal_results[-1].describe()))
        return lines

    @staticmethod
    def _role(obs: SchafkopfObservation, seat: int) -> str:
        roles = []
        if seat == obs.dealer:
            roles.append("dealer")
        if seat == obs.forehand:
            roles.append("forehand")
        if seat == obs.declarer:
            roles.append("declarer")
        if seat == obs.partner and seat != obs.declarer:
            roles.append("partner")
        if seat == obs.kontra:
            roles.append("kontra")
        if seat == obs.re:
            roles.append("re")
        return ", ".join(roles)

    def show_cards(self, observation: Observation) -> None:
        obs = observation
        if not isinstance(obs, SchafkopfObservation):
            super().show_cards(observation)
            return
        print_ = self.console.print
        names = self.names()
        order = obs.order
        if obs.tricks:
            leader, cards, winner = obs.tricks[-1]
            print_(dim("  last trick: ") + self._played(cards, leader, names, winner))
        if obs.trick:
            print_(dim("  trick: ") + self._played(obs.trick, obs.leader, names, None))
        playable = None
        if obs.current_player == self.seat and obs.phase == "play":
            playable = sum(1 << a.card for a in obs.legal_actions if isinstance(a, Play))
        print_(dim("  your hand: ") + german_cards(int(obs.hand), order, playable))

    def _played(self, cards: Sequence[int], leader: int, names: Sequence[str],
                winner: int | None) -> Text:
        text = Text()
        for i, card in enumerate(cards):
            seat = (leader + i) % 4
            if i:
                text.append("  ")
            text.append(f"{names[seat]} ", style="bold" if seat == self.seat else "")
            text.append(card_name(card), style=SUIT_STYLES[card >> 4])
            if seat == winner:
                text.append("*", style="bold yellow")
        return text

    def event(self, event: Event) -> None:
        if isinstance(event, TrickWon):
            self.console.print(
                Text(f"  trick {event.trick + 1:>2}  ")
                + self._played(event.cards, event.leader, self.names(), event.winner)
                + dim(f"  → {self.label(event.winner)} +{event.points}"))
            return
        super().event(event)

    def prompt(self, observation: Observation) -> str:
        phase = getattr(observation, "phase", "")
        return "play> " if phase == "play" else "say> "


class SchafkopfRenderer(EventRenderer):
    """`parlour play` without a person and `parlour replay`: cards in German letters, the
    deal's result in words under its table."""

    def event(self, event: Event, state: State[Any]) -> None:
        if isinstance(event, CardPlayed):
            self.console.print(f"seat {event.seat} plays {card_name(event.card)}")
            return
        super().event(event, state)

    def deal_scored(self, event: DealScored) -> None:
        super().deal_scored(event)
        result = getattr(event, "result", None)
        if result is not None:
            self.console.print(Text(result.describe()))
