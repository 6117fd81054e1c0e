"""External bots over JSON lines: the protocol, and the fault rules against bad bots.

Every bad bot leaves the match finished, the fault logged with its cause, the seat forfeited
after the strike limit, and the other seats unharmed.
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest

import parlour
from parlour.agents.base import AgentCrashed
from parlour.agents.external import ExternalAgent, ProcessLimits
from parlour.agents.reaper import HAS_PROC
from parlour.match import FaultRules, Match
from tests.agents.processes import pids_in, running, wait_until

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
GAME = parlour.load_game("hearts", end_score=20)
FAULT_RULES = FaultRules(move_time=0.5, time_bank=0.5, strike_limit=3, memory_mb=256)
UNREACHABLE = FaultRules(move_time=600.0, strike_limit=1, memory_mb=256)
"""For faults that are not timeouts: a move time no load can reach, so the fault seen is the
bot's own (a crash is seen when the process exits, not at a deadline); the first fault
forfeits, so a bot that goes on flooding is not waited for."""
LINUX_PROC = pytest.mark.skipif(not HAS_PROC, reason="needs Linux /proc")


def bad(mode: str) -> str:
    return f"exec:{sys.executable} {HERE / 'bad_bot.py'} {mode}"


@pytest.mark.parametrize(
    ("mode", "kind", "cause"),
    [
        ("raises", "crash", "the bot has a bug"),
        ("illegal", "illegal", "pass"),
        ("garbage", "garbage", "not an action"),
        ("bad-json", "garbage", "not valid JSON"),
        ("sleeps", "timeout", "no answer within"),
        ("loops", "timeout", "no answer within"),
        ("crashes", "crash", "exited with status 3"),
        ("deaf", "timeout", "no answer within"),
        ("floods", "garbage", "longer than"),
        ("flood-lines", "garbage", "not an action"),
        ("memory", "crash", "MemoryError"),
        ("closes-stdout", "crash", "closed its output while still running"),
        ("deep", "garbage", "nested too deeply"),
    ],
)
def test_a_bad_bot_is_contained(mode: str, kind: str, cause: str,
                                caplog: pytest.LogCaptureFixture) -> None:
    rules = FAULT_RULES if kind == "timeout" else UNREACHABLE
    match = Match(GAME, ["heuristic", bad(mode), "random", "heuristic"], seed=5, fault_rules=rules)
    record = match.run()
    assert record.result.complete, "the match finishes"
    faults = record.faults
    assert faults, "the fault is recorded"
    assert {f.seat for f in faults} == {1}, "only the bad seat is faulted"
    assert faults[0].kind == kind
    assert cause in faults[0].message or cause in caplog.text
    assert record.forfeited == [1] or len(faults) < FAULT_RULES.strike_limit
    assert "fault" in caplog.text
    record.verify()


def test_a_crashed_bot_gets_its_fallback_at_once_and_one_crash_is_logged(
        caplog: pytest.LogCaptureFixture) -> None:
    rules = FaultRules(move_time=5.0, strike_limit=3)
    record = Match(GAME, ["heuristic", bad("crashes"), "random", "heuristic"], seed=5,
                   fault_rules=rules).run()
    assert [f.kind for f in record.faults] == ["crash"], "one crash, no timeout per move"
    assert record.forfeited == [1], "a dead bot forfeits at once"
    assert "forfeits because its process crashed" in caplog.text
    assert "timeout" not in caplog.text


def test_a_dead_bot_fails_every_later_decision_at_once() -> None:
    state = GAME.new_state(seed=1)
    agent = ExternalAgent(f"{sys.executable} {HERE / 'bad_bot.py'} crashes")
    agent.on_game_start(GAME, state.current_player)
    observation = state.observe(state.current_player)
    try:
        for _ in range(2):
            agent.act_within(observation, 30.0)  # decisions 1 and 2 are answered
        for _ in range(3):  # it exits at the third; waiting would be a timeout
            with pytest.raises(AgentCrashed, match="exited with status 3"):
                agent.act_within(observation, 30.0)
    finally:
        agent.close()


@LINUX_PROC
def test_no_process_a_bot_starts_outlives_the_match(tmp_path: Path) -> None:
    """Without the sandbox (the reaper's path): a child in the bot's process group (the bot
    exits by itself after the goodbye) and a grandchild that called setsid are both ended with
    the match. tests/agents/test_sandbox.py proves it inside the sandbox."""
    pidfile = tmp_path / "pids"
    bot = f"exec:{sys.executable} {HERE / 'spawner_bot.py'} {pidfile}"
    with pids_in(pidfile) as pids:
        record = Match(GAME, [bot, "random", "random", "random"], seed=3,
                       fault_rules=replace(UNREACHABLE, sandbox="off")).run()
        assert not record.faults
        assert len(pids()) == 2, "the bot started its two processes"
        assert all(wait_until(lambda pid=pid: not running(pid)) for pid in pids())


def test_stderr_goes_to_the_log_and_is_capped(caplog: pytest.LogCaptureFixture) -> None:
    limits = ProcessLimits(stderr_lines=20)
    agent = ExternalAgent(f"{sys.executable} {HERE / 'bad_bot.py'} stderr", limits=limits)
    record = Match(GAME, [agent, "random", "random", "random"], seed=1).run()
    assert not record.faults
    assert "debug line 0" in caplog.text
    assert "debug line 19" in caplog.text
    assert "debug line 100" not in caplog.text
    assert "more stderr line(s) not shown" in caplog.text


@pytest.mark.parametrize(
    "command",
    [f"{sys.executable} {ROOT / 'examples/bots/random_bot.py'}",
     f"node {ROOT / 'examples/bots/lowest_card.js'}"],
    ids=["python", "javascript"],
)
def test_the_example_bots_play_whole_games_without_faults(command: str) -> None:
    if command.startswith("node") and not _has("node"):
        pytest.skip("node is not installed")
    record = Match(GAME, [f"exec:{command}", "random", "heuristic", "random"], seed=2).run()
    assert record.result.complete
    assert not record.faults
    record.verify()


def test_the_protocol_sends_hello_act_events_and_goodbye(tmp_path: Path) -> None:
    log = tmp_path / "transcript.jsonl"
    script = tmp_path / "echo_bot.py"
    script.write_text(
        "import json, sys\n"
        f"out = open({str(log)!r}, 'w')\n"
        "for line in sys.stdin:\n"
        "    out.write(line); out.flush()\n"
        "    m = json.loads(line)\n"
        "    if m['type'] == 'act':\n"
        "        print(m['legal'][0], flush=True)\n"
    )
    Match(GAME, [f"exec:{sys.executable} {script}", "random", "random", "random"], seed=4,
          fault_rules=FaultRules(sandbox="off")).run()  # the bot writes its transcript outside
    messages = [json.loads(line) for line in log.read_text().splitlines()]
    kinds = [m["type"] for m in messages]
    assert kinds[0] == "hello" and kinds[-1] == "goodbye"
    hello = messages[0]
    assert hello["game"] == "hearts" and hello["seat"] == 0 and hello["params"]["end_score"] == 20
    act = next(m for m in messages if m["type"] == "act")
    assert act["observation"]["seat"] == 0
    assert isinstance(act["observation"]["hand"], str) and act["legal"]
    events = [m["event"] for m in messages if m["type"] == "event"]
    assert events[0] == {"type": "DealStarted", "deal": 0}
    dealt = [e for e in events if e["type"] == "HandDealt"]
    assert dealt and all(e["seat"] == 0 for e in dealt), "only this seat's private events"
    assert messages[-1]["result"]["complete"] is True


def test_a_missing_program_is_a_clear_error() -> None:
    with pytest.raises(parlour.ParlourError, match="cannot start"):
        Match(GAME, ["exec:/nonexistent/bot", "random", "random", "random"], seed=1).run()


def _has(program: str) -> bool:
    import shutil

    return shutil.which(program) is not None
