"""Seats are named by where they sit at every table size from 3 to 6 (no more "Seat 1 (+1)")."""

from __future__ import annotations

from typing import ClassVar

import pytest
from rich.console import Console

import parlour
from parlour.console.views.tricks import TrickTakingView
from parlour.web.views.base import TableView

NAMES = {
    3: ["you", "left", "right"],
    4: ["you", "left", "across", "right"],
    5: ["you", "left", "far left", "far right", "right"],
    6: ["you", "left", "far left", "across", "far right", "right"],
}


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_table_size_names_its_seats_by_position(players: int) -> None:
    game = parlour.load_game("skull", players=players)
    console_view = TrickTakingView(game, 0, Console(width=80))
    assert console_view.names() == NAMES[players]
    assert console_view.label(1) == "seat 1 (left)"
    web_view = TableView(game, ["human"] + ["random"] * (players - 1))
    assert [web_view.position(seat, 0) for seat in range(players)] == NAMES[players]
    assert "+" not in web_view.label(players - 1, 0)


def test_a_game_names_its_own_views_without_registering_them() -> None:
    from parlour.console.views import view_for as console_view_for
    from parlour.games.hearts import Hearts
    from parlour.web.views import view_for as web_view_for

    class Mine(Hearts):
        views: ClassVar[dict[str, str]] = {
            "console": "parlour.console.views.spades:SpadesView",
            "web": "parlour.web.views.spades:SpadesView",
        }

    game = Mine()
    assert type(console_view_for(game, 0, Console(width=80))).__module__.endswith("spades")
    assert type(web_view_for(game, ["human"] + ["random"] * 3)).__module__.endswith("spades")
