"""Reading Skat actions from text: bids, calls, the skat, burying, declarations and cards.

Accepted forms (case-insensitive): ``18`` or ``bid 18``; ``hold`` (``yes``); ``pass`` (``no``);
``pickup`` (``pick up``); ``bury J♣ 7♦``; ``declare grand``, ``declare hearts hand schneider``,
``declare null ouvert`` (``declare`` may be left out; German names and suit symbols work too);
a card ``J♣`` / ``Jc``, or a bare rank where only one legal card has it.
"""

from __future__ import annotations

from parlour.cards import parse_card, parse_card_list
from parlour.core import NotationError
from parlour.core.game import parse_error
from parlour.games.skat.actions import (
    BID,
    BURY,
    DECLARE,
    HOLD,
    PASS,
    PICKUP,
    PLAY,
    Contract,
    SkatAction,
)
from parlour.games.skat.tables import BID_VALUES

EXPECTED = ("a bid ('18' or 'bid 18'), 'hold', 'pass', 'pickup', 'bury J♣ 7♦', "
            "'declare grand' (or e.g. 'declare hearts hand schneider'), or a card like 'J♣'")

KIND_WORDS = {
    "clubs": "clubs", "club": "clubs", "kreuz": "clubs", "♣": "clubs",
    "spades": "spades", "spade": "spades", "pik": "spades", "♠": "spades",
    "hearts": "hearts", "heart": "hearts", "herz": "hearts", "♥": "hearts",
    "diamonds": "diamonds", "diamond": "diamonds", "karo": "diamonds", "♦": "diamonds",
    "grand": "grand", "null": "null", "nullo": "null",
}
FLAG_WORDS = {
    "hand": "hand", "schneider": "schneider", "schwarz": "schwarz", "ouvert": "ouvert",
    "open": "ouvert", "offen": "ouvert",
}
HOLD_WORDS = {"hold", "yes", "ja", "y", "h"}
PASS_WORDS = {"pass", "passe", "no", "nein", "p", "weg"}
PICKUP_WORDS = {"pickup", "pick up", "pick-up", "skat", "take skat", "take the skat"}


def parse_skat_action(text: str, hand: int | None = None,
                      legal_cards: int | None = None) -> SkatAction:
    """Read one action; `hand` and `legal_cards` let a bare rank name a card."""
    words = text.strip().lower().replace("\ufe0f", "").split()
    if not words:
        raise parse_error(text, EXPECTED, "Skat")
    head, rest = words[0], words[1:]
    joined = " ".join(words)
    if head == "bid":
        if len(rest) != 1:
            raise parse_error(text, "a value after 'bid', like 'bid 18'", "Skat")
        return _bid(rest[0], text)
    if head.isdecimal() and not rest and _number(head) in BID:
        return BID[_number(head)]
    if not rest and head in HOLD_WORDS:
        return HOLD
    if not rest and head in PASS_WORDS:
        return PASS
    if joined in PICKUP_WORDS:
        return PICKUP
    if head == "bury":
        return _bury(" ".join(text.split()[1:]), text)
    if head == "declare":
        if not rest:
            raise parse_error(text, "a game after 'declare', like 'declare grand'", "Skat")
        return DECLARE[parse_contract(rest, text)]
    if head in KIND_WORDS:
        return DECLARE[parse_contract(words, text)]
    if head == "hand" and not rest:
        raise parse_error(text, "a Hand game declared in one go, like 'declare grand hand' "
                          "(picking up is 'pickup')", "Skat")
    if head.isdecimal() and not rest and _number(head) > 10:
        following = [v for v in BID_VALUES if v > _number(head)][:2]
        hint = f"; the next are {', '.join(map(str, following))}" if following else ""
        raise NotationError(f"{text.strip()!r} is not a Skat bid value{hint}")
    return _card(text, hand, legal_cards)


def _number(word: str) -> int:
    try:
        return int(word)
    except ValueError:
        return -1


def _bid(word: str, text: str) -> SkatAction:
    value = _number(word) if word.isdecimal() else -1
    if value not in BID:
        following = [v for v in BID_VALUES if v > value][:2] if value > 0 else [18]
        hint = f"; the next are {', '.join(map(str, following))}" if following else ""
        raise NotationError(f"cannot read {text!r}: {word!r} is not a Skat bid value{hint}")
    return BID[value]


def _bury(cards_text: str, text: str) -> SkatAction:
    try:
        cards = parse_card_list(cards_text)
    except NotationError as error:
        raise NotationError(f"{error} (reading Skat action {text!r})") from None
    mask = 0
    for card in cards:
        mask |= 1 << card
    if len(cards) != 2 or mask not in BURY:
        raise parse_error(text, "exactly two cards of the Skat deck, like 'bury J♣ 7♦'", "Skat")
    return BURY[mask]


def parse_contract(words: list[str], text: str) -> Contract:
    """Read a declaration from words like ``["hearts", "hand", "schneider"]``."""
    kind = KIND_WORDS.get(words[0])
    if kind is None:
        raise parse_error(text, "a game: clubs, spades, hearts, diamonds, grand or null", "Skat")
    flags = set()
    for word in words[1:]:
        if word not in FLAG_WORDS:
            raise parse_error(text, f"after {kind!r} only hand, schneider, schwarz or ouvert",
                              "Skat")
        flags.add(FLAG_WORDS[word])
    hand = "hand" in flags
    ouvert = "ouvert" in flags
    if kind == "null":
        if flags & {"schneider", "schwarz"}:
            raise NotationError(f"cannot read {text!r}: Null announces neither Schneider nor "
                                f"Schwarz")
        return Contract("null", hand=hand, ouvert=ouvert)
    if ouvert:
        return Contract(kind, hand=True, schneider=True, schwarz=True, ouvert=True)
    schwarz = "schwarz" in flags
    schneider = schwarz or "schneider" in flags
    if schneider and not hand:
        level = "Schwarz" if schwarz else "Schneider"
        raise NotationError(f"cannot read {text!r}: {level} can be announced only in a Hand "
                            f"game (write 'declare {kind} hand {level.lower()}')")
    return Contract(kind, hand=hand, schneider=schneider, schwarz=schwarz)


def _card(text: str, hand: int | None, legal_cards: int | None) -> SkatAction:
    card = None
    try:
        if legal_cards:
            try:
                card = parse_card(text, legal_cards)
            except NotationError:
                card = None
        if card is None:
            card = parse_card(text, hand)
    except NotationError as error:
        raise NotationError(f"{error}; expected {EXPECTED}") from None
    if card not in PLAY:
        raise parse_error(text, "a card of the 32-card Skat deck (7 to A)", "Skat")
    return PLAY[card]
