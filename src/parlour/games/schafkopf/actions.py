"""Schafkopf's actions: the auction's words, the contracts, Kontra and Re, and the cards.

Every action is interned and has an integer id (`NUM_ACTIONS` in all): the 32 cards (0..31, in
`CARDS_32` order), `weiter` 32, `spiel` 33, the five raises 34..38, `mit` 39, the 14 contracts
40..53, `kontra` 54, `re` 55. `str(action)` is the notation `parse_action` reads back.
"""

from __future__ import annotations

from parlour.cards import CARD, CARDS_32, Card
from parlour.core import IdAction
from parlour.games.schafkopf.tables import (
    EICHEL,
    GRAS,
    HERZ,
    RANK_LETTER,
    SCHELLEN,
    SUIT_LETTER,
    SUIT_NAME,
    WENZ,
)

RAMSCH, RUFSPIEL, WENZ_GAME, SOLO, WENZ_TOUT, SOLO_TOUT, SIE = range(7)
"""Contract kinds; from Rufspiel up, also the auction's ranks (Ramsch is never bid)."""
KIND_NAMES = ("ramsch", "sauspiel", "wenz", "solo", "wenz-tout", "solo-tout", "sie")
KIND_TITLES = ("Ramsch", "Sauspiel", "Wenz", "Solo", "Wenz-Tout", "Solo-Tout", "Sie")
CALLABLE = (EICHEL, GRAS, SCHELLEN)
"""The suits whose Sau a Rufspiel may call (never Herz, a trump)."""
SOLO_SUITS = (EICHEL, GRAS, HERZ, SCHELLEN)


def card_name(card: int) -> str:
    """A card in German letters: ``EO`` (Eichel-Ober), ``G10``, ``HA`` (Herz-Sau), ``S7``."""
    return SUIT_LETTER[card >> 4] + RANK_LETTER[card & 15]


class SchafkopfAction(IdAction):
    """Every Schafkopf action: a card, a word of the auction, a contract or a doubling."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"


class Play(SchafkopfAction):
    """Play `card`."""

    __slots__ = ("card",)
    card: Card

    def __init__(self, card: int) -> None:
        object.__setattr__(self, "card", CARD[card])
        object.__setattr__(self, "_id", CARDS_32.index(card))

    def __str__(self) -> str:
        return card_name(self.card)


class Word(SchafkopfAction):
    """A word of the auction or the doubling round: weiter, spiel, mit, kontra, re."""

    __slots__ = ("word",)
    word: str

    def __init__(self, word: str, action_id: int) -> None:
        object.__setattr__(self, "word", word)
        object.__setattr__(self, "_id", action_id)

    def __str__(self) -> str:
        return self.word


class Raise(SchafkopfAction):
    """A later bidder claims a game of rank `kind` (strictly above the holder's claim)."""

    __slots__ = ("kind",)
    kind: int

    def __init__(self, kind: int) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "_id", 34 + kind - WENZ_GAME)

    def __str__(self) -> str:
        return f"raise {KIND_NAMES[self.kind]}"


class Contract(SchafkopfAction):
    """The game the auction's winner plays: `kind` and `suit` (the called Sau's suit in a
    Rufspiel, the trump suit of a Farbsolo, -1 otherwise)."""

    __slots__ = ("kind", "suit")
    kind: int
    suit: int

    def __init__(self, kind: int, suit: int, action_id: int) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "_id", action_id)

    @property
    def order(self) -> int:
        """The trump order of `parlour.games.schafkopf.tables` this contract plays."""
        if self.kind in (WENZ_GAME, WENZ_TOUT):
            return WENZ
        if self.kind in (SOLO, SOLO_TOUT):
            return self.suit
        return HERZ

    @property
    def is_solo(self) -> bool:
        """One player against three (every contract but Rufspiel and Ramsch)."""
        return self.kind >= WENZ_GAME

    @property
    def is_tout(self) -> bool:
        """A Wenz-Tout or Farbsolo-Tout: the soloist must take every trick."""
        return self.kind in (WENZ_TOUT, SOLO_TOUT)

    @property
    def title(self) -> str:
        """For people: ``Sauspiel auf die Gras-Sau``, ``Herz-Solo``, ``Wenz-Tout``."""
        if self.kind == RUFSPIEL:
            return f"Sauspiel auf die {SUIT_NAME[self.suit]}-Sau"
        if self.kind in (SOLO, SOLO_TOUT):
            return f"{SUIT_NAME[self.suit]}-{KIND_TITLES[self.kind]}"
        return KIND_TITLES[self.kind]

    def __str__(self) -> str:
        name = KIND_NAMES[self.kind]
        if self.kind == RUFSPIEL:
            return f"{name} {SUIT_NAME[self.suit].lower()}"
        if self.kind in (SOLO, SOLO_TOUT):
            return f"{name} {SUIT_NAME[self.suit].lower()}"
        return name


PLAY: dict[int, Play] = {card: Play(card) for card in CARDS_32}
WEITER = Word("weiter", 32)
SPIEL = Word("spiel", 33)
RAISE: dict[int, Raise] = {kind: Raise(kind) for kind in range(WENZ_GAME, SIE + 1)}
MIT = Word("mit", 39)


def _contracts() -> dict[tuple[int, int], Contract]:
    keys = ([(RUFSPIEL, s) for s in CALLABLE] + [(WENZ_GAME, -1)]
            + [(SOLO, s) for s in SOLO_SUITS] + [(WENZ_TOUT, -1)]
            + [(SOLO_TOUT, s) for s in SOLO_SUITS] + [(SIE, -1)])
    return {key: Contract(*key, 40 + i) for i, key in enumerate(keys)}


CONTRACT = _contracts()
"""``CONTRACT[kind, suit]``: the 14 contracts (suit -1 for Wenz, Wenz-Tout and Sie)."""
RAMSCH_CONTRACT = Contract(RAMSCH, -1, -1)
"""What an all-pass deal plays when `all_pass` is ``ramsch`` (no action: never declared)."""
KONTRA = Word("kontra", 54)
RE = Word("re", 55)
NUM_ACTIONS = 56

BY_ID: tuple[SchafkopfAction, ...] = tuple(sorted(
    [*PLAY.values(), WEITER, SPIEL, *RAISE.values(), MIT, *CONTRACT.values(), KONTRA, RE],
    key=lambda a: a.id))
assert [a.id for a in BY_ID] == list(range(NUM_ACTIONS))
