"""The compiled zombie turns against the Python rules: the same boards, streams and results.

A quiet state runs zombies in the kernel; a state with events runs them in Python. Skipped when
the kernel is not built, except under CI (``CI`` set), where the compiled path must be there.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

import parlour
from parlour import engine
from parlour.games.territory import rules
from parlour.games.territory.rules import TerritoryState

KERNEL_NAME = "parlour.games.territory._kernel"


@pytest.fixture(autouse=True)
def kernel() -> None:
    if KERNEL_NAME not in engine.built():
        if os.environ.get("CI"):
            pytest.fail("the Territory kernel is not built: CI must test the compiled path")
        pytest.skip("the Territory kernel is not built (pip install -e . with a C compiler)")
    if rules._KERNEL is None:
        pytest.skip("the pure path is forced (PARLOUR_PURE)")


def _key(state: TerritoryState) -> tuple[Any, ...]:
    return (state.owners.tobytes(), state.numbers.tobytes(), tuple(state.squares),
            tuple(state.pieces), state.position, state.round, state.current, state.over,
            state.end_reason, state.forfeits, str(state.zombie_rng.bit_generator.state))


@pytest.mark.parametrize(("size", "rounds", "players", "games"),
                         [(14, 50, 0, 5), (5, 20, 0, 40), (8, 40, 2, 10), (3, 20, 0, 30)])
def test_compiled_zombie_turns_match_the_python_rules(size: int, rounds: int, players: int,
                                                      games: int) -> None:
    game = parlour.load_game("territory", size=size, rounds=rounds, players=players)
    endings: set[str] = set()
    for seed in range(games):
        compiled = game.new_state(seed=seed, quiet=True)
        python = game.new_state(seed=seed, quiet=False)  # events on: the Python turns
        while True:
            assert _key(compiled) == _key(python), f"seed {seed} diverged"
            if compiled.is_terminal:
                break
            legal = compiled.legal_actions()
            action = legal[(seed + python.round) % len(legal)]
            compiled.apply(action)
            python.apply(action)
        endings.add(compiled.end_reason.split()[0])
        assert compiled.scores() == python.scores() and compiled.winners() == python.winners()
    if size == 5:
        assert endings == {"all", "20"}, "both ways a game ends were checked"


def test_a_subclass_that_changes_zombie_turns_keeps_them_in_python() -> None:
    turns: list[int] = []

    class Traced(TerritoryState):
        __slots__ = ()

        def _zombie_turn(self, owner: int) -> None:
            turns.append(owner)
            super()._zombie_turn(owner)

    assert not rules._kernel_fits(Traced) and rules._kernel_fits(TerritoryState)
    game = parlour.load_game("territory", size=4, rounds=3, players=0)
    state = Traced(game, 1, *rules.starting_board(1, 4),
                   order=rules.shuffled_order(1, rules.starting_board(1, 4)[0]))
    state.quiet = True
    state.advance()
    assert turns
