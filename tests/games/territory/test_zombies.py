"""The compiled zombie turns against the Python rules: the same boards, streams, results and
events.

The compiled turns run zombies for quiet states and states with events alike; the reference
plays them in Python (`PythonTurns`, a subclass they leave alone). Skipped when the compiled
module is not built, except under CI (``CI`` set), where the compiled path must be there.
"""

from __future__ import annotations

import os

import pytest

import parlour
from parlour import compiled_switch
from parlour.crosscheck import Divergence, territory
from parlour.crosscheck.territory import PythonTurns, crosscheck, python_state
from parlour.games.territory import rules
from parlour.games.territory.rules import TerritoryState

MODULE_NAME = "parlour.games.territory._zombies"


@pytest.fixture(autouse=True)
def zombies() -> None:
    if MODULE_NAME not in compiled_switch.built():
        if os.environ.get("CI"):
            pytest.fail("the compiled Territory module is not built: CI must test the compiled "
                        "path")
        pytest.skip("the compiled Territory module is not built (pip install -e . with a C "
                    "compiler)")
    if rules._ZOMBIES is None:
        pytest.skip("the pure path is forced (PARLOUR_PURE)")


@pytest.mark.parametrize(("size", "rounds", "players", "games"),
                         [(14, 50, 0, 5), (5, 20, 0, 40), (8, 40, 2, 10), (3, 20, 0, 30)])
def test_compiled_zombie_turns_match_the_python_rules(size: int, rounds: int, players: int,
                                                      games: int) -> None:
    game = parlour.load_game("territory", size=size, rounds=rounds, players=players)
    done = crosscheck(game, range(games))
    assert done.games == games and (done.turns > games or players == 0)
    if size == 5:
        assert set(done.endings) == {"all", "20"}, "both ways a game ends were checked"


def test_a_divergence_names_the_field_seed_turn_and_kernel_file() -> None:
    class Drifting(PythonTurns):
        __slots__ = ()

        def _zombie_turn(self, owner: int) -> None:
            super()._zombie_turn(owner)
            self.zombie_rng.random()  # one draw more than the rules make

    game = parlour.load_game("territory", size=5, rounds=20)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(territory, "PythonTurns", Drifting)
        with pytest.raises(Divergence, match=r"^territory:.*seed 0, move \d+ \(after .*\): "
                           r"quiet state \['\w+'\]: .* in "
                           r"src/parlour/games/territory/_zombies.pyx, .* in the Python rules$"):
            crosscheck(game, range(1))


def test_a_seat_whose_turn_ends_the_game_ends_it_on_the_compiled_path_too() -> None:
    # seat 0 takes the zombie's last square: every piece is its own, so no zombie moves again
    game = parlour.load_game("territory", size=3, rounds=5, players=1)
    setup = {"owners": [[0, 0, 0], [0, 0, 0], [0, 0, 1]],
             "numbers": [[1, 1, 1], [1, 1, 1], [1, 5, 1]], "order": [0, 1]}
    for state in (game.new_state(seed=1, quiet=True, **setup),
                  game.new_state(seed=1, quiet=False, **setup), python_state(game, 1, **setup)):
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

    assert not rules.ZOMBIE_TURNS.kept_by(Traced) and rules.ZOMBIE_TURNS.kept_by(TerritoryState)
    game = parlour.load_game("territory", size=4, rounds=3, players=0)
    state = Traced(game, 1, *rules.starting_board(1, 4),
                   order=rules.shuffled_order(1, rules.starting_board(1, 4)[0]))
    state.quiet = True
    state.advance()
    assert turns
