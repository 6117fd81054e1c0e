"""Undo is exact for every kind of action, including an all-pass that deals the next hand."""

from __future__ import annotations

from typing import Any

from parlour.games.skat import SkatState
from parlour.games.skat.rules import BIDDING
from tests.games.skat.helpers import do, new


def view(state: SkatState) -> tuple[Any, ...]:
    return (
        [state.observe(s) for s in range(state.game.num_players)], state._snapshot(),
        list(state.history), len(state.events), tuple(state.legal_actions()),
    )


def apply_and_undo(state: SkatState, text: str) -> None:
    """Apply `text`, check undo restores everything, then apply it again."""
    before = view(state)
    do(state, text)
    after = view(state)
    state.undo()
    assert view(state) == before, f"undo of {text!r} is not exact"
    do(state, text)
    assert view(state) == after


def test_undo_of_every_kind_of_action() -> None:
    state = new(deals=2)
    script = ["bid 18", "hold", "bid 20", "pass", "bid 22", "pass",  # bidding
              "pickup", "bury 7s 8d", "declare hearts"]  # skat, burying, declaring
    for text in script:
        apply_and_undo(state, text)
    while state.deal == 0:  # every card, trick and the deal's end
        apply_and_undo(state, str(state.legal_actions()[-1]))
    while not state.is_terminal:  # the series' end
        apply_and_undo(state, str(state.legal_actions()[0]))


def test_undo_of_the_all_pass_that_throws_the_deal_in() -> None:
    state = new(deals=2)
    do(state, "pass", "pass")
    hands = list(state.hands)
    before = view(state)
    do(state, "pass")
    assert state.deal == 1 and state.hands != hands
    state.undo()
    assert view(state) == before
    assert state.deal == 0 and state.phase == BIDDING and state.hands == hands
    assert state.current_player == 0


def test_undo_walks_back_to_the_start() -> None:
    state = new(deals=3)
    start = view(state)
    while not state.is_terminal:
        state.apply(state.legal_actions()[len(state.history) % len(state.legal_actions())])
    while state.can_undo:
        state.undo()
    assert view(state) == start


def test_clone_is_independent() -> None:
    state = do(new(), "bid 18", "hold")
    copy = state.clone()
    do(copy, "pass", "pass", "pickup")
    assert state.current_player == 1 and state.bid == 18
    assert copy.hands[0].bit_count() == 12 and state.hands[0].bit_count() == 10
