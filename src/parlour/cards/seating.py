"""Who plays a hand of a trick game, in which order, and who plays with whom.

`Seating`: 3 to 6 seats round the table clockwise, some of which may sit a hand out (four-hand
Skat's dealer, Euchre's lone maker's partner); play goes clockwise over the seats that play,
and a trick is full when each of them has played once.

`Teams`: each seat's side, and how much of it the table knows:

- ``fixed``: known from the start (Spades' and Bridge's partners);
- ``in_play``: made during the deal, public once made (Schafkopf's call of an ace: the caller's
  partner is the holder of the ace, known when it is played; `reveal` each seat as it shows);
- ``hidden``: set by the cards, known to each seat of its own side only until shown
  (Doppelkopf's Re, the holders of the queens of clubs).

The state holds the true sides; an observation shows a seat its own side and the `revealed`
ones (`known_to`).

>>> seats = Seating(4, sitting_out=0b0100)
>>> seats.active, seats.next_seat(1), seats.trick_size
((0, 1, 3), 3, 3)
>>> teams = Teams.hidden((0, 1, 0, 1)).reveal(2)
>>> teams.known_to(0)
(0, None, 0, None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from parlour.core.errors import ParlourError

MIN_SEATS, MAX_SEATS = 3, 6
"""The seats a trick table holds (the compiled play is laid out for up to `MAX_SEATS`)."""

Knowledge = Literal["fixed", "in_play", "hidden"]


class SeatingError(ParlourError, ValueError):
    """A table or sides that cannot be (named by the offending count or seat)."""


@dataclass(frozen=True)
class Seating:
    """`players` seats clockwise; the seats in the `sitting_out` mask sit this hand out."""

    players: int
    sitting_out: int = 0

    def __post_init__(self) -> None:
        if not MIN_SEATS <= self.players <= MAX_SEATS:
            raise SeatingError(f"a trick table has {MIN_SEATS} to {MAX_SEATS} seats, "
                               f"not {self.players}")
        if self.sitting_out >> self.players or self.sitting_out < 0:
            raise SeatingError(f"sitting_out {self.sitting_out:#b} names a seat beyond the "
                               f"{self.players} seats")
        if len(self.active) < 2:
            raise SeatingError("at least two seats must play a hand")

    @property
    def active(self) -> tuple[int, ...]:
        """The seats that play this hand, clockwise from seat 0."""
        return tuple(s for s in range(self.players) if not self.sitting_out >> s & 1)

    @property
    def trick_size(self) -> int:
        """The cards in a full trick: one per seat that plays."""
        return self.players - self.sitting_out.bit_count()

    def plays(self, seat: int) -> bool:
        """True if `seat` plays this hand."""
        return not self.sitting_out >> seat & 1

    def next_seat(self, seat: int) -> int:
        """The next seat clockwise after `seat` that plays this hand."""
        following = (seat + 1) % self.players
        while self.sitting_out >> following & 1:
            following = (following + 1) % self.players
        return following

    def seat_at(self, leader: int, index: int) -> int:
        """The seat that plays card `index` (0: the lead) of a trick led by `leader`."""
        seat = leader
        for _ in range(index):
            seat = self.next_seat(seat)
        return seat

    def has_played(self, seat: int, leader: int, trick_length: int) -> bool:
        """True if `seat` played to a trick of `trick_length` cards led by `leader`."""
        return any(self.seat_at(leader, i) == seat for i in range(trick_length))


@dataclass(frozen=True)
class Teams:
    """Each seat's side (`side[seat]`), how the table learns them, and the seats shown."""

    side: tuple[int, ...]
    knowledge: Knowledge = "fixed"
    revealed: int = 0
    """The seats whose side every seat knows (all of them when `knowledge` is ``fixed``)."""

    def __post_init__(self) -> None:
        if self.knowledge not in ("fixed", "in_play", "hidden"):
            raise SeatingError(f"teams' knowledge is fixed, in_play or hidden, not "
                               f"{self.knowledge!r}")
        if self.knowledge == "fixed":
            object.__setattr__(self, "revealed", (1 << len(self.side)) - 1)

    @classmethod
    def fixed(cls, side: tuple[int, ...]) -> Teams:
        """Sides known from the start: ``Teams.fixed((0, 1, 0, 1))`` for two partnerships."""
        return cls(side)

    @classmethod
    def alone(cls, players: int) -> Teams:
        """Every seat on its own side (Hearts, Oh Hell)."""
        return cls(tuple(range(players)))

    @classmethod
    def in_play(cls, side: tuple[int, ...], revealed: int = 0) -> Teams:
        """Sides made in the deal and shown as play reveals them (`reveal`)."""
        return cls(side, "in_play", revealed)

    @classmethod
    def hidden(cls, side: tuple[int, ...], revealed: int = 0) -> Teams:
        """Sides set by the cards, each seat knowing only its own until shown (`reveal`)."""
        return cls(side, "hidden", revealed)

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats on `seat`'s side."""
        return tuple(s for s, side in enumerate(self.side) if side == self.side[seat]
                     and s != seat)

    def reveal(self, seat: int) -> Teams:
        """These sides with `seat`'s shown to the table."""
        if not 0 <= seat < len(self.side):
            raise SeatingError(f"seat {seat} is not one of the {len(self.side)} seats")
        return Teams(self.side, self.knowledge, self.revealed | 1 << seat)

    def known_to(self, seat: int) -> tuple[int | None, ...]:
        """The sides as `seat` knows them: None where it does not know (a hidden side not
        yet shown; under ``hidden``, a seat knows its own side only, not who shares it)."""
        return tuple(side if s == seat or self.revealed >> s & 1 else None
                     for s, side in enumerate(self.side))
