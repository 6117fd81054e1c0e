"""People at the console and spectators (issue 14, points 24 and 27): turns the help describes,
bids out of range, hidden events shown once, grammar, readable scores, Null order, passing."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Iterable
from typing import Any

import numpy as np
from rich.console import Console
from typer.testing import CliRunner

import parlour
from parlour.cards import parse_cards
from parlour.cli import app
from parlour.console.human import HumanAgent
from parlour.console.skat import skat_hand
from parlour.console.views import view_for
from parlour.core import Action, DealScored
from parlour.games.skat.actions import Contract
from parlour.records import load

runner = CliRunner()


def console() -> Console:
    return Console(file=io.StringIO(), width=120, force_terminal=False, color_system=None,
                   highlight=False)


def screen(console_: Console) -> str:
    return console_.file.getvalue()  # type: ignore[attr-defined]


def person(lines: Iterable[str]) -> Any:
    """An input function typing `lines` in order, then ``exit``."""
    queue = list(lines)
    return lambda prompt: queue.pop(0) if queue else "exit"


def decide(game: Any, state: Any, seat: int, lines: Iterable[str]) -> tuple[Action, str]:
    """What a human at `seat` plays after typing `lines`, and what the screen showed."""
    agent = HumanAgent(game, seat, console=console(), input=person(lines))
    agent.on_game_start(game, seat)
    action = agent.act(state.observe(seat))
    return action, screen(agent.console)


# --- 24: Territory turns as the help writes them ------------------------------------------------
def own_square(observation: Any) -> tuple[int, int]:
    rows, cols = np.nonzero(observation.owners == observation.owner)
    return int(rows[0]), int(cols[0])


def test_a_person_can_make_the_territory_turns_the_help_describes() -> None:
    game = parlour.load_game("territory", size=6, players=2)
    state = game.new_state(seed=1)
    row, col = own_square(state.observe(0))
    split, shown = decide(game, state, 0, [f"{row},{col} n 2; {row},{col} e 2"])
    assert str(split) == str(game.parse_action(f"{row},{col} n 2; {row},{col} e 2", state))
    assert "not among the legal moves" not in shown
    part, _ = decide(game, state, 0, [f"{row},{col} n 2"])
    assert str(part) == f"{row},{col} n 2"
    assert state.turn_error(split) is None
    state.apply(split)
    assert not any(type(e).__name__ == "TurnForfeited" for e in state.events)


def test_a_territory_turn_that_would_be_forfeited_is_refused_with_the_reason() -> None:
    game = parlour.load_game("territory", size=6, players=2)
    state = game.new_state(seed=1)
    row, col = own_square(state.observe(0))
    action, shown = decide(game, state, 0, [f"{row},{col} n 9", f"{row},{col} s 1"])
    assert "it would be forfeited" in shown and "which holds 4" in shown, "too many pieces"
    assert str(action) == f"{row},{col} s 1"


# --- 27: Skull ----------------------------------------------------------------------------------
def skull_bidding() -> tuple[Any, Any]:
    """Three players have placed a rose each: seat 2 may bid 1 to 3."""
    game = parlour.load_game("skull", players=3)
    state = game.new_state(seed=1)
    for _ in range(3):
        state.apply(game.parse_action("place rose", state))
    return game, state


def test_a_skull_bid_out_of_range_names_the_legal_bids() -> None:
    game, state = skull_bidding()
    action, shown = decide(game, state, state.current_player, ["bid 99", "5", "bid 2"])
    assert str(action) == "bid 2"
    assert shown.count("the legal bids now are 1 to 3") == 2
    assert "1 to 24" not in shown


def test_skull_games_show_each_hidden_disc_once(tmp_path: Any) -> None:
    path = tmp_path / "skull.json"
    played = runner.invoke(app, ["play", "skull:players=3", "--seed", "3", "--seats", "random",
                                 "--record", str(path)])
    replayed = runner.invoke(app, ["replay", str(path), "--no-step"])
    record = load(path)
    placed = sum(1 for move in record.moves if str(move.action).startswith("place"))
    for output in (played.output, replayed.output):
        assert output.count(" places a ") == placed, "one line per disc placed"
        assert "places a disc" not in output, "a spectator sees which disc it was"


# --- 27: Skat and the scores --------------------------------------------------------------------
def test_deal_scores_read_as_numbers_by_seat() -> None:
    event = DealScored(deal=0, points=(23, 0, -46), totals=(-342, 0, 46))
    assert event.describe() == ("deal 1 scored seat 0 +23, seat 1 0, seat 2 -46; "
                                "totals seat 0 -342, seat 1 0, seat 2 46")


def test_the_skat_console_prints_no_python_lists() -> None:
    game = parlour.load_game("skat", deals=3)
    state = parlour.Match(game, ["random"] * 3, seed=2).run().verify()
    view = view_for(game, 0, console())
    for event in state.events:
        if event.visible(0):
            view.event(event)
    shown = screen(view.console)
    assert "totals seat 0 (you) " in shown
    assert "[" not in shown and "]" not in shown


def test_the_skat_view_says_you_deal() -> None:
    game = parlour.load_game("skat")
    state = game.new_state(seed=1)
    dealer = state.observe(0).dealer
    view = view_for(game, dealer, console())
    view.show(state.observe(dealer))
    shown = screen(view.console)
    assert "you deal ·" in shown and "you deals" not in shown


def test_null_hands_sort_the_jacks_into_their_suits() -> None:
    hand = parse_cards("J♦ J♣ A♥ 7♦ T♠ J♥ K♥")
    assert skat_hand(hand) == "J♣ J♥ J♦  T♠  AK♥  7♦"
    assert skat_hand(hand, null=True) == "J♣  T♠  AKJ♥  J7♦"
    game = parlour.load_game("skat")
    observation = game.new_state(seed=1).observe(0)
    for contract, expected in ((Contract("null"), "J♣ T♠ AKJ♥ J7♦"),
                               (Contract("grand"), "J♣ J♥ J♦ T♠ AK♥ 7♦")):
        view = view_for(game, 0, console())
        view.show(dataclasses.replace(observation, hand=type(observation.hand)(hand),
                                      contract=contract, declarer=1))
        hand_line = next(line for line in screen(view.console).splitlines()
                         if "your hand" in line)
        assert hand_line.split("your hand:", 1)[1].split() == expected.split()


# --- 27: Hearts passing -------------------------------------------------------------------------
def test_cards_chosen_to_pass_leave_your_hand() -> None:
    game = parlour.load_game("hearts")
    state = game.new_state(seed=7)  # seat 0 holds JT2♣ K654♦ KQ84♠ K4♥
    state.apply(game.parse_action("2♣", state))
    view = view_for(game, 0, console())
    view.show(state.observe(0))
    lines = screen(view.console).splitlines()
    hand = next(line for line in lines if "your hand" in line)
    passing = next(line for line in lines if "passing" in line)
    assert "JT♣" in hand and "2♣" not in hand and "JT2♣" not in hand
    assert "2♣" in passing and "1 of 3 chosen" in passing
