"""The Doppelkopf console and web views: found by the game, trumps first, no other hand shown."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console

import parlour
from parlour.console.views import view_for as console_view
from parlour.console.views.doppelkopf import DoppelkopfSeatView
from parlour.games.doppelkopf.cards import canonical, format_card, iter_cards
from parlour.match import Match
from tests.games.doppelkopf.helpers import ALL_GESUND, deal, play

pytest.importorskip("fastapi")

from parlour.web.views import view_for as web_view
from parlour.web.views.doppelkopf import DoppelkopfTableView


def test_the_game_names_its_views():
    game = parlour.load_game("doppelkopf")
    assert isinstance(console_view(game, 0, Console(file=io.StringIO())), DoppelkopfSeatView)
    assert isinstance(web_view(game, ["heuristic"] * 4), DoppelkopfTableView)


def test_a_seat_on_the_page_sees_only_its_own_cards():
    game = parlour.load_game("doppelkopf:deals=1,tournament=false")
    match = Match(game, ["heuristic"] * 4, seed=6)
    view = web_view(game, match.specs)
    state = match.state
    while not state.is_terminal:
        for seat in range(4):
            picture = view.seat_view(state.observe(seat), seat)
            json.dumps(picture)
            assert all(entry["hand"] is None for entry in picture["seats"])
            shown = sorted(entry["card"] for entry in picture["hand"] or [])
            assert shown == sorted(format_card(c) for c in iter_cards(canonical(
                state.hands[seat])))
        match.step()


def test_the_hand_shows_trumps_first_and_only_playable_cards_click():
    state = play(deal(), *ALL_GESUND, "A♦")
    view = web_view(state.game, ["human"] * 4)
    hand = view.seat_view(state.observe(1), 1)["hand"]
    assert [e["card"] for e in hand][:6] == ["10♥", "Q♣", "Q♥", "J♠", "K♦", "9♦"]
    assert [e["action"] for e in hand][6:] == [None] * 6


def test_the_console_shows_parties_calls_and_the_hand_in_80_columns():
    state = play(deal(), *ALL_GESUND, "Q♣")
    out = io.StringIO()
    view = console_view(state.game, 1, Console(file=out, width=80))
    view.show(state.observe(1))
    text = out.getvalue()
    assert "normal game · trick 1 of 12" in text
    assert "Re" in text and "Kontra" in text
    assert "your hand: 10♥ Q♣ Q♥ J♠ K♦ 9♦  A♣ 10♣  K♠ 9♠  K♥ 9♥" in text
    assert max(len(line) for line in text.splitlines()) <= 80
