"""Territory's tensor planes and the id space of its one-move menu."""

from __future__ import annotations

import numpy as np
import pytest

import parlour
from parlour.core import ParlourError
from parlour.games.territory import encoding
from parlour.games.territory.actions import STAY, Forfeit, Turn


def small_state() -> tuple[object, object]:
    game = parlour.load_game("territory", size=3, rounds=4, players=2)
    owners = [[0, 0, 1], [1, 2, 2], [3, 4, 5]]
    numbers = [[3, 1, 4], [2, 4, 0], [4, 4, 4]]
    order = [0, 1, 2, 3, 4, 5]
    return game, game.new_state(seed=1, owners=owners, numbers=numbers, order=order)


def test_ids_follow_the_documented_formula() -> None:
    game, state = small_state()
    obs = state.observe(0)  # type: ignore[attr-defined]
    enc = game.encoding  # type: ignore[attr-defined]
    assert enc.num_actions == 1 + 8 * 9
    assert enc.action_id(STAY, obs) == 0
    # square (0, 1) is square 1; east is direction 2; all (1 piece) is k 0
    assert enc.action_id(Turn([(0, 1, "e", 1)]), obs) == 1 + 2 * (4 * 1 + 2)
    assert enc.action_id(Turn([(0, 0, "s", 3)]), obs) == 1 + 2 * (4 * 0 + 1)
    assert enc.action_id(Turn([(0, 0, "s", 1)]), obs) == 1 + 2 * (4 * 0 + 1) + 1
    assert enc.action(1 + 2 * (4 * 0 + 1), obs) == Turn([(0, 0, "s", 3)])
    assert enc.action(1 + 2 * (4 * 0 + 1) + 1, obs) == Turn([(0, 0, "s", 1)])


def test_the_mask_is_the_menu() -> None:
    game, state = small_state()
    obs = state.observe(0)  # type: ignore[attr-defined]
    mask = game.action_mask(obs)  # type: ignore[attr-defined]
    # stay, square 0 (3 pieces): 4 directions x (all, one); square 1 (1 piece): 4 x all
    assert mask.sum() == 1 + 8 + 4 == len(obs.legal_actions)
    assert not mask[1 + 2 * (4 * 1 + 0) + 1], "one of a single piece is the same as all"
    assert not game.action_mask(state.observe(1)).any()  # type: ignore[attr-defined]


def test_turns_without_an_id_are_refused_by_id_but_still_playable() -> None:
    game, state = small_state()
    obs = state.observe(0)  # type: ignore[attr-defined]
    enc = game.encoding  # type: ignore[attr-defined]
    two_moves = Turn([(0, 0, "s", 1), (0, 0, "e", 1)])
    for turn, words in ((two_moves, "has no action id"), (Turn([(0, 0, "s", 2)]), "2 of 3"),
                        (Forfeit("x"), "has no action id"), (Turn([(5, 0, "n", 1)]), "off")):
        with pytest.raises(ParlourError, match=words):
            enc.action_id(turn, obs)
    state.apply(two_moves)  # type: ignore[attr-defined]
    assert state.forfeits == ()  # type: ignore[attr-defined]


def test_the_planes_show_owners_pieces_and_turn_order() -> None:
    game, state = small_state()
    planes = game.encode(state.observe(0))  # type: ignore[attr-defined]
    assert planes.shape == (len(encoding.PLANES), 3, 3)
    assert planes[0].tolist() == [[1, 1, 0], [0, 0, 0], [0, 0, 0]]
    assert planes[1][0].tolist() == [0.75, 0.25, 0.0]
    assert planes[2].tolist() == [[0, 0, 1], [1, 0, 0], [0, 0, 0]]
    assert planes[4].sum() == 5 and planes[5][2].tolist() == [1, 1, 1]
    assert planes[6].tolist() == [[0, 0, 1], [1, 1, 1], [1, 1, 1]]
    assert np.all(planes[7] == 0.0)
