"""Territory on the page: the torus as a grid of owners and piece counts."""

from __future__ import annotations

import re
from typing import Any

from parlour.core import Action, Event, Observation
from parlour.games.territory import TerritoryObservation, Turn
from parlour.games.territory.board import turn_error
from parlour.web.views.base import Context, TableView


class TerritoryView(TableView):
    """The board: your squares, the other seats' in colour, zombies grey."""

    layout = "territory"
    spectators = False  # not yet checked for what a spectator must not see
    entry_hint = "3,4 n 2; 3,4 e 1 or stay"
    hints = (
        "Click one of your squares, pick a direction and how many pieces, and Add the move;",
        "add as many moves as you like, then Play the turn (or Stay). Typing works too:",
        "3,4 n 2; 3,4 e 1 (row,column direction count); leave the count out to move all.",
    )

    def label(self, seat: int, you: int | None) -> str:
        if you is not None and seat == you:
            return "You"
        return f"Seat {seat}"

    def personal(self, text: str, you: int | None) -> str:
        """Seats by number (a torus has no left or right): ``seat 0 (you)``."""
        if you is None:
            return super().personal(text, None)
        return re.sub(rf"\bseat {you}\b", f"seat {you} (you)", text)

    def prompt(self, ctx: Context) -> str:
        return "Your turn: plan your moves on the board, then play the turn."

    def build(self, ctx: Context) -> dict[str, Any]:
        view = self.base(ctx)
        obs = ctx.obs
        if not isinstance(obs, TerritoryObservation):
            return super().build(ctx)
        owners = obs.owners.tolist()
        numbers = obs.numbers.tolist()
        size = obs.size
        view["headline"] = f"Round {min(obs.round + 1, obs.num_rounds)} of {obs.num_rounds}"
        squares = [0] * obs.num_players
        pieces = [0] * obs.num_players
        for row in range(size):
            for col in range(size):
                owner = owners[row][col]
                if owner < obs.num_players:
                    squares[owner] += 1
                    pieces[owner] += numbers[row][col]
        for seat, entry in enumerate(view["seats"]):
            entry["stats"] = [f"{squares[seat]} squares", f"{pieces[seat]} pieces"]
        view["board"] = {
            "size": size, "owners": owners, "numbers": numbers, "players": obs.num_players,
            "you": ctx.you, "mover": obs.turn_order[obs.position]
            if 0 <= obs.position < len(obs.turn_order) and obs.current_player is not None
            else None,
        }
        view["info"].append(["Rounds left after this one", str(max(0, obs.rounds_left))])
        mine = [f for f in obs.forfeits if f[1] < obs.num_players]
        if mine:
            view["info"].append(["Forfeited turns", "; ".join(
                f"round {r + 1}: {self.label(o, ctx.you).lower()}: {why}"
                for r, o, why in mine[-5:])])
        view["scores"] = {"head": ["Seat", "Squares", "Pieces"],
                          "rows": [[self.label(s, ctx.you), str(squares[s]), str(pieces[s])]
                                   for s in range(obs.num_players)]}
        if view["your_turn"]:
            view["buttons"].append({"label": "Stay (move nothing)", "action": "stay",
                                    "group": ""})
        return view

    def refuse(self, action: Action, observation: Observation) -> str | None:
        """A turn the rules would forfeit (a square not yours, too many pieces) is sent back."""
        if not isinstance(action, Turn) or not isinstance(observation, TerritoryObservation):
            return None
        error = turn_error(action, observation.owner, observation.owners, observation.numbers)
        return None if error is None else f"that turn would be forfeited: {error}"

    def log_line(self, event: Event, you: int | None) -> dict[str, str] | None:
        kind = type(event).__name__
        if kind in ("TurnPlayed", "TurnForfeited") and getattr(event, "seat", None) is None:
            return None  # a zombie: the board shows what it did
        return super().log_line(event, you)
