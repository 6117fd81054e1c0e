"""The Spades seat view: partnerships, bids and tricks won, the trick, the hand."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from parlour.console.views.tricks import TrickTakingView
from parlour.core import Observation


class SpadesView(TrickTakingView):
    """Spades from one seat: your partner sits across."""

    positions = ("you", "left", "partner", "right")
    hints = (
        "Bid a number of tricks (4 or bid 4), nil, or blind nil when it is offered.",
        "Play a card: Q♠, qs or Qs; a bare rank will do when only one card fits.",
    )

    def title(self, observation: Observation) -> str:
        obs = observation
        phase = {"blind": "blind nil?", "bid": "bidding", "play": "play"}.get(
            getattr(obs, "phase", ""), getattr(obs, "phase", ""))
        broken = " · spades broken" if getattr(obs, "spades_broken", False) else ""
        tricks = getattr(obs, "tricks", ())
        trick = f" · trick {len(tricks) + 1} of 13" if phase == "play" else ""
        return f"Hand {getattr(obs, 'deal', 0) + 1} · {phase}{trick}{broken}"

    def summary(self, observation: Observation) -> Sequence[RenderableType]:
        obs: object = observation
        bids = getattr(obs, "bids", ())
        blind = getattr(obs, "blind", ())
        won = getattr(obs, "tricks_won", ())
        scores = getattr(obs, "scores", (0, 0))
        bags = getattr(obs, "bags", (0, 0))
        table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
        for column in ("  seat", "bid", "won"):
            table.add_column(column, justify="left" if column == "  seat" else "right",
                             style="dim" if column == "  seat" else "")
        for offset in range(4):
            seat = (self.seat + offset) % 4
            bid = bids[seat] if seat < len(bids) else None
            text = "-" if bid is None else ("blind nil" if blind[seat] else "nil") if bid == 0 \
                else str(bid)
            table.add_row(f"  {self.label(seat)}", text, str(won[seat]),
                          style="bold" if seat == self.seat else "")
        ours, theirs = self.seat & 1, 1 - (self.seat & 1)
        line = Text(f"  you & partner {scores[ours]} ({bags[ours]} bags) · "
                    f"left & right {scores[theirs]} ({bags[theirs]} bags)")
        return (table, line)

    def prompt(self, observation: Observation) -> str:
        phase = getattr(observation, "phase", "")
        return {"blind": "blind nil or look> ", "bid": "bid> "}.get(phase, "play> ")
