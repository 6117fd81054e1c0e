"""External bots over JSON lines: the protocol, and the fault policy against bad bots.

Every bad bot leaves the match finished, the fault logged with its cause, the seat forfeited
after the strike limit, and the other seats unharmed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import parlour
from parlour.agents.external import ExternalAgent, ProcessLimits
from parlour.match import FaultPolicy, Match

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
GAME = parlour.load_game("hearts", end_score=20)
POLICY = FaultPolicy(move_time=0.5, time_bank=0.5, strike_limit=3, memory_mb=256)


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
    ],
)
def test_a_bad_bot_is_contained(mode: str, kind: str, cause: str,
                                caplog: pytest.LogCaptureFixture) -> None:
    match = Match(GAME, ["heuristic", bad(mode), "random", "heuristic"], seed=5, policy=POLICY)
    record = match.run()
    assert record.result.complete, "the match finishes"
    faults = record.faults
    assert faults, "the fault is recorded"
    assert {f.seat for f in faults} == {1}, "only the bad seat is faulted"
    assert faults[0].kind == kind
    assert cause in faults[0].message or cause in caplog.text
    assert record.forfeited == [1] or len(faults) < POLICY.strike_limit
    assert "fault" in caplog.text
    record.verify()


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
    Match(GAME, [f"exec:{sys.executable} {script}", "random", "random", "random"], seed=4).run()
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
