"""Hearts on the page: passing, points this deal and in total, the score sheet."""

from __future__ import annotations

from typing import Any

from parlour.cards.tricks import trick_winner_no_trump
from parlour.core import Observation
from parlour.games.hearts import HeartsObservation
from parlour.web.views.base import Context
from parlour.web.views.tricks import Trick, TrickView

DIRECTIONS = {"left": 1, "across": 2, "right": 3, "none": 0}


class HeartsView(TrickView):
    """Hearts: avoid hearts and the Q♠; the lowest total wins."""

    entry_hint = "Q♠, qs, 10h; passing: qs ks as"
    spectators = True
    """A spectator sees the tricks, the card counts and the scores: no hand, no pass."""
    hints = (
        "Click a card, or type it: Q♠, qs or Qs; ten as T, 0 or 10.",
        "A bare rank will do when only one card fits (q).",
        "Passing: click three cards (click one again to take it back), then Pass these "
        "three; or type them at once (qs ks as).",
    )

    def hand_of(self, obs: Observation) -> int:
        """The hand without the cards chosen to pass (they are shown aside until passed)."""
        hand = int(getattr(obs, "hand", 0))
        if getattr(obs, "phase", "") == "pass":
            hand &= ~int(getattr(obs, "passed", 0))
        return hand

    # --- the pass: chosen on the page, changed freely, sent once confirmed -----------------------
    def hand_entries(self, ctx: Context) -> list[dict[str, Any]]:
        entries = super().hand_entries(ctx)
        choosing = self._passes_left(ctx) > 0
        for entry in entries:
            entry["select"] = choosing
        return entries

    def add_buttons(self, view: dict[str, Any], ctx: Context, skip_cards: bool = False) -> None:
        super().add_buttons(view, ctx, skip_cards)
        left = self._passes_left(ctx)
        if left and view["your_turn"]:
            view["select"] = {"count": left, "prefix": "pass ",
                              "label": f"Pass th{'ese' if left > 1 else 'is'} "
                                       f"{['', 'one', 'two', 'three'][left]}"}

    def _passes_left(self, ctx: Context) -> int:
        """Cards still to choose when this seat is to pass now, else 0."""
        obs = ctx.obs
        if (ctx.replay or not isinstance(obs, HeartsObservation) or obs.phase != "pass"
                or obs.current_player != ctx.you):
            return 0
        return 3 - int(obs.passed).bit_count()

    def finished_tricks(self, obs: Observation) -> list[Trick]:
        out: list[Trick] = []
        for leader, cards in getattr(obs, "tricks", ()):
            out.append((leader, cards, (leader + trick_winner_no_trump(cards)) % 4))
        return out

    def prompt(self, ctx: Context) -> str:
        obs = ctx.obs
        if not isinstance(obs, HeartsObservation):
            return super().prompt(ctx)
        if obs.phase == "pass":
            left = 3 - int(obs.passed).bit_count()
            return (f"Your turn: choose {left} card{'s' if left > 1 else ''} to pass "
                    f"{obs.pass_direction}, then confirm (click a chosen card to take it back).")
        if not obs.trick:
            return "Your lead: click a card."
        return "Your turn: follow suit if you can."

    def decorate(self, view: dict[str, Any], ctx: Context) -> None:
        obs = ctx.obs
        if not isinstance(obs, HeartsObservation):
            return
        you = ctx.you
        if obs.phase == "pass":
            view["headline"] = f"Deal {obs.deal + 1} · passing {obs.pass_direction}"
        else:
            broken = " · hearts broken" if obs.hearts_broken else ""
            trick = min(len(obs.tricks) + 1, 13)
            view["headline"] = f"Deal {obs.deal + 1} · trick {trick} of 13{broken}"
        for seat, entry in enumerate(view["seats"]):
            entry["stats"] = [f"{obs.points_taken[seat]} this deal", f"{obs.scores[seat]} total"]
        view["scores"] = self.score_sheet(obs, you)
        if ctx.replay:
            for seat, seen in enumerate(ctx.observations):
                assert isinstance(seen, HeartsObservation)
                if seen.phase == "pass" and seen.passed:
                    view["seats"][seat]["aside"] = {"label": "passing",
                                                    "cards": self.cards(int(seen.passed))}
        elif you is not None:  # a spectator sees no seat's passed or received cards
            if obs.phase == "pass" and obs.passed:
                receiver = (obs.seat + DIRECTIONS.get(obs.pass_direction, 0)) % 4
                view["extra"].append({"label": f"Passing to {self.label(receiver, you)}",
                                      "cards": self.cards(int(obs.passed))})
            elif obs.received and len(obs.tricks) < 1:
                view["extra"].append({"label": "You received",
                                      "cards": self.cards(int(obs.received))})
        view["info"].append(["Game ends at", f"{self.game.end_score} points; lowest wins"])  # type: ignore[attr-defined]

    def score_sheet(self, obs: HeartsObservation, you: int | None) -> dict[str, Any]:
        head = ["Deal", *(self.label(s, you) for s in range(4))]
        rows = [[str(d + 1), *(str(p) for p in points)]
                for d, points in enumerate(obs.deal_results)]
        rows.append(["Total", *(str(t) for t in obs.scores)])
        return {"head": head, "rows": rows}
