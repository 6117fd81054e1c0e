"""The compiled trick-play kernel (`parlour.cards._trick_play`) against the Python engine, move for
move: legal cards, the next player, trick winners, hands, and the cards and tricks taken, on
1,000 random deals per game; and `play_random` giving the very same state and history."""

from __future__ import annotations

import random
from typing import Any

import pytest

import parlour
from parlour.core.game import State
from parlour.crosscheck import card_play

kernel = pytest.importorskip("parlour.cards._trick_play")

GAMES = [
    ("hearts", {}), ("hearts", {"queen_breaks_hearts": True}),
    ("spades", {}), ("spades", {"opening_lead": "two_of_clubs"}),
]
DEALS = {"hearts": 1000, "spades": 1000}


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_the_kernel_plays_every_card_as_the_python_rules_do(name: str, params: dict[str, Any],
                                                            ) -> None:
    game = parlour.load_game(name, **params)
    deals = DEALS[name] // 2  # two parameter sets per game: 1,000 deals per game
    done = card_play.crosscheck(game, range(deals))
    assert done.deals == deals and done.cards == 52 * deals and done.tricks == 13 * deals


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

    if trickstate._TRICK_PLAY is None:
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
    assert trickstate.deal_kernel_mode(Variant, type(game)) is None
    assert trickstate.deal_kernel_mode(HeartsState, type(game)) is not None
    assert state._snapshot() == plain._snapshot()  # the same game either way


# --- whole deals: the passing and bidding, settling, the next deal ---------------------------

DEAL_GAMES = [
    ("hearts", {}),
    ("hearts", {"queen_breaks_hearts": True, "jack_of_diamonds": True, "moon": "subtract",
                "passing": "across,none", "end_score": 60}),
    ("spades", {}),
    ("spades", {"opening_lead": "two_of_clubs", "nil": False, "mercy": True}),
    ("spades", {"blind_nil": True, "blind_nil_deficit": 50, "max_hands": 3}),
]
"""Rule sets whose deals the kernels play: 1,000 deals per game between them."""


@pytest.mark.parametrize(("name", "params"), DEAL_GAMES)
def test_the_deal_kernels_pass_bid_play_and_settle_as_the_python_rules_do(
        name: str, params: dict[str, Any]) -> None:
    from parlour.crosscheck.trick_deals import crosscheck

    game = parlour.load_game(name, **params)
    if type(game.new_state(seed=0)).deal_kernel is None:
        pytest.skip("the deal kernels are not built")
    sets = sum(1 for game_name, _ in DEAL_GAMES if game_name == name)
    deals = 1000 // sets + 1
    done = crosscheck(game, range(deals))
    assert done.deals == deals and done.tricks == 13 * deals and done.cards == 52 * deals
    assert done.settled_in_c == (deals + 1) // 2  # the other half by the rules' `_score_deal`
    assert done.undealt >= deals // 4 and done.games_over > 0
    if name == "hearts" and "passing" not in params:
        assert done.choices == 12 * deals
    elif name == "spades":
        assert done.choices >= 4 * deals


def test_the_cross_check_catches_a_kernel_that_settles_wrongly() -> None:
    from parlour.crosscheck import Divergence
    from parlour.crosscheck.trick_deals import crosscheck
    from parlour.games.hearts import Hearts

    class Doubled(Hearts):  # scores like Hearts in Python, but the kernel is told it is Hearts
        def card_points(self, taken: int) -> int:
            return 2 * super().card_points(taken)

    if type(parlour.load_game("hearts").new_state(seed=0)).deal_kernel is None:
        pytest.skip("the deal kernels are not built")
    from parlour.games.hearts.rules import HeartsState

    original = HeartsState.kernel_mode
    HeartsState.kernel_mode = classmethod(lambda cls, game_class: 1)  # type: ignore[assignment]
    try:
        with pytest.raises(Divergence, match=r"^hearts seed 0, move 64 \(after settling in C\): "
                           r"state field results\[0\]\[0\]: 6 in "
                           r"src/parlour/games/hearts/_deals.pyx, 12 in the Python rules$"):
            crosscheck(Doubled(), range(4))
    finally:
        HeartsState.kernel_mode = original  # type: ignore[method-assign]


def test_play_random_from_the_first_decision_gives_the_same_game_as_the_python_loop() -> None:
    for name, params in DEAL_GAMES:
        game = parlour.load_game(name, **params)
        for seed in range(40):
            state = game.new_state(seed=seed)
            state.quiet = True
            compiled, python = state.clone(quiet=True), state.clone(quiet=True)
            compiled_rng, python_rng = random.Random(seed), random.Random(seed)
            compiled.play_random(None if seed % 4 == 0 else 3, compiled_rng.random)
            State.play_random(python, None if seed % 4 == 0 else 3, python_rng.random)
            assert compiled_rng.random() == python_rng.random(), "the streams drifted apart"
            assert compiled.history == python.history
            assert compiled._snapshot() == python._snapshot()


@pytest.mark.parametrize(("name", "hook"), [("hearts", "score_deal"),
                                             ("spades", "score_partnership")])
def test_a_game_overriding_a_scoring_hook_settles_in_python(name: str, hook: str) -> None:
    base = type(parlour.load_game(name))

    def scored(self: Any, *args: Any) -> Any:
        result = getattr(base, hook)(self, *args)
        if name == "hearts":
            points, shooter = result
            return tuple(p + 1 for p in points), shooter  # a point a deal for everyone
        return type(result)(**{**{f: getattr(result, f) for f in result.__slots__},
                               "points": result.points + 1})

    variant = type("Variant", (base,), {hook: scored})()
    state = variant.new_state(seed=5)
    state.quiet = True
    assert type(state).kernel_mode(type(variant)) == 0
    reference = state.clone(quiet=True)
    state.play_random(state.deal_number + 1, random.Random(5).random)
    State.play_random(reference, reference.deal_number + 1, random.Random(5).random)
    assert state._snapshot() == reference._snapshot()
    plain = parlour.load_game(name).new_state(seed=5)
    plain.quiet = True
    plain.play_random(1, random.Random(5).random)
    assert [a + 1 for a in plain.results[0]] == list(state.results[0])


def test_a_state_class_overriding_the_passing_passes_in_python() -> None:
    from parlour.cards import trickstate
    from parlour.games.hearts.rules import HeartsState

    if trickstate._TRICK_PLAY is None:
        pytest.skip("the pure path (PARLOUR_PURE): no state uses the kernel")
    passed: list[int] = []

    class Traced(HeartsState):
        __slots__ = ()

        def _choose_pass(self, card: int) -> None:
            passed.append(card)
            super()._choose_pass(card)

    state = parlour.load_game("hearts").new_state(seed=2)
    state.quiet = True
    state.__class__ = Traced
    state.play_random(1, random.Random(2).random)
    assert len(passed) == 12
    assert trickstate.deal_kernel_mode(Traced, type(state.game)) is None


def test_a_random_function_that_is_not_a_builtin_draws_the_same_playouts() -> None:
    # the kernels call a builtin `Random.random` directly in C, anything else as an object
    for name in ("hearts", "spades"):
        state = parlour.load_game(name).new_state(seed=9)
        state.quiet = True
        builtin, wrapped = state.clone(quiet=True), state.clone(quiet=True)
        builtin.play_random(2, random.Random(9).random)
        draws = random.Random(9).random
        wrapped.play_random(2, lambda draws=draws: draws())  # type: ignore[misc]
        assert builtin.history == wrapped.history
        assert builtin._snapshot() == wrapped._snapshot()


def test_an_error_raised_by_the_random_function_propagates() -> None:
    def broken() -> float:
        raise ValueError("no more randomness")

    for name in ("hearts", "spades"):
        state = parlour.load_game(name).new_state(seed=9)
        state.quiet = True
        with pytest.raises(ValueError, match="no more randomness"):
            state.play_random(1, broken)
