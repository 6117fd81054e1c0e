"""Skull actions, all interned.

``place rose`` / ``place skull`` (a disc face down on your own mat), ``bid 3`` (open or raise),
``pass``, ``reveal 2`` (turn seat 2's top disc), ``discard rose`` / ``discard skull`` (the disc a
challenger gives up after turning their own skull), ``start 2`` (an eliminated challenger picks
the next round's first player).

Integer ids: place rose 0, place skull 1, pass 2, discard rose 3, discard skull 4,
reveal seat s 5+s, start seat s 11+s, bid n 16+n (n from 1 to 24).
"""

from __future__ import annotations

from typing import Any

from parlour.core import IdAction

DISC_NAMES = ("rose", "skull")


class Disc(int):
    """A disc: `ROSE` (0) or `SKULL` (1), an int that prints and serialises as its name."""

    __slots__ = ()

    def __str__(self) -> str:
        return DISC_NAMES[self]

    def __repr__(self) -> str:
        return DISC_NAMES[self].upper()

    def to_json(self) -> str:
        return DISC_NAMES[self]


ROSE, SKULL = Disc(0), Disc(1)
DISCS = (ROSE, SKULL)
MAX_PLAYERS = 6
DISCS_EACH = 4
MAX_BID = MAX_PLAYERS * DISCS_EACH
REVEAL_OFFSET = 5
START_OFFSET = REVEAL_OFFSET + MAX_PLAYERS
BID_OFFSET = START_OFFSET + MAX_PLAYERS - 1
NUM_ACTIONS = BID_OFFSET + MAX_BID + 1


class SkullAction(IdAction):
    """Base of the Skull actions: immutable, compared and hashed by integer id."""

    __slots__ = ()

    def __init__(self, action_id: int) -> None:
        object.__setattr__(self, "_id", action_id)

    def __reduce__(self) -> tuple[Any, ...]:
        return (action_from_id, (self._id,))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self}>"


class Place(SkullAction):
    """Place a `disc` (ROSE or SKULL) face down on your own stack."""

    __slots__ = ("disc",)
    disc: Disc

    def __init__(self, disc: int) -> None:
        super().__init__(disc)
        object.__setattr__(self, "disc", DISCS[disc])

    def __str__(self) -> str:
        return f"place {DISC_NAMES[self.disc]}"


class Bid(SkullAction):
    """Open the bidding, or raise, to `count` roses."""

    __slots__ = ("count",)
    count: int

    def __init__(self, count: int) -> None:
        super().__init__(BID_OFFSET + count)
        object.__setattr__(self, "count", count)

    def __str__(self) -> str:
        return f"bid {self.count}"


class Pass(SkullAction):
    """Drop out of this round's bidding."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(2)

    def __str__(self) -> str:
        return "pass"


class Reveal(SkullAction):
    """Turn over the top unturned disc of `seat`'s stack (the challenger, after their own)."""

    __slots__ = ("seat",)
    seat: int

    def __init__(self, seat: int) -> None:
        super().__init__(REVEAL_OFFSET + seat)
        object.__setattr__(self, "seat", seat)

    def __str__(self) -> str:
        return f"reveal {self.seat}"


class Discard(SkullAction):
    """Give up a `disc` for good, after turning your own skull as challenger."""

    __slots__ = ("disc",)
    disc: Disc

    def __init__(self, disc: int) -> None:
        super().__init__(3 + disc)
        object.__setattr__(self, "disc", DISCS[disc])

    def __str__(self) -> str:
        return f"discard {DISC_NAMES[self.disc]}"


class Start(SkullAction):
    """Choose `seat` to start the next round (an eliminated challenger's choice)."""

    __slots__ = ("seat",)
    seat: int

    def __init__(self, seat: int) -> None:
        super().__init__(START_OFFSET + seat)
        object.__setattr__(self, "seat", seat)

    def __str__(self) -> str:
        return f"start {self.seat}"


PLACE: tuple[Place, Place] = (Place(ROSE), Place(SKULL))
DISCARD: tuple[Discard, Discard] = (Discard(ROSE), Discard(SKULL))
PASS = Pass()
REVEAL: tuple[Reveal, ...] = tuple(Reveal(s) for s in range(MAX_PLAYERS))
START: tuple[Start, ...] = tuple(Start(s) for s in range(MAX_PLAYERS))
BID: tuple[Bid, ...] = tuple(Bid(n) for n in range(MAX_BID + 1))
"""`BID[n]` bids n; `BID[0]` exists only to make the indexing direct and is never legal."""

BY_ID: tuple[SkullAction, ...] = (
    PLACE[ROSE], PLACE[SKULL], PASS, DISCARD[ROSE], DISCARD[SKULL], *REVEAL, *START, *BID[1:],
)
assert all(a.id == i for i, a in enumerate(BY_ID))


def action_from_id(action_id: int) -> SkullAction:
    """The interned action with integer id `action_id`."""
    return BY_ID[action_id]
