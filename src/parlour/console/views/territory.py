"""The Territory seat view: the board with your squares marked, and only the seats' turns."""

from __future__ import annotations

from typing import Any

from rich.rule import Rule
from rich.text import Text

from parlour.console.territory import seat_mark
from parlour.console.views import SeatView
from parlour.console.views.cards import dim
from parlour.core import Action, Event, GameOver, Observation
from parlour.games.territory.actions import Forfeit, Turn
from parlour.games.territory.board import turn_error

MOST_LISTED = 8
"""Your squares are listed one by one up to this many."""

SEAT_STYLES = ("bold green", "bold blue", "bold magenta", "bold yellow", "bold cyan",
               "bold red")


class TerritoryView(SeatView):
    """The torus as a grid of piece counts: yours green, other seats in colour, zombies dim.

    Zombies' turns are not listed one by one (there are hundreds a round); the board shows
    what they did.
    """

    verb = "move"
    hints = (
        "A turn: 3,4 n 2 moves 2 pieces from row 3, column 4 north (n s e w); join moves with "
        "';' (3,4 n 2; 3,4 e 1); leave the count out to move them all; stay does nothing.",
    )

    def show(self, observation: Observation) -> None:
        obs: Any = observation
        owners, numbers = obs.owners, obs.numbers
        size = int(owners.shape[0])
        mine = owners == obs.owner
        print_ = self.console.print
        print_(Rule(f"Round {obs.round + 1} of {obs.num_rounds} · you are owner {obs.owner}",
                    style="cyan"))
        header = dim("     ")
        for col in range(size):
            header.append(f"{col:>3} ", style="dim")
        print_(header)
        for row in range(size):
            line = dim(f"  {row:>2} ")
            for col in range(size):
                owner = int(owners[row, col])
                count = f"{int(numbers[row, col]):>3}"
                if owner == obs.owner:
                    line.append(count + "*", style="bold green reverse")
                elif owner < obs.num_players:
                    line.append(count + seat_mark(owner),
                                style=SEAT_STYLES[owner % len(SEAT_STYLES)])
                else:
                    line.append(count + " ", style="dim")
            print_(line)
        others = ", ".join(f"{seat_mark(s)} seat {s}" for s in range(obs.num_players)
                           if s != obs.owner)
        print_(dim(f"  * yours{'; ' + others if others else ''}; unmarked: zombies"))
        print_(Text("  " + holdings(mine, numbers), style="bold"))

    def event(self, event: Event) -> None:
        if isinstance(event, GameOver):
            self.console.print(Text("  ") + Text(self.personal(event.describe())))
            return
        kind = type(event).__name__
        if kind == "RoundStarted":
            self.console.print(Rule(event.describe(), style="dim"))
        elif kind in ("TurnPlayed", "TurnForfeited") and getattr(event, "seat", None) is None:
            return  # a zombie
        else:
            self.console.print(Text("  ") + Text(self.personal(event.describe())))

    def prompt(self, observation: Observation) -> str:
        return "your turn> "

    def refusal(self, action: Action, observation: Observation) -> str | None:
        """Any valid turn may be played, not only the menu of legal actions (which lists
        ``stay`` and whole or single-piece moves); a turn that would be forfeited is refused
        with the reason, so a typo does not cost the turn."""
        if isinstance(action, Forfeit):
            return None
        if not isinstance(action, Turn):
            return super().refusal(action, observation)
        obs: Any = observation
        error = turn_error(action, obs.owner, obs.owners, obs.numbers)
        return None if error is None else f"it would be forfeited: {error}"


def holdings(mine: Any, numbers: Any) -> str:
    """``you hold 2 squares with 9 pieces: 3,4 (8), 5,1 (1)`` (row,column (pieces)); the
    squares are listed up to `MOST_LISTED`."""
    squares, pieces = int(mine.sum()), int(numbers[mine].sum())
    text = (f"you hold {squares} square{'s' if squares != 1 else ''} with {pieces} "
            f"piece{'s' if pieces != 1 else ''}")
    if 0 < squares <= MOST_LISTED:
        text += ": " + ", ".join(f"{row},{col} ({int(numbers[row, col])})"
                                 for row, col in zip(*mine.nonzero(), strict=True))
    return text
