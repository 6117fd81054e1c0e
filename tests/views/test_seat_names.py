"""Seats are named from where you sit, for every table size, alike at the console and the web."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from parlour.console.views import view_for as console_view_for
from parlour.console.views.tricks import TrickTakingView
from parlour.core.seats import position, positions
from parlour.games.skull import Skull
from parlour.web.views import view_for

NAMES = {
    3: ("you", "left", "right"),
    4: ("you", "left", "across", "right"),
    5: ("you", "left", "across left", "across right", "right"),
    6: ("you", "left", "far left", "across", "far right", "right"),
}


@pytest.mark.parametrize("players", sorted(NAMES))
def test_names_by_table_size(players: int) -> None:
    assert positions(players) == NAMES[players]
    assert position(players + 1, players) == "left"  # offsets wrap round the table
    assert position(-1, players) == "right"


@pytest.mark.parametrize("players", range(2, 13))
def test_every_seat_has_its_own_name_and_the_two_sides_mirror(players: int) -> None:
    names = positions(players)
    assert len(set(names)) == players
    assert not any(name.startswith("+") or "seat" in name for name in names)
    for offset in range(1, players):
        mirrored = names[players - offset].replace("right", "LEFT").replace("left", "right")
        assert names[offset] == mirrored.replace("LEFT", "left")


def test_larger_tables_count_the_seats_along_each_side() -> None:
    assert positions(7) == ("you", "left", "2nd left", "3rd left", "3rd right", "2nd right",
                            "right")
    assert positions(8)[4] == "across"
    assert positions(2) == ("you", "across")
    with pytest.raises(ValueError, match="1 player"):
        position(0, 1)


@pytest.mark.parametrize("players", sorted(NAMES))
def test_the_web_table_labels_seats_by_position(players: int) -> None:
    view = view_for(Skull(players=players), ["human"] + ["heuristic"] * (players - 1))
    you = 1
    labels = [view.label(seat, you) for seat in range(players)]
    expected = ["You" if seat == you else
                f"Seat {seat} ({NAMES[players][(seat - you) % players]})"
                for seat in range(players)]
    assert labels == expected
    assert view.personal(f"seat {(you + 2) % players} bids 3", you) == \
        f"seat {(you + 2) % players} ({NAMES[players][2]}) bids 3"


class Tricks(TrickTakingView):
    """The shared trick-taking console view, as a game with no names of its own gets it."""


@pytest.mark.parametrize("players", sorted(NAMES))
def test_the_console_names_seats_by_position(players: int) -> None:
    screen = Console(file=io.StringIO(), width=80)
    view = Tricks(Skull(players=players), 2, screen)
    assert view.names() == [NAMES[players][(seat - 2) % players] for seat in range(players)]
    before = 1
    assert view.label(before) == f"seat 1 ({NAMES[players][-1]})" == "seat 1 (right)"
    assert view.label(2) == "you"
    after = 3 % players
    assert view.personal(f"seat 2 leads; seat {after} follows") == \
        f"seat 2 (you) leads; seat {after} ({NAMES[players][1]}) follows"


def test_the_console_skull_table_names_seats_by_position_at_80_columns() -> None:
    game = Skull(players=6)
    state = game.new_state(seed=2)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    screen = Console(file=io.StringIO(), width=80, color_system=None)
    view = console_view_for(game, 0, screen)
    view.show(state.observe(0))
    view.event(state.events[-1])
    assert isinstance(screen.file, io.StringIO)
    printed = screen.file.getvalue()
    for seat, name in enumerate(NAMES[6][1:], start=1):
        assert f"seat {seat} ({name})" in printed
    assert all(len(line) <= 80 for line in printed.splitlines())
    assert view.personal("seat 0 bids 2; seat 3 passes") == \
        "seat 0 (you) bids 2; seat 3 (across) passes"
    assert view.name(5) == "seat 5 (right)"
