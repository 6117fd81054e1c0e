"""What a Skull seat may know, and `sample_state` worlds consistent with it."""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.games.skull import SkullObservation
from tests.games.skull.helpers import ROSE, SKULL, fail_until_out, new, play, skull


def test_observations_hide_unturned_discs() -> None:
    a = play(new(3), "place rose", "place rose", "place rose", "place rose")
    b = play(new(3), "place rose", "place skull", "place rose", "place skull")
    assert a.observe(2) == b.observe(2)
    obs = a.observe(2)
    assert isinstance(obs, SkullObservation)
    assert obs.stack_sizes == (2, 1, 1) and obs.my_stack == (ROSE,)
    assert obs.discs == (4, 4, 4) and obs.revealed == ()


def test_turned_discs_are_public() -> None:
    state = play(new(3), "place rose", "place rose", "place skull", "place rose", "place rose",
                 "place rose", "bid 5", "pass", "pass")
    for seat in range(3):
        assert state.observe(seat).revealed == ((0, ROSE), (0, ROSE))
    play(state, "reveal 1")
    assert state.observe(2).revealed[-1] == (1, ROSE)


def test_a_player_sees_its_own_hand_and_stack_and_everyones_counts() -> None:
    state = play(new(4), "place skull", "place rose", "place rose", "place rose", "place rose")
    obs = state.observe(0)
    assert obs.my_stack == (SKULL, ROSE) and (obs.my_roses, obs.my_skulls) == (3, 1)
    assert obs.stack_sizes == (2, 1, 1, 1) and obs.total_on_mats == 5
    assert obs.in_game == (0, 1, 2, 3)


def test_sample_state_keeps_the_observation_and_the_turned_discs() -> None:
    game = skull(3)
    state = play(new(3), "place rose", "place rose", "place skull", "place rose", "place rose",
                 "place rose", "bid 5", "pass", "pass", "reveal 2")
    obs = state.observe(1)
    rng = Random(1)
    for _ in range(20):
        world = game.sample_state(obs, rng)
        assert world.observe(1) == obs
        world.check_invariants()
        assert world.stacks[0] == (ROSE, ROSE)  # all turned
        assert world.stacks[2][-1] == ROSE  # its top was turned
        assert len(world.stacks[2]) == 2


def test_sampled_stacks_vary_where_nothing_is_known() -> None:
    game = skull(3)
    state = play(new(3), "place rose", "place rose", "place skull")
    obs = state.observe(0)
    stacks = {game.sample_state(obs, Random(i)).stacks for i in range(30)}
    assert len(stacks) > 2


def test_the_seat_that_drew_a_lost_skull_knows_it_is_gone() -> None:
    for seed in range(60):
        state = play(new(3, seed=seed), "place rose", "place rose", "place skull", "bid 3",
                     "reveal 1", "reveal 2")
        if state.skulls[0] == 0:
            break
    assert state.skulls[0] == 0
    game = state.game
    owner_view = state.observe(2)  # seat 2's skull stopped seat 0 and it drew the skull
    other_view = state.observe(1)
    rng = Random(4)
    assert all(game.sample_state(owner_view, rng).skulls[0] == 0 for _ in range(30))
    guesses = {game.sample_state(other_view, rng).skulls[0] for _ in range(60)}
    assert guesses == {0, 1}  # seat 1 cannot know; one time in four it was the skull


def test_a_skull_turned_later_proves_the_lost_disc_was_a_rose() -> None:
    for seed in range(60):
        state = play(new(3, seed=seed), "place rose", "place rose", "place skull", "bid 3",
                     "reveal 1", "reveal 2")
        if state.skulls[0] == 1:
            break
    # round 2, started by seat 0: it puts its skull down and turns it itself
    play(state, "place skull", "place rose", "place rose", "bid 1", "pass", "pass")
    obs = state.observe(1)
    assert obs.phase == "discard"
    rng = Random(2)
    for _ in range(20):
        world = state.game.sample_state(obs, rng)
        assert world.skulls[0] == 1 and world.roses[0] == 2
        assert world.rounds[0].lost == ROSE


def test_sample_state_after_eliminations_and_unseen_losses() -> None:
    game = skull(4)
    state = fail_until_out(new(4, seed=6), 1)
    for seat in range(4):
        obs = state.observe(seat)
        world = game.sample_state(obs, Random(seat))
        assert world.observe(seat) == obs
        world.check_invariants()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 120), players=st.integers(3, 6))
def test_any_sampled_world_gives_the_seat_the_same_observation(
    seed: int, steps: int, players: int
) -> None:
    game = skull(players, first_player=-1)
    state = game.new_state(seed=seed)
    rng = Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    for seat in range(players):
        obs = state.observe(seat)
        world = game.sample_state(obs, rng)
        assert world.observe(seat) == obs
        world.check_invariants()
