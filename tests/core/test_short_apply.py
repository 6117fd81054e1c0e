"""The short way through `apply` (`State.short_apply`) and slot-built events (`slot_builder`)."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

import parlour
from parlour.cards import CARD
from parlour.core import Action, IllegalActionError, State
from parlour.core.game import slot_builder
from parlour.games.hearts.actions import PLAY as HEARTS_PLAY
from parlour.games.hearts.events import TrickWon
from parlour.games.hearts.rules import HeartsState
from parlour.games.skat.rules import SkatState
from parlour.games.spades.rules import SpadesState


def test_the_card_games_take_the_short_way() -> None:
    assert HeartsState.short_apply and SpadesState.short_apply and SkatState.short_apply
    assert not State.short_apply


class NoLowClubs(HeartsState):
    """A house rule in a subclass: the 3♣ may never be played."""

    __slots__ = ()

    def is_legal(self, action: Action) -> bool:
        return action is not HEARTS_PLAY[3] and super().is_legal(action)


def test_a_subclass_overriding_a_method_the_short_way_skips_goes_through_state_apply() -> None:
    assert not NoLowClubs.short_apply
    state = parlour.load_game("hearts").new_state(seed=5)
    three = HEARTS_PLAY[3]  # 3♣
    while state.phase != 1 or three not in state.legal_actions():
        legal = [a for a in state.legal_actions() if a is not three]
        state.apply(legal[0])
    house = NoLowClubs.__new__(NoLowClubs)
    for name in ("game", "seed", "quiet"):
        setattr(house, name, getattr(state, name))
    house.history, house.events, house._undo_stack = [], [], []
    state._copy_into(house)
    with pytest.raises(IllegalActionError):
        house.apply(three)
    state.apply(three)  # the rules themselves allow it


class CountingSpades(SpadesState):
    """A subclass that adds to `_apply` (so its plays must reach it)."""

    __slots__ = ()
    applied: list[Action] = []  # noqa: RUF012 (a test's log)

    def _apply(self, action: Action) -> None:
        self.applied.append(action)
        super()._apply(action)


def test_an_overridden_apply_hook_sees_every_move() -> None:
    assert not CountingSpades.short_apply
    game = parlour.load_game("spades")
    state: Any = game.new_state(seed=2)
    state.__class__ = CountingSpades
    rng = Random(0)
    for _ in range(30):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert len(CountingSpades.applied) == 30


def test_slot_builder_makes_the_same_event_as_the_constructor() -> None:
    build = slot_builder(TrickWon)
    cards = tuple(CARD[c] for c in (2, 18, 40, 50))
    made = build(3, 1, cards, 2, 4)
    assert made == TrickWon(trick=3, leader=1, cards=cards, winner=2, points=4)
    assert made.visible_to is None and made.to_json()["points"] == 4
    private = build(0, 0, (), 0, 0, frozenset({1}))
    assert not private.visible(0) and private.visible(1)
    with pytest.raises(AttributeError):
        made.trick = 5  # type: ignore[misc]


@pytest.mark.parametrize("name", ["hearts", "spades"])
def test_undo_after_moves_without_undo_goes_back_past_them_from_a_short_record(name: str) -> None:
    """A card play keeps a short undo record; moves without undo after it (one by one, or a
    whole compiled playout) must not leave that record behind them."""
    game = parlour.load_game(name)
    rng = Random(4)
    for seed in range(12):
        state: Any = game.new_state(seed=seed)
        while not state.in_card_play():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        for _ in range(rng.randrange(0, 30)):
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        before = (state.observe(0), list(state.history), list(state.events))
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        if seed % 2:
            for _ in range(rng.randrange(1, 20)):
                legal = state.legal_actions()
                state.apply_unchecked_no_undo(legal[rng.randrange(len(legal))])
        else:
            state.quiet = True
            state.play_random(None, rng.random)
            state.quiet = False
        state.undo()
        assert (state.observe(0), list(state.history), list(state.events)) == before
