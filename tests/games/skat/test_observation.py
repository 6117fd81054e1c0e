"""Observations: what each seat may see, and states sampled from an observation."""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.cards import DECK_32, parse_cards
from parlour.games.skat import SkatObservation
from parlour.games.skat.tables import GRAND, HEARTS, TRUMPS
from tests.games.skat.helpers import HANDS, SKAT, do, game, new, win_bidding


def test_a_seat_sees_its_own_cards_only() -> None:
    state = new()
    for seat in range(3):
        obs = state.observe(seat)
        assert obs.hand == state.hands[seat]
        assert obs.skat == 0
        assert obs.declarer_hand is None


def test_legal_actions_only_for_the_seat_to_act() -> None:
    state = new()
    assert state.observe(1).legal_actions
    assert state.observe(0).legal_actions == ()


def test_bids_are_public() -> None:
    state = do(new(), "bid 18", "hold", "bid 20")
    for seat in range(3):
        obs = state.observe(seat)
        assert [(s, str(a)) for s, a in obs.bidding] == [(1, "bid 18"), (0, "hold"),
                                                          (1, "bid 20")]
        assert obs.bid == 20


def test_the_skat_is_seen_by_the_declarer_who_picks_it_up() -> None:
    state = do(win_bidding(new(), 0), "pickup")
    assert state.observe(0).skat == parse_cards(SKAT)  # the cards found
    assert state.observe(1).skat == 0 and state.observe(2).skat == 0
    do(state, "bury Ac Tc")
    assert state.observe(0).skat == parse_cards("Ac Tc")  # now the buried cards
    do(state, "declare hearts")
    assert state.observe(0).skat == parse_cards("Ac Tc")
    assert state.observe(2).skat == 0


def test_nobody_sees_the_skat_of_a_hand_game_until_the_end() -> None:
    state = do(win_bidding(new(deals=1), 0), "declare hearts hand")
    assert all(state.observe(s).skat == 0 for s in range(3))
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    assert all(state.observe(s).skat == parse_cards(SKAT) for s in range(3))
    assert state.results[0].skat == parse_cards(SKAT)


def test_the_dealer_sitting_out_sees_no_cards() -> None:
    state = game(players=4).new_state(seed=1, dealer=0)
    obs = state.observe(0)
    assert obs.hand == 0 and obs.position is None
    assert state.observe(1).position == 0


def test_observations_do_not_depend_on_other_hands() -> None:
    # swap one card between seats 1 and 2: seat 0 cannot tell
    other = [HANDS[0], HANDS[1].replace("8s", "9d"), HANDS[2].replace("9d", "8s")]
    a, b = new(), new(other)
    for moves in ([], ["bid 18", "hold"], ["pass", "pass", "declare grand hand", "Jc"]):
        do(a, *moves)
        do(b, *moves)
        assert a.observe(0) == b.observe(0)
        assert a.observe(1) != b.observe(1)


def sample(obs: SkatObservation, seed: int = 0):  # type: ignore[no-untyped-def]
    return game().sample_state(obs, Random(seed))


def test_sample_state_gives_the_same_observation() -> None:
    state = do(win_bidding(new(), 0), "pickup", "bury Ac Tc", "declare hearts", "Ah", "8h")
    for seat in range(3):
        obs = state.observe(seat)
        for seed in range(5):
            world = sample(obs, seed)
            assert world.observe(seat) == obs
            world.check_invariants()


def test_sample_state_keeps_the_declarers_own_skat() -> None:
    state = do(win_bidding(new(), 0), "pickup", "bury Ac Tc", "declare hearts")
    for seed in range(10):
        assert sample(state.observe(0), seed).skat == parse_cards("Ac Tc")


def test_sample_state_respects_voids_with_jacks_as_trumps() -> None:
    # Hearts: seat 0 leads A♠; seat 2 has no plain spade and plays a club: seat 2 is void in
    # spades, but may still hold the J♠ (a trump)
    hands = ["As Ts Kh Qh 9h 8h 7h Ac Tc Kc", "Js 8s Ks Qs Jh Ah Th Ad Td Kd",
             "Jc Jd Qc 9c 8c 7c Qd 9d 8d 7d"]
    state = do(win_bidding(new(hands, "9s 7s"), 0), "declare hearts hand", "As", "8s", "7c")
    spades = parse_cards("As Ts Ks Qs 9s 8s 7s")
    jack_of_spades_with_seat_2 = False
    for seed in range(60):
        world = sample(state.observe(1), seed)
        assert not world.hands[2] & spades
        jack_of_spades_with_seat_2 |= bool(world.hands[2] & parse_cards("Js") & TRUMPS[HEARTS])
    assert not jack_of_spades_with_seat_2  # seat 1 holds the J♠ itself
    for seed in range(60):
        world = sample(state.observe(0), seed)
        assert not world.hands[2] & spades


def test_sample_state_in_grand_a_void_in_jacks_is_a_void_in_trumps() -> None:
    hands = ["As Ts Kh Qh 9h 8h 7h Ac Tc Kc", "Js 8s Ks Qs Jh Ah Th Ad Td Kd",
             "Jc Jd Qc 9c 8c 7c Qd 9d 8d 7d"]
    state = do(new(hands, "9s 7s", dealer=1), "pass", "pass", "18", "declare grand hand",
               "Jc", "Ac")  # seat 0 shows no Jack
    for seed in range(30):
        world = sample(state.observe(1), seed)
        assert not world.hands[0] & TRUMPS[GRAND]


def test_sample_state_keeps_an_ouvert_hand() -> None:
    state = do(win_bidding(new(), 0), "declare grand hand ouvert", "Jc")
    for seed in range(10):
        world = sample(state.observe(2), seed)
        assert world.hands[0] == state.hands[0]


def test_sample_state_hides_the_skat_from_defenders() -> None:
    state = do(win_bidding(new(), 0), "pickup", "bury Ac Tc", "declare hearts")
    skats = {sample(state.observe(1), seed).skat for seed in range(30)}
    assert len(skats) > 1


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 45), players=st.sampled_from([3, 4]))
def test_any_observation_samples_to_an_equal_observation(seed: int, steps: int,
                                                         players: int) -> None:
    g = game(players=players)
    state = g.new_state(seed=seed)
    rng = Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    for seat in range(players):
        obs = state.observe(seat)
        world = g.sample_state(obs, rng)
        assert world.observe(seat) == obs
        held = world.skat
        for hand in world.hands:
            held |= hand
        assert held & ~DECK_32 == 0
