"""Scoring rules of docs/rules/spades.md as named tests: contracts, bags, Nil, the bag penalty."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import parlour
from parlour.games.spades import SpadesDealScored, score_partnership
from tests.games.spades.helpers import ONE_SUIT_EACH, bid_all, play_out, spades


def test_the_contract_is_the_sum_of_the_partners_non_nil_bids() -> None:
    assert score_partnership((4, 3), (False, False), (4, 3), 0).contract == 7
    assert score_partnership((0, 5), (False, False), (0, 5), 0).contract == 5


def test_making_the_contract_scores_ten_per_trick_plus_one_per_bag() -> None:
    result = score_partnership((4, 3), (False, False), (5, 4), 0)
    assert result.made and result.overtricks == 2
    assert result.points == 72 and result.bags == 2


def test_falling_short_loses_ten_per_contracted_trick_and_takes_no_bags() -> None:
    result = score_partnership((4, 3), (False, False), (4, 2), 5)
    assert not result.made
    assert result.points == -70 and result.bags == 5


def test_a_made_nil_adds_100_and_a_failed_nil_subtracts_100() -> None:
    made = score_partnership((0, 4), (False, False), (0, 4), 0)
    assert made.nil_points == 100 and made.points == 140
    failed = score_partnership((0, 4), (False, False), (1, 4), 0)
    assert failed.nil_points == -100 and failed.points == 40 + 1 - 100


def test_blind_nil_scores_plus_or_minus_200() -> None:
    assert score_partnership((0, 4), (True, False), (0, 4), 0).nil_points == 200
    assert score_partnership((0, 4), (True, False), (2, 4), 0).nil_points == -200


def test_a_failed_nils_tricks_count_toward_the_partners_contract_and_as_bags() -> None:
    # the partner bid 5 but took only 3; the failed Nil's 3 tricks make the contract
    result = score_partnership((0, 5), (False, False), (3, 3), 0)
    assert result.made and result.tricks == 6
    assert result.points == 50 + 1 - 100 and result.bags == 1


def test_when_both_partners_bid_nil_every_trick_is_a_bag() -> None:
    result = score_partnership((0, 0), (False, False), (2, 1), 0)
    assert result.contract == 0 and result.overtricks == 3
    assert result.points == 3 - 100 - 100 and result.bags == 3


def test_every_ten_bags_cost_100_points_and_the_count_drops_by_ten() -> None:
    result = score_partnership((3, 2), (False, False), (6, 3), 7)  # 4 more bags: 11
    assert result.bag_penalty == 100 and result.bags == 1
    assert result.points == 50 + 4 - 100


def test_the_bag_limit_and_penalty_are_parameters() -> None:
    result = score_partnership((3, 2), (False, False), (6, 3), 3, bag_limit=5, bag_penalty=50)
    assert result.bag_penalty == 50 and result.bags == 2


def test_worked_example_a_made_contract_with_a_made_nil() -> None:
    """North bids 4 and takes 5, South bids Nil and takes none: 41 + 100 = 141, one bag."""
    result = score_partnership((4, 0), (False, False), (5, 0), 0)
    assert (result.points, result.bags) == (141, 1)


@given(
    bids=st.tuples(st.integers(0, 13), st.integers(0, 13)),
    taken=st.integers(0, 13),
    split=st.integers(0, 13),
    bags=st.integers(0, 9),
)
def test_scoring_laws_hold_for_every_bid_and_trick_count(
    bids: tuple[int, int], taken: int, split: int, bags: int
) -> None:
    first = min(split, taken)
    tricks = (first, taken - first)
    result = score_partnership(bids, (False, False), tricks, bags)
    contract = sum(b for b in bids if b)
    assert result.contract == contract
    assert 0 <= result.bags < 10
    assert result.bags == (bags + result.overtricks) % 10
    assert result.bag_penalty == 100 * ((bags + result.overtricks) // 10)
    nils = sum((100 if t == 0 else -100) for b, t in zip(bids, tricks, strict=True) if b == 0)
    assert result.points == result.contract_points + nils - result.bag_penalty
    if result.made:
        assert result.contract_points == 10 * contract + taken - contract
    else:
        assert result.contract_points == -10 * contract


# --- scoring in play --------------------------------------------------------------------------
def test_a_failed_nils_tricks_count_for_the_partner_in_play() -> None:
    """Seat 0 holds every spade and takes all 13 tricks despite bidding Nil; seat 2 bid 5."""
    state = spades().new_state(hands=ONE_SUIT_EACH)
    bid_all(state, {0: "nil", 1: "bid 1", 2: "bid 5", 3: "bid 1"})
    play_out(state)
    scored = next(e for e in state.events if isinstance(e, SpadesDealScored))
    assert scored.tricks == (13, 0, 0, 0)
    assert scored.contracts == (5, 2) and scored.team_tricks == (13, 0)
    assert scored.team_points == (50 + 8 - 100, -20)
    assert state.team_scores() == (-42, -20) and state.bags == (8, 0)


def test_bags_roll_over_from_hand_to_hand() -> None:
    """North-South start with 8 bags; two more make ten: 100 off and the count back to 0."""
    state = spades().new_state(hands=ONE_SUIT_EACH, bags=(8, 0), scores=(100, 100))
    bid_all(state, {0: "bid 10", 1: "nil", 2: "bid 1", 3: "nil"})
    play_out(state)
    scored = next(e for e in state.events if isinstance(e, SpadesDealScored))
    assert scored.bag_penalties == (100, 0) and scored.bags == (0, 0)
    assert state.team_scores() == (100 + 112 - 100, 100 + 200)
    assert state.deal == 1 and state.bags == (0, 0)


def test_bags_accumulate_across_a_whole_game() -> None:
    record = parlour.Match(spades(), ["heuristic"] * 4, seed=11).run()
    state = record.final_state()
    bags = [0, 0]
    for event in state.events:
        if isinstance(event, SpadesDealScored):
            for team in (0, 1):
                over = event.team_tricks[team] - event.contracts[team]
                total = bags[team] + (over if over >= 0 else 0)
                assert event.bag_penalties[team] == 100 * (total // 10)
                bags[team] = total % 10
                assert event.bags[team] == bags[team]
    assert tuple(bags) == state.bags
