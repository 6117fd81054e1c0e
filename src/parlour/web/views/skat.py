"""Skat (and Ramsch) on the page: bidding, the skat, burying two cards, declaring, play."""

from __future__ import annotations

from typing import Any

from parlour.cards import SUIT_SYMBOLS
from parlour.core import Action, Observation
from parlour.games.skat import SkatObservation
from parlour.games.skat.actions import Bury, Declare
from parlour.games.skat.tables import skat_sorted
from parlour.web.views.base import Context, card_text
from parlour.web.views.tricks import Trick, TrickView

PLACES = ("forehand", "middlehand", "rearhand")
KIND_NAMES = {"clubs": "♣ Clubs", "spades": "♠ Spades", "hearts": "♥ Hearts",
              "diamonds": "♦ Diamonds", "grand": "Grand", "null": "Null"}
KIND_ORDER = ("clubs", "spades", "hearts", "diamonds", "grand", "null")


class SkatView(TrickView):
    """Skat from one seat (or every seat, in a replay)."""

    hand_size = 10
    entry_hint = "18, hold, pass, pickup, bury jc 7d, grand, J♣"
    silent = frozenset({"CardPlayed", "TrickStarted"})
    hints = (
        "Bidding: click a value, Hold or Pass (or type 18, hold, pass).",
        "Won the bidding? Pick up the skat, click two cards and Bury them, then declare;",
        "or declare a Hand game at once. Play: click a card, or type it (J♣, jc).",
    )

    def sort_cards(self, mask: int) -> list[int]:
        return skat_sorted(mask)

    def finished_tricks(self, obs: Observation) -> list[Trick]:
        return [(leader, cards, winner) for leader, cards, winner in getattr(obs, "tricks", ())]

    def trick_seats(self, obs: Observation, leader: int, count: int) -> list[int]:
        seats = list(getattr(obs, "seats", range(self.players)))
        if leader not in seats:
            return super().trick_seats(obs, leader, count)
        start = seats.index(leader)
        return [seats[(start + i) % len(seats)] for i in range(count)]

    def held(self, obs: Observation, seat: int) -> int | None:
        if not isinstance(obs, SkatObservation) or seat not in obs.seats:
            return 0
        if obs.phase in ("bury",) and seat == obs.declarer:
            return 12
        return super().held(obs, seat)

    # --- moves ------------------------------------------------------------------------------------
    def hand_entries(self, ctx: Context) -> list[dict[str, Any]]:
        entries = super().hand_entries(ctx)
        burying = ctx.obs.current_player == ctx.you and any(
            isinstance(a, Bury) for a in ctx.obs.legal_actions)
        for entry in entries:
            entry["select"] = burying
        return entries

    def add_buttons(self, view: dict[str, Any], ctx: Context, skip_cards: bool = False) -> None:
        if not view["your_turn"]:
            return
        legal = ctx.obs.legal_actions
        if any(isinstance(a, Bury) for a in legal):
            view["select"] = {"count": 2, "prefix": "bury ", "label": "Bury these two"}
        for action in legal:
            if isinstance(action, Bury) or (skip_cards and hasattr(action, "card")):
                continue
            view["buttons"].append(self.button(action))
        view["buttons"].sort(key=_button_order)

    def button(self, action: Action) -> dict[str, str]:
        text = str(action)
        if isinstance(action, Declare):
            contract = action.contract
            kind = KIND_NAMES.get(contract.kind, contract.kind.capitalize())
            extras = [w for w, on in (("Schneider", contract.schneider and not contract.schwarz
                                        and not contract.ouvert),
                                       ("Schwarz", contract.schwarz and not contract.ouvert),
                                       ("ouvert", contract.ouvert)) if on]
            if contract.hand:
                group = f"Hand game: {kind}"
                label = " ".join(["Hand", *extras])
            else:
                group = "Declare"
                label = " ".join([kind, *extras])
            return {"label": label, "action": text, "group": group}
        if text == "pickup":
            return {"label": "Pick up the skat", "action": text, "group": "Skat"}
        if text.startswith("bid "):
            return {"label": text[4:], "action": text, "group": "Bid"}
        return {"label": text.capitalize(), "action": text, "group": "Bid"
                if text in ("hold", "pass") else ""}

    def prompt(self, ctx: Context) -> str:
        obs = ctx.obs
        if not isinstance(obs, SkatObservation):
            return super().prompt(ctx)
        if obs.phase == "bidding":
            texts = {str(a) for a in obs.legal_actions}
            if "hold" in texts:
                return f"Your turn: hold {obs.bid} (say yes) or pass."
            if obs.bid == 0:
                return "Your turn: bid (18 is the lowest) or pass."
            return f"Your turn: bid more than {obs.bid}, or pass."
        if obs.phase == "skat":
            return (f"You won the bidding at {obs.bid}: pick up the skat, or declare a Hand "
                    "game without it.")
        if obs.phase == "bury":
            return "Click two cards to bury (they count for you), then press Bury."
        if obs.phase == "declare":
            return f"Declare your game (the bid is {obs.bid})."
        return "Your lead: click a card." if not obs.trick else \
            "Your turn: follow suit (trumps count as their own suit)."

    # --- the table --------------------------------------------------------------------------------
    def decorate(self, view: dict[str, Any], ctx: Context) -> None:
        obs = ctx.obs
        if not isinstance(obs, SkatObservation):
            return
        you = ctx.you
        game: Any = self.game
        deals = game.deals or game.players
        trick = f" · trick {min(len(obs.tricks) + 1, 10)} of 10" if obs.phase == "play" else ""
        contract = f" · {obs.contract.describe()}" if obs.contract is not None else ""
        view["headline"] = f"Deal {obs.deal + 1} of {deals} · {obs.phase}{contract}{trick}"
        won = self.tricks_won(obs)
        calls: dict[int, str] = {}
        for seat, call in obs.bidding:
            calls[seat] = str(call)
        for seat, entry in enumerate(view["seats"]):
            stats = []
            if seat in obs.seats:
                stats.append(PLACES[obs.seats.index(seat)])
            else:
                stats.append("sits out")
            if seat in calls and obs.phase in ("bidding", "skat"):
                stats.append(calls[seat])
            if obs.phase == "play":
                stats.append(f"{won[seat]} trick{'s' if won[seat] != 1 else ''}")
            stats.append(f"{obs.scores[seat]} points")
            entry["stats"] = stats
            if seat == obs.dealer:
                entry["badges"].append("dealer")
            if seat == obs.declarer:
                entry["badges"].append("declarer")
        if obs.bid:
            view["info"].append(["Bid", str(obs.bid)])
        if obs.declarer is not None:
            game_text = obs.contract.describe() if obs.contract is not None else "not declared yet"
            view["info"].append(["Declarer", f"{self.label(obs.declarer, you)}: {game_text}"])
        if obs.contract is not None:
            view["info"].append(["Trumps", _trumps(obs.contract.kind)])
        skat = int(obs.skat)
        if ctx.replay and ctx.state is not None and not skat:
            skat = int(getattr(ctx.state, "skat", 0) or 0)
        if skat:
            view["extra"].append({"label": "Skat", "cards": [card_text(c)
                                                            for c in skat_sorted(skat)]})
        if obs.declarer_hand is not None and obs.declarer is not None and obs.declarer != you \
                and not ctx.replay:
            view["seats"][obs.declarer]["hand"] = self.cards(int(obs.declarer_hand))
            view["seats"][obs.declarer]["count"] = None
        view["scores"] = self.score_sheet(obs, you)

    def score_sheet(self, obs: SkatObservation, you: int | None) -> dict[str, Any]:
        head = ["Deal", "Game", *(self.label(s, you) for s in range(self.players))]
        rows = []
        for result in obs.deal_results:
            if result.declarer is None or result.contract is None:
                game = result.note or "no game"
            else:
                verdict = "won" if result.won else "lost"
                game = (f"{self.label(result.declarer, you)}: {result.contract.describe()} "
                        f"{verdict}, {result.card_points} pts")
            rows.append([str(result.deal + 1), game,
                         *(str(p) if p else "" for p in result.points)])
        rows.append(["Total", "", *(str(s) for s in obs.scores)])
        return {"head": head, "rows": rows}


def _trumps(kind: str) -> str:
    if kind == "null":
        return "none (Null: take no trick)"
    if kind in ("grand",):
        return "the four Jacks only"
    if kind == "ramsch":
        return "the four Jacks only (Ramsch: take the fewest card points)"
    names = {"clubs": 0, "diamonds": 1, "hearts": 2, "spades": 3}
    if kind in names:
        return f"the four Jacks, then {SUIT_SYMBOLS[names[kind]]}"
    return kind


def _button_order(button: dict[str, str]) -> tuple[int, int]:
    group = button["group"]
    if group.startswith("Hand game"):
        kind = next((i for i, k in enumerate(KIND_ORDER) if KIND_NAMES[k] in group), 9)
        return (2, kind)
    if group == "Declare":
        kind = next((i for i, k in enumerate(KIND_ORDER) if button["label"].startswith(
            KIND_NAMES[k])), 9)
        return (3, kind)
    return ({"Bid": 0, "Skat": 1}.get(group, 4), 0)
