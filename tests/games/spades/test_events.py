"""Spades events: what a strategy author hears, in order, and who may see each one."""

from __future__ import annotations

from parlour.core import GameOver
from parlour.games.spades import (
    BidMade,
    CardPlayed,
    CardsSeen,
    HandDealt,
    SpadesBroken,
    SpadesDealScored,
    SpadesDealStarted,
    TrickStarted,
    TrickWon,
)
from tests.games.spades.helpers import ONE_SUIT_EACH, RUFF_DEAL, bid_all, play, play_out, spades


def test_a_hand_emits_deal_bids_tricks_plays_and_the_score_in_order() -> None:
    state = spades(target=200).new_state(hands=ONE_SUIT_EACH)
    bid_all(state, {0: "bid 13", 1: "nil", 2: "nil", 3: "nil"})
    play_out(state)
    kinds = [type(e) for e in state.events]
    assert kinds[:5] == [SpadesDealStarted] + [HandDealt] * 4
    assert kinds[5:9] == [BidMade] * 4
    assert kinds[9] is TrickStarted and kinds[10] is CardPlayed and kinds[11] is SpadesBroken
    assert kinds.count(TrickStarted) == 13 and kinds.count(TrickWon) == 13
    assert kinds.count(CardPlayed) == 52
    assert kinds[-2:] == [SpadesDealScored, GameOver]
    assert all(kinds[i + 1] is CardPlayed for i, k in enumerate(kinds) if k is TrickStarted)


def test_dealt_hands_are_private_and_everything_else_public() -> None:
    state = spades().new_state(hands=RUFF_DEAL)
    bid_all(state, {0: "bid 3", 1: "bid 3", 2: "bid 3", 3: "bid 3"})
    play(state, "2♣", "7♠", "T♣", "T♦")
    for event in state.events:
        if isinstance(event, HandDealt):
            assert event.visible_to == frozenset({event.seat})
            assert event.visible(event.seat) and not event.visible((event.seat + 1) % 4)
        else:
            assert event.visible_to is None
    won = [e for e in state.events if isinstance(e, TrickWon)]
    assert won[0].winner == 1 and won[0].tricks_won == (0, 1, 0, 0)


def test_events_describe_themselves_in_card_notation() -> None:
    state = spades().new_state(hands=RUFF_DEAL)
    bid_all(state, {0: "bid 3", 1: "nil", 2: "bid 3", 3: "bid 3"})
    play(state, "2♣", "7♠", "T♣", "T♦")
    text = [e.describe() for e in state.events]
    assert "hand 1 begins; seat 3 deals; scores NS 0, EW 0" in text
    assert "seat 1 bids nil" in text and "seat 0 bids 3" in text
    assert "seat 1 plays 7♠" in text and "spades are broken" in text
    assert "trick 1: 2♣ 7♠ T♣ T♦; seat 1 wins it" in text
    assert "trick 2: seat 1 to lead" in text


def test_blind_nil_decisions_are_announced() -> None:
    state = spades(blind_nil=True).new_state(seed=2, scores=(0, 100))
    play(state, "look", "blind nil")
    seen = [e for e in state.events if isinstance(e, CardsSeen)]
    assert [e.seat for e in seen] == [0] and seen[0].visible_to is None
    blind = [e for e in state.events if isinstance(e, BidMade)]
    assert blind[0].seat == 2 and blind[0].blind and blind[0].describe() == "seat 2 bids blind nil"


def test_quiet_states_emit_nothing() -> None:
    state = spades().new_state(hands=ONE_SUIT_EACH)
    state.quiet = True
    before = len(state.events)
    bid_all(state, {0: "bid 13", 1: "nil", 2: "nil", 3: "nil"})
    play_out(state)
    assert len(state.events) == before
