"""Every rule of docs/rules/territory.md as a named test."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

import parlour
from parlour.core import ParameterError
from parlour.games.territory import (
    STAY,
    BoardSetUp,
    Forfeit,
    RoundStarted,
    Territory,
    TerritoryGameOver,
    TurnForfeited,
    TurnPlayed,
)
from parlour.games.territory.board import destination, neighbour_table
from tests.games.territory.helpers import board, make_state, total, turn

THREE = [[0, 1, 1], [1, 1, 1], [1, 1, 1]]


def fours(size: int) -> list[list[int]]:
    return [[4] * size for _ in range(size)]


# --- the board ------------------------------------------------------------------------------
def test_parameters_default_to_a_14_by_14_board_50_rounds_and_one_player() -> None:
    game = parlour.load_game("territory")
    assert (game.size, game.rounds, game.players) == (14, 50, 1)
    assert game.num_players == 1
    assert parlour.load_game("game17") == game


def test_more_players_than_owners_is_a_parameter_error() -> None:
    with pytest.raises(ParameterError, match="only 9 owners"):
        Territory(size=3, players=10)


def test_the_board_is_a_torus_right_edge_beside_left_and_top_beside_bottom() -> None:
    assert destination(2, 13, "e", 14) == (2, 0)
    assert destination(2, 0, "w", 14) == (2, 13)
    assert destination(0, 5, "n", 14) == (13, 5)
    assert destination(13, 5, "s", 14) == (0, 5)


def test_coordinates_are_row_column_from_the_top_left_with_n_s_e_w() -> None:
    assert destination(3, 4, "n", 14) == (2, 4)
    assert destination(3, 4, "s", 14) == (4, 4)
    assert destination(3, 4, "e", 14) == (3, 5)
    assert destination(3, 4, "w", 14) == (3, 3)
    table = neighbour_table(14)
    assert table[3 * 14 + 4].tolist() == [2 * 14 + 4, 4 * 14 + 4, 3 * 14 + 5, 3 * 14 + 3]


def test_every_square_starts_with_four_pieces_and_each_owner_with_one_random_square() -> None:
    game = Territory(size=6, players=2)
    state = game.new_state(seed=5)
    start_owners, start_numbers, _ = state.start
    assert sorted(start_owners.ravel().tolist()) == list(range(36))
    assert start_numbers.tolist() == fours(6)
    assert game.new_state(seed=5).start[0].tolist() == start_owners.tolist()
    assert game.new_state(seed=6).start[0].tolist() != start_owners.tolist()


def test_owners_that_are_not_players_are_zombies_and_seats_are_owners_0_to_p_minus_1() -> None:
    state = Territory(size=5, players=3).new_state(seed=2)
    setup = next(e for e in state.events if isinstance(e, BoardSetUp))
    assert setup.players == 3
    zombie_turns = [e for e in state.events if isinstance(e, TurnPlayed)]
    assert all(e.seat is None and e.owner >= 3 for e in zombie_turns)
    assert state.current_player in (0, 1, 2)
    assert state.observe(1).owner == 1


# --- turn order -------------------------------------------------------------------------------
def test_turn_order_is_shuffled_once_from_the_seed_and_fixed_for_the_game() -> None:
    game = Territory(size=5, rounds=3, players=0)
    state = game.new_state(seed=11)
    assert sorted(state.order) == list(range(25))
    assert state.order != tuple(range(25))
    assert game.new_state(seed=11).order == state.order
    by_round: dict[int, list[int]] = {}
    for event in state.events:
        if isinstance(event, TurnPlayed):
            by_round.setdefault(event.round, []).append(event.owner)
    for owners in by_round.values():
        positions = [state.order.index(o) for o in owners]
        assert positions == sorted(positions), "a round follows the fixed order"


def test_every_owner_with_a_square_takes_one_turn_per_round() -> None:
    state = make_state([[0, 1], [2, 3]], fours(2), order=[2, 0, 3, 1], rounds=2)
    seen = []
    while not state.is_terminal:
        seen.append(state.current_player)
        state.apply(STAY)
    assert seen == [2, 0, 3, 1, 2, 0, 3, 1]


def test_an_owner_without_squares_takes_no_turn() -> None:
    owners = [[0, 2, 1], [1, 1, 1], [1, 1, 1]]
    numbers = [[5, 4, 4], [4, 4, 4], [4, 4, 4]]
    state = make_state(owners, numbers, order=[0, 2, 1])
    state.apply(turn("0,0 e 5"))
    assert state.squares[2] == 0
    assert state.current_player == 1, "owner 2 lost its only square and is skipped"


def test_an_empty_square_stays_owned_by_whoever_owned_it_last() -> None:
    state = make_state(THREE, [[5, 4, 4], [4, 4, 4], [4, 4, 4]])
    state.apply(turn("0,0 e 5"))
    assert state.owners[0, 0] == 0 and state.numbers[0, 0] == 0
    assert state.squares[0] == 2


def test_an_owner_holding_only_empty_squares_still_takes_its_turn() -> None:
    owners = [[0, 0, 1], [1, 1, 1], [1, 2, 2]]
    numbers = [[0, 0, 4], [4, 4, 4], [4, 4, 4]]
    state = make_state(owners, numbers)
    assert state.current_player == 0
    state.apply(STAY)
    assert state.current_player == 1


# --- a turn ---------------------------------------------------------------------------------
def test_several_moves_may_leave_one_square_and_pieces_may_stay() -> None:
    state = make_state(THREE, [[5, 4, 4], [4, 4, 4], [4, 4, 4]])
    state.apply(turn("0,0 e 2; 0,0 s 2"))
    assert state.numbers[0, 0] == 1, "one piece stayed"
    assert state.numbers[0, 1] == 6 and state.owners[0, 1] == 1
    assert state.numbers[1, 0] == 6 and state.owners[1, 0] == 1
    assert state.forfeits == ()


@pytest.mark.parametrize(("text", "reason"), [
    ("0,1 e 1", "belongs to owner 1, not 0"),
    ("0,0 e 0", "count 0 is not a positive"),
    ("0,0 e -2", "count -2 is not a positive"),
    ("0,0 e 3; 0,0 s 2", "moves 6 pieces out of 0,0, which holds 5"),
    ("0,0 e 5", "moves 6 pieces out of 0,0, which holds 5"),
    ("3,0 e 1", "off the 3x3 board"),
    ("0,-1 e 1", "off the 3x3 board"),
])
def test_an_invalid_turn_is_forfeited_whole_and_recorded(text: str, reason: str) -> None:
    state = make_state(THREE, [[5, 4, 4], [4, 4, 4], [4, 4, 4]])
    before = board(state)
    state.apply(turn("0,0 s 1; " + text))
    assert board(state) == before, "nothing moves, not even the valid move"
    assert len(state.forfeits) == 1
    round_, owner, recorded = state.forfeits[0]
    assert (round_, owner) == (0, 0) and reason in recorded
    event = next(e for e in state.events if isinstance(e, TurnForfeited))
    assert event.reason == recorded and event.seat == 0
    assert state.current_player == 1, "the turn is used up"


def test_a_forfeit_action_gives_up_the_turn_with_its_reason() -> None:
    state = make_state(THREE, fours(3))
    state.apply(Forfeit("no answer within the time limit of 0.1 s"))
    assert state.forfeits == ((0, 0, "no answer within the time limit of 0.1 s"),)
    assert state.observe(1).forfeits == state.forfeits


def test_every_source_square_must_be_owned_by_the_mover() -> None:
    state = make_state(THREE, fours(3))
    assert state.turn_error(turn("1,1 n 1")) == (
        "move 1 (1,1 ...): square 1,1 belongs to owner 1, not 0")
    assert state.turn_error(turn("0,0 n 4")) is None


# --- resolution -----------------------------------------------------------------------------
def test_more_incoming_pieces_take_the_square_and_all_pieces_become_the_movers() -> None:
    state = make_state(THREE, [[5, 4, 4], [4, 4, 4], [4, 4, 4]])
    state.apply(turn("0,0 e 5"))
    assert state.owners[0, 1] == 0 and state.numbers[0, 1] == 9
    assert state.pieces[0] == 9 and state.pieces[1] == 32 - 4
    played = next(e for e in state.events if isinstance(e, TurnPlayed))
    assert played.taken == ((0, 1),)


def test_fewer_incoming_pieces_leave_the_square_and_all_pieces_to_its_owner() -> None:
    state = make_state(THREE, [[3, 4, 4], [4, 4, 4], [4, 4, 4]], rounds=5)
    state.apply(turn("0,0 e 2"))
    assert state.owners[0, 1] == 1 and state.numbers[0, 1] == 6
    assert state.pieces[1] == 32 + 2 and state.pieces[0] == 1


def test_a_tie_is_decided_by_a_fair_coin_from_the_seed() -> None:
    outcomes = []
    for seed in range(40):
        state = make_state(THREE, fours(3), seed=seed)
        state.apply(turn("0,0 e 4"))
        again = make_state(THREE, fours(3), seed=seed)
        again.apply(turn("0,0 e 4"))
        assert board(again) == board(state), "the same seed tosses the same coin"
        assert state.numbers[0, 1] == 8
        outcomes.append(int(state.owners[0, 1]))
    assert set(outcomes) == {0, 1}
    assert 10 <= outcomes.count(0) <= 30


def test_all_of_one_players_moves_resolve_at_once() -> None:
    owners = [[0, 1, 0], [1, 1, 1], [1, 1, 1]]
    numbers = [[3, 5, 3], [4, 4, 4], [4, 4, 4]]
    state = make_state(owners, numbers)
    state.apply(turn("0,0 e 3; 0,2 w 3"))
    assert state.owners[0, 1] == 0, "3 + 3 beat 5 together; neither could alone"
    assert state.numbers[0, 1] == 11


def test_outgoing_pieces_leave_before_incoming_ones_are_compared() -> None:
    owners = [[0, 1, 1], [0, 1, 1], [1, 1, 1]]
    numbers = [[2, 4, 4], [4, 4, 4], [4, 4, 4]]
    state = make_state(owners, numbers, seed=3)
    # (1,0) sends 4 north into its own (0,0), which sends its 2 east: no fight at home
    state.apply(turn("1,0 n 4; 0,0 e 2"))
    assert state.owners[0, 0] == 0 and state.numbers[0, 0] == 4
    assert state.owners[0, 1] == 1 and state.numbers[0, 1] == 6


def test_moving_into_ones_own_square_adds_the_pieces_up() -> None:
    owners = [[0, 0, 1], [1, 1, 1], [1, 1, 1]]
    state = make_state(owners, fours(3))
    state.apply(turn("0,0 e 4"))
    assert state.numbers[0, 1] == 8 and state.owners[0, 1] == 0
    assert state.numbers[0, 0] == 0 and state.owners[0, 0] == 0


# --- zombies ----------------------------------------------------------------------------------
def _zombie_turns(game: Territory, seeds: range) -> list[tuple[TurnPlayed, np.ndarray]]:
    """Each zombie turn with the board just before it."""
    found = []
    for seed in seeds:
        state = game.new_state(seed=seed)
        numbers = None
        for event in state.events:
            if isinstance(event, BoardSetUp):
                numbers = np.array(event.numbers)
                owners = np.array(event.owners)
            elif isinstance(event, TurnPlayed):
                assert numbers is not None
                found.append((event, np.stack([owners, numbers])))
                for row, col, owner, count in event.changes:
                    owners[row, col] = owner
                    numbers[row, col] = count
    return found


def test_zombies_move_all_their_pieces_every_turn() -> None:
    for event, (owners, numbers) in _zombie_turns(Territory(size=6, rounds=10, players=0),
                                                  range(3)):
        moved: Counter[tuple[int, int]] = Counter()
        for row, col, _, n in event.moves:
            moved[row, col] += n
        held = {(r, c): int(numbers[r, c]) for r, c in zip(
            *np.nonzero((owners == event.owner) & (numbers > 0)), strict=True)}
        assert dict(moved) == held


def test_zombie_pieces_go_to_each_direction_with_probability_one_quarter() -> None:
    directions: Counter[str] = Counter()
    for event, _ in _zombie_turns(Territory(size=8, rounds=10, players=0), range(6)):
        for _, _, d, n in event.moves:
            directions[d] += n
    pieces = sum(directions.values())
    assert pieces > 4000
    for d in "nsew":
        assert abs(directions[d] / pieces - 0.25) < 0.02, directions


def test_zombie_dice_come_from_the_seed_alone() -> None:
    game = Territory(size=5, rounds=4, players=0)
    first = game.new_state(seed=9)
    assert first.events == game.new_state(seed=9).events
    assert first.events != game.new_state(seed=10).events


# --- the end ----------------------------------------------------------------------------------
def test_the_game_ends_when_all_pieces_belong_to_one_owner() -> None:
    state = make_state(THREE, [[3, 4, 4], [4, 4, 4], [4, 4, 4]])
    state.apply(turn("0,0 e 3"))
    assert state.is_terminal and state.current_player is None
    assert state.end_reason == "all pieces belong to one owner"
    assert state.winners() == (1,)
    over = [e for e in state.events if isinstance(e, TerritoryGameOver)]
    assert len(over) == 1 and over[0].winning_owners == (1,) and over[0].top == 8


def test_the_game_ends_after_r_rounds() -> None:
    state = Territory(size=5, rounds=3, players=2).new_state(seed=4)
    while not state.is_terminal:
        state.apply(STAY)
    assert state.end_reason == "3 rounds were played"
    assert [e.round for e in state.events if isinstance(e, RoundStarted)] == [0, 1, 2]
    assert state.round == 2


def test_the_owner_with_most_squares_wins_and_empty_squares_count() -> None:
    owners = [[0, 0, 0], [0, 1, 1], [2, 2, 2]]
    numbers = [[0, 0, 0], [0, 4, 4], [4, 4, 4]]
    state = make_state(owners, numbers, rounds=1)
    while not state.is_terminal:
        state.apply(STAY)
    assert state.scores() == (4, 2, 3)
    assert state.winners() == (0,)
    assert state.returns() == (1.0, 0.0, 0.0)


def test_all_tied_owners_with_the_most_squares_win() -> None:
    owners = [[0, 0, 0], [1, 1, 1], [2, 2, 2]]
    state = make_state(owners, fours(3), rounds=1)
    while not state.is_terminal:
        state.apply(STAY)
    assert state.winners() == (0, 1, 2)
    assert state.returns() == (1.0, 1.0, 1.0)


def test_a_zombie_may_win_and_then_no_seat_does() -> None:
    owners = [[0, 1, 1], [1, 1, 1], [1, 1, 1]]
    state = make_state(owners, fours(3), players=1, rounds=1)
    while not state.is_terminal:
        state.apply(STAY)
    assert state.winning_owners() == (1,)
    assert state.winners() == ()
    assert state.returns() == (0.0,)


# --- information --------------------------------------------------------------------------------
def test_observations_are_the_whole_board_as_read_only_copies() -> None:
    state = Territory(size=5, players=2).new_state(seed=1)
    seat = state.current_player
    assert seat is not None
    mine, theirs = state.observe(seat), state.observe(1 - seat)
    assert np.array_equal(mine.owners, theirs.owners) and np.array_equal(mine.owners, state.owners)
    assert mine.legal_actions and not theirs.legal_actions
    with pytest.raises(ValueError, match="read-only"):
        mine.numbers[0, 0] = 50
    copy = np.array(mine.numbers)
    copy[:] = 0
    assert total(state) == 100


def test_rounds_left_counts_the_rounds_still_possible_after_this_one() -> None:
    state = Territory(size=4, rounds=3, players=1).new_state(seed=2)
    seen = []
    while not state.is_terminal:
        seen.append(state.observe(0).rounds_left)
        state.apply(STAY)
    assert seen == [2, 1, 0]


def test_undo_restores_the_zombies_dice_too() -> None:
    state = Territory(size=5, rounds=5, players=1).new_state(seed=8)
    action = state.legal_actions()[1]
    state.apply(action)
    after = board(state)
    state.undo()
    state.apply(action)
    assert board(state) == after


def test_a_fixed_start_is_kept_in_the_record_setup() -> None:
    state = make_state(THREE, fours(3), order=[1, 0])
    setup = state.game.setup_for_record(state)
    assert setup == {"owners": THREE, "numbers": fours(3), "order": [1, 0]}
    seeded = Territory(size=4).new_state(seed=3)
    assert seeded.game.setup_for_record(seeded) == {}


@pytest.mark.parametrize(("setup", "message"), [
    ({"owners": [[0, 1], [1, 1]]}, "must be 3x3"),
    ({"owners": [[0, 1, 1], [1, 1, 1], [1, 1, 99]]}, "owner numbers must be in 0..8"),
    ({"numbers": [[-1, 4, 4], [4, 4, 4], [4, 4, 4]]}, "negative"),
    ({"order": [0, 1, 2]}, "every owner on the board exactly once"),
])
def test_a_bad_fixed_start_is_a_parameter_error(setup: dict[str, object], message: str) -> None:
    arguments: dict[str, object] = {"owners": THREE, "numbers": fours(3), "order": [0, 1]}
    arguments.update(setup)
    with pytest.raises(ParameterError, match=message):
        Territory(size=3, players=2).new_state(seed=1, **arguments)  # type: ignore[arg-type]


def test_check_invariants_notices_created_pieces() -> None:
    state = make_state(THREE, fours(3))
    state.check_invariants()
    state.numbers[1, 1] += 1
    with pytest.raises(AssertionError, match="created or lost"):
        state.check_invariants()
