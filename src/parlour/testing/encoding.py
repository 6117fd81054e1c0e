"""Conformance of a game's tensor encoding, action ids and masks (`Game.encoding`).

`EncodingChecks` is mixed into the suite that `conformance_suite` builds; a game without an
encoding (`encoding_class` empty) skips these tests. Each docstring states the promise.
"""

from __future__ import annotations

from pathlib import Path
from random import Random
from typing import Any, ClassVar

import numpy as np
import pytest

from parlour.core import CHANCE, Game, InformationState, Observation, ParlourError, State
from parlour.testing.checks import Scaled

MOVES_PER_GAME = 400
"""Encoding playouts stop after this many moves: long games add nothing past it."""


def encoding_playout(game: Game[Any], seed: int, rng: Random) -> list[State[Any]]:
    """Every state of one random playout (at most `MOVES_PER_GAME` moves), as clones."""
    state = game.new_state(seed=seed)
    states = [state.clone()]
    for _ in range(MOVES_PER_GAME):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        states.append(state.clone())
    return states


def every_observation(state: State[Any]) -> list[Observation]:
    """What each seat sees of `state`."""
    return [state.observe(seat) for seat in range(state.game.num_players)]


def _skip_without_encoding(game: Game[Any]) -> None:
    if not type(game).encoding_class:
        pytest.skip(f"{game.id} has no tensor encoding")


class EncodingChecks(Scaled):
    """The encoding checks, as test methods over the suite's `game` fixture."""

    rules_docs: ClassVar[Path | None] = None
    """Folder of the games' rules pages (``<game id>.md``); None skips the layout check."""

    def test_the_encoding_has_one_shape_and_dtype(self, game: Game[Any]) -> None:
        """`encode` gives float32 arrays of `observation_shape`, finite, in every position."""
        _skip_without_encoding(game)
        shape = game.observation_shape
        assert shape and all(n > 0 for n in shape)
        rng = Random(11)
        for seed in range(self.scaled(4)):
            for state in encoding_playout(game, seed, rng):
                for observation in every_observation(state):
                    encoded = game.encode(observation)
                    assert encoded.shape == shape, f"shape {encoded.shape}, expected {shape}"
                    assert encoded.dtype == np.float32
                    assert np.isfinite(encoded).all()
        assert game.observation_shape == shape

    def test_the_encoding_is_deterministic(self, game: Game[Any]) -> None:
        """Equal observations (from a state and its clone) encode to equal arrays, every time."""
        _skip_without_encoding(game)
        rng = Random(12)
        for state in encoding_playout(game, 5, rng)[::5]:
            twin = state.clone()
            for seat in range(game.num_players):
                first = game.encode(state.observe(seat))
                assert np.array_equal(first, game.encode(state.observe(seat)))
                assert np.array_equal(first, game.encode(twin.observe(seat)))

    def test_every_sampled_world_encodes_alike(self, game: Game[Any]) -> None:
        """Every world `sample_state` draws from one observation gives the seat the same tensor
        and the same mask, so the encoding cannot carry a hidden card."""
        _skip_without_encoding(game)
        rng, worlds = Random(13), Random(14)
        checked = 0
        for seed in range(self.scaled(3)):
            for state in encoding_playout(game, seed, rng)[::3]:
                for observation in every_observation(state):
                    encoded = game.encode(observation)
                    mask = game.action_mask(observation)
                    for _ in range(3):
                        seen = game.sample_state(observation, worlds).observe(observation.seat)
                        assert np.array_equal(game.encode(seen), encoded), (
                            f"seat {observation.seat}'s tensor changes with what it cannot see")
                        assert np.array_equal(game.action_mask(seen), mask)
                        checked += 1
        assert checked > 0

    def test_a_move_changes_the_encoding(self, game: Game[Any]) -> None:
        """The encoding is not constant: moves change what a seat's view encodes to."""
        _skip_without_encoding(game)
        states = encoding_playout(game, 2, Random(15))
        seat = states[0].current_player if states[0].current_player is not None else 0
        tensors = {game.encode(s.observe(seat)).tobytes() for s in states[:20]}
        assert len(tensors) > 1, "the encoding never changes"

    def test_information_states_recall_the_deal_without_leaking(self, game: Game[Any]) -> None:
        """`encode_information_state` gives float32 arrays of `information_state_shape`, its
        observation block is `encode` of the observation, a seat recalls its own moves and the
        others' only where `action_is_public`, and each recall extends the one before."""
        _skip_without_encoding(game)
        shape = game.information_state_shape
        size = int(np.prod(game.observation_shape))
        rng = Random(17)
        for seed in range(self.scaled(3)):
            before: dict[int, InformationState] = {}
            for state in encoding_playout(game, seed, rng)[:120]:
                start = state.deal_start()
                mine = [m for m in state.history[start:] if m.player != CHANCE]
                for seat in range(game.num_players):
                    info = state.information_state(seat)
                    encoded = game.encode_information_state(info)
                    assert encoded.shape == shape and encoded.dtype == np.float32
                    assert np.array_equal(encoded[:size], game.encode(info.observation).ravel())
                    for move, (player, action) in zip(mine, info.moves, strict=True):
                        assert player == move.player
                        shown = player == seat or game.action_is_public(move.action)
                        assert action == (move.action if shown else None), (
                            f"seat {seat} recalls {move.action} of seat {player} wrongly")
                    last = before.get(seat)
                    if last is not None and len(last.moves) < len(info.moves):
                        assert info.moves[:len(last.moves)] == last.moves
                    before[seat] = info

    def test_every_sampled_world_gives_the_same_information_state(self, game: Game[Any]) -> None:
        """The recall with any world `sample_state` draws in place of the real one encodes to
        the same tensor: the information state cannot carry a hidden card either."""
        _skip_without_encoding(game)
        rng, worlds = Random(18), Random(19)
        for seed in range(self.scaled(2)):
            for state in encoding_playout(game, seed, rng)[::7]:
                for seat in range(game.num_players):
                    info = state.information_state(seat)
                    encoded = game.encode_information_state(info)
                    for _ in range(2):
                        seen = game.sample_state(info.observation, worlds).observe(seat)
                        again = game.encode_information_state(InformationState(seen, info.moves))
                        assert np.array_equal(again, encoded)

    def test_the_rules_doc_lists_the_layout(self, game: Game[Any]) -> None:
        """The game's rules page documents its encoding: every named block with its offset
        (a `| `name` | offset |` table row), or the shape of board planes."""
        _skip_without_encoding(game)
        if self.rules_docs is None:
            pytest.skip("no rules_docs folder given to conformance_suite")
        page = self.rules_docs / f"{game.id.split('.')[0]}.md"
        assert page.is_file(), f"no rules page {page}"
        doc = page.read_text(encoding="utf-8")
        assert "## Tensor encoding" in doc, f"{page} has no '## Tensor encoding' section"
        layout = getattr(game.encoding, "layout", None)
        if layout is None:  # board planes: the page names the shape
            assert f"({game.observation_shape[0]}, N, N)" in doc
            return
        for name, offset, _ in layout.rows():
            assert f"| `{name}` | {offset} |" in doc, f"{name} at {offset} is not in {page}"

    def test_the_mask_marks_exactly_the_legal_actions(self, game: Game[Any]) -> None:
        """`action_mask` is a bool array over the ids, True exactly at the legal actions' ids,
        and each id converts back to its action; off-turn seats get an all-False mask."""
        _skip_without_encoding(game)
        encoding = game.encoding
        rng = Random(16)
        for seed in range(self.scaled(3)):
            for state in encoding_playout(game, seed, rng)[::2]:
                for observation in every_observation(state):
                    mask = game.action_mask(observation)
                    assert mask.dtype == np.bool_ and mask.shape == (encoding.num_actions,)
                    legal = observation.legal_actions
                    ids = [encoding.action_id(a, observation) for a in legal]
                    assert len(set(ids)) == len(ids), "two legal actions share an id"
                    assert sorted(ids) == np.flatnonzero(mask).tolist()
                    for action, action_id in zip(legal, ids, strict=True):
                        assert encoding.action(action_id, observation) == action
                    if observation.seat != state.current_player:
                        assert not mask.any(), "a seat off turn has legal ids"

    def test_an_id_out_of_range_is_a_clear_error(self, game: Game[Any]) -> None:
        """An action id outside the id space raises a `ParlourError` naming it."""
        _skip_without_encoding(game)
        observation = game.new_state(seed=1).observe(0)
        for bad in (-1, game.encoding.num_actions):
            with pytest.raises(ParlourError, match=str(bad)):
                game.encoding.action(bad, observation)
