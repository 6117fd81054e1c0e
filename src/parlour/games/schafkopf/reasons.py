"""Why a Schafkopf action is illegal, in words a player understands (`why_illegal`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlour.core import Action
from parlour.games.schafkopf.actions import (
    KIND_NAMES,
    KONTRA,
    MIT,
    RE,
    RUFSPIEL,
    SIE,
    SPIEL,
    WEITER,
    Contract,
    Play,
    Raise,
    card_name,
)
from parlour.games.schafkopf.tables import EFFECTIVE_SUIT, MEMBERS, SAU, SUIT_NAME, TRUMP

if TYPE_CHECKING:
    from parlour.games.schafkopf.rules import SchafkopfState

WHAT_NOW = {
    "auction": "say weiter or spiel",
    "raise": "raise to a higher game or say weiter",
    "answer": "say mit to keep the game or weiter to give it up",
    "declare": "name your game",
    "kontra": "say kontra or weiter",
    "re": "say re or weiter",
}


def _cards(mask: int) -> str:
    from parlour.games.schafkopf.tables import display_sorted

    return " ".join(card_name(c) for c in display_sorted(mask))


def reason(state: SchafkopfState, action: Action) -> str:
    """Why `action` is not legal in `state` (which is not over and where it is illegal)."""
    from parlour.games.schafkopf.rules import has_sie

    phase = state.phase_name
    seat = state.current
    assert seat is not None
    hand = state.hands[seat]
    if isinstance(action, Play):
        return _card_reason(state, action.card, hand) if phase == "play" else \
            f"no card is played now: {WHAT_NOW[phase]}"
    if phase == "play":
        return "the cards are being played: play a card"
    if isinstance(action, Raise):
        if phase != "raise":
            return f"no raise now: {WHAT_NOW[phase]}"
        if action.kind == SIE and not has_sie(hand):
            return "Sie needs all four Ober and all four Unter"
        return (f"a raise must be above the holder's {KIND_NAMES[state.claim]}: "
                f"{KIND_NAMES[action.kind]} is not")
    if isinstance(action, Contract):
        if phase != "declare":
            return f"no game is named now: {WHAT_NOW[phase]}"
        return _contract_reason(state, action, state.hands[state.holder])
    if action is SPIEL:
        return f"spiel is said in the first round only: {WHAT_NOW[phase]}"
    if action is MIT:
        if phase == "answer":
            return "you cannot match a Sie without all four Ober and Unter"
        return f"only the holder answers a raise with mit: {WHAT_NOW[phase]}"
    if action is KONTRA:
        if phase == "kontra":
            return "the partner of the Rufspiel may not give Kontra"
        return f"Kontra only in the doubling round after the game is named: {WHAT_NOW[phase]}"
    if action is RE:
        if phase == "re":
            return "only the declaring side answers Kontra with Re"
        return f"Re only right after a Kontra: {WHAT_NOW[phase]}"
    if action is WEITER:
        return f"weiter is not possible now: {WHAT_NOW[phase]}"
    return f"{action} is not a Schafkopf action"


def _contract_reason(state: SchafkopfState, contract: Contract, hand: int) -> str:
    if contract.kind < state.claim:
        return (f"you claimed {KIND_NAMES[state.claim]}: {contract.title} is lower")
    if contract.kind == SIE:
        return "Sie needs all four Ober and all four Unter"
    if contract.kind == RUFSPIEL:
        sau = contract.suit << 4 | SAU
        name = SUIT_NAME[contract.suit]
        if hand >> sau & 1:
            return f"you hold the {name}-Sau yourself: call another"
        return f"you hold no {name} card (Ober and Unter are trumps): call another Sau"
    return f"{contract.title} cannot be played now"


def _card_reason(state: SchafkopfState, card: int, hand: int) -> str:
    if not hand >> card & 1:
        return f"you do not hold {card_name(card)}"
    order = state.order
    legal = state.legal_mask()
    called = state.called_card
    sau = called if called is not None and hand >> called & 1 else None  # held by this seat
    if sau is not None and not state.trick:
        return (f"lead the called Sau {card_name(sau)} to lead its suit (running away needs "
                f"four {SUIT_NAME[sau >> 4]} cards)")
    lead = EFFECTIVE_SUIT[order][state.trick[0]]
    if sau is not None and lead == sau >> 4:
        return f"the called Sau {card_name(sau)} must fall when its suit is led"
    name = "trump" if lead == TRUMP else SUIT_NAME[lead]
    if hand & MEMBERS[order][lead]:
        return f"must follow {name}: {_cards(legal)} can be played"
    if card == sau:
        return f"the called Sau {card_name(card)} may not be thrown before its suit was led"
    return f"{card_name(card)} cannot be played now: {_cards(legal)} can"
