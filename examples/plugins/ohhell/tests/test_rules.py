"""Oh Hell's rules, each a named test: deals, the trump, bidding order, the hook, scoring."""

from __future__ import annotations

from random import Random

import pytest
from parlour_ohhell.parts import BID, OhHellDealScored

import parlour
from parlour.cards import format_card
from parlour.core import IllegalActionError
from parlour.testing import check_final, random_playout


def game(**params: int) -> parlour.core.Game:
    return parlour.load_game("ohhell", **params)


def test_the_game_is_found_through_its_entry_point() -> None:
    assert "ohhell" in [info.id for info in parlour.list_games()]
    assert game().agents["heuristic"] == "parlour_ohhell.bots:OhHellHeuristic"


def test_hands_shrink_by_one_card_each_deal_down_to_one() -> None:
    state = random_playout(game(cards=4).new_state(seed=1), Random(0))
    sizes = [m.action.hands[0].bit_count()
             for m in state.history if type(m.action).__name__ == "Deal"]
    assert sizes == [4, 3, 2, 1]
    check_final(state)


def test_the_turned_up_card_is_trump_and_out_of_play() -> None:
    state = game(players=5, cards=10).new_state(seed=3)
    held = 0
    for hand in state.hands:
        held |= hand
    assert not held >> state.turned & 1 and held.bit_count() == 50
    assert state.trump == state.turned >> 4


def test_left_of_the_dealer_bids_first_and_leads() -> None:
    state = game().new_state(seed=2)
    assert state.dealer == 0 and state.current == 1
    for _ in range(4):
        state.apply(BID[0] if state.current != 0 else BID[1])
    assert state.phase == 1 and state.current == 1


def test_the_dealer_may_not_make_the_bids_add_up_to_the_tricks() -> None:
    state = game(cards=3).new_state(seed=2)
    for _ in range(3):
        state.apply(BID[1 if state.current == 1 else 0])
    assert state.current == state.dealer
    legal = [str(a) for a in state.legal_actions()]
    assert "bid 2" not in legal and legal == ["bid 0", "bid 1", "bid 3"]
    with pytest.raises(IllegalActionError, match="may not bid 2"):
        state.apply(BID[2])


def test_a_trump_beats_the_suit_led() -> None:
    state = game(cards=7).new_state(seed=5)
    while state.phase == 0:
        state.apply(state.legal_actions()[0])
    trump = state.trump
    for _ in range(200):
        before = len(state.tricks)
        state.apply(state.legal_actions()[-1])
        if len(state.tricks) > before or state.is_terminal:
            break
    leader, cards = state.tricks[0]
    trumps = [c for c in cards if c >> 4 == trump]
    winner_card = max(trumps) if trumps else max(c for c in cards if c >> 4 == cards[0] >> 4)
    seat = (leader + cards.index(winner_card)) % 4
    assert state.won[seat] == 1, f"{format_card(winner_card)} should win"


def test_an_exact_bid_scores_ten_plus_the_bid_and_a_miss_nothing() -> None:
    state = random_playout(game(cards=2).new_state(seed=7), Random(3))
    for event in state.events:
        if isinstance(event, OhHellDealScored):
            for bid, won, points in zip(event.bids, event.tricks, event.points, strict=True):
                assert points == (10 + bid if bid == won else 0)


def test_the_heuristic_beats_random_players() -> None:
    wins = 0
    for seed in range(20):
        record = parlour.Match(game(cards=5), ["heuristic", "random", "random", "random"],
                               seed=seed).run()
        wins += 0 in record.result.winners
    assert wins >= 8  # a random player wins about 5 of 20 (one seat in four)


def test_the_views_come_from_the_game_not_a_registration() -> None:
    from rich.console import Console

    from parlour.console.views import view_for as console_view
    from parlour.web.views import view_for as web_view

    g = game(players=5)
    seat_view = console_view(g, 0, Console(width=80, record=True))
    assert type(seat_view).__name__ == "OhHellConsoleView"
    assert seat_view.label(2) == "seat 2 (across left)"
    state = g.new_state(seed=1)
    seat_view.show(state.observe(0))
    assert "Deal 1 · 7 card(s) · trump" in seat_view.console.export_text()
    table = web_view(g, ["human"] + ["random"] * 4)
    assert type(table).__name__ == "OhHellWebView"
    page = table.seat_view(state.observe(0), 0)
    assert page["headline"] == "Deal 1 · 7 card(s) · bid"
    assert page["extra"][0]["label"] == "Trump" and page["seats"][1]["count"] == 7


@pytest.mark.parametrize("players", [3, 4, 5])
def test_compiled_playouts_make_the_python_loops_moves(players: int) -> None:
    """Search playouts (`play_random`) get the trick layer's compiled card play from the
    contract's tables, with no Cython in this package: the very moves of the Python loop."""
    from parlour_ohhell.rules import OhHellState

    from parlour.cards.layer import LAYER_PLAY
    from parlour.core import State

    if LAYER_PLAY.load() is None:
        pytest.skip("parlour's compiled modules are not built (or PARLOUR_PURE is set)")
    assert LAYER_PLAY.applies(OhHellState)
    for seed in range(60):
        state = game(players=players).new_state(seed=seed)
        state.quiet = True
        rng = Random(seed)
        for _ in range(rng.randrange(40)):
            state.apply(state.legal_actions()[rng.randrange(len(state.legal_actions()))])
        stop = state.deal + 1 if seed % 2 else None
        compiled, python = state.clone(quiet=True), state.clone(quiet=True)
        compiled.play_random(stop, Random(seed).random)
        State.play_random(python, stop, Random(seed).random)
        assert compiled.history == python.history, seed
        assert compiled._snapshot() == python._snapshot(), seed


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_compiled_match_step_makes_the_python_steps_moves(players: int) -> None:
    """A `Match` gets the trick layer's compiled step (`legal_actions`, `apply`,
    `apply_unchecked_no_undo` of a card play) from the contract's tables, with no Cython in this
    package; the bids stay in this package's Python. parlour's cross-check compares every
    field, event, history entry and undo record after every move."""
    from parlour_ohhell.rules import OhHell, OhHellState

    from parlour.cards.layer import LAYER_STEP
    from parlour.crosscheck import layer_steps

    if LAYER_STEP.load() is None:
        pytest.skip("parlour's compiled modules are not built (or PARLOUR_PURE is set)")
    assert LAYER_STEP.applies(OhHellState)
    done = layer_steps.crosscheck_cards(OhHell(players=players), cards=800)
    assert done.games_over == done.games and done.applied > done.cards // 2
