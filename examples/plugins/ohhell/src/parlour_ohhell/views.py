"""Oh Hell at the console and on the web page: the shared trick views plus bids and the trump.

Named by `OhHell.console_view` and `OhHell.web_view`, so parlour finds them without any
registration at import.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from parlour.cards import format_card
from parlour.cards.tricks import winner_with_trump
from parlour.console.views.tricks import TrickTakingView
from parlour.core import Action, Observation
from parlour.web.views.base import Context, card_text
from parlour.web.views.tricks import Trick, TrickView
from parlour_ohhell.parts import OhHellObservation


def bid_line(obs: OhHellObservation, seat: int) -> str:
    bid = obs.bids[seat]
    return f"{'-' if bid is None else bid} bid, {obs.tricks_won[seat]} won"


class OhHellConsoleView(TrickTakingView):
    """The console table: deal, trump card, each seat's bid and tricks, the scores."""

    hints = ("Bid with 'bid 2' (or just 2 while bidding); play a card: Q♠, qs, or a bare rank.",)

    def title(self, observation: Observation) -> str:
        obs = observation
        assert isinstance(obs, OhHellObservation)
        return (f"Deal {obs.deal + 1} · {obs.cards} card(s) · trump "
                f"{format_card(obs.trump_card)} · {obs.phase}")

    def summary(self, observation: Observation) -> Sequence[RenderableType]:
        obs = observation
        assert isinstance(obs, OhHellObservation)
        return [Text(f"  {self.label(s)}: {bid_line(obs, s)}, score {obs.scores[s]}")
                for s in range(self.game.num_players)]

    def prompt(self, observation: Observation) -> str:
        return "bid> " if getattr(observation, "phase", "") == "bid" else "play> "


class OhHellWebView(TrickView):
    """The browser table: bid buttons, the turned-up trump, bids and tricks per seat."""

    entry_hint = "bid 2, Q♠, qs"

    def finished_tricks(self, obs: Observation) -> list[Trick]:
        trump = getattr(obs, "trump_card", 0) >> 4
        return [(leader, cards, (leader + winner_with_trump(cards, trump)) % self.players)
                for leader, cards in getattr(obs, "tricks", ())]

    def held(self, obs: Observation, seat: int) -> int | None:
        self.hand_size = getattr(obs, "cards", 0)
        return super().held(obs, seat)

    def button(self, action: Action) -> dict[str, str]:
        text = str(action)
        return {"label": text.removeprefix("bid "), "action": text,
                "group": "Bid" if text.startswith("bid") else ""}

    def decorate(self, view: dict[str, Any], ctx: Context) -> None:
        obs = ctx.obs
        if not isinstance(obs, OhHellObservation):
            return
        view["headline"] = f"Deal {obs.deal + 1} · {obs.cards} card(s) · {obs.phase}"
        for seat, entry in enumerate(view["seats"]):
            entry["stats"] = [bid_line(obs, seat)]
            if seat == obs.dealer:
                entry["badges"].append("dealer")
        view["extra"].append({"label": "Trump", "cards": [card_text(obs.trump_card)]})
        view["scores"] = {"head": ["Seat", "Score"],
                          "rows": [[str(s), str(t)] for s, t in enumerate(obs.scores)]}
