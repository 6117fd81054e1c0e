"""A series (Liste) of deals as one game; fixed deals; parameters; records."""

from __future__ import annotations

from random import Random

import pytest

import parlour
from parlour import ParlourError
from parlour.core import ParameterError
from parlour.games.skat import Deal
from parlour.records import Record
from tests.games.skat.helpers import HANDS, SKAT, do, game, new, play_out, win_bidding


def random_series(state: parlour.State, seed: int = 0) -> parlour.State:
    rng = Random(seed)
    while not state.is_terminal:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def test_a_series_defaults_to_one_deal_per_seat() -> None:
    assert game().num_deals == 3
    assert game(players=4).num_deals == 4
    state = random_series(game().new_state(seed=4))
    assert len(state.results) == 3


def test_the_number_of_deals_is_a_parameter() -> None:
    state = random_series(game(deals=6).new_state(seed=4))
    assert len(state.results) == 6
    assert parlour.load_game("skat:deals=9").num_deals == 9  # type: ignore[attr-defined]


def test_the_deal_passes_to_the_left() -> None:
    state = game(deals=4).new_state(seed=2, dealer=1)
    dealers = [state.dealer]
    for _ in range(3):
        play_out(do(win_bidding(state, 0), "declare grand hand"))
        dealers.append(state.dealer)
    assert dealers == [1, 2, 0, 1]


def test_at_four_the_deal_passes_left_and_the_new_dealer_sits_out() -> None:
    state = game(players=4).new_state(seed=2, dealer=0)
    seen = []
    for _ in range(4):
        seen.append((state.dealer, state.seats))
        assert state.hands[state.dealer] == 0
        play_out(do(win_bidding(state, 0), "declare grand hand"))
    assert seen == [(0, (1, 2, 3)), (1, (2, 3, 0)), (2, (3, 0, 1)), (3, (0, 1, 2))]


def test_per_deal_results_are_kept_and_sum_to_the_scores() -> None:
    state = random_series(game(deals=6).new_state(seed=8))
    assert [r.deal for r in state.results] == list(range(6))
    totals = [sum(r.points[p] for r in state.results) for p in range(3)]
    assert tuple(totals) == state.scores()
    assert state.observe(1).deal_results == state.results


def test_thrown_in_deals_count_in_the_series() -> None:
    state = new(deals=2)
    do(state, "pass", "pass", "pass")
    assert len(state.results) == 1 and state.deal == 1
    do(state, "pass", "pass", "pass")
    assert state.is_terminal and state.scores() == (0, 0, 0)


def test_the_game_ends_after_the_last_deal_with_winners() -> None:
    state = new(deals=1)
    play_out(do(win_bidding(state, 0), "declare hearts hand"))
    assert state.is_terminal and state.current_player is None
    assert state.legal_actions() == ()
    best = max(state.scores())
    assert state.winners() == tuple(p for p in range(3) if state.scores()[p] == best)
    assert state.returns() == tuple(float(s) for s in state.scores())


def test_each_deal_comes_from_the_seed_and_its_number_only() -> None:
    a = random_series(game().new_state(seed=11), seed=1)
    b = random_series(game().new_state(seed=11), seed=2)
    deals_a = [m.action for m in a.history if isinstance(m.action, Deal)]
    deals_b = [m.action for m in b.history if isinstance(m.action, Deal)]
    assert [d.hands for d in deals_a] != [] and deals_a[0] == deals_b[0]


def test_new_state_with_fixed_hands_skat_and_dealer() -> None:
    state = game().new_state(hands=HANDS, skat=SKAT, dealer=0)
    assert state.dealer == 0 and state.seats == (1, 2, 0)
    assert state.hands[0] == parlour.cards.parse_cards(HANDS[0])


def test_the_skat_defaults_to_the_two_cards_left() -> None:
    assert new(skat=None).skat == new().skat


def test_fixed_deals_are_checked() -> None:
    with pytest.raises(ParameterError, match="must hold 10 cards"):
        game().new_state(hands=["Jc", HANDS[1], HANDS[2]])
    with pytest.raises(ParameterError, match="repeats"):
        game().new_state(hands=[HANDS[0], HANDS[0], HANDS[2]])
    with pytest.raises(ParameterError, match="skat"):
        game().new_state(hands=HANDS, skat="Jc Js")
    with pytest.raises(ParameterError, match="dealer"):
        game().new_state(dealer=3)
    with pytest.raises(ParameterError, match="unknown setup"):
        game().new_state(handz=HANDS)


def test_fixed_deal_at_four_players_by_position() -> None:
    state = game(players=4).new_state(hands=HANDS, skat=SKAT, dealer=3)
    assert state.seats == (0, 1, 2) and state.hands[3] == 0
    state = game(players=4).new_state(hands=HANDS, skat=SKAT, dealer=0)
    assert state.hands[1] == parlour.cards.parse_cards(HANDS[0])  # forehand's cards


def test_a_record_of_a_fixed_deal_verifies() -> None:
    setup = {"hands": HANDS, "skat": SKAT, "dealer": 0}
    record = parlour.Match(game(), ["heuristic", "random", "heuristic"], seed=3,
                           setup=setup).run()
    assert record.setup["dealer"] == 0 and "hands" in record.setup
    again = Record.from_json(record.to_json())
    assert again.verify().scores() == tuple(record.result.scores)


def test_parameters_are_validated() -> None:
    with pytest.raises(ParlourError):
        game(players=5)
    with pytest.raises(ParlourError):
        game(scoring="bierlachs")
    with pytest.raises(ParlourError, match="did you mean"):
        parlour.load_game("skat", player=4)


def test_aliases_load_the_isko_rules() -> None:
    assert type(parlour.load_game("skat.isko")) is type(game())
    assert parlour.load_game("skat:players=4,scoring=seeger-fabian").spec == (
        "skat:players=4,scoring=seeger-fabian")
