"""Doppelkopf on the page: trumps first in your hand, calls and parties at each seat,
announcements as buttons. Named by `Doppelkopf.web_view`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.core import Action, Observation
from parlour.games.doppelkopf.cards import face_of, format_card, iter_cards
from parlour.games.doppelkopf.display import (
    CONTRACT_NAMES,
    HINTS,
    announced_by,
    headline,
    sorted_cards,
    table_of,
    taken_points,
)
from parlour.games.doppelkopf.observation import DoppelkopfObservation
from parlour.games.doppelkopf.tables import NORMAL, SUIT, TRUMP
from parlour.web.views.base import Context
from parlour.web.views.tricks import Trick, TrickView


class DoppelkopfTableView(TrickView):
    """Doppelkopf on the page: trumps first in your hand, calls and parties at each seat."""

    entry_hint = "Q♣, KrD, re, gesund"
    hints = HINTS
    silent = frozenset({"CardPlayed", "HandDealt"})

    @property
    def hand_size(self) -> int:  # type: ignore[override]
        return 12 if getattr(self.game, "with_nines", True) else 10

    def sort_cards(self, mask: int) -> list[int]:
        return sorted_cards(mask, getattr(self, "_table_index", NORMAL))

    def cards(self, mask: int) -> list[str]:
        return [format_card(c) for c in self.sort_cards(mask)]

    def finished_tricks(self, obs: Observation) -> list[Trick]:
        return [(leader, cards, winner) for leader, cards, winner in getattr(obs, "tricks", ())]

    def held(self, obs: Observation, seat: int) -> int | None:
        return int(getattr(obs, "cards_left", (0,) * 4)[seat])

    def played(self, obs: Observation, leader: int, cards: Sequence[int]) -> list[list[Any]]:
        return [[(leader + i) % 4, format_card(card)] for i, card in enumerate(cards)]

    def hand_entries(self, ctx: Context) -> list[dict[str, Any]]:
        moves: dict[int, str] = {}
        if ctx.obs.current_player == ctx.you:
            for action in ctx.obs.legal_actions:
                card = getattr(action, "card", None)
                if isinstance(card, int):
                    moves[face_of(card)] = str(action)
        return [{"card": format_card(c), "action": moves.get(face_of(c))}
                for c in self.sort_cards(self.hand_of(ctx.obs))]

    def build(self, ctx: Context) -> dict[str, Any]:
        if isinstance(ctx.obs, DoppelkopfObservation):
            self._table_index = table_of(ctx.obs)
        return super().build(ctx)

    def prompt(self, ctx: Context) -> str:
        obs = ctx.obs
        phase = getattr(obs, "phase", "")
        if phase == "vorbehalt":
            return "Your turn: gesund, or a Vorbehalt (a solo, Hochzeit, Armut)."
        if phase == "armut":
            return "Your turn: the Armut (give, accept or decline, or return cards)."
        if not isinstance(obs, DoppelkopfObservation) or not obs.trick:
            return "Your lead: click a card (announce first if you like)."
        led = obs.trick[0]
        what = "a trump" if SUIT[table_of(obs)][led] == TRUMP else format_card(led)[-1]
        return f"Your turn: follow {what} if you can."

    def button(self, action: Action) -> dict[str, str]:
        text = str(action)
        kind = type(action).__name__
        group = {"Call": "Vorbehalt", "Announce": "Announce", "Give": "Armut: give",
                 "GiveBack": "Armut: return", "Answer": "Armut"}.get(kind, "")
        label = CONTRACT_NAMES.get(text, text.capitalize() if kind == "Call" else text)
        if kind == "Announce":
            label = text.capitalize()
        return {"label": label, "action": text, "group": group}

    def decorate(self, view: dict[str, Any], ctx: Context) -> None:
        obs = ctx.obs
        if not isinstance(obs, DoppelkopfObservation):
            return
        view["headline"] = headline(obs)
        points = taken_points(obs)
        won = self.tricks_won(obs)
        for seat, entry in enumerate(view["seats"]):
            call = obs.calls[seat]
            stats = [call or "not called yet"]
            if obs.phase in ("play", "over"):
                stats.append(f"{won[seat]} trick{'' if won[seat] == 1 else 's'} "
                             f"{points[seat]} pts")
            said = announced_by(obs, seat)
            if said:
                stats.append(f"“{said}”")
            entry["stats"] = stats
            party = obs.parties[seat]
            if party:
                entry["badges"].append(party.capitalize())
            if seat == obs.dealer:
                entry["badges"].append("dealer")
            if seat == obs.schweinchen:
                entry["badges"].append("Schweinchen")
        names = [self.label(s, ctx.you) for s in range(4)]
        view["scores"] = {"head": ["", *names],
                          "rows": [["Total", *(str(s) for s in obs.scores)]]}
        levels = ("-", "Re/Kontra", "keine 90", "keine 60", "keine 30", "schwarz")
        view["info"].append(["Re announced", levels[obs.levels[0]].replace("Re/Kontra", "Re")])
        view["info"].append(["Kontra announced",
                             levels[obs.levels[1]].replace("Re/Kontra", "Kontra")])
        if obs.pile and ctx.you is not None:
            view["extra"].append({"label": "Armut cards you lay down",
                                  "cards": [format_card(c) for c in self.sort_cards(obs.pile)]})
        if obs.armut_given and ctx.you is not None:
            view["extra"].append({"label": "Armut: cards given",
                                  "cards": [format_card(c) for c in
                                            self.sort_cards(obs.armut_given)]})
        trumps = sum(1 for c in iter_cards(self.hand_of(obs))
                     if SUIT[table_of(obs)][c] == TRUMP)
        if ctx.you is not None and obs.phase in ("vorbehalt", "play"):
            view["info"].append(["Your trumps", str(trumps)])
