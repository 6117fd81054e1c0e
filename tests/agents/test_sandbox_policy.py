"""The sandbox policy where the sandbox cannot run (simulated): `on` refuses, `auto` says so once.

These need no bwrap, so they run on every machine (tests/agents/test_sandbox.py runs the
sandbox itself).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from parlour.agents import sandbox
from parlour.agents.external import ExternalAgent, ProcessLimits
from parlour.core import AgentError

HERE = Path(__file__).parent


def hostile(mode: str) -> str:
    return f"{sys.executable} {HERE / 'hostile_bot.py'} {mode}"


def test_sandbox_on_refuses_to_start_a_bot_without_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox, "problem", lambda: "bubblewrap (bwrap) is not installed")
    with pytest.raises(AgentError, match=r"without the sandbox \(--sandbox on\): bubblewrap"):
        ExternalAgent(hostile("spy"), limits=ProcessLimits(sandbox="on"))


def test_sandbox_auto_says_once_that_it_goes_without(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(sandbox, "problem", lambda: "no bwrap on this test machine")
    monkeypatch.setattr(sandbox, "_warned", set())
    for _ in range(2):
        ExternalAgent(hostile("spy"), limits=ProcessLimits(sandbox="auto")).close()
    assert caplog.text.count("bots run without the sandbox: no bwrap") == 1


def test_a_resumed_tournament_keeps_its_sandbox_settings(tmp_path: Path) -> None:
    from parlour.arena import TournamentConfig, run_tournament
    from parlour.arena.runner import stored_config

    out = tmp_path / "t"
    run_tournament(TournamentConfig(game="hearts", params={"end_score": 1},
                                    agents=("random", "heuristic"), deals=1, seed=2,
                                    backend="inprocess", out=str(out), sandbox="off",
                                    bot_env=("LICENSE_KEY",)))
    resumed = stored_config(out)
    assert (resumed.sandbox, resumed.bot_env) == ("off", ("LICENSE_KEY",))


def test_a_pyenv_shim_and_a_virtual_environment_resolve_to_what_they_run(
        tmp_path: Path) -> None:
    root = tmp_path / "home" / ".pyenv"
    real = root / "versions" / "3.99.0" / "bin" / "python3"
    real.parent.mkdir(parents=True)
    real.write_text("")
    shim = root / "shims" / "python3"
    shim.parent.mkdir()
    shim.write_text("#!/bin/sh\n")
    (root / "bin").mkdir()
    (root / "bin" / "pyenv").write_text(f"#!/bin/sh\necho {real}\n")
    for executable in (shim, root / "bin" / "pyenv"):
        executable.chmod(0o755)
    bot = tmp_path / "bots" / "mine.py"
    bot.parent.mkdir()
    bot.write_text("")
    plan = sandbox.plan([str(shim), "bots/mine.py"], cwd=str(tmp_path))
    assert plan.argv == [str(real), str(bot)], "the shim's interpreter, the bot's full path"
    assert str(real.parents[1]) in plan.binds and str(bot.parent) in plan.binds
    assert str(root) not in plan.binds, "not the whole pyenv, nor the home folder"
    assert plan.chdir == str(bot.parent)

    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "pyvenv.cfg").write_text(f"home = {real.parent}\n")
    (venv / "bin" / "python").symlink_to(real)
    plan = sandbox.plan([str(venv / "bin" / "python"), str(bot)])
    assert str(venv) in plan.binds and str(real.parents[1]) in plan.binds


def test_the_home_folder_is_never_bound_whole(monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "bot.py").write_text("")
    plan = sandbox.plan(["/bin/sh", "bot.py", "."], cwd=str(tmp_path))
    assert plan.binds == [str(tmp_path / "bot.py")], "the file alone, not its folder"
