"""Doppelkopf's actions, each an interned `IdAction` with a notation that parses back.

Ids: 0-23 play a face (`Play`), 24-33 the Vorbehalt calls (`Call`), 34-39 announcements
(`Announce`), 40-63 a card handed over in an Armut (`Give`), 64-65 accepting or declining it
(`Answer`), 66-89 a card handed back (`GiveBack`).
"""

from __future__ import annotations

from typing import Any

from parlour.core import IdAction
from parlour.core.errors import NotationError
from parlour.games.doppelkopf.cards import (
    COPY0,
    COPY1,
    COPY_SHIFT,
    FACES,
    face_of,
    format_card,
    parse_face,
)
from parlour.games.doppelkopf.tables import (
    BUBEN,
    DAMEN,
    FLEISCHLOS,
    HERZ,
    KREUZ,
    NORMAL,
    PIK,
)

NUM_ACTIONS = 90
PLAY_BASE, CALL_BASE, ANNOUNCE_BASE, GIVE_BASE, ANSWER_BASE, BACK_BASE = 0, 24, 34, 40, 64, 66

GESUND, HOCHZEIT, ARMUT = "gesund", "hochzeit", "armut"
SOLOS = ("karosolo", "kreuzsolo", "piksolo", "herzsolo", "damensolo", "bubensolo",
         "fleischloser")
"""The solos in call order; the karosolo is the Trumpfsolo (the normal game's trumps)."""
SOLO_TABLES = dict(zip(SOLOS, (NORMAL, KREUZ, PIK, HERZ, DAMEN, BUBEN, FLEISCHLOS), strict=True))
CALLS = (GESUND, HOCHZEIT, ARMUT, *SOLOS)
ANNOUNCEMENTS = ("re", "kontra", "keine 90", "keine 60", "keine 30", "schwarz")
LEVEL_NAMES = ("", "re/kontra", "keine 90", "keine 60", "keine 30", "schwarz")
"""An announcement level: 1 the party's Ansage, 2-5 the Absagen."""


class DokoAction(IdAction):
    """Base of Doppelkopf's actions: pickles as the interned action, prints its notation."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return action_from_id, (self.id,)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"


class Play(DokoAction):
    """Play a card of this face (either copy)."""

    __slots__ = ("card",)
    card: int

    def __init__(self, face: int) -> None:
        object.__setattr__(self, "card", FACES[face])
        object.__setattr__(self, "_id", PLAY_BASE + face)

    def __str__(self) -> str:
        return format_card(self.card)


class Call(DokoAction):
    """A Vorbehalt call: `gesund`, `hochzeit`, `armut` or a solo."""

    __slots__ = ("name",)
    name: str

    def __init__(self, index: int) -> None:
        object.__setattr__(self, "name", CALLS[index])
        object.__setattr__(self, "_id", CALL_BASE + index)

    @property
    def is_solo(self) -> bool:
        return self.name in SOLO_TABLES

    def __str__(self) -> str:
        return self.name


class Announce(DokoAction):
    """An announcement: the party's Ansage (`re`, `kontra`) or an Absage (`keine 90` ...)."""

    __slots__ = ("level", "name")
    name: str
    level: int

    def __init__(self, index: int) -> None:
        object.__setattr__(self, "name", ANNOUNCEMENTS[index])
        object.__setattr__(self, "level", max(1, index))
        object.__setattr__(self, "_id", ANNOUNCE_BASE + index)

    def __str__(self) -> str:
        return self.name


class Give(DokoAction):
    """Armut: the poor player hands over a card of this face (three in all)."""

    __slots__ = ("card",)
    card: int

    def __init__(self, face: int) -> None:
        object.__setattr__(self, "card", FACES[face])
        object.__setattr__(self, "_id", GIVE_BASE + face)

    def __str__(self) -> str:
        return f"give {format_card(self.card)}"


class GiveBack(DokoAction):
    """Armut: the player who took the cards hands back a card of this face (three in all)."""

    __slots__ = ("card",)
    card: int

    def __init__(self, face: int) -> None:
        object.__setattr__(self, "card", FACES[face])
        object.__setattr__(self, "_id", BACK_BASE + face)

    def __str__(self) -> str:
        return f"return {format_card(self.card)}"


class Answer(DokoAction):
    """Armut: take the offered cards (`accept`) or not (`decline`)."""

    __slots__ = ("accept",)
    accept: bool

    def __init__(self, accept: bool) -> None:
        object.__setattr__(self, "accept", accept)
        object.__setattr__(self, "_id", ANSWER_BASE + (0 if accept else 1))

    def __str__(self) -> str:
        return "accept" if self.accept else "decline"


PLAY = tuple(Play(f) for f in range(24))
CALL = {name: Call(i) for i, name in enumerate(CALLS)}
ANNOUNCE = tuple(Announce(i) for i in range(len(ANNOUNCEMENTS)))
RE_CALL, KONTRA_CALL = ANNOUNCE[0], ANNOUNCE[1]
ABSAGE = {level: ANNOUNCE[level] for level in range(2, 6)}
"""The Absage of each level 2-5."""
GIVE = tuple(Give(f) for f in range(24))
GIVE_BACK = tuple(GiveBack(f) for f in range(24))
ACCEPT, DECLINE = Answer(True), Answer(False)
BY_ID: tuple[IdAction, ...] = (*PLAY, *CALL.values(), *ANNOUNCE, *GIVE, ACCEPT, DECLINE,
                               *GIVE_BACK)
assert [a.id for a in BY_ID] == list(range(NUM_ACTIONS))


_SUIT_PLAYS = tuple(
    tuple(tuple(PLAY[suit * 6 + r] for r in range(6) if pattern >> r & 1) for pattern in range(64))
    for suit in range(4))
"""_SUIT_PLAYS[suit][pattern]: the plays of a suit's faces present (bit r: rank 9 + r)."""


def faces_present(mask: int) -> int:
    """The first copy of every face `mask` holds a copy of."""
    return (mask & COPY0) | (mask & COPY1) << COPY_SHIFT


def plays_of(mask: int) -> tuple[Play, ...]:
    """The `Play` of each face of `mask`, once, in face order (four table look-ups)."""
    present = faces_present(mask)
    clubs, diamonds, hearts, spades = _SUIT_PLAYS
    return (clubs[present >> 9 & 63] + diamonds[present >> 25 & 63]
            + hearts[present >> 41 & 63] + spades[present >> 57 & 63])


def action_from_id(action_id: int) -> IdAction:
    return BY_ID[action_id]


def play_of(card: int) -> Play:
    """The `Play` of either copy of `card`."""
    return PLAY[face_of(card)]


_CALL_WORDS = {
    "gesund": GESUND, "healthy": GESUND, "no reservation": GESUND, "ok": GESUND,
    "hochzeit": HOCHZEIT, "wedding": HOCHZEIT, "marriage": HOCHZEIT,
    "armut": ARMUT, "poverty": ARMUT,
    "trumpfsolo": "karosolo", "karo-solo": "karosolo", "solo karo": "karosolo",
    "diamonds solo": "karosolo", "trump solo": "karosolo",
    "kreuz-solo": "kreuzsolo", "solo kreuz": "kreuzsolo", "clubs solo": "kreuzsolo",
    "pik-solo": "piksolo", "solo pik": "piksolo", "spades solo": "piksolo",
    "herz-solo": "herzsolo", "solo herz": "herzsolo", "hearts solo": "herzsolo",
    "damen-solo": "damensolo", "solo damen": "damensolo", "queens solo": "damensolo",
    "buben-solo": "bubensolo", "solo buben": "bubensolo", "jacks solo": "bubensolo",
    "fleischlos": "fleischloser", "solo fleischlos": "fleischloser",
    "no trumps": "fleischloser", "aces solo": "fleischloser",
}
_ANNOUNCE_WORDS = {
    "re": 0, "kontra": 1, "contra": 1,
    "keine 90": 2, "no 90": 2, "k90": 2, "keine neunzig": 2,
    "keine 60": 3, "no 60": 3, "k60": 3, "keine sechzig": 3,
    "keine 30": 4, "no 30": 4, "k30": 4, "keine dreißig": 4, "keine dreissig": 4,
    "schwarz": 5, "black": 5,
}
EXPECTED = ("a card (Q♣, KrD, EO, Kreuz-Dame), a call (gesund, hochzeit, armut, damensolo, "
            "...), an announcement (re, kontra, keine 90, keine 60, keine 30, schwarz), "
            "'give Q♣', 'return Q♣', 'accept' or 'decline'")


def parse_action(text: str) -> IdAction:
    """Read any Doppelkopf action from its notation (German or English words)."""
    words = " ".join(text.strip().lower().split())
    if words in CALL:
        return CALL[words]
    if words in _CALL_WORDS:
        return CALL[_CALL_WORDS[words]]
    if words in _ANNOUNCE_WORDS:
        return ANNOUNCE[_ANNOUNCE_WORDS[words]]
    if words in ("accept", "annehmen", "ja"):
        return ACCEPT
    if words in ("decline", "ablehnen", "nein"):
        return DECLINE
    verb, _, rest = words.partition(" ")
    try:
        if verb in ("give", "abgeben") and rest:
            return GIVE[face_of(parse_face(rest))]
        if verb in ("return", "zurück", "zurueck") and rest:
            return GIVE_BACK[face_of(parse_face(rest))]
        return PLAY[face_of(parse_face(words))]
    except NotationError:
        raise NotationError(f"cannot read {text!r} as a Doppelkopf action: expected "
                            f"{EXPECTED}") from None
