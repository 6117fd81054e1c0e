"""What a Spades seat sees (its own hand, every bid, every card played), and `sample_state`."""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.cards import CLUBS, SPADES, SUIT_MASKS
from parlour.games.spades import SpadesObservation
from parlour.games.spades.sampling import known_constraints
from tests.games.spades.helpers import ONE_SUIT_EACH, RUFF_DEAL, bid_all, card, play, spades

BIDS = {0: "bid 3", 1: "nil", 2: "bid 4", 3: "bid 2"}


def test_a_seat_sees_its_own_hand_every_bid_and_every_card_played() -> None:
    state = bid_all(spades().new_state(hands=RUFF_DEAL), BIDS)
    play(state, "2♣", "7♠", "T♣", "T♦", "8♠")
    obs = state.observe(2)
    assert isinstance(obs, SpadesObservation)
    assert int(obs.hand) == state.hands[2]
    assert obs.bids == (3, 0, 4, 2)
    assert obs.tricks == ((0, (card("2♣"), card("7♠"), card("T♣"), card("T♦"))),)
    assert obs.trick == (card("8♠"),) and obs.leader == 1
    assert obs.tricks_won == (0, 1, 0, 0) and obs.spades_broken
    assert obs.current_player == 2 and obs.legal_actions
    assert state.observe(0).legal_actions == ()


def test_a_seat_never_sees_another_seats_cards() -> None:
    game = spades()
    a = bid_all(game.new_state(hands=RUFF_DEAL), BIDS)
    swapped = [RUFF_DEAL[0], RUFF_DEAL[3], RUFF_DEAL[2], RUFF_DEAL[1]]
    b = bid_all(game.new_state(hands=swapped), BIDS)
    assert a.observe(0) == b.observe(0)  # seats 1 and 3 swapped hands: seat 0 cannot tell
    assert a.observe(2) == b.observe(2)
    assert a.observe(1) != b.observe(1)


def test_hand_seen_is_false_until_a_blind_nil_candidate_looks() -> None:
    state = spades(blind_nil=True).new_state(seed=1, scores=(0, 200))
    obs = state.observe(0)
    assert not obs.hand_seen and len(obs.hand) == 0 and obs.looked == (False, True, False, True)


def test_voids_and_spade_leads_are_inferred_from_the_play() -> None:
    state = bid_all(spades().new_state(hands=RUFF_DEAL), BIDS)
    play(state, "2♣", "7♠", "T♣", "T♦")
    _, allowed = known_constraints(state.observe(0))
    assert not allowed[1] & SUIT_MASKS[CLUBS]  # seat 1 ruffed a club lead
    assert not allowed[3] & SUIT_MASKS[CLUBS]
    only_spades = bid_all(spades().new_state(hands=ONE_SUIT_EACH), BIDS)
    play(only_spades, "2♠", "2♥")
    _, allowed = known_constraints(only_spades.observe(2))
    assert allowed[0] == SUIT_MASKS[SPADES]  # led a spade unbroken: held nothing else
    assert not allowed[1] & SUIT_MASKS[SPADES]


def test_sample_state_respects_voids_and_keeps_the_observation() -> None:
    game = spades()
    state = bid_all(game.new_state(hands=RUFF_DEAL), BIDS)
    play(state, "2♣", "7♠", "T♣", "T♦")
    obs = state.observe(0)
    rng = Random(3)
    for _ in range(30):
        world = game.sample_state(obs, rng)
        assert world.observe(0) == obs
        world.check_invariants()
        assert not world.hands[1] & SUIT_MASKS[CLUBS]
        assert not world.hands[3] & SUIT_MASKS[CLUBS]


def test_sample_state_gives_the_two_of_clubs_to_the_leader_who_must_lead_it() -> None:
    game = spades(opening_lead="two_of_clubs")
    state = bid_all(game.new_state(hands=RUFF_DEAL[1:] + RUFF_DEAL[:1]), BIDS)
    assert state.current_player == 3
    rng = Random(1)
    for _ in range(10):
        world = game.sample_state(state.observe(0), rng)
        assert world.hands[3] >> card("2♣") & 1
        assert world.observe(0) == state.observe(0)


def test_sample_state_deals_a_blind_seats_own_hand_too() -> None:
    game = spades(blind_nil=True)
    state = game.new_state(seed=8, scores=(0, 200))
    obs = state.observe(0)
    world = game.sample_state(obs, Random(2))
    assert world.observe(0) == obs
    world.check_invariants()


def test_sampled_worlds_differ_in_the_hidden_cards() -> None:
    game = spades()
    obs = game.new_state(seed=4).observe(0)
    worlds = {tuple(game.sample_state(obs, Random(i)).hands) for i in range(5)}
    assert len(worlds) == 5
    assert all(hands[0] == int(obs.hand) for hands in worlds)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 60), seat=st.integers(0, 3))
def test_any_sampled_world_gives_the_seat_the_same_observation(
    seed: int, steps: int, seat: int
) -> None:
    game = spades(blind_nil=True, mercy=True)
    state = game.new_state(seed=seed, scores=(0, 150) if seed % 2 else (0, 0))
    rng = Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    obs = state.observe(seat)
    world = game.sample_state(obs, rng)
    assert world.observe(seat) == obs
    world.check_invariants()
