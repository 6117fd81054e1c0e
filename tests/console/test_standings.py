"""The console standings rank by the game's places (`State.placings`): ties share a place,
and Skull's eliminated players come in the order they went out."""

from __future__ import annotations

import io

from rich.console import Console

import parlour
from parlour.console.render import renderer_for, standings
from parlour.core import GameOver
from parlour.core.game import places_by
from tests.games.skull.helpers import fail_until_out, new


def _places_and_seats(text: str) -> list[list[str]]:
    """``[place, seat]`` of each row of a printed standings table."""
    cells = [row.strip("│ ").split("│") for row in text.splitlines() if row.startswith("│")]
    return [[cell.strip() for cell in row[:2]] for row in cells]


def _text(table: object) -> str:
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(table)
    return out.getvalue()


def test_places_share_ties_and_follow_the_keys() -> None:
    assert places_by([3.0, 7.0, 3.0, -1.0]) == (2, 1, 2, 4)
    state = parlour.load_game("hearts").new_state(seed=1)
    assert state.placings() == places_by(state.returns())


def test_tied_scores_share_a_place_and_lower_is_better_reverses() -> None:
    rows = _places_and_seats(_text(standings([5, 9, 5], (1,), ["a", "b", "c"])))
    assert rows == [["1", "1"], ["2", "0"], ["2", "2"]]
    lower = standings([5, 9, 5], (0, 2), ["a", "b", "c"], lower_is_better=True)
    assert _places_and_seats(_text(lower)) == [["1", "0"], ["1", "2"], ["3", "1"]]


def test_skulls_standings_list_the_eliminated_by_when_they_went_out() -> None:
    state = fail_until_out(new(4, seed=4), 0)
    fail_until_out(state, 3)
    fail_until_out(state, 1)
    out = io.StringIO()
    renderer = renderer_for(Console(file=out, width=80, color_system=None), state.game,
                            ["p0", "p1", "p2", "p3"])
    over = next(e for e in state.events if isinstance(e, GameOver))
    renderer.game_over(over, state)
    assert _places_and_seats(out.getvalue()) == [["1", "2"], ["2", "1"], ["3", "3"], ["4", "0"]]
    # the winner, then the seat out last, then those out earlier
