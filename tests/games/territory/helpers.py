"""Small boards for Territory tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from parlour.games.territory import Territory, TerritoryState, Turn, parse_turn


def make_state(owners: Sequence[Sequence[int]], numbers: Sequence[Sequence[int]],
               order: Sequence[int] | None = None, players: int | None = None,
               rounds: int = 50, seed: int = 0, **kwargs: Any) -> TerritoryState:
    """A state on a fixed board. By default every owner on it is a seat, in order 0, 1, ..."""
    size = len(owners)
    present = sorted({o for row in owners for o in row})
    if players is None:
        players = max(present) + 1
    game = Territory(size=size, rounds=rounds, players=players)
    return game.new_state(seed=seed, owners=owners, numbers=numbers,
                          order=present if order is None else order, **kwargs)


def turn(text: str) -> Turn:
    action = parse_turn(text)
    assert isinstance(action, Turn)
    return action


def board(state: TerritoryState) -> tuple[list[list[int]], list[list[int]]]:
    return state.owners.tolist(), state.numbers.tolist()


def total(state: TerritoryState) -> int:
    return int(np.sum(state.numbers))
