"""Territory events: all public (the game has perfect information)."""

from __future__ import annotations

from dataclasses import dataclass

from parlour.core import Event, GameOver, by_seat


def who(owner: int, seat: int | None) -> str:
    """``seat 0`` for a player's owner, ``zombie 17`` for a zombie."""
    return f"seat {seat}" if seat is not None else f"zombie {owner}"


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardSetUp(Event):
    """The starting board: `owners` and `numbers` as rows, the fixed turn `order` of owners."""

    size: int
    players: int
    owners: tuple[tuple[int, ...], ...]
    numbers: tuple[tuple[int, ...], ...]
    order: tuple[int, ...]

    def describe(self) -> str:
        seats = "no seats" if not self.players else (
            "seat 0 is owner 0" if self.players == 1 else
            f"seats 0-{self.players - 1} are owners 0-{self.players - 1}")
        return (f"a {self.size}x{self.size} torus with {len(self.order)} owners; {seats}, "
                f"the rest are zombies")


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundStarted(Event):
    """Round number `round` (from 0) begins."""

    round: int

    def describe(self) -> str:
        return f"round {self.round + 1} begins"


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnPlayed(Event):
    """`owner` moved `moves` ((row, col, direction, count) each) and took squares `taken`.

    `changes` lists every square the turn touched, after it, as (row, col, owner, count):
    applying them to the board before the turn gives the board after it.
    """

    round: int
    owner: int
    seat: int | None
    moves: tuple[tuple[int, int, str, int], ...]
    taken: tuple[tuple[int, int], ...]
    changes: tuple[tuple[int, int, int, int], ...]

    def describe(self) -> str:
        moved = "; ".join(f"{r},{c} {d} {n}" for r, c, d, n in self.moves) or "nothing"
        text = f"round {self.round + 1}: {who(self.owner, self.seat)} moves {moved}"
        if self.taken:
            text += " and takes " + " ".join(f"{r},{c}" for r, c in self.taken)
        return text


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnForfeited(Event):
    """`owner`'s turn was forfeited whole (nothing moved) because of `reason`."""

    round: int
    owner: int
    seat: int | None
    reason: str

    def describe(self) -> str:
        return (f"round {self.round + 1}: {who(self.owner, self.seat)} forfeits the turn: "
                f"{self.reason}")


@dataclass(frozen=True, slots=True, kw_only=True)
class TerritoryGameOver(GameOver):
    """The game ended: `winning_owners` (zombies included) hold `top` squares each."""

    rounds_played: int
    winning_owners: tuple[int, ...]
    top: int
    reason: str

    def describe(self) -> str:
        names = ", ".join(f"owner {o}" + (f" (seat {o})" if o in self.winners else " (zombie)")
                          for o in self.winning_owners)
        verb = "wins" if len(self.winning_owners) == 1 else "tie and win"
        return (f"game over after {self.rounds_played} round(s), {self.reason}: {names} {verb} "
                f"with {self.top} squares; seats hold {by_seat(self.scores)}")
