"""Why a Skat action is illegal, in words a player understands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlour.cards import format_card, format_cards
from parlour.games.skat.actions import (
    DECLARE,
    Bid,
    Bury,
    Declare,
    Hold,
    Pass,
    Play,
    SkatAction,
)
from parlour.games.skat.tables import FOLLOW, NULL, SUIT_NAMES, TRUMPS

if TYPE_CHECKING:
    from parlour.games.skat.rules import SkatState


def reason(state: SkatState, action: SkatAction) -> str:
    """The reason `action` is illegal now (the state is not over and the action is illegal)."""
    from parlour.games.skat.rules import BIDDING, BURY, DECLARE_PHASE, SKAT

    phase = state.phase
    if phase == BIDDING:
        return _bidding(state, action)
    p = state.current
    if phase == SKAT:
        if isinstance(action, Declare) and action.contract in DECLARE:
            return (f"seat {p} has not picked up the skat: declare a Hand game "
                    f"('declare {action.contract.kind} hand') or pick up ('pickup')")
        return (f"seat {p} won the bidding: pick up the skat ('pickup') or declare a Hand game "
                f"('declare grand hand')")
    if phase == BURY:
        if isinstance(action, Declare):
            return "declaring with 12 cards is impossible: bury two cards first ('bury J♣ 7♦')"
        if isinstance(action, Bury):
            return f"seat {p} does not hold both of {format_cards(action.cards)}"
        return f"seat {p} picked up the skat and must bury two cards ('bury J♣ 7♦')"
    if phase == DECLARE_PHASE:
        if isinstance(action, Declare):
            c = action.contract
            if c.ouvert and not c.is_null:
                return ("an ouvert suit game or Grand must be a Hand game, and the skat was "
                        "picked up")
            if c.hand:
                return "the skat was picked up, so no Hand game can be declared"
            return f"{c.describe()} is not a declaration of the ISkO"
        return f"seat {p} buried two cards and must declare the game now ('declare grand')"
    if isinstance(action, Play):
        return _play(state, action.card)
    return "the cards are being played: play a card"


def _bidding(state: SkatState, action: SkatAction) -> str:
    p = state.current
    if state.stage == 2:
        return "both other players passed: forehand may play at 18 ('bid 18') or pass"
    if p == state.asker:
        if isinstance(action, Bid):
            return f"a bid must be higher than {state.bid}"
        if isinstance(action, Hold):
            return f"seat {p} is bidding, not answering: bid more than {state.bid} or pass"
        return f"seat {p} is bidding: say a value above {state.bid} or pass"
    if isinstance(action, Bid):
        return (f"seat {p} answers seat {state.asker}'s bid of {state.bid}: hold or pass "
                f"(only the other player bids)")
    if isinstance(action, (Pass, Hold)):  # pragma: no cover - these are legal
        return "legal"
    return f"seat {p} answers seat {state.asker}'s bid of {state.bid}: hold or pass"


def _play(state: SkatState, card: int) -> str:
    p = state.current
    assert p is not None
    hand = state.hands[p]
    name = format_card(card)
    if not hand >> card & 1:
        return f"seat {p} does not hold {name}"
    lead = state.trick[0]
    order = state.order
    follow = hand & FOLLOW[order][lead]
    if TRUMPS[order] >> lead & 1:
        what = "trump was led (the Jacks are trumps)" if order != NULL else "trump was led"
        return f"{what}: a trump must be played: {format_cards(follow)}"
    suit = SUIT_NAMES[lead >> 4]
    jacks = "; the Jacks are trumps, not " + suit if order != NULL and card & 15 == 11 else ""
    return f"must follow {suit}: {format_cards(follow)} can be played{jacks}"


__all__ = ["reason"]
