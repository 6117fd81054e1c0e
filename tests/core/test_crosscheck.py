"""The cross-check harness: every compiled module has a mirror, and a divergence is reported by
field, seed, move and the compiled file."""

from __future__ import annotations

import importlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import parlour
from parlour.compiled_modules import MODULES
from parlour.crosscheck import MIRRORS, Divergence, Probe, drive
from parlour.crosscheck.harness import first_difference, state_fields

ROOT = Path(__file__).resolve().parents[2]


def test_every_compiled_module_has_a_mirror_and_each_mirror_a_driver() -> None:
    checked = {kernel for mirror in MIRRORS for kernel in mirror.kernels}
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
