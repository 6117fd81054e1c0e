"""The old public names still work, each with a DeprecationWarning naming the new one."""

from __future__ import annotations

import importlib
import subprocess
import sys
from random import Random

import pytest

import parlour
from parlour import compiled_switch


def test_apply_without_undo_warns_and_applies() -> None:
    state = parlour.load_game("hearts").new_state(seed=1)
    action = state.legal_actions()[0]
    with pytest.warns(DeprecationWarning, match="apply_unchecked_no_undo"):
        state.apply_without_undo(action)
    assert state.history[-1].action == action


def test_play_policy_warns_and_plays() -> None:
    state = parlour.load_game("hearts").new_state(seed=2).clone(quiet=True)
    state.play_random(0, Random(2).random)  # through the passing, to the card play
    twin = state.clone()
    expected = twin.play_compiled("heuristic", None)
    with pytest.warns(DeprecationWarning, match="play_compiled"):
        played = state.play_policy("heuristic", None)
    assert played == expected
    assert state.history == twin.history


def test_the_engine_module_warns_and_is_the_switch() -> None:
    sys.modules.pop("parlour.engine", None)
    with pytest.warns(DeprecationWarning, match="parlour.compiled_switch"):
        engine = importlib.import_module("parlour.engine")
    assert engine.kernel is compiled_switch.load
    assert engine.KERNELS == compiled_switch.MODULE_NAMES
    assert engine.StaleBuild is compiled_switch.StaleBuild


def test_python_m_parlour_engine_still_reports_the_path() -> None:
    done = subprocess.run([sys.executable, "-W", "ignore::DeprecationWarning", "-m",
                           "parlour.engine"], capture_output=True, text=True, check=False,
                          timeout=60)
    assert done.returncode == 0 and "engine:" in done.stdout


def test_rl_table_is_the_seated_game() -> None:
    import parlour.rl
    from parlour.rl.seated_game import SeatedGame

    with pytest.warns(DeprecationWarning, match="SeatedGame"):
        old = parlour.rl.Table
    assert old is SeatedGame
    with pytest.raises(AttributeError, match="no attribute 'Tabel'"):
        _ = parlour.rl.Tabel
