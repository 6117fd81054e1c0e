"""Schafkopf on the page: the auction, the game and its side, points and totals."""

from __future__ import annotations

from typing import Any

from parlour.cards.card import CARD
from parlour.core import Action, Observation
from parlour.games.schafkopf.actions import KIND_TITLES, card_name
from parlour.games.schafkopf.observation import SchafkopfObservation
from parlour.games.schafkopf.tables import display_sorted
from parlour.web.views.base import Context
from parlour.web.views.tricks import TrickView

GROUPS = {"weiter": "", "spiel": "", "mit": "", "kontra": "", "re": ""}


class SchafkopfWebView(TrickView):
    """Schafkopf: the called Sau's partner shown once known; trumps sorted first."""

    hand_size = 8
    entry_hint = "weiter, spiel, sauspiel gras, EO, G10"
    hints = (
        "Eichel ♣, Gras ♠, Herz ♥, Schellen ♦; Ober shows as Q, Unter as J, Sau as A.",
        "Click a card, or type it: EO (Eichel-Ober), GU, HA, S10, or Q♣, Qc.",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.order = 2

    def sort_cards(self, mask: int) -> list[int]:
        """Trumps of the game being played first, high to low, then the plain suits."""
        return display_sorted(mask, self.order)

    def build(self, ctx: Context) -> dict[str, Any]:
        self.order = getattr(ctx.obs, "order", 2)
        return super().build(ctx)

    def prompt(self, ctx: Context) -> str:
        phase = getattr(ctx.obs, "phase", "")
        return {
            "auction": "Your turn: would you play (spiel) or pass (weiter)?",
            "raise": "Your turn: raise to a higher game, or weiter.",
            "answer": "Your turn: mit keeps the game (you play at least that high); "
                      "weiter gives it up.",
            "declare": "Your turn: name your game.",
            "kontra": "Your turn: Kontra doubles the game; or weiter.",
            "re": "Your turn: Re doubles again; or weiter.",
        }.get(phase, "Your lead: click a card." if not getattr(ctx.obs, "trick", ())
              else "Your turn: follow suit (trumps to a trump) if you can.")

    def button(self, action: Action) -> dict[str, str]:
        text = str(action)
        group = "" if text in GROUPS else "Raise" if text.startswith("raise") else "Game"
        kind = getattr(action, "kind", None)
        label = getattr(action, "title", None) or (
            f"Raise: {KIND_TITLES[kind]}" if kind is not None else text.capitalize())
        return {"label": str(label), "action": text, "group": group}

    def decorate(self, view: dict[str, Any], ctx: Context) -> None:
        obs = ctx.obs
        if not isinstance(obs, SchafkopfObservation):
            return
        game = obs.contract.title if obs.contract is not None else "auction"
        trick = f" · trick {min(len(obs.tricks) + 1, 8)} of 8" if obs.phase == "play" else ""
        view["headline"] = f"Deal {obs.deal + 1} of {getattr(self.game, 'deals', 4)} · " \
                           f"{game}{trick}"
        points = obs.points_taken()
        won = obs.tricks_won()
        for seat, entry in enumerate(view["seats"]):
            said = [w for p, w in obs.auction if p == seat]
            bidding = said and obs.phase not in ("play", "over")
            stats = [f"said {' · '.join(said)}"] if bidding else []
            if obs.phase in ("play", "over"):
                stats.append(f"{points[seat]} points · {won[seat]} tricks")
            entry["stats"] = stats
            badges = entry["badges"]
            if seat == obs.dealer:
                badges.append("dealer")
            if seat == obs.declarer:
                badges.append("declarer")
            if seat == obs.partner and seat != obs.declarer:
                badges.append("partner")
            if seat == obs.kontra:
                badges.append("Kontra")
            if seat == obs.re:
                badges.append("Re")
            if seat == obs.holder and obs.phase in ("raise", "answer", "declare"):
                badges.append(f"holds: {KIND_TITLES[obs.claim]}")
        called = obs.called_card
        if called is not None:
            view["extra"].append({"label": f"Called Sau ({card_name(called)})",
                                  "cards": [str(CARD[called])]})
        rows = [[str(r.deal + 1), r.contract.replace("Sauspiel auf die ", "Sauspiel ")
                 or "thrown in", *(f"{g:+d}" for g in r.points)] for r in obs.deal_results]
        rows.append(["Total", "", *(str(s) for s in obs.scores)])
        you = ctx.you
        names = [f"Seat {s}" if you is None else "You" if s == you
                 else self.position(s, you).capitalize() for s in range(4)]
        view["scores"] = {"head": ["Deal", "Game", *names], "rows": rows}
        if obs.deal_results:
            view["info"].append(["Last deal", obs.deal_results[-1].describe()])

    def finished_tricks(self, obs: Observation) -> list[tuple[int, Any, int | None]]:
        return [(t[0], t[1], t[2]) for t in getattr(obs, "tricks", ())]
