"""The compiled Skat kernel against the Python rules: move for move, deal for deal.

Skipped when the compiled module is not built, except under CI (``CI`` set), where the compiled path
must be there: `make test` builds it.
"""

from __future__ import annotations

import os
from random import Random
from types import ModuleType
from typing import Any

import pytest

import parlour
from parlour import compiled_switch
from parlour.core.game import State
from parlour.crosscheck import Divergence
from parlour.crosscheck.skat_deals import crosscheck
from parlour.games.skat import Skat, SkatState, rules

MODULE_NAME = "parlour.games.skat._deals_and_step"


@pytest.fixture(scope="module")
def deals_and_step() -> ModuleType:
    built = compiled_switch.built()
    if MODULE_NAME not in built:
        if os.environ.get("CI"):
            pytest.fail("the compiled Skat module is not built: CI must test the compiled path")
        pytest.skip("the compiled Skat module is not built (pip install -e . with a C compiler)")
    import parlour.games.skat._deals_and_step as module

    return module


@pytest.mark.parametrize("spec", ["skat", "skat:players=4", "skat:scoring=seeger-fabian",
                                  "skat.ramsch", "skat.ramsch:players=4"])
def test_the_kernel_plays_1000_deals_move_for_move_like_the_rules(
        deals_and_step: ModuleType, spec: str) -> None:
    # the player to move and the legal actions at every move, trick winners and cards taken,
    # then the settled deal (in C unless the game scores its own) and the next deal started
    game = parlour.load_game(spec)
    done = crosscheck(game, range(1000), deals_and_step)  # type: ignore[arg-type]
    assert done.deals == 1000 and done.tricks >= 6000 and done.moves > 24_000
    if game.id == "skat":
        assert done.settled_in_c >= 600
    else:  # Ramsch scores its own deals: the kernel calls its score_deal
        assert done.settled_in_c == 0 and done.tricks >= 9000


def test_the_cross_check_catches_a_kernel_that_ignores_following_suit(
        deals_and_step: ModuleType) -> None:
    class Careless(deals_and_step.TrickPlay):  # type: ignore[name-defined,misc]
        def legal_mask(self) -> int:
            return int(self.hand(self.current))

    fake = ModuleType("careless")
    fake.TrickPlay = Careless  # type: ignore[attr-defined]
    fake.SETTLE, fake.FINISH = deals_and_step.SETTLE, deals_and_step.FINISH  # type: ignore[attr-defined]
    fake.bind = deals_and_step.bind  # type: ignore[attr-defined]
    with pytest.raises(Divergence, match=r"^skat seed \d+, move \d+ .*: legal cards: .* in "
                       r"src/parlour/games/skat/_deals_and_step.pyx, .* in the Python rules$"):
        crosscheck(parlour.load_game("skat"), range(50), fake)  # type: ignore[arg-type]


def _both_ways(spec: str, seed: int, stop: int | None) -> tuple[SkatState, SkatState]:
    game = parlour.load_game(spec)
    start = game.new_state(seed=seed)
    python, compiled = start.clone(quiet=True), start.clone(quiet=True)
    python_rng, compiled_rng = Random(seed), Random(seed)
    State.play_random(python, stop, python_rng.random)  # the Python loop
    compiled.play_random(stop, compiled_rng.random)  # the card play in the kernel
    assert python_rng.random() == compiled_rng.random(), "the random streams drifted apart"
    return python, compiled


@pytest.mark.parametrize("spec", ["skat", "skat.ramsch", "skat:players=4,deals=5"])
@pytest.mark.parametrize("stop", [1, 2, None, 0, -(2**70), 2**70])
def test_compiled_playouts_make_the_same_moves_as_the_python_loop(
        deals_and_step: ModuleType, spec: str, stop: int | None) -> None:
    for seed in range(60):
        python, compiled = _both_ways(spec, seed, stop)
        assert compiled._snapshot() == python._snapshot()
        assert compiled.history == python.history
        assert compiled.returns() == python.returns() and compiled.tiebreak() == python.tiebreak()


def test_a_ramsch_played_out_in_the_kernel_is_scored_by_the_ramsch_hook(
        deals_and_step: ModuleType) -> None:
    game = parlour.load_game("skat.ramsch", deals=1)
    state = game.new_state(seed=3)
    for _ in range(3):
        state.apply(rules.PASS)
    assert state.contract is not None and state.contract.kind == "ramsch"
    state.quiet = True
    state.play_random(None, Random(1).random)
    assert state.is_terminal and state.results[0].note.startswith("Ramsch: ")


def test_the_kernel_deals_exactly_as_random_shuffle(deals_and_step: ModuleType) -> None:
    for seed in [*range(500), 2**32 - 1, 2**32, 2**63 - 1]:
        cards = list(range(32))
        Random(seed).shuffle(cards)
        assert deals_and_step.shuffled(seed, list(range(32))) == cards
    assert rules._SHUFFLED is not None or compiled_switch.forced_pure()


def test_a_state_subclass_that_changes_the_card_play_plays_it_in_python(
        deals_and_step: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[Any] = []

    class Traced(SkatState):
        __slots__ = ()

        def _trick_done(self, trick: tuple[int, ...], last: int) -> None:
            calls.append(trick)
            super()._trick_done(trick, last)

    class TracedSkat(Skat):
        state_class = Traced

    state = TracedSkat(deals=1).new_state(seed=4)
    state.quiet = True
    state.play_random(None, Random(4).random)
    assert state.is_terminal and calls, "the overridden _trick_done was bypassed"


def test_pure_forces_python_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(compiled_switch.PURE_ENV, "1")
    monkeypatch.setattr(compiled_switch, "_loaded", {})
    assert compiled_switch.load(MODULE_NAME) is None
    assert compiled_switch.engine_path() == "pure"
    assert "PARLOUR_PURE is set" in compiled_switch.engine_description()
