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
