"""Ramsch, the house-rule extension: played when all three pass."""

from __future__ import annotations

import inspect
from random import Random
from typing import Any

import parlour
from parlour.cards import parse_cards
from parlour.games.skat import SkatState
from parlour.games.skat import ramsch as ramsch_module
from parlour.games.skat.ramsch import RAMSCH, Ramsch
from parlour.games.skat.rules import TIEBREAK
from parlour.games.skat.tables import GRAND, card_points
from tests.games.skat.helpers import HANDS, SKAT, do, play_out

TRICKS = ["Ac Tc Kc", "As Ts Ks", "Ah Th Kh", "Ad Td Kd", "Qc Qs Qh", "Qd Jc Js", "Jh Jd 9c",
          "9s 9h 9d", "8c 8s 8h", "7c 7h 7d"]  # 25 25 25 25 9 7 4 0 0 0; the skat 7♠ 8♦


def ramsch(**params: Any) -> Ramsch:
    return parlour.load_game("skat.ramsch", **params)  # type: ignore[return-value]


def all_passed(**params: Any) -> SkatState:
    state = ramsch(**params).new_state(seed=1, hands=HANDS, skat=SKAT, dealer=2)
    return do(state, "pass", "pass", "pass")


def scored(winners: list[int], skat: str = SKAT, **params: Any) -> Any:
    """Score a Ramsch deal whose ten tricks (TRICKS) went to `winners`."""
    state = all_passed(**params)
    taken = [0, 0, 0]
    tricks = []
    for cards, winner in zip(TRICKS, winners, strict=True):
        mask = parse_cards(cards)
        taken[winner] |= mask
        tricks.append((0, tuple(sorted(parse_cards_list(cards))), winner))
    state.taken, state.tricks, state.skat = tuple(taken), tuple(tricks), parse_cards(skat)
    return state.game.score_deal(state)


def parse_cards_list(text: str) -> list[int]:
    from parlour.cards import parse_card_list

    return parse_card_list(text)


def test_a_ramsch_is_played_when_all_three_pass() -> None:
    state = all_passed()
    assert state.contract == RAMSCH and state.declarer_seat is None
    assert state.phase_name == "play" and state.deal == 0


def test_forehand_leads_the_ramsch() -> None:
    assert all_passed().current_player == 0


def test_only_the_jacks_are_trumps_in_ramsch() -> None:
    assert RAMSCH.order == GRAND
    state = do(all_passed(), "Ah")  # seat 1 holds 8♥ 7♥ and the J♥
    assert {str(a) for a in state.legal_actions()} == {"8♥", "7♥"}  # the J♥ is no heart
    do(state, "8h", "Kd", "Jc")  # seat 0 wins with the A♥ and leads the J♣
    assert {str(a) for a in state.legal_actions()} == {"J♥", "J♦"}  # only Jacks follow
    do(state, "Jd", "7c")
    assert state.tricks[-1][2] == 0


def test_isko_games_are_still_played_when_someone_bids() -> None:
    state = ramsch().new_state(seed=1, hands=HANDS, skat=SKAT, dealer=2)
    do(state, "pass", "pass", "18", "declare grand hand")
    assert state.contract is not None and state.contract.kind == "grand"


def test_the_most_card_points_lose_that_many() -> None:
    result = scored([0, 0, 1, 2, 1, 2, 0, 1, 2, 0])
    assert result.points == (-54, 0, 0)


def test_the_skat_goes_to_the_winner_of_the_last_trick() -> None:
    winners = [0, 0, 1, 2, 1, 2, 0, 1, 2, 2]
    # move the A♣ 10♣ to the skat: trick 1 becomes worth 4 (K♣ 7♠ 8♦)
    TRICKS[0], saved = "Kc 7s 8d", TRICKS[0]
    try:
        result = scored(winners, skat="Ac Tc")
        assert result.points == (0, 0, -53)  # 32 + the skat's 21
        result = scored(winners, skat="Ac Tc", skat_to_last_trick=False)
        assert result.points == (0, -34, 0)
    finally:
        TRICKS[0] = saved


def test_tied_players_all_lose() -> None:
    result = scored([0, 0, 1, 1, 2, 2, 2, 0, 1, 2])
    assert result.points == (-50, -50, 0)


def test_ties_can_go_to_the_last_trick_winner_among_them() -> None:
    result = scored([0, 0, 1, 1, 2, 2, 2, 0, 1, 2], ties="last-trick")
    assert result.points == (0, -50, 0)  # seat 1 took the 9th trick, after seat 0's 8th


def test_a_jungfrau_doubles_the_penalty() -> None:
    result = scored([0, 0, 1, 1, 0, 0, 0, 1, 1, 1])  # seat 2 takes no trick
    assert result.points == (-140, 0, 0)
    assert "Jungfrau" in result.note
    assert scored([0, 0, 1, 1, 0, 0, 0, 1, 1, 1], jungfrau=False).points == (-70, 0, 0)


def test_durchmarsch_scores_120() -> None:
    assert scored([1] * 10).points == (0, 120, 0)
    # without the Durchmarsch rule it is 120 points with two Jungfrauen: -120 x 4
    assert scored([1] * 10, durchmarsch=False).points == (0, -480, 0)


def test_a_full_ramsch_deal_plays_out_and_scores() -> None:
    state = all_passed(deals=1)
    play_out(state)
    result = state.results[0]
    assert result.contract == RAMSCH and result.note.startswith("Ramsch")
    assert sum(1 for p in result.points if p) >= 1
    total = sum(card_points(m) for m in state.taken) + card_points(state.skat)
    assert total == 120


def test_ramsch_at_a_four_player_table_leaves_the_dealer_out() -> None:
    state = ramsch(players=4).new_state(seed=3, dealer=0)
    do(state, "pass", "pass", "pass")
    assert state.contract == RAMSCH and state.current_player == 1
    play_out(state)
    assert state.results[0].points[0] == 0


def test_ramsch_observations_sample_back_exactly() -> None:
    state = do(all_passed(), "Ah", "8h", "Kd", "Jc")
    game = state.game
    for seat in range(3):
        obs = state.observe(seat)
        assert game.sample_state(obs, Random(seat)).observe(seat) == obs


def test_the_ramsch_extension_is_a_few_dozen_lines() -> None:
    source = inspect.getsource(ramsch_module.Ramsch)
    code = [line for line in source.splitlines()
            if line.strip() and not line.strip().startswith(('"', "#"))]
    assert len(code) <= 50


def test_the_ramsch_extension_overrides_public_hooks_only() -> None:
    own = {name for name in vars(Ramsch) if not name.startswith("__")}
    assert {"on_all_passed", "score_deal"} <= own
    assert not {name for name in own if name.startswith("_")}



def test_in_a_ramsch_every_card_point_taken_is_a_little_worse_for_search() -> None:
    state = play_out(all_passed(deals=1))
    expected = [-TIEBREAK * card_points(taken) / 120 for taken in state.taken]
    assert state.tiebreak() == tuple(expected)
    assert sum(expected) == -TIEBREAK * (120 - card_points(state.skat)) / 120
