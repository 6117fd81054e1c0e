"""Conformance of the tensor encodings, action ids and masks (`Game.encoding`), every game.

Kept in its own file so that it can move with the rest of the suite. Each test states the
contract it checks.
"""

from __future__ import annotations

from pathlib import Path
from random import Random
from typing import Any

import numpy as np
import pytest

from parlour.core import Game, Observation, ParlourError, State
from tests.conformance.conftest import scaled

DOCS = Path(__file__).parents[2] / "docs" / "rules"
MOVES_PER_GAME = 400
"""Playouts stop after this many moves: long games (Spades to 500) add nothing past it."""


@pytest.fixture(autouse=True)
def _needs_an_encoding(game: Game[Any]) -> None:
    """Games without a tensor encoding (a plug-in may have none) have nothing to check here."""
    if not type(game).encoding_class:
        pytest.skip(f"{game.id} has no tensor encoding")


def playout(game: Game[Any], seed: int, rng: Random) -> list[State[Any]]:
    """Every state of one random playout (at most MOVES_PER_GAME moves), as clones."""
    state = game.new_state(seed=seed)
    states = [state.clone()]
    for _ in range(MOVES_PER_GAME):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        states.append(state.clone())
    return states


def observations(state: State[Any]) -> list[Observation]:
    return [state.observe(seat) for seat in range(state.game.num_players)]


def test_the_encoding_has_one_shape_and_dtype_for_every_observation(game: Game[Any]) -> None:
    """`encode` gives float32 arrays of `observation_shape`, finite, in every position."""
    shape = game.observation_shape
    assert shape and all(n > 0 for n in shape)
    rng = Random(11)
    for seed in range(scaled(4)):
        for state in playout(game, seed, rng):
            for observation in observations(state):
                encoded = game.encode(observation)
                assert encoded.shape == shape
                assert encoded.dtype == np.float32
                assert np.isfinite(encoded).all()
    assert game.observation_shape == shape


def test_the_encoding_is_deterministic(game: Game[Any]) -> None:
    """Equal observations (from a state and its clone) encode to equal arrays, every time."""
    rng = Random(12)
    for state in playout(game, 5, rng)[::5]:
        twin = state.clone()
        for seat in range(game.num_players):
            first = game.encode(state.observe(seat))
            assert np.array_equal(first, game.encode(state.observe(seat)))
            assert np.array_equal(first, game.encode(twin.observe(seat)))


def test_every_sampled_world_encodes_alike(game: Game[Any]) -> None:
    """Every world `sample_state` draws from one observation gives the seat the same tensor
    and the same mask, so the encoding cannot carry a hidden card."""
    rng = Random(13)
    worlds = Random(14)
    checked = 0
    for seed in range(scaled(3)):
        for state in playout(game, seed, rng)[::3]:
            for observation in observations(state):
                encoded = game.encode(observation)
                mask = game.action_mask(observation)
                for _ in range(3):
                    world = game.sample_state(observation, worlds)
                    seen = world.observe(observation.seat)
                    assert np.array_equal(game.encode(seen), encoded)
                    assert np.array_equal(game.action_mask(seen), mask)
                    checked += 1
    assert checked > 50


def test_a_different_observation_changes_the_encoding(game: Game[Any]) -> None:
    """The encoding is not constant: a move changes what the mover's next view encodes to."""
    rng = Random(15)
    states = playout(game, 2, rng)
    seat = states[0].current_player if states[0].current_player is not None else 0
    tensors = {game.encode(s.observe(seat)).tobytes() for s in states[:20]}
    assert len(tensors) > 1


def test_the_rules_doc_lists_every_block_of_the_layout(game: Game[Any]) -> None:
    """Each game's rules doc documents its encoding: every named block, with its offset."""
    doc = (DOCS / f"{game.id.split('.')[0]}.md").read_text(encoding="utf-8")
    assert "## Tensor encoding" in doc
    layout = getattr(game.encoding, "layout", None)
    if layout is None:  # board planes: the doc names the shape
        assert f"({game.observation_shape[0]}, N, N)" in doc
        return
    for name, offset, _ in layout.rows():
        assert f"| `{name}` | {offset} |" in doc, f"{name} at {offset} is not in the doc"


def test_the_mask_marks_exactly_the_legal_actions_and_ids_round_trip(game: Game[Any]) -> None:
    """`action_mask` is a bool array over the ids, True exactly at the legal actions' ids, and
    each id converts back to its action; off-turn seats get an all-False mask."""
    encoding = game.encoding
    rng = Random(16)
    for seed in range(scaled(3)):
        for state in playout(game, seed, rng)[::2]:
            for observation in observations(state):
                mask = game.action_mask(observation)
                assert mask.dtype == np.bool_ and mask.shape == (encoding.num_actions,)
                ids = [encoding.action_id(a, observation) for a in observation.legal_actions]
                assert len(set(ids)) == len(ids), "two legal actions share an id"
                assert sorted(ids) == np.flatnonzero(mask).tolist()
                for action, action_id in zip(observation.legal_actions, ids, strict=True):
                    assert encoding.action(action_id, observation) == action
                if observation.seat != state.current_player:
                    assert not mask.any()


def test_an_id_out_of_range_is_a_clear_error(game: Game[Any]) -> None:
    """An action id outside the id space raises a ParlourError naming it."""
    observation = game.new_state(seed=1).observe(0)
    for bad in (-1, game.encoding.num_actions):
        with pytest.raises(ParlourError, match=str(bad)):
            game.encoding.action(bad, observation)
