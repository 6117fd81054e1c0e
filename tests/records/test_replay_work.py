"""Re-simulation is bounded by its work, not only by bytes and moves (issue 23, part 5).

Before the fix a 5.7 KB Territory record (size 200, 300 moves) kept `parlour replay` and a web
upload busy for tens of minutes: about two seconds a move. Now a game states the work of its
moves (`Game.replay_work`), a record asking more than the cap is refused before its first move,
and the web server stops a replay still running after its time (at its next move).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import parlour
from parlour.core import RecordError
from parlour.match import Match
from parlour.records import MAX_WORK, Record, RecordTooLarge
from tests.web.helpers import client, upload

SLOW = parlour.load_game("territory", size=200, rounds=300, players=1)


def slow_record() -> bytes:
    """The attack: 300 moves on a 200 x 200 board, about 5 KB."""
    document = {"format": "parlour.record", "version": 1, "game": "territory",
                "variant": SLOW.variant, "params": dict(SLOW.params), "seed": 1,
                "seats": ["zombie"], "moves": [[0, "stay", 0.0]] * 300,
                "result": {"scores": [0], "returns": [0.0], "winners": [], "complete": True},
                "setup": {}, "faults": [], "forfeited": []}
    data = json.dumps(document, separators=(",", ":")).encode()
    assert len(data) < 6000
    return data


def test_a_game_states_the_work_of_its_moves() -> None:
    assert parlour.load_game("hearts").replay_work(52) == 52
    assert parlour.load_game("territory").replay_work(50) == 50  # the default board
    assert SLOW.replay_work(300) > MAX_WORK > SLOW.replay_work(4)


def test_verify_refuses_too_much_work_before_the_first_move() -> None:
    record = Record.from_json(slow_record().decode(), "slow")
    with pytest.raises(RecordTooLarge, match=r"is 12,494,794 units of work, more than the cap "
                                             r"of 200,000") as caught:
        record.verify()
    assert caught.value.what == "work"
    raised = Record.from_json(slow_record().decode().replace('"stay"', '"nonsense"', 1))
    raised.max_work = 1e12  # let through, it is re-simulated (and fails at its first move)
    with pytest.raises(RecordError, match="move 1"):
        raised.verify()


def test_replay_refuses_the_slow_record_and_names_the_option(tmp_path: Path) -> None:
    path = tmp_path / "slow.json"
    path.write_bytes(slow_record())
    done = subprocess.run([sys.executable, "-m", "parlour", "replay", str(path)],
                          capture_output=True, text=True, timeout=120)
    text = " ".join((done.stdout + done.stderr).split())
    assert done.returncode == 2, text
    assert "units of work, more than the cap of 200,000: raise it with --max-work" in text
    assert "Traceback" not in text


def test_a_web_upload_of_the_slow_record_is_refused_at_once() -> None:
    with client() as http:
        answer = upload(http, slow_record())
        assert answer.status_code == 413, answer.text
        assert "units of work" in answer.json()["detail"]
        assert http.get("/api/health").json() == {"ok": True}


def test_a_web_replay_that_takes_too_long_is_stopped() -> None:
    game = parlour.load_game("territory", size=40, rounds=60, players=1)
    data = Match(game, ["zombie"], seed=2).run().to_json().encode()
    with client(replay_seconds=0.001) as http:
        answer = upload(http, data)
        assert answer.status_code == 503, answer.text
        assert "the server stopped it" in answer.json()["detail"]
    with client() as http:  # with time enough, the same record is a replay
        assert upload(http, data).status_code == 200
