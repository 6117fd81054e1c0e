"""The compiled trick-play kernel (`parlour.cards._kernel`) against the Python engine, move for
move: legal cards, the next player, trick winners, hands, and the cards and tricks taken, on
1,000 random deals per game; and `play_random` giving the very same state and history."""

from __future__ import annotations

import random
from typing import Any

import pytest

import parlour
from parlour.core.game import State

kernel = pytest.importorskip("parlour.cards._kernel")

GAMES = [
    ("hearts", {}), ("hearts", {"queen_breaks_hearts": True}),
    ("spades", {}), ("spades", {"opening_lead": "two_of_clubs"}),
]
DEALS = {"hearts": 1000, "spades": 1000}


def _to_card_play(state: Any, rng: random.Random) -> None:
    while not state.in_card_play():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_the_kernel_plays_every_card_as_the_python_rules_do(name: str, params: dict[str, Any],
                                                            ) -> None:
    game = parlour.load_game(name, **params)
    deals = DEALS[name] // 2  # two parameter sets per game: 1,000 deals per game
    for seed in range(deals):
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        state.quiet = True
        _to_card_play(state, rng)
        play = kernel.TrickPlay()
        play.load(state, *state.kernel_rules()[:3])
        for _ in range(52):
            assert play.legal_mask() == state.legal_mask(), (seed, state.trick)
            assert play.current == state.current
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            winner = play.play(action.card)
            deal = state.deal
            state.apply(action)
            if state.deal != deal or state.is_terminal:  # the last trick: settled
                break
            assert [play.hand(seat) for seat in range(4)] == state.hands
            assert play.broken == state.broken
            if winner >= 0:
                assert winner == state.leader == state.current
            if name == "hearts":
                assert [play.taken_by(seat) for seat in range(4)] == state.taken
            else:
                assert tuple(play.won_by(seat) for seat in range(4)) == state.won
        assert play.done and play.ntricks == 13
        assert winner == play.last_winner >= 0


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_play_random_in_the_kernel_gives_the_same_state_and_history(
        name: str, params: dict[str, Any]) -> None:
    game = parlour.load_game(name, **params)
    for seed in range(150):
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        state.quiet = True
        for _ in range(rng.randrange(0, 40)):
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        compiled, python = state.clone(quiet=True), state.clone(quiet=True)
        compiled.play_random(compiled.deal_number + 2, random.Random(seed).random)
        State.play_random(python, python.deal_number + 2, random.Random(seed).random)
        assert compiled._snapshot() == python._snapshot()
        assert compiled.history == python.history


def test_a_subclass_overriding_a_hook_plays_out_in_python() -> None:
    from parlour.cards import trickstate
    from parlour.games.hearts.rules import HeartsState

    if trickstate._KERNEL is None:
        pytest.skip("the pure path (PARLOUR_PURE): no state uses the kernel")

    class Variant(HeartsState):
        __slots__ = ()

        def compute_legal_mask(self) -> int:
            return HeartsState.compute_legal_mask(self)

    game = parlour.load_game("hearts")
    plain = game.new_state(seed=1)
    plain.quiet = True
    plain.play_random(1, random.Random(3).random)
    state = game.new_state(seed=1)
    state.quiet = True
    state.__class__ = Variant
    state.play_random(1, random.Random(3).random)
    assert trickstate._KERNEL_FITS[Variant] is False
    assert trickstate._KERNEL_FITS[HeartsState] is True
    assert state._snapshot() == plain._snapshot()  # the same game either way
