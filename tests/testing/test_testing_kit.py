"""`parlour.testing`: the conformance suite runs from any test folder, on any parameter sets,
and its checks catch games that break the written requirements (docs/testing.md)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from random import Random

import pytest

import parlour
from parlour.core import GameOver
from parlour.testing import check_final, check_state, conformance_suite, random_playout

PLUGIN_TEST = '''
from parlour.testing import conformance_suite

TestMine = conformance_suite(["hearts:end_score=5", "skull:players=3"], scale=0.01)
'''


def test_a_plugin_test_folder_runs_the_suite_on_its_own_parameter_sets(tmp_path: Path) -> None:
    (tmp_path / "test_mine.py").write_text(PLUGIN_TEST)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider", "-p", "no:xdist",
         "--rootdir", str(tmp_path), str(tmp_path)],
        cwd=tmp_path, env=env, capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stdout[-3000:]
    # 12 conformance and 7 encoding checks on each set; the layout check skips without
    # rules_docs
    assert "40 passed, 2 skipped" in result.stdout
    for spec in ("hearts:end_score=5", "skull:players=3"):  # each set is one test parameter
        for check in ("test_undo_restores_every_earlier_state_exactly",
                      "test_every_sampled_world_encodes_alike"):
            assert f"TestMine::{check}[{spec}] PASSED" in result.stdout


def test_an_unknown_game_spec_fails_at_collection_with_a_parlour_error() -> None:
    with pytest.raises(parlour.ParlourError, match="ohell"):
        conformance_suite(["ohell"])


def finished_hearts() -> parlour.core.State:
    state = parlour.load_game("hearts", end_score=5).new_state(seed=3)
    return random_playout(state, Random(0))


def test_check_final_wants_exactly_one_game_over_event() -> None:
    state = finished_hearts()
    check_final(state)
    over = next(e for e in state.events if isinstance(e, GameOver))
    state.events.append(over)
    with pytest.raises(AssertionError, match="exactly one GameOver event, got 2"):
        check_final(state)


def test_check_final_wants_deal_points_that_add_up_to_the_scores() -> None:
    state = finished_hearts()
    state.totals = tuple(t + 1 for t in state.totals)  # type: ignore[attr-defined]
    with pytest.raises(AssertionError, match="scores"):
        check_final(state)


def test_check_state_runs_the_games_own_check_invariants_by_name() -> None:
    state = parlour.load_game("hearts").new_state(seed=1)
    state.hands[0] |= state.hands[1]  # type: ignore[attr-defined]  # a card in two hands
    with pytest.raises(AssertionError, match="two hands"):
        check_state(state)


def test_without_the_extra_the_suite_names_it() -> None:
    code = ("import sys; sys.modules['hypothesis'] = None\n"
            "import parlour.testing as kit\n"
            "try:\n    kit.conformance_suite\nexcept ImportError as e:\n    print(e)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}, check=True)
    assert "pip install 'parlour[testing]'" in out.stdout


def test_the_scale_variable_multiplies_a_suites_own_scale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PARLOUR_CONFORMANCE_SCALE", "4")
    assert conformance_suite(["skull"], scale=0.5).scale == 2.0
    assert conformance_suite(["skull"]).scale == 4.0
    monkeypatch.setenv("PARLOUR_CONFORMANCE_SCALE", "lots")
    with pytest.raises(ValueError, match="PARLOUR_CONFORMANCE_SCALE='lots' is not a positive"):
        conformance_suite(["skull"])


def test_a_game_whose_views_do_not_import_fails_the_suite(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The attack itself: a views module with a syntax error, named by a game."""
    from parlour.games.skull import Skull
    from parlour.testing.suite import ConformanceChecks

    (tmp_path / "broken_views.py").write_text("class View(:\n    pass\n")
    monkeypatch.syspath_prepend(str(tmp_path))

    class Broken(Skull):
        console_view = "broken_views:View"

    with pytest.raises(parlour.ParlourError, match=r"^skull's console_view: cannot load "
                       r"'broken_views:View': SyntaxError: invalid syntax"):
        ConformanceChecks().test_the_parts_the_game_names_import(Broken())
