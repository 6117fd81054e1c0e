"""Territory read by a person (issue 28, point 5): letters and coordinates, not colour alone;
which squares you hold; a one-seat game ranked among every owner."""

from __future__ import annotations

import io
import re

import numpy as np
from rich.console import Console
from typer.testing import CliRunner

import parlour
from parlour.cli import app
from parlour.console.territory import board_text, seat_mark
from parlour.console.views import view_for
from parlour.console.views.territory import holdings


def plain(width: int = 80) -> Console:
    return Console(file=io.StringIO(), width=width, color_system=None, highlight=False)


def test_a_board_marks_each_seats_squares_by_letter_and_numbers_rows_and_columns() -> None:
    owners = np.array([[0, 5, 6], [7, 1, 8], [2, 3, 4]])
    numbers = np.array([[4, 2, 0], [1, 9, 3], [12, 4, 4]])
    console = plain()
    console.print(board_text(owners, numbers, players=2))
    lines = console.file.getvalue().splitlines()  # type: ignore[attr-defined]
    assert lines[0].split() == ["0", "1", "2"]
    assert lines[1].split() == ["0", "4A", "2", "·"]
    assert lines[2].split() == ["1", "1", "9B", "3"]
    assert seat_mark(0) == "A" and seat_mark(1) == "B"


def test_you_are_told_which_squares_you_hold() -> None:
    mine = np.array([[True, False], [False, True]])
    numbers = np.array([[8, 1], [2, 3]])
    assert holdings(mine, numbers) == "you hold 2 squares with 11 pieces: 0,0 (8), 1,1 (3)"
    assert holdings(np.zeros((2, 2), bool), numbers) == "you hold 0 squares with 0 pieces"


def test_the_seat_view_marks_your_squares_without_colour() -> None:
    game = parlour.load_game("territory", size=5, players=2)
    state = game.new_state(seed=3)
    view = view_for(game, 0, plain())
    view.show(state.observe(0))
    shown = view.console.file.getvalue()  # type: ignore[attr-defined]
    assert "*" in shown and "B" in shown and "* yours; B seat 1; unmarked: zombies" in shown
    assert re.search(r"you hold 1 square with (\d+) pieces: \d,\d \(\1\)", shown)


def test_a_one_seat_game_ranks_the_seat_among_every_owner() -> None:
    result = CliRunner().invoke(app, ["play", "territory:size=5,rounds=3", "--seed", "1",
                                      "--seats", "random"])
    assert result.exit_code == 0, result.output
    table = result.output.split("Standings among all owners")[1]
    place = re.search(r"│\s+(\d+) of (\d+) │\s+A 0 │ random", table)
    assert place, table
    assert int(place.group(2)) > 1, "the zombies are ranked too"
    assert "│ 1 │ 0" not in result.output, "no #1 for a seat that did not win"
