"""Spades on the page: partnerships, bids and tricks won, the bag count, blind nil."""

from __future__ import annotations

from typing import Any

from parlour.cards import SPADES
from parlour.cards.tricks import trick_winner_with_trump
from parlour.core import Action, Observation
from parlour.games.spades import SpadesObservation
from parlour.web.views.base import Context
from parlour.web.views.tricks import Trick, TrickView

POSITIONS_SPADES = ("you", "left", "partner", "right")


class SpadesView(TrickView):
    """Spades: you and the seat across are partners; spades are trumps."""

    entry_hint = "4, nil, Q♠, qs"
    hints = (
        "Bid with the buttons (or type 4, nil, blind nil); then click a card, or type it:",
        "Q♠, qs or Qs; a bare rank will do when only one card fits.",
    )

    def position(self, seat: int, you: int) -> str:
        return POSITIONS_SPADES[(seat - you) % 4]

    def finished_tricks(self, obs: Observation) -> list[Trick]:
        out: list[Trick] = []
        for leader, cards in getattr(obs, "tricks", ()):
            out.append((leader, cards, (leader + trick_winner_with_trump(cards, SPADES)) % 4))
        return out

    def prompt(self, ctx: Context) -> str:
        phase = getattr(ctx.obs, "phase", "")
        if phase == "blind":
            return "Your turn: bid Blind Nil before looking, or look at your cards."
        if phase == "bid":
            return "Your turn: bid the tricks you expect to take (Nil: none at all)."
        return "Your lead: click a card." if not getattr(ctx.obs, "trick", ()) else \
            "Your turn: follow suit if you can."

    def button(self, action: Action) -> dict[str, str]:
        text = str(action)
        label = {"nil": "Nil", "blind nil": "Blind Nil", "look": "Look at my cards"}.get(text)
        return {"label": label or text.removeprefix("bid "), "action": text,
                "group": "Bid" if text.startswith(("bid", "nil")) else ""}

    def decorate(self, view: dict[str, Any], ctx: Context) -> None:
        obs = ctx.obs
        if not isinstance(obs, SpadesObservation):
            return
        you = ctx.you
        phase = {"blind": "blind nil?", "bid": "bidding", "play": "play", "over": "over"}.get(
            obs.phase, obs.phase)
        trick = f" · trick {min(len(obs.tricks) + 1, 13)} of 13" if obs.phase == "play" else ""
        broken = " · spades broken" if obs.spades_broken else ""
        view["headline"] = f"Hand {obs.deal + 1} · {phase}{trick}{broken}"
        for seat, entry in enumerate(view["seats"]):
            bid = obs.bids[seat]
            text = "no bid yet" if bid is None else (
                ("blind nil" if obs.blind[seat] else "nil") if bid == 0 else f"bid {bid}")
            entry["stats"] = [text, f"won {obs.tricks_won[seat]}"]
            if seat == obs.dealer:
                entry["badges"].append("dealer")
        if you is not None and not obs.hand_seen:
            view["hand"] = []
            view["extra"].append({"label": "Your cards are face down until you look",
                                  "cards": []})
        names = ("North-South (seats 0 & 2)", "East-West (seats 1 & 3)")
        if you is not None:
            ours = you & 1
            names = (("You & partner", "Left & right") if ours == 0
                     else ("Left & right", "You & partner"))
        head = ["Hand", *names]
        rows = [[str(d + 1), *(f"{p:+d}" for p in points)]
                for d, points in enumerate(obs.deal_results)]
        rows.append(["Total", *(str(s) for s in obs.scores)])
        rows.append(["Bags", *(str(b) for b in obs.bags)])
        view["scores"] = {"head": head, "rows": rows}
        game: Any = self.game
        view["info"].append(["Game ends at", f"{game.target} points"])
