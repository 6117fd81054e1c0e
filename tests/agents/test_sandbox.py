"""The sandbox against the attacks of issue 23, each by a hostile bot run for real.

Every test here starts tests/agents/hostile_bot.py in bubblewrap and asserts that its attack
found nothing (the same bot without the sandbox finds what the issue lists). Where bwrap cannot
run these tests skip with the reason, except under CI=1, where that is a failure.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import textwrap
import time
import tracemalloc
import uuid
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import parlour
from parlour.agents import cgroups, sandbox
from parlour.agents.external import ExternalAgent
from parlour.core import AgentError
from parlour.match import FaultRules, Match
from parlour.records import Record
from tests.agents.processes import wait_until

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
GAME = parlour.load_game("hearts", end_score=1)
"""One deal: thirteen decisions per seat."""
ON = FaultRules(move_time=600.0, strike_limit=1, memory_mb=512, sandbox="on")


@pytest.fixture(autouse=True)
def _needs_bwrap() -> None:
    why = sandbox.problem()
    if why is not None:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the sandbox tests, but {why}")
        pytest.skip(f"the sandbox cannot run here: {why}")


def hostile(mode: str, *args: object) -> str:
    return " ".join([sys.executable, str(HERE / "hostile_bot.py"), mode, *map(str, args)])


def play(command: str, rules: FaultRules = ON, others: int = 3) -> tuple[Record, dict[str, Any]]:
    """Play one deal with the hostile bot in seat 0; its report."""
    agent = ExternalAgent(command, limits=rules.process_limits())
    record = Match(GAME, [agent, *["random"] * others], seed=1, fault_rules=rules).run()
    return record, report(agent)


def report(agent: ExternalAgent) -> dict[str, Any]:
    lines = [line for line in agent.stderr_tail if line.startswith("report ")]
    assert lines, f"the bot reported nothing; stderr: {list(agent.stderr_tail)[-3:]}"
    return json.loads(lines[-1].removeprefix("report "))  # type: ignore[no-any-return]


def marked(marker: str) -> list[int]:
    """Processes anywhere on the machine with `marker` on their command line."""
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/cmdline", "rb") as file:
                    if marker.encode() in file.read():
                        found.append(int(name))
            except OSError:
                pass
    return found


def gone(marker: str) -> bool:
    """True if ten scans in a row find no process with `marker` (one that keeps changing its
    number may be missed by a single scan)."""
    for _ in range(10):
        if marked(marker):
            return False
        time.sleep(0.02)
    return True


@pytest.fixture
def marker() -> Iterator[str]:
    text = f"parlour-escapee-{uuid.uuid4().hex}"
    yield text
    for pid in marked(text):  # never leave one behind, even when the test fails
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def test_a_bot_sees_no_ancestor_no_other_process_and_not_parlours_environment(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PARLOUR_TEST_SECRET", "--seed 7 --out results")
    record, found = play(hostile("spy"))
    assert not record.faults
    assert found["ancestors"] == [], "no command line of parlour's (seed, output folder)"
    assert found["foreign"] == {"processes": 0, "memory_read": 0}
    assert found["secret"] is False
    assert set(found["environment"]) <= {*sandbox.ENVIRONMENT, "PWD", "SHLVL", "_"}


def test_one_bot_cannot_read_another_bots_memory() -> None:
    first = ExternalAgent(hostile("spy"), limits=ON.process_limits())
    second = ExternalAgent(hostile("spy"), limits=ON.process_limits())
    record = Match(GAME, [first, second, "random", "random"], seed=2, fault_rules=ON).run()
    assert not record.faults
    for agent in (first, second):
        assert report(agent)["foreign"] == {"processes": 0, "memory_read": 0}


def test_a_bot_cannot_open_the_store_records_or_home_even_inside_its_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "bot"
    folder.mkdir()
    shutil.copy(HERE / "hostile_bot.py", folder / "hostile_bot.py")
    out = folder / "out"
    (out / "records").mkdir(parents=True)
    (out / "tournament.sqlite").write_text("the schedule, with every game's seed")
    (out / "records" / "game-1.json").write_text("{}")
    secret = [str(out / "tournament.sqlite"), str(out / "records"), str(out)]
    monkeypatch.setenv("SPY_HOME_LISTING", str(Path.home()))  # passed on by name (--bot-env)
    rules = replace(ON, hidden=(str(out),), bot_env=("SPY_HOME_LISTING",))
    command = f"{sys.executable} {folder / 'hostile_bot.py'} spy {' '.join(secret)}"
    record, found = play(command, rules)
    assert not record.faults
    assert found["opened"] == []
    home = Path.home()
    needed = {Path(b).relative_to(home).parts[0]
              for b in sandbox.plan([sys.executable]).binds if Path(b).is_relative_to(home)}
    assert set(found["home"]) <= needed, "of the home folder, only the interpreter's part"
    assert found["wrote_own_folder"] is False, "its folder is read-only"
    assert not (folder / "planted.txt").exists()


def test_a_tournaments_bots_cannot_open_its_store_or_records(tmp_path: Path) -> None:
    """The tournament's output folder inside the bots' folder: left out of every sandbox."""
    from parlour.arena import TournamentConfig, run_tournament
    from parlour.arena.store import open_existing

    folder = tmp_path / "bots"
    folder.mkdir()
    shutil.copy(HERE / "hostile_bot.py", folder / "hostile_bot.py")
    out = folder / "out"
    spy = (f"exec:{sys.executable} {folder / 'hostile_bot.py'} spy-strict "
           f"{out / 'tournament.sqlite'} {out / 'records'} {out}")
    config = TournamentConfig(game="hearts", params={"end_score": 1}, agents=(spy, "random"),
                              deals=2, seed=3, backend="inprocess", out=str(out),
                              sandbox="on", strike_limit=1)
    run_tournament(config)
    with open_existing(out) as store:
        faults = store.db.execute("SELECT kind, message FROM faults").fetchall()
    assert faults == []


@pytest.mark.parametrize("mode", ["escape", "hop"])
def test_no_process_a_bot_starts_outlives_the_match(marker: str, mode: str) -> None:
    """A daemon (double fork, setsid, an empty environment, re-parented), and one that keeps
    changing its process number, die with the game."""
    record, found = play(hostile(mode, marker))
    assert not record.faults and found["escaped"]
    assert wait_until(lambda: gone(marker)), "the daemon outlived the match"


DRIVER = """
import sys, time
import parlour
from parlour.agents.external import ExternalAgent, ProcessLimits
game = parlour.load_game("hearts", end_score=1)
agent = ExternalAgent(sys.argv[1], limits=ProcessLimits(move_time=600.0, sandbox="on"))
state = game.new_state(seed=1)
seat = state.current_player
agent.on_game_start(game, seat)
agent.act_within(state.observe(seat), 600.0)
print("ready", flush=True)
time.sleep(600)
"""


def test_no_process_of_a_bot_outlives_a_sigkilled_parlour(marker: str) -> None:
    parlour_process = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(DRIVER), hostile("escape", marker)],
        stdout=subprocess.PIPE, cwd=ROOT)
    try:
        assert parlour_process.stdout is not None
        assert parlour_process.stdout.readline() == b"ready\n"
        assert marked(marker), "the bot's daemon runs"
    finally:
        parlour_process.kill()
        parlour_process.wait()
    assert wait_until(lambda: gone(marker)), "the daemon outlived a killed parlour"


needs_cgroup = pytest.mark.skipif(
    cgroups.available() is None,
    reason="no cgroup can be made here (the per-process rlimits hold; docs/agents.md)")


@needs_cgroup
def test_memory_is_limited_for_the_whole_process_tree() -> None:
    """Four children of 96 MiB each stay under a per-process limit of 192 MiB, but not
    under the tree's."""
    rules = replace(ON, memory_mb=192)
    _record, found = play(hostile("memory-tree", 96), rules)
    assert found["held"] < 4


@needs_cgroup
def test_the_number_of_processes_is_limited_for_the_whole_tree() -> None:
    limits = replace(ON.process_limits(), max_processes=16)
    agent = ExternalAgent(hostile("fork-bomb"), limits=limits)
    Match(GAME, [agent, "random", "random", "random"], seed=1, fault_rules=ON).run()
    assert report(agent)["processes"] <= 16


def test_stderr_without_a_newline_never_grows_parlour() -> None:
    """80 MiB on stderr without a newline: parlour holds at most a few MiB of it at once."""
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        agent = ExternalAgent(hostile("stderr-flood", 80), limits=ON.process_limits())
        record = Match(GAME, [agent, "random", "random", "random"], seed=1, fault_rules=ON).run()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert not record.faults
    assert peak < 16 << 20


def test_a_bot_cannot_write_a_file_larger_than_the_limit() -> None:
    limits = replace(ON.process_limits(), file_mb=8, tmp_mb=64)
    agent = ExternalAgent(hostile("big-file", 48), limits=limits)
    Match(GAME, [agent, "random", "random", "random"], seed=1, fault_rules=ON).run()
    assert report(agent)["written"] <= 8 << 20


def test_a_bot_cannot_fill_its_tmpfs_past_its_size() -> None:
    limits = replace(ON.process_limits(), file_mb=0, tmp_mb=8)
    agent = ExternalAgent(hostile("big-file", 48), limits=limits)
    Match(GAME, [agent, "random", "random", "random"], seed=1, fault_rules=ON).run()
    assert report(agent)["written"] <= 8 << 20


@pytest.fixture
def listener() -> Iterator[int]:
    server = socket.create_server(("127.0.0.1", 0))
    try:
        yield server.getsockname()[1]
    finally:
        server.close()


def test_a_bot_has_no_network(listener: int) -> None:
    _record, found = play(hostile("socket", listener))
    assert found["reached"] is False


def test_bot_network_lets_a_bot_connect(listener: int) -> None:
    _record, found = play(hostile("socket", listener), replace(ON, bot_network=True))
    assert found["reached"] is True


def test_no_file_is_carried_from_one_game_to_the_next() -> None:
    for game in range(2):
        _, found = play(hostile("keeps-files"))
        assert found["kept"] == [], f"game {game} found files of an earlier one"


def test_keeping_state_between_games_is_an_explicit_option(tmp_path: Path) -> None:
    rules = replace(ON, bot_state=str(tmp_path))
    _, first = play(hostile("keeps-files"), rules)
    _, second = play(hostile("keeps-files"), rules)
    assert first["kept"] == []
    assert second["kept"] == [sandbox.STATE], "only the state folder is kept"


def test_exec_python3_runs_in_the_sandbox_as_outside() -> None:
    """``python3`` as found on PATH (here perhaps a pyenv shim under the home folder)."""
    record, found = play(f"python3 {HERE / 'hostile_bot.py'} spy")
    assert not record.faults and found["ancestors"] == []


def test_a_program_missing_in_the_sandbox_is_one_line_naming_it() -> None:
    with pytest.raises(AgentError, match="'no-such-bot-program' is not on PATH"):
        ExternalAgent("no-such-bot-program --fast", limits=ON.process_limits())


def test_heartless_scripts_run_in_the_sandbox(marker: str) -> None:
    bot = f"heartless:{sys.executable} {HERE / 'heartless_bot.py'}"
    record = Match(GAME, [bot, "random", "random", "random"], seed=4, fault_rules=ON).run()
    assert not record.faults


def test_a_python_file_reaches_the_state_in_process_but_not_as_pyfile() -> None:
    bot = HERE / "peeking_bot.py"
    inside = Match(GAME, [f"file:{bot}", "random", "random", "random"], seed=1,
                   fault_rules=ON).run()
    assert "found the game state" in inside.faults[0].message
    outside = Match(GAME, [f"pyfile:{bot}", "random", "random", "random"], seed=1,
                    fault_rules=replace(ON, strike_limit=100)).run()
    assert outside.result.complete
    assert outside.faults, "its deliberate bug is a fault"
    assert all(f.kind == "garbage" and "ValueError: a bug" in f.message
               for f in outside.faults), "never the state; a raise is not a crash"


def test_a_game17_player_file_plays_as_pyfile_in_the_sandbox() -> None:
    player = ROOT / "tests/games/territory/players/game17_checkout/game17/smart_zombie.py"
    game = parlour.load_game("territory", size=6, rounds=3, players=2)
    record = Match(game, [f"pyfile:{player}", "zombie"], seed=1, fault_rules=ON).run()
    assert record.result.complete and not record.faults
