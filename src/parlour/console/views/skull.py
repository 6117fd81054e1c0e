"""The Skull seat view: every seat's discs and stack, the bidding, your own discs."""

from __future__ import annotations

import re

from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from parlour.console.views import SeatView
from parlour.console.views.cards import dim
from parlour.core import Action, NotationError, Observation
from parlour.games.skull.actions import Bid

_BID = re.compile(r"\s*(?:bid\s+)?(\d+)\s*$", re.IGNORECASE)

DISC_TEXT = (("rose", "bold green"), ("skull", "bold red"))
"""Name and style of each disc (ROSE 0, SKULL 1)."""


def disc_text(disc: int) -> Text:
    name, style = DISC_TEXT[disc]
    return Text(name, style=style)
PHASES = {
    "place_first": "everyone places a first disc",
    "turn": "place a disc or open the bidding",
    "bid": "bidding",
    "reveal": "the challenge: turning discs",
    "discard": "a disc is lost",
    "choose_starter": "choosing who starts",
    "over": "over",
}


class SkullView(SeatView):
    """Skull from one seat: the table of stacks, what is face up, and your own discs."""

    by_position = True
    hints = (
        "Moves: place rose, place skull (or rose, skull); bid 3 (or 3); pass; "
        "reveal 2 (turn the top disc of seat 2's stack); discard rose; start 1.",
    )

    def show(self, observation: Observation) -> None:
        obs: object = observation
        print_ = self.console.print
        phase = str(getattr(obs, "phase", ""))
        round_ = getattr(obs, "round", 0) + 1
        print_(Rule(f"Round {round_} · {PHASES.get(phase, phase)}", style="cyan"))
        discs = getattr(obs, "discs", ())
        stacks = getattr(obs, "stack_sizes", ())
        turned = getattr(obs, "turned", ())
        flowers = getattr(obs, "flowers", ())
        passed = getattr(obs, "passed", ())
        last_bid: dict[int, int | None] = dict(getattr(obs, "bids", ()))
        table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
        for column in ("  seat", "discs", "stack", "face up", "wins", "bid"):
            table.add_column(column, justify="left" if column == "  seat" else "right",
                             style="dim" if column == "  seat" else "")
        for seat in range(len(discs)):
            bid = "pass" if passed[seat] else (str(last_bid[seat]) if last_bid.get(seat)
                                               else "")
            table.add_row(f"  {self.name(seat)}", str(discs[seat]) if discs[seat] else "out",
                          str(stacks[seat]), str(turned[seat] or ""), str(flowers[seat] or ""),
                          bid, style="bold" if seat == self.seat else "")
        print_(table)
        high = getattr(obs, "high_bid", 0)
        challenger = getattr(obs, "challenger", None)
        if high and isinstance(challenger, int):
            print_(Text(f"  high bid {high} by {self.name(challenger)}"))
        revealed = getattr(obs, "revealed", ())
        if revealed:
            line = dim("  turned   ")
            for seat, disc in revealed:
                line += Text(f"{self.name(seat)} ") + disc_text(disc) + Text("  ")
            print_(line)
        mine = dim("  your discs  ")
        mine += Text(f"{getattr(obs, 'my_roses', 0)} rose(s), {getattr(obs, 'my_skulls', 0)} "
                     "skull(s)")
        stack = getattr(obs, "my_stack", ())
        if stack:
            mine += dim(" · your stack, bottom to top: ")
            for i, disc in enumerate(stack):
                mine += Text(" " if i else "") + disc_text(disc)
        print_(mine)

    def read(self, text: str, observation: Observation) -> list[Action]:
        """The game's notation; a bid out of range names the bids legal now."""
        try:
            return super().read(text, observation)
        except NotationError:
            match = _BID.fullmatch(text)
            bids = legal_bids(observation)
            if match is None or not bids:
                raise
            raise NotationError(f"cannot bid {int(match.group(1))}: "
                                f"{bid_range(bids)}") from None

    def refusal(self, action: Action, observation: Observation) -> str | None:
        bids = legal_bids(observation)
        if isinstance(action, Bid) and action not in observation.legal_actions and bids:
            return bid_range(bids)
        return super().refusal(action, observation)

    def prompt(self, observation: Observation) -> str:
        phase = str(getattr(observation, "phase", ""))
        return {"place_first": "place> ", "bid": "bid> ", "reveal": "reveal> ",
                "discard": "discard> ", "choose_starter": "start> "}.get(phase, "move> ")


def legal_bids(observation: Observation) -> list[int]:
    """The bids legal now, lowest first (none when bidding is not open to this seat)."""
    return sorted(action.count for action in observation.legal_actions
                  if isinstance(action, Bid))


def bid_range(bids: list[int]) -> str:
    """``the legal bids now are 1 to 3`` (or ``the only legal bid now is 3``)."""
    if len(bids) == 1:
        return f"the only legal bid now is {bids[0]}"
    return f"the legal bids now are {bids[0]} to {bids[-1]}"
