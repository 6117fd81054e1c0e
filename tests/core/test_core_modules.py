"""core/game.py split into contract, actions, events and JSON data; every old import works."""

from __future__ import annotations

import parlour.core as core
from parlour.core import actions, events, game, json_data


def test_each_name_lives_in_one_module_and_is_re_exported() -> None:
    assert game.Action is actions.Action is core.Action
    assert game.IdAction is actions.IdAction
    for name in ("Event", "DealStarted", "DealScored", "GameOver", "GameStopped", "by_seat",
                 "slot_builder"):
        assert getattr(game, name) is getattr(events, name), name
    assert game.jsonable is json_data.jsonable is core.jsonable
    assert game.jsonable_fields is json_data.jsonable_fields


def test_the_split_modules_do_not_import_the_contract() -> None:
    for module in (actions, events, json_data):
        assert not hasattr(module, "State"), module.__name__
    assert events.DealStarted(deal=0).to_json() == {"type": "DealStarted", "deal": 0}


def test_every_game_encoding_has_what_tensor_encoding_declares() -> None:
    import numpy as np

    from parlour import list_games, load_game

    declared = [name for name in core.TensorEncoding.__dict__
                if not name.startswith("_") and callable(core.TensorEncoding.__dict__[name])]
    assert {"fill", "legal_ids", "encode", "action_mask"} <= set(declared)
    for info in list_games():
        game = load_game(info.id)
        if getattr(game, "encoding_class", None) is None:
            continue
        encoding = game.encoding
        for name in declared:
            assert callable(getattr(encoding, name, None)), f"{info.id} lacks {name}"
        state = game.new_state(seed=1)
        observation = state.observe(state.current_player or 0)
        out = np.zeros(encoding.shape, dtype=np.float32)
        encoding.fill(observation, out)
        assert np.array_equal(out, encoding.encode(observation)), info.id
        assert np.flatnonzero(encoding.action_mask(observation)).tolist() == sorted(
            encoding.legal_ids(observation)), info.id
