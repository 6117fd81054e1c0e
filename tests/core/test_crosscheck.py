"""The cross-check harness: every compiled module has a mirror, and a divergence is reported by
field, seed, move and the compiled file."""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any

import pytest

import parlour
from parlour.compiled_modules import MODULES
from parlour.crosscheck import MIRRORS, Divergence, Probe, drive
from parlour.crosscheck.harness import (
    OWN_STEP,
    MoveCounts,
    StepPath,
    drive_moves,
    first_difference,
    state_fields,
)

ROOT = Path(__file__).resolve().parents[2]


def test_every_compiled_module_has_a_mirror_and_each_mirror_a_driver() -> None:
    checked = {kernel for mirror in MIRRORS for kernel in mirror.modules}
    assert checked == {module.name for module in MODULES}
    for mirror in MIRRORS:
        assert importlib.import_module(mirror.driver).__doc__
        assert not mirror.benchmark or (ROOT / mirror.benchmark).exists(), mirror.benchmark


def test_the_first_difference_is_found_down_to_the_element() -> None:
    assert first_difference((1, (2, 3)), (1, (2, 3))) is None
    assert first_difference((1, (2, 3), 4), (1, (2, 5), 6)) == ("[1][1]", 3, 5)
    assert first_difference([1, 2], [1, 2, 3]) == (" (length)", 2, 3)
    assert first_difference({"a": 1, "b": [0, 1]}, {"a": 1, "b": [0, 2]}) == ("['b'][1]", 1, 2)
    assert first_difference((1, 2), [1, 2]) == ("", (1, 2), [1, 2])


def test_a_divergence_names_position_field_values_and_the_compiled_file() -> None:
    probe = Probe("parlour.games.hearts._step")
    probe.start("hearts", 17)
    for action in ("3♣", "Q♠"):
        probe.moved(action)
    with pytest.raises(Divergence) as caught:
        probe.same("totals", (10, 20, 0, 22), (10, 19, 0, 21))
    assert str(caught.value) == (
        "hearts seed 17, move 2 (after Q♠): totals[1]: 20 in "
        "src/parlour/games/hearts/_step.pyx, 19 in the Python rules")
    with pytest.raises(Divergence, match=r"^hearts seed 17, move 2 \(after Q♠\): the deal is not "
                       r"over \(src/parlour/games/hearts/_step.pyx against the Python rules\)$"):
        probe.check(False, "the deal is not over")
    probe.same("equal", [1], [1])  # no error


def test_masks_are_shown_in_hex_and_long_values_cut() -> None:
    probe = Probe("parlour.cards._trick_play")
    probe.start("spades", 3)
    with pytest.raises(Divergence, match=r"legal cards: 0x4000000000000 in .*, 0x4 in the"):
        probe.same("legal cards", 1 << 50, 1 << 2)
    with pytest.raises(Divergence) as caught:
        probe.same("history", "x" * 500, "y")
    assert len(str(caught.value)) < 300


def test_states_that_differ_are_named_by_their_field() -> None:
    game = parlour.load_game("hearts")
    state = game.new_state(seed=4)
    other = state.clone()
    other.totals = (0, 5, 0, 0)
    probe = Probe("parlour.games.hearts._deals")
    probe.start("hearts", 4)
    assert state_fields(state)["totals"] == (0, 0, 0, 0)
    with pytest.raises(Divergence, match=r": state field totals\[1\]: 5 in .*_deals.pyx, 0 in"):
        probe.same_state(other, state)
    probe.same_state(state.clone(), state)


@dataclass
class Counts:
    deals: int = 0
    rules: Counter[str] = field(default_factory=Counter)
    last: str = ""


def test_drive_adds_the_parts_and_reports_each() -> None:
    seen: list[range] = []
    reports: list[int] = []

    def check(seeds: range) -> Counts:
        seen.append(seeds)
        return Counts(len(seeds), Counter(str(s % 2) for s in seeds), f"to {seeds[-1]}")

    total = drive(check, range(10, 35), 10, lambda done: reports.append(done.deals))
    assert seen == [range(10, 20), range(20, 30), range(30, 35)]
    assert reports == [10, 20, 25]
    assert total == Counts(25, Counter({"0": 13, "1": 12}), "to 34")
    assert drive(check, range(0, 12, 3), 2).deals == 4  # a strided range, in parts


def _hearts_pair(seed: int) -> tuple[Any, Any]:
    """A Hearts game at its first decision, and its twin."""
    state = parlour.load_game("hearts").new_state(seed=seed)
    return state.clone(), state


def _all_actions(legal: Sequence[Any], rng: Random) -> Any:
    game = parlour.load_game("hearts")
    return game.action_from_id(rng.randrange(game.num_distinct_actions))


def _moves(compiled: Any, python: Any, paths: tuple[StepPath, StepPath], decisions: int,
           counts: MoveCounts | None = None) -> MoveCounts:
    """`drive_moves` over `decisions` decisions of a Hearts pair, the states compared whole."""
    left = iter(range(decisions))
    counts = counts or MoveCounts()
    probe = Probe("parlour.games.hearts._step")
    probe.start("hearts", 5)
    drive_moves(compiled, python, paths, probe, Random(5), counts,
                going_on=lambda state: not state.is_terminal and next(left, -1) >= 0,
                compare=lambda a, b, probe: probe.same_state(a, b), trial=_all_actions)
    return counts


def test_the_move_driver_makes_every_kind_of_move_on_both_paths_alike() -> None:
    compiled, python = _hearts_pair(5)
    done = _moves(compiled, python, (OWN_STEP, OWN_STEP), 400)
    assert done.applied > 200 and done.without_undo > 30 and done.undone > 10
    assert done.illegal > 10
    assert compiled.history == python.history and len(python.history) > 250
    assert compiled._snapshot() == python._snapshot()


def _skewed(apply: Any) -> Any:
    """`apply` that miscounts the totals once the 20th move is made (a rule edited on one
    path only)."""
    def skewed(state: Any, action: Any) -> object:
        result = apply(state, action)
        if len(state.history) == 21:
            state.totals = (*state.totals[:3], state.totals[3] + 1)
        return result
    return skewed


def test_the_move_driver_names_the_field_seed_move_and_file_of_a_divergence() -> None:
    compiled, python = _hearts_pair(5)
    broken = StepPath(OWN_STEP.legal_actions, _skewed(OWN_STEP.apply),
                      _skewed(OWN_STEP.apply_unchecked_no_undo))
    with pytest.raises(Divergence, match=r"^hearts seed 5, move \d+ \(after .+\): state field "
                       r"totals\[3\]: 1 in src/parlour/games/hearts/_step.pyx, 0 in the "
                       r"Python rules$"):
        _moves(compiled, python, (broken, OWN_STEP), 400)


def test_the_move_driver_catches_different_legal_actions_and_an_illegal_move_accepted() -> None:
    def short_legal(state: Any) -> Any:
        legal = state.legal_actions()
        return legal[:-1] if len(state.history) > 30 and len(legal) > 1 else legal

    broken = StepPath(short_legal, OWN_STEP.apply, OWN_STEP.apply_unchecked_no_undo)
    with pytest.raises(Divergence, match=r"^hearts seed 5, move \d+ .*: legal actions"):
        _moves(*_hearts_pair(5), (broken, OWN_STEP), 400)

    def lenient(state: Any, action: Any) -> object:
        return None if action not in state.legal_actions() else state.apply(action)

    broken = StepPath(OWN_STEP.legal_actions, lenient, OWN_STEP.apply_unchecked_no_undo)
    with pytest.raises(Divergence, match=r"^hearts seed 5, move \d+ .*: refusing the illegal "
                       r".+: accepted in src/parlour/games/hearts/_step.pyx, .* in the Python"):
        _moves(*_hearts_pair(5), (broken, OWN_STEP), 400)
