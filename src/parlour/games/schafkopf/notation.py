"""Reading Schafkopf cards and actions, in German and in English.

Cards: German letters, suit first (``EO`` Eichel-Ober, ``G10``, ``HA`` Herz-Sau, ``SU``
Schellen-Unter), German words (``Eichel-Ober``, ``Gras Sau``, ``Kreuz-Dame`` in the French
names), English (``Q♣``, ``♣Q``, ``Qc``, ``queen of clubs``) or, with a hand, a bare rank
where one card fits (``O``, ``10``). Eichel is clubs, Gras spades, Herz hearts, Schellen
diamonds; Ober is the Queen, Unter the Jack, Sau the Ace.

Actions: ``weiter`` (``pass``), ``spiel`` (``play``), ``mit`` (``match``), ``raise wenz`` (or a
bare ``wenz`` while raising), contracts (``sauspiel gras``, ``wenz``, ``solo herz``, ``herz
solo``, ``wenz tout``, ``solo-tout eichel``, ``sie``), ``kontra`` and ``re``, and cards.
"""

from __future__ import annotations

from parlour.cards import CARDS_32, parse_card
from parlour.core import NotationError
from parlour.core.game import parse_error
from parlour.games.schafkopf.actions import (
    CONTRACT,
    KONTRA,
    MIT,
    PLAY,
    RAISE,
    RE,
    RUFSPIEL,
    SIE,
    SOLO,
    SOLO_TOUT,
    SPIEL,
    WEITER,
    WENZ_GAME,
    WENZ_TOUT,
    SchafkopfAction,
)
from parlour.games.schafkopf.tables import EICHEL, GRAS, HERZ, SCHELLEN

SUIT_WORDS = {
    **dict.fromkeys(("e", "eichel", "eicheln", "kreuz", "♣", "clubs", "club", "acorns"), EICHEL),
    **dict.fromkeys(("g", "gras", "grün", "gruen", "laub", "blatt", "pik", "♠", "spades",
                     "spade", "leaves"), GRAS),
    **dict.fromkeys(("h", "herz", "rot", "♥", "hearts", "heart"), HERZ),
    **dict.fromkeys(("s", "schellen", "schelle", "karo", "♦", "diamonds", "diamond", "bells"),
                    SCHELLEN),
}
RANK_WORDS = {
    **dict.fromkeys(("a", "sau", "ass", "as", "ace", "daus"), 14),
    **dict.fromkeys(("10", "zehn", "zehner", "ten", "t", "x", "0"), 10),
    **dict.fromkeys(("k", "könig", "koenig", "king"), 13),
    **dict.fromkeys(("o", "ober", "q", "queen", "dame"), 12),
    **dict.fromkeys(("u", "unter", "j", "jack", "bube"), 11),
    **dict.fromkeys(("9", "neun", "nine"), 9),
    **dict.fromkeys(("8", "acht", "eight"), 8),
    **dict.fromkeys(("7", "sieben", "seven"), 7),
}
_SYMBOLS = "♣♠♥♦"
_GERMAN_SUIT_LETTERS = {"e": EICHEL, "g": GRAS, "h": HERZ, "s": SCHELLEN}
CARD_EXPECTED = "a card like EO (Eichel-Ober), G10, HA, Q♣ or ♣Q"
EXPECTED = ("weiter, spiel, mit, 'raise wenz', a contract ('sauspiel gras', 'wenz', "
            "'solo herz', 'wenz tout', 'solo-tout eichel', 'sie'), kontra, re, or " + CARD_EXPECTED)

PASS_WORDS = {"weiter", "pass", "passe", "no", "nein", "w", "p", "gut"}
SPIEL_WORDS = {"spiel", "play", "ja", "yes", "i would play", "ich würde spielen",
               "ich spiel", "ich spiele", "ich würd spielen"}
MIT_WORDS = {"mit", "match", "auch", "ich auch", "selber", "me too"}
KONTRA_WORDS = {"kontra", "contra", "double", "stoß", "stoss", "du"}
RE_WORDS = {"re", "retour", "redouble", "gegenstoß", "gegenstoss"}
KIND_WORDS = {"sauspiel": RUFSPIEL, "rufspiel": RUFSPIEL, "ruf": RUFSPIEL, "call": RUFSPIEL,
              "partner": RUFSPIEL, "wenz": WENZ_GAME, "solo": SOLO, "farbsolo": SOLO,
              "sie": SIE}
FILLER = {"auf", "die", "der", "sau", "ass", "ace", "the", "on", "of", "game"}


def _card_words(first: str, second: str) -> int | None:
    for suit_word, rank_word in ((first, second), (second, first)):
        if suit_word in SUIT_WORDS and rank_word in RANK_WORDS:
            return SUIT_WORDS[suit_word] << 4 | RANK_WORDS[rank_word]
    return None


def parse_schafkopf_card(text: str, hand: int | None = None, legal: int | None = None) -> int:
    """Read one card (see the module's docstring); `hand` and `legal` resolve a bare rank."""
    plain = text.strip().lower().replace("\ufe0f", "")
    words = [w for w in plain.replace("-", " ").replace("_", " ").split() if w != "of"]
    card: int | None = None
    if len(words) == 2:
        card = _card_words(*words)
    elif len(words) == 1:
        word = words[0]
        if word[0] in _SYMBOLS and word[1:] in RANK_WORDS:
            card = SUIT_WORDS[word[0]] << 4 | RANK_WORDS[word[1:]]
        elif word[0] in _GERMAN_SUIT_LETTERS and word[1:] in RANK_WORDS and len(word) <= 3:
            card = _GERMAN_SUIT_LETTERS[word[0]] << 4 | RANK_WORDS[word[1:]]
        elif (word in RANK_WORDS and word not in ("a", "as")) or (word in ("a", "as") and hand):
            card = _bare_rank(text, RANK_WORDS[word], hand, legal)
        else:
            try:
                card = parse_card(word, hand)
            except NotationError:
                card = None
    if card is None or card not in CARDS_32:
        raise parse_error(text, CARD_EXPECTED, "Schafkopf")
    return card


def _bare_rank(text: str, rank: int, hand: int | None, legal: int | None) -> int:
    if hand is None:
        raise parse_error(text, "a suit with the rank, like EO or G10", "Schafkopf")
    for pool in (legal or 0, hand):
        fits = [c for c in CARDS_32 if pool >> c & 1 and c & 15 == rank]
        if len(fits) == 1:
            return fits[0]
        if len(fits) > 1 and pool == hand:
            raise NotationError(f"{text.strip()!r} is ambiguous: you hold several; add the suit "
                                f"(like EO or G10)")
    raise NotationError(f"cannot read {text!r}: you hold no card of that rank")


def read_kind(words: list[str], text: str) -> tuple[int, int] | None:
    """The game kind and suit (-1 if none named) that `words` name (``["herz", "solo",
    "tout"]``), or None if they name no game."""
    kind = None
    suit = -1
    tout = False
    for word in words:
        if word in KIND_WORDS and kind is None:
            kind = KIND_WORDS[word]
        elif word == "tout":
            tout = True
        elif word in SUIT_WORDS and len(word) > 1 and suit < 0:
            suit = SUIT_WORDS[word]
        elif word not in FILLER:
            return None
    if kind is None:
        return None
    if tout:
        if kind not in (WENZ_GAME, SOLO):
            raise parse_error(text, "tout only after wenz or solo ('wenz tout', 'solo herz "
                              "tout')", "Schafkopf")
        kind = WENZ_TOUT if kind == WENZ_GAME else SOLO_TOUT
    return kind, suit


def parse_contract(words: list[str], text: str) -> SchafkopfAction | None:
    """A contract from its words (``["herz", "solo"]``, ``["sauspiel", "gras"]``), or None
    if the words name no game."""
    named = read_kind(words, text)
    if named is None:
        return None
    kind, suit = named
    if kind in (RUFSPIEL, SOLO, SOLO_TOUT) and suit < 0:
        raise parse_error(text, "a suit with the game, like 'sauspiel gras' or 'solo herz'",
                          "Schafkopf")
    if kind in (WENZ_GAME, WENZ_TOUT, SIE):
        suit = -1
    if (kind, suit) not in CONTRACT:
        raise parse_error(text, "a Sau to call of Eichel, Gras or Schellen (Herz is trump)",
                          "Schafkopf")
    return CONTRACT[kind, suit]


def parse_schafkopf_action(text: str, hand: int | None = None, legal: int | None = None,
                           raising: bool = False) -> SchafkopfAction:
    """Read one action; `hand` and `legal` let a bare rank name a card, and `raising` (the
    auction's raise step) reads a bare game name as a raise."""
    plain = " ".join(text.strip().lower().replace("\ufe0f", "").split())
    if not plain:
        raise parse_error(text, EXPECTED, "Schafkopf")
    for words, action in ((PASS_WORDS, WEITER), (SPIEL_WORDS, SPIEL), (MIT_WORDS, MIT),
                          (KONTRA_WORDS, KONTRA), (RE_WORDS, RE)):
        if plain in words:
            return action
    said = plain.replace("-", " ").split()
    if not said:
        raise parse_error(text, EXPECTED, "Schafkopf")
    if said[0] == "raise" or (raising and said[0] in ("wenz", "solo", "sie")):
        named = read_kind([w for w in said if w != "raise"], text)
        if named is None or named[0] == RUFSPIEL or (named[1] >= 0 and said[0] == "raise"):
            raise parse_error(text, "a game after 'raise': wenz, solo, wenz-tout, solo-tout "
                              "or sie", "Schafkopf")
        return RAISE[named[0]]
    contract = parse_contract(said, text)
    if contract is not None:
        return contract
    try:
        return PLAY[parse_schafkopf_card(text, hand, legal)]
    except NotationError as error:
        if str(error).startswith("cannot read"):
            raise parse_error(text, EXPECTED, "Schafkopf") from None
        raise  # a bare rank that fits no card, or several
