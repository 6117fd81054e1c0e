"""Property tests: no turn, valid or not, ever creates or loses a piece."""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.games.territory import Territory, TerritoryState, Turn, TurnForfeited
from tests.games.territory.helpers import board, total

SIZE = 5
WITH_ZOMBIES = Territory(size=SIZE, rounds=6, players=3)
ALL_SEATS = Territory(size=SIZE, rounds=6, players=SIZE * SIZE)

moves = st.lists(
    st.tuples(st.integers(-2, SIZE + 1), st.integers(-2, SIZE + 1), st.sampled_from("nsew"),
              st.integers(-3, 12)),
    max_size=6,
)


def draw_turn(data: st.DataObject, state: TerritoryState) -> Turn:
    """Mostly moves from the mover's own squares, with counts from -2 to 3 over what it holds."""
    owned = list(zip(*np.nonzero(state.owners == state.current_player), strict=True))
    raw = []
    for _ in range(data.draw(st.integers(0, 5))):
        if owned and data.draw(st.integers(0, 9)):
            row, col = (int(x) for x in data.draw(st.sampled_from(owned)))
        else:
            row, col = data.draw(st.integers(-2, SIZE + 1)), data.draw(st.integers(-2, SIZE + 1))
        held = int(state.numbers[row % SIZE, col % SIZE])
        raw.append((row, col, data.draw(st.sampled_from("nsew")),
                    data.draw(st.integers(-2, held + 3))))
    return Turn(raw)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**6), data=st.data())
def test_pieces_are_conserved_by_every_turn_valid_or_not(seed: int, data: st.DataObject) -> None:
    state = WITH_ZOMBIES.new_state(seed=seed)
    start = total(state)
    for _ in range(data.draw(st.integers(1, 25))):
        if state.is_terminal:
            break
        action = draw_turn(data, state)
        state.apply(action)
        assert total(state) == start
        state.check_invariants()


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**6), turns=st.lists(moves, max_size=25))
def test_a_negative_or_oversized_move_forfeits_and_changes_nothing(
        seed: int, turns: list[list[Any]]) -> None:
    state = ALL_SEATS.new_state(seed=seed)  # no zombies: only the mover could change the board
    for raw in turns:
        if state.is_terminal:
            break
        action = Turn(raw)
        reason = state.turn_error(action)
        owner = state.current_player
        before = board(state)
        state.apply(action)
        bad = any(n <= 0 for *_, n in raw) or reason is not None
        if bad:
            assert reason is not None, "a non-positive count is always invalid"
            assert board(state) == before
            assert state.forfeits[-1][1:] == (owner, reason)
            forfeited = [e for e in state.events if isinstance(e, TurnForfeited)]
            assert (forfeited[-1].owner, forfeited[-1].reason) == (owner, reason)
        state.check_invariants()


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10**6), choices=st.lists(st.integers(0, 10**6), max_size=40))
def test_undo_after_any_menu_turns_returns_to_the_start(seed: int, choices: list[int]) -> None:
    state = WITH_ZOMBIES.new_state(seed=seed)
    start = board(state)
    for choice in choices:
        if state.is_terminal:
            break
        menu = state.legal_actions()
        state.apply(menu[choice % len(menu)])
    while state.can_undo:
        state.undo()
    assert board(state) == start
