"""Doppelkopf at the console and on the web page: trumps first in the hand, the parties as far
as the seat knows them, calls, announcements and the round's totals.

Named by `Doppelkopf.console_view` and `Doppelkopf.web_view` as import paths, so the rules never
import a face; this module imports rich and the web views and is loaded only to show a table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from parlour.console.views.cards import SUIT_STYLES, dim
from parlour.console.views.tricks import TrickTakingView
from parlour.core import Action, Observation
from parlour.games.doppelkopf.cards import face_of, format_card, iter_cards, twin
from parlour.games.doppelkopf.observation import DoppelkopfObservation
from parlour.games.doppelkopf.tables import (
    CARD_POINTS,
    NORMAL,
    SUIT,
    TABLE_NAMES,
    TRUMP,
    trump_order,
)
from parlour.web.views.base import Context
from parlour.web.views.tricks import Trick, TrickView

CONTRACT_NAMES = {
    "normal": "normal game", "stille hochzeit": "stille Hochzeit", "hochzeit": "Hochzeit",
    "armut": "Armut", "karosolo": "Trumpfsolo (Karo)", "kreuzsolo": "Kreuz-Solo",
    "piksolo": "Pik-Solo", "herzsolo": "Herz-Solo", "damensolo": "Damensolo",
    "bubensolo": "Bubensolo", "fleischloser": "Fleischloser",
}
HINTS = (
    "Cards: Q♣, ♣Q, qc, KrD, Kreuz-Dame or EO; ten as 10, T or 0 (H10 is the Dulle).",
    "Calls: gesund, hochzeit, armut, damensolo, bubensolo, fleischloser, kreuzsolo, ...;",
    "announce before your card: re, kontra, keine 90, keine 60, keine 30, schwarz.",
)


def _table(obs: DoppelkopfObservation) -> int:
    return TABLE_NAMES.index(obs.table)


def sorted_cards(mask: int, table: int) -> list[int]:
    """The cards of `mask`, trumps first from the highest, then ♣ ♠ ♥ ♦ high to low; the two
    copies of a face side by side."""
    place = {c: i for i, c in enumerate(trump_order(table))}
    return sorted(iter_cards(mask), key=lambda c: (place[c if c in place else twin(c)], c))


def headline(obs: DoppelkopfObservation) -> str:
    """``Deal 3 (game 2 of 24) · Damensolo by seat 1 · trick 4 of 12``."""
    contract = CONTRACT_NAMES.get(obs.contract, obs.contract)
    if obs.phase == "over":
        return f"Deal {obs.deal + 1} · {contract} · the round of {obs.games} game(s) is over"
    if obs.phase == "vorbehalt":
        contract = "Vorbehalte" + (f" (seat {obs.forced} must play a solo)"
                                   if obs.forced is not None else "")
    elif obs.declarer is not None and obs.contract not in ("normal", "stille hochzeit"):
        contract += f" by seat {obs.declarer}" + (" (Pflichtsolo)" if obs.pflicht else "")
    size = len(obs.tricks) + obs.cards_left[obs.seat] + (
        1 if (obs.seat - obs.leader) % 4 < len(obs.trick) else 0)
    trick = f" · trick {min(len(obs.tricks) + 1, size)} of {size}" if obs.phase == "play" \
        else ""
    return f"Deal {obs.deal + 1} (game {obs.game + 1} of {obs.games}) · {contract}{trick}"


def taken_points(obs: DoppelkopfObservation) -> list[int]:
    points = [0] * 4
    for _, cards, winner in obs.tricks:
        points[winner] += sum(CARD_POINTS[c] for c in cards)
    return points


def announced_by(obs: DoppelkopfObservation, seat: int) -> str:
    return ", ".join(name for who, _, name in obs.announcements if who == seat)


# --- the console --------------------------------------------------------------------------------
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
            self._table_index = _table(observation)
        super().show_cards(observation)

    def prompt(self, observation: Observation) -> str:
        phase = getattr(observation, "phase", "")
        return {"vorbehalt": "call> ", "armut": "armut> "}.get(phase, "play> ")


# --- the web page -------------------------------------------------------------------------------
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
            self._table_index = _table(ctx.obs)
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
        what = "a trump" if SUIT[_table(obs)][led] == TRUMP else format_card(led)[-1]
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
                     if SUIT[_table(obs)][c] == TRUMP)
        if ctx.you is not None and obs.phase in ("vorbehalt", "play"):
            view["info"].append(["Your trumps", str(trumps)])
