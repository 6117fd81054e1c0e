"""Schafkopf's console and web views: found by the game, German card letters, trumps first."""

from __future__ import annotations

from rich.console import Console

from parlour.console.views import view_class as console_view_class
from parlour.console.views import view_for as console_view_for
from parlour.console.views.schafkopf import SchafkopfView
from parlour.web.views import view_class as web_view_class
from parlour.web.views import view_for
from parlour.web.views.schafkopf import SchafkopfWebView
from tests.games.schafkopf.helpers import HANDS_A, RUFSPIEL_EICHEL, deal, game, say


def test_the_game_names_its_views() -> None:
    assert console_view_class(game()) is SchafkopfView
    assert web_view_class(game()) is SchafkopfWebView


def test_the_console_shows_roles_the_game_and_the_hand_trumps_first() -> None:
    state = deal(HANDS_A, *RUFSPIEL_EICHEL)
    say(state, "E7")
    console = Console(width=80, color_system=None, record=True)
    view = console_view_for(state.game, 1, console)
    view.show(state.observe(1))
    text = console.export_text()
    assert "Deal 1 · Sauspiel auf die Eichel-Sau · play · trick 1 of 8" in text
    assert "your hand: HO SO HA HK EA E10 E9 G7" in text
    assert "trick: right E7" in text and "declarer" in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_the_web_view_names_the_called_sau_and_sorts_trumps_first() -> None:
    state = deal(HANDS_A, *RUFSPIEL_EICHEL)
    view = view_for(state.game, ["human", "heuristic", "heuristic", "heuristic"])
    seen = view.seat_view(state.observe(0), 0)
    assert seen["headline"] == "Deal 1 of 1 · Sauspiel auf die Eichel-Sau · trick 1 of 8"
    assert [c["card"] for c in seen["hand"]][:4] == ["Q♣", "Q♠", "J♣", "T♥"]
    assert {"label": "Called Sau (EA)", "cards": ["A♣"]} in seen["extra"]
    assert "declarer" in seen["seats"][0]["badges"]
    assert "partner" not in seen["seats"][1]["badges"]  # hidden from seat 0
    assert "partner" in view.seat_view(state.observe(1), 1)["seats"][1]["badges"]


def test_the_renderer_writes_cards_in_german_and_the_result_in_words() -> None:
    from parlour.console.render import renderer_for

    state = deal(HANDS_A, *RUFSPIEL_EICHEL)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    console = Console(width=80, color_system=None, record=True)
    renderer = renderer_for(console, state.game, ["heuristic"] * 4)
    for event in state.events:
        renderer.event(event, state)
    text = console.export_text()
    assert "seat 0 plays E7" in text and "seat 1 plays EA" in text
    assert "Sauspiel auf die Eichel-Sau" in text and "points per opponent" not in text
    assert " points" in text.split("Sauspiel auf die Eichel-Sau")[-1]


def test_the_web_buttons_name_the_games_and_words() -> None:
    state = deal(HANDS_A, "spiel", "spiel", "weiter", "weiter")
    view = view_for(state.game, ["heuristic", "human", "heuristic", "heuristic"])
    buttons = view.seat_view(state.observe(1), 1)["buttons"]
    labels = {b["action"]: b["label"] for b in buttons}
    assert labels["weiter"] == "Weiter" and labels["raise wenz-tout"] == "Raise: Wenz-Tout"
