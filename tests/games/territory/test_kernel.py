"""The compiled zombie turns against the Python rules: the same boards, streams, results and
events.

The kernel runs zombies for quiet states and states with events alike; the reference plays
them in Python (`PythonTurns`, a subclass the kernel leaves alone). Skipped when the kernel is
not built, except under CI (``CI`` set), where the compiled path must be there.
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


class PythonTurns(TerritoryState):
    """The reference: overriding a zombie method keeps the turns in Python."""

    __slots__ = ()

    def _zombie_turn(self, owner: int) -> None:
        super()._zombie_turn(owner)


def _python_state(game: Any, seed: int, **setup: Any) -> TerritoryState:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rules, "_KERNEL", None)  # the zombies before the first seat's turn
        state = game.new_state(seed=seed, quiet=False, **setup)
    state.__class__ = PythonTurns
    return state


@pytest.mark.parametrize(("size", "rounds", "players", "games"),
                         [(14, 50, 0, 5), (5, 20, 0, 40), (8, 40, 2, 10), (3, 20, 0, 30)])
def test_compiled_zombie_turns_match_the_python_rules(size: int, rounds: int, players: int,
                                                      games: int) -> None:
    game = parlour.load_game("territory", size=size, rounds=rounds, players=players)
    endings: set[str] = set()
    for seed in range(games):
        quiet = game.new_state(seed=seed, quiet=True)
        loud = game.new_state(seed=seed, quiet=False)  # events built in the kernel
        python = _python_state(game, seed)
        while True:
            assert _key(quiet) == _key(python) == _key(loud), f"seed {seed} diverged"
            assert loud.events == python.events, f"seed {seed}: the events differ"
            if quiet.is_terminal:
                break
            legal = quiet.legal_actions()
            action = legal[(seed + python.round) % len(legal)]
            for state in (quiet, loud, python):
                state.apply(action)
        endings.add(quiet.end_reason.split()[0])
        assert quiet.scores() == python.scores() and quiet.winners() == python.winners()
        assert any(type(e).__name__ == "TurnPlayed" and e.taken for e in loud.events)
    if size == 5:
        assert endings == {"all", "20"}, "both ways a game ends were checked"


def test_a_seat_whose_turn_ends_the_game_ends_it_on_the_compiled_path_too() -> None:
    # seat 0 takes the zombie's last square: every piece is its own, so no zombie moves again
    game = parlour.load_game("territory", size=3, rounds=5, players=1)
    setup = {"owners": [[0, 0, 0], [0, 0, 0], [0, 0, 1]],
             "numbers": [[1, 1, 1], [1, 1, 1], [1, 5, 1]], "order": [0, 1]}
    for state in (game.new_state(seed=1, quiet=True, **setup),
                  game.new_state(seed=1, quiet=False, **setup), _python_state(game, 1, **setup)):
        state.apply(game.parse_action("2,1 e 5", state))
        assert state.is_terminal and state.current is None
        assert state.end_reason == "all pieces belong to one owner" and state.scores() == (9,)


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
