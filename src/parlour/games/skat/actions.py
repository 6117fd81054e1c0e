"""Skat's actions, all interned with integer ids, and the `Contract` a deal is played under.

Notation (what `str` gives and `Skat.parse_action` reads back): ``bid 18`` (or just ``18``),
``hold``, ``pass``, ``pickup``, ``bury J♣ 7♦``, ``declare hearts hand schneider``, and a card
(``J♣`` or ``Jc``) to play it. A Hand game is declared straight away instead of picking up.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from parlour.cards import CARDS_32, format_card, format_card_list, iter_cards
from parlour.core import Action
from parlour.games.skat.tables import (
    BASE_VALUES,
    BID_VALUES,
    GRAND,
    NULL,
    NULL_VALUES,
    SUIT_NAMES,
    skat_sorted,
)

KINDS: dict[str, int] = {
    "diamonds": 1, "hearts": 2, "spades": 3, "clubs": 0, "grand": GRAND, "null": NULL,
}
"""Game kinds by name, valued by their trump order (see `tables`)."""


@dataclass(frozen=True, slots=True)
class Contract:
    """What a deal is played as: a game kind and its announcements.

    `kind` is ``clubs``, ``spades``, ``hearts``, ``diamonds``, ``grand`` or ``null`` for ISkO
    games, or an extension's own name (``ramsch``) with the trump `order` it plays in.
    Schwarz announced implies Schneider announced; ouvert in a suit game or Grand implies both.
    """

    kind: str
    hand: bool = False
    schneider: bool = False
    schwarz: bool = False
    ouvert: bool = False
    order: int = field(default=-1, compare=False)

    def __post_init__(self) -> None:
        if self.order == -1:
            object.__setattr__(self, "order", KINDS[self.kind])

    @property
    def is_null(self) -> bool:
        return self.kind == "null"

    @property
    def base_value(self) -> int:
        """The base value (9..24), or Null's fixed value."""
        if self.is_null:
            return NULL_VALUES[self.hand, self.ouvert]
        return BASE_VALUES[self.order]

    @property
    def text(self) -> str:
        """The notation after ``declare``: ``hearts hand schneider``, ``null hand ouvert``."""
        words = [self.kind]
        if self.hand:
            words.append("hand")
        if self.ouvert:
            words.append("ouvert")
        elif self.schwarz:
            words.append("schwarz")
        elif self.schneider:
            words.append("schneider")
        return " ".join(words)

    def describe(self) -> str:
        """A name for people: ``Hearts Hand, Schneider announced``, ``Null ouvert Hand``."""
        if self.is_null:
            return "Null" + (" ouvert" if self.ouvert else "") + (" Hand" if self.hand else "")
        name = self.kind.capitalize() + (" Hand" if self.hand else "")
        if self.ouvert:
            return name + " ouvert"
        if self.schwarz:
            return name + ", Schwarz announced"
        if self.schneider:
            return name + ", Schneider announced"
        return name

    def __str__(self) -> str:
        return self.text

    def to_json(self) -> str:
        """JSON form: the notation (``hearts hand schneider``)."""
        return self.text


def _contracts() -> tuple[Contract, ...]:
    out: list[Contract] = []
    for name in ("diamonds", "hearts", "spades", "clubs", "grand"):
        out += [
            Contract(name),
            Contract(name, hand=True),
            Contract(name, hand=True, schneider=True),
            Contract(name, hand=True, schneider=True, schwarz=True),
            Contract(name, hand=True, schneider=True, schwarz=True, ouvert=True),
        ]
    out += [Contract("null"), Contract("null", hand=True), Contract("null", ouvert=True),
            Contract("null", hand=True, ouvert=True)]
    return tuple(out)


CONTRACTS = _contracts()
"""The 29 declarations ISkO allows."""


class SkatAction(Action):
    """Base of Skat's actions: immutable, interned, compared by kind and key."""

    __slots__ = ("_hash", "_id", "key")
    key: Any
    _id: int
    _hash: int

    def __init__(self, key: Any, action_id: int) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "_id", action_id)
        object.__setattr__(self, "_hash", hash((type(self).__name__, key)))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("actions are immutable")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.key == self.key

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (action_by_id, (self._id,))

    @property
    def id(self) -> int:
        return self._id


class Play(SkatAction):
    """Play a card to the trick. Notation: the card, ``J♣``."""

    __slots__ = ()

    @property
    def card(self) -> int:
        return self.key  # type: ignore[no-any-return]

    def __str__(self) -> str:
        return format_card(self.key)


class Bid(SkatAction):
    """Bid a value of the ladder (or, for forehand after two passes, play at 18)."""

    __slots__ = ()

    @property
    def value(self) -> int:
        return self.key  # type: ignore[no-any-return]

    def __str__(self) -> str:
        return f"bid {self.key}"


class Hold(SkatAction):
    """Hold (say yes to) the bid just made."""

    __slots__ = ()

    def __str__(self) -> str:
        return "hold"


class Pass(SkatAction):
    """Pass: leave the bidding."""

    __slots__ = ()

    def __str__(self) -> str:
        return "pass"


class Pickup(SkatAction):
    """Pick up the skat (then bury two cards, then declare)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "pickup"


class Bury(SkatAction):
    """Put two cards face down as the new skat. Notation: ``bury J♣ 7♦``."""

    __slots__ = ()

    @property
    def cards(self) -> int:
        return self.key  # type: ignore[no-any-return]

    def __str__(self) -> str:
        return "bury " + format_card_list(skat_sorted(self.key))


class Declare(SkatAction):
    """Declare the game: ``declare grand``, ``declare hearts hand schneider``."""

    __slots__ = ()

    @property
    def contract(self) -> Contract:
        return self.key  # type: ignore[no-any-return]

    def __str__(self) -> str:
        return "declare " + self.contract.text


PLAY: dict[int, Play] = {}
BID: dict[int, Bid] = {}
BURY: dict[int, Bury] = {}
DECLARE: dict[Contract, Declare] = {}
_all: list[SkatAction] = []
for _card in CARDS_32:
    PLAY[_card] = Play(_card, len(_all))
    _all.append(PLAY[_card])
for _value in BID_VALUES:
    BID[_value] = Bid(_value, len(_all))
    _all.append(BID[_value])
HOLD = Hold(None, len(_all))
_all.append(HOLD)
PASS = Pass(None, len(_all))
_all.append(PASS)
PICKUP = Pickup(None, len(_all))
_all.append(PICKUP)
for _contract in CONTRACTS:
    DECLARE[_contract] = Declare(_contract, len(_all))
    _all.append(DECLARE[_contract])
for _a, _b in combinations(CARDS_32, 2):
    _mask = 1 << _a | 1 << _b
    BURY[_mask] = Bury(_mask, len(_all))
    _all.append(BURY[_mask])

BY_ID: tuple[SkatAction, ...] = tuple(_all)
NUM_ACTIONS = len(BY_ID)

HAND_DECLARATIONS: tuple[Declare, ...] = tuple(DECLARE[c] for c in CONTRACTS if c.hand)
"""The declarations open before the skat is picked up (Hand games)."""
SKAT_DECISIONS: tuple[SkatAction, ...] = (PICKUP, *HAND_DECLARATIONS)
AFTER_PICKUP: tuple[Declare, ...] = tuple(DECLARE[c] for c in CONTRACTS if not c.hand)
"""The declarations open after the skat was picked up and two cards buried."""

BIDS_ABOVE: dict[int, tuple[SkatAction, ...]] = {
    value: (*(BID[v] for v in BID_VALUES if v > value), PASS) for value in (0, *BID_VALUES)
}
"""The asker's choices when the bid stands at `value`: every higher bid, or pass."""
ANSWERS: tuple[SkatAction, ...] = (HOLD, PASS)
FOREHAND_ALONE: tuple[SkatAction, ...] = (BID[18], PASS)


def action_by_id(action_id: int) -> SkatAction:
    """The action with this integer id."""
    return BY_ID[action_id]


def bury_choices(hand: int) -> tuple[Bury, ...]:
    """Every pair of cards in `hand` that may be buried."""
    return tuple(BURY[1 << a | 1 << b] for a, b in combinations(iter_cards(hand), 2))


def kind_name(order: int) -> str:
    """The kind name of a trump order (``clubs`` .. ``null``)."""
    return SUIT_NAMES[order] if order < GRAND else ("grand", "null")[order - GRAND]
