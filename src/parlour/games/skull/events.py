"""Skull events, with who may see each one.

A round produces `RoundStarted`, then `DiscPlaced` for every disc (twice: the placer's copy
names the disc, everyone else's has ``disc=None``), `BidMade` and `Passed`, `ChallengeStarted`,
one `DiscRevealed` per turned disc, `ChallengeResult`, and after a failure `DiscLost` (again
two copies: the disc is named only for the challenger and the skull's owner) and perhaps
`PlayerEliminated` and `StarterChosen`. The game ends with the core `GameOver`.
"""

from __future__ import annotations

from dataclasses import dataclass

from parlour.core import Event
from parlour.games.skull.actions import DISC_NAMES


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundStarted(Event):
    """Round `round` (from 0) begins with `starter`; `players` are the seats still in (public)."""

    round: int
    starter: int
    players: tuple[int, ...]

    def describe(self) -> str:
        return f"round {self.round + 1} begins; seat {self.starter} starts"


@dataclass(frozen=True, slots=True, kw_only=True)
class DiscPlaced(Event):
    """`seat` placed a disc face down; `stack` is the new stack height. `disc` (ROSE or SKULL)
    is set only in the copy the placer sees; the copy for the others has None."""

    seat: int
    stack: int
    disc: int | None = None

    def describe(self) -> str:
        what = "a disc" if self.disc is None else f"a {DISC_NAMES[self.disc]}"
        return f"seat {self.seat} places {what} (stack of {self.stack})"


@dataclass(frozen=True, slots=True, kw_only=True)
class BidMade(Event):
    """`seat` opened or raised the bidding to `count` roses (public)."""

    seat: int
    count: int
    opening: bool

    def describe(self) -> str:
        verb = "opens the bidding at" if self.opening else "raises to"
        return f"seat {self.seat} {verb} {self.count}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Passed(Event):
    """`seat` passed and is out of this round's bidding (public)."""

    seat: int

    def describe(self) -> str:
        return f"seat {self.seat} passes"


@dataclass(frozen=True, slots=True, kw_only=True)
class ChallengeStarted(Event):
    """`challenger` must turn `bid` roses, starting with their own stack (public)."""

    challenger: int
    bid: int

    def describe(self) -> str:
        return f"seat {self.challenger} must turn {self.bid} rose(s)"


@dataclass(frozen=True, slots=True, kw_only=True)
class DiscRevealed(Event):
    """`challenger` turned the top disc of `seat`'s stack: `disc`; `roses` so far (public)."""

    challenger: int
    seat: int
    disc: int
    roses: int

    def describe(self) -> str:
        whose = "their own" if self.seat == self.challenger else f"seat {self.seat}'s"
        return f"seat {self.challenger} turns {whose} disc: {DISC_NAMES[self.disc]}"


@dataclass(frozen=True, slots=True, kw_only=True)
class ChallengeResult(Event):
    """The challenge ended: `success`, or failure on `skull_owner`'s skull (public)."""

    challenger: int
    bid: int
    success: bool
    skull_owner: int | None
    flowers: int

    def describe(self) -> str:
        if self.success:
            return f"seat {self.challenger} turns {self.bid} rose(s) and wins the challenge"
        whose = "their own" if self.skull_owner == self.challenger else f"seat {self.skull_owner}'s"
        return f"seat {self.challenger} finds {whose} skull and fails"


@dataclass(frozen=True, slots=True, kw_only=True)
class DiscLost(Event):
    """`seat` lost a disc for good, `discs` left. `disc` is named only in the copy seen by the
    loser and the skull's owner; the others' copy has None. `chosen` is True when the loser
    picked it (own skull), False when the skull's owner drew it at random."""

    seat: int
    discs: int
    chosen: bool
    disc: int | None = None

    def describe(self) -> str:
        what = "a disc" if self.disc is None else f"a {DISC_NAMES[self.disc]}"
        how = "discards" if self.chosen else "loses"
        return f"seat {self.seat} {how} {what} ({self.discs} left)"


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerEliminated(Event):
    """`seat` has no disc left and is out of the game (public)."""

    seat: int

    def describe(self) -> str:
        return f"seat {self.seat} is out of the game"


@dataclass(frozen=True, slots=True, kw_only=True)
class StarterChosen(Event):
    """`chooser` (an eliminated challenger) chose `seat` to start the next round (public)."""

    chooser: int
    seat: int

    def describe(self) -> str:
        return f"seat {self.chooser} chooses seat {self.seat} to start"
