"""A state class may not reuse an attribute name its bases already have in `__slots__`."""

from __future__ import annotations

import pytest

from parlour.cards.trickstate import TrickState
from parlour.core import State


def test_a_slot_named_like_states_own_attribute_is_refused_by_name() -> None:
    with pytest.raises(TypeError, match=r"^Diary.__slots__ names 'history', which State "
                       r"already has; choose another name$"):
        class Diary(State["object"]):  # type: ignore[type-var]
            __slots__ = ("history",)


def test_a_slot_hiding_a_method_or_a_base_games_field_is_refused() -> None:
    with pytest.raises(TypeError, match="'legal_actions', which State already has"):
        class Shadow(State["object"]):  # type: ignore[type-var]
            __slots__ = "legal_actions"
    with pytest.raises(TypeError, match="'hands', which TrickState already has"):
        class Hands(TrickState["object"]):  # type: ignore[type-var]
            __slots__ = ("bids", "hands")


def test_new_names_are_fine() -> None:
    class Fine(TrickState["object"]):  # type: ignore[type-var]
        __slots__ = ("bids", "diary")

    assert "diary" in Fine.__slots__
