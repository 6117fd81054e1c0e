"""Why a Doppelkopf action is illegal, in words (`DokoState.why_illegal`; the error path only)."""

from __future__ import annotations

from parlour.core import Action
from parlour.games.doppelkopf.actions import (
    ARMUT,
    HOCHZEIT,
    PLAY,
    Announce,
    Answer,
    Call,
    Give,
    GiveBack,
    Play,
)
from parlour.games.doppelkopf.cards import format_card, twin
from parlour.games.doppelkopf.rules import (
    ARMUT_ANSWER,
    ARMUT_GIVE,
    ARMUT_RETURN,
    OVER,
    PLAYING,
    VORBEHALT,
    DokoState,
    _announcement,
    _faces,
)
from parlour.games.doppelkopf.scoring import PARTY_NAMES
from parlour.games.doppelkopf.tables import SUIT, TRUMP


def why_illegal(state: DokoState, action: Action) -> str:
    """Why `action`, not legal now, may not be played, in words."""
    if state.phase == OVER:
        return "the game is over"
    seat = state.current
    phase = state.phase
    if isinstance(action, Call):
        if phase != VORBEHALT:
            return "the game is already chosen"
        if state.forced == seat:
            return f"seat {seat} must play a solo now (Vorführung)"
        if action.name == HOCHZEIT:
            return f"seat {seat} does not hold both Kreuz-Damen"
        if action.name == ARMUT:
            if not state.game.armut:
                return "Armut is not played (parameter armut=false)"
            return f"seat {seat} holds more than 3 trumps"
        return f"{action.name} is not among this game's solos"
    if phase == VORBEHALT:
        return "answer the Vorbehalt question first (gesund or a Vorbehalt)"
    if isinstance(action, Answer):
        return "nobody is offered an Armut now"
    if isinstance(action, Give):
        if phase != ARMUT_GIVE:
            return "no Armut is being laid down now"
        if not state.hands[seat] >> action.card & 1 and not (  # type: ignore[index]
                state.hands[seat] >> twin(action.card) & 1):  # type: ignore[index]
            return f"seat {seat} does not hold {format_card(action.card)}"
        return "an Armut hands over every trump first"
    if isinstance(action, GiveBack):
        if phase != ARMUT_RETURN:
            return "no cards are being handed back now"
        return f"seat {seat} does not hold {format_card(action.card)}"
    if phase != PLAYING:
        return {ARMUT_GIVE: "lay down the Armut's cards first",
                ARMUT_ANSWER: "accept or decline the Armut first",
                ARMUT_RETURN: "hand back three cards first"}[phase]
    if isinstance(action, Announce):
        return _why_not_announce(state, action)
    if isinstance(action, Play):
        hand = state.hands[seat]  # type: ignore[index]
        if not (hand >> action.card & 1 or hand >> twin(action.card) & 1):
            return f"seat {seat} does not hold {action}"
        led = state.trick[0]
        what = "trump" if SUIT[state.table][led] == TRUMP else f"{format_card(led)[-1]}"
        allowed = " ".join(str(PLAY[f]) for f in _faces(state.legal_mask()))
        return f"must follow {what}: {allowed} can be played"
    return "it is not among the legal actions"

def _why_not_announce(state: DokoState, action: Announce) -> str:
    seat: int = state.current  # type: ignore[assignment]
    party = state.party_of(seat)
    if state.kind == HOCHZEIT and not state.klaerung:
        return "no announcements in a Hochzeit before the Klärungsstich"
    if action.level == 1 and action is not _announcement(1, party):
        return f"seat {seat} is not {PARTY_NAMES[1 - party].capitalize()}"
    if action.level <= state.levels[party]:
        return f"{PARTY_NAMES[party].capitalize()} has already announced {action}"
    return f"too late for {action}: seat {seat} holds {state.hands[seat].bit_count()} cards"
