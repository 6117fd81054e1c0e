"""Skull on the page: every mat's stack of discs, what is face up, your own discs."""

from __future__ import annotations

from typing import Any

from parlour.core import Action
from parlour.games.skull import SkullObservation
from parlour.web.views.base import Context, TableView

DISCS = ("rose", "skull")
PHASES = {
    "place_first": "everyone places a first disc",
    "turn": "place a disc or open the bidding",
    "bid": "bidding",
    "reveal": "the challenge",
    "discard": "a disc is lost",
    "choose_starter": "choosing who starts",
    "over": "over",
}


class SkullView(TableView):
    """Skull: the mats around the table; the discs in your hand below."""

    layout = "skull"
    spectators = False  # not yet checked for what a spectator must not see
    entry_hint = "rose, skull, bid 3, pass, reveal 2"
    hints = (
        "Click a disc in your hand to place it; bid with the buttons; during a challenge,",
        "click a stack to turn its top disc. Typing works too: rose, skull, bid 3, pass,",
        "reveal 2, discard rose, start 1.",
    )

    def button(self, action: Action) -> dict[str, str]:
        text = str(action)
        word, _, rest = text.partition(" ")
        if word == "bid":
            return {"label": rest, "action": text, "group": "Bid"}
        if word == "pass":
            return {"label": "Pass", "action": text, "group": "Bid"}
        if word == "place":
            return {"label": f"Place a {rest}", "action": text, "group": "Place"}
        if word == "reveal":
            return {"label": f"Turn seat {rest}'s disc", "action": text, "group": "Turn"}
        if word == "discard":
            return {"label": f"Lose a {rest}", "action": text, "group": "Discard"}
        if word == "start":
            return {"label": f"Seat {rest} starts", "action": text, "group": "Next round"}
        return {"label": text, "action": text, "group": ""}

    def prompt(self, ctx: Context) -> str:
        phase = str(getattr(ctx.obs, "phase", ""))
        return {
            "place_first": "Your turn: place your first disc (click it below).",
            "turn": "Your turn: place another disc, or open the bidding.",
            "bid": "Your turn: raise the bid, or pass.",
            "reveal": "Your challenge: click a stack to turn its top disc.",
            "discard": "Your own skull stopped you: choose the disc you lose.",
            "choose_starter": "Choose who starts the next round.",
        }.get(phase, super().prompt(ctx))

    def build(self, ctx: Context) -> dict[str, Any]:
        view = self.base(ctx)
        obs = ctx.obs
        if not isinstance(obs, SkullObservation):
            return super().build(ctx)
        you = ctx.you
        phase = PHASES.get(obs.phase, obs.phase)
        high = ""
        if obs.high_bid and obs.challenger is not None:
            high = f" · high bid {obs.high_bid} by {self.label(obs.challenger, you).lower()}"
        view["headline"] = f"Round {obs.round + 1} · {phase}{high}"
        last_bid: dict[int, int | None] = dict(obs.bids)
        stacks = []
        for seat, entry in enumerate(view["seats"]):
            stats = [f"{obs.discs[seat]} disc{'s' if obs.discs[seat] != 1 else ''}"
                     if obs.discs[seat] else "out of the game"]
            if obs.flowers[seat]:
                stats.append(f"{obs.flowers[seat]} challenge{'s' if obs.flowers[seat] > 1 else ''}"
                             " won")
            if obs.passed[seat]:
                stats.append("passed")
            elif last_bid.get(seat):
                stats.append(f"bid {last_bid[seat]}")
            entry["stats"] = stats
            if seat == obs.challenger:
                entry["badges"].append("challenger" if obs.phase in ("reveal", "discard")
                                       else "high bid")
            if seat == obs.starter:
                entry["badges"].append("starts")
            if obs.winner == seat:
                entry["badges"].append("winner")
            own = None
            if ctx.replay:
                seen = ctx.observations[seat]
                assert isinstance(seen, SkullObservation)
                own = seen.my_stack
            elif seat == you:
                own = obs.my_stack
            stacks.append(self.stack(obs, seat, own))
        legal = {str(a) for a in obs.legal_actions} if view["your_turn"] else set()
        for stack in stacks:
            stack["action"] = f"reveal {stack['seat']}" if f"reveal {stack['seat']}" in legal \
                else None
        hand = None
        if you is not None:
            roses = obs.my_roses - sum(1 for d in obs.my_stack if d == 0)
            skulls = obs.my_skulls - sum(1 for d in obs.my_stack if d == 1)
            hand = ([{"disc": "rose", "action": "place rose" if "place rose" in legal else None}]
                    * roses
                    + [{"disc": "skull", "action": "place skull" if "place skull" in legal
                        else None}] * skulls)
        elif ctx.replay:
            for seat, seen in enumerate(ctx.observations):
                assert isinstance(seen, SkullObservation)
                roses = seen.my_roses - sum(1 for d in seen.my_stack if d == 0)
                skulls = seen.my_skulls - sum(1 for d in seen.my_stack if d == 1)
                stacks[seat]["in_hand"] = ["rose"] * roses + ["skull"] * skulls
        view["skull"] = {"stacks": stacks, "hand": hand, "high_bid": obs.high_bid,
                         "challenger": obs.challenger,
                         "on_mats": sum(obs.stack_sizes),
                         "roses_turned": sum(1 for _, d in obs.revealed if d == 0)}
        if obs.phase in ("reveal", "discard") and obs.challenger is not None:
            view["info"].append(["Challenge", f"{self.label(obs.challenger, you)} must turn "
                                 f"{obs.high_bid} rose(s); "
                                 f"{view['skull']['roses_turned']} turned so far"])
        view["info"].append(["Discs on the mats", str(sum(obs.stack_sizes))])
        self.add_buttons(view, ctx)
        view["buttons"] = [b for b in view["buttons"] if b["group"] not in ("Place", "Turn")]
        view["scores"] = self.rounds(obs, you)
        return view

    def stack(self, obs: SkullObservation, seat: int, own: tuple[int, ...] | None
              ) -> dict[str, Any]:
        """One mat: its discs bottom to top, each known or not and face up or down."""
        size = obs.stack_sizes[seat]
        discs: list[dict[str, Any]] = [{"disc": None, "up": False} for _ in range(size)]
        if own is not None:
            for i, disc in enumerate(own[:size]):
                discs[i] = {"disc": DISCS[disc], "up": False}
        shown = [disc for s, disc in obs.revealed if s == seat]
        for depth, disc in enumerate(shown):
            index = size - 1 - depth
            if 0 <= index < size:
                discs[index] = {"disc": DISCS[disc], "up": True}
        return {"seat": seat, "discs": discs, "flowers": obs.flowers[seat],
                "out": not obs.discs[seat], "in_hand": None, "action": None}

    def rounds(self, obs: SkullObservation, you: int | None) -> dict[str, Any]:
        rows = []
        for result in obs.rounds:
            if result.success:
                outcome = "won the challenge"
            else:
                owner = ("own" if result.skull_owner == result.challenger else
                         f"{self.label(result.skull_owner, you).lower()}'s"
                         if result.skull_owner is not None else "a")
                lost = f", lost a {DISCS[result.lost]}" if result.lost is not None else ""
                outcome = f"hit {owner} skull{lost}"
                if result.eliminated:
                    outcome += " and is out"
            rows.append([str(result.round + 1), self.label(result.challenger, you),
                         str(result.bid), outcome])
        return {"head": ["Round", "Challenger", "Bid", "Result"], "rows": rows}
