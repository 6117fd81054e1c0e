"""Doppelkopf at the console: what each seat called, its party if known, its points; the hand
with trumps first. Named by `Doppelkopf.console_view`."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from parlour.console.views.cards import SUIT_STYLES, dim
from parlour.console.views.tricks import TrickTakingView
from parlour.core import Observation
from parlour.games.doppelkopf.cards import format_card, twin
from parlour.games.doppelkopf.display import (
    HINTS,
    announced_by,
    headline,
    sorted_cards,
    table_of,
    taken_points,
)
from parlour.games.doppelkopf.observation import DoppelkopfObservation
from parlour.games.doppelkopf.tables import NORMAL, SUIT


class DoppelkopfSeatView(TrickTakingView):
    """Doppelkopf from one seat: what each seat called, its party if known, its points."""

    hints = HINTS

    def title(self, observation: Observation) -> str:
        assert isinstance(observation, DoppelkopfObservation)
        return headline(observation)

    def summary(self, observation: Observation) -> Sequence[RenderableType]:
        obs = observation
        assert isinstance(obs, DoppelkopfObservation)
        table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
        for column in ("  seat", "called", "party", "announced", "points", "total"):
            table.add_column(column, justify="right" if column in ("points", "total")
                             else "left", style="dim" if column == "  seat" else "")
        points = taken_points(obs)
        for offset in range(4):
            seat = (self.seat + offset) % 4
            party = obs.parties[seat]
            table.add_row(f"  {self.label(seat)}", obs.calls[seat] or "-",
                          Text(party.capitalize() if party else "?",
                               style="bold" if party == "re" else ""),
                          announced_by(obs, seat) or "-", str(points[seat]),
                          str(obs.scores[seat]), style="bold" if seat == self.seat else "")
        return (table,)

    def hand_text(self, hand: int, playable: int | None = None) -> Text:
        """Trumps first, then the plain suits; cards that may not be played dimmed."""
        obs_table = getattr(self, "_table_index", NORMAL)
        text = Text()
        last_suit = None
        for card in sorted_cards(hand, obs_table):
            suit = SUIT[obs_table][card]
            if text:
                text.append("  " if suit != last_suit else " ")
            last_suit = suit
            allowed = playable is None or bool(playable >> card & 1 or
                                               playable >> twin(card) & 1)
            text.append(format_card(card), style=SUIT_STYLES[card >> 4] if allowed else "dim")
        return text if text else dim("-")

    def show_cards(self, observation: Observation) -> None:
        if isinstance(observation, DoppelkopfObservation):
            self._table_index = table_of(observation)
        super().show_cards(observation)

    def prompt(self, observation: Observation) -> str:
        phase = getattr(observation, "phase", "")
        return {"vorbehalt": "call> ", "armut": "armut> "}.get(phase, "play> ")
