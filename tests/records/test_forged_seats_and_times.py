"""Records whose seats or move times were rewritten (issue 23, part 5).

Before the fix `verify()` accepted a record whose seats were rewritten (``exec:rm -rf /``, or
text that is no agent's name) and whose moves claimed 99,999 s under a 1 s limit. A record
cannot prove who sat at its seats (it is not signed): verify checks that each seat is a name
and never runs it (nor does any replay), a tournament holds each record to its own agents and
time limits, and verify holds every move's seconds to the limits the record states.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import parlour
from parlour.cli import app
from parlour.core import RecordError
from parlour.match import FaultRules, Match
from parlour.records import Record, TimeLimits
from tests.web.helpers import client, upload

runner = CliRunner()


def timed_record(move_time: float = 1.0, bank: float = 0.5) -> Record:
    game = parlour.load_game("hearts", end_score=10)
    return Match(game, ["random"] * 4, seed=3,
                 fault_rules=FaultRules(move_time=move_time, time_bank=bank)).run()


def with_time(record: Record, index: int, seconds: float) -> Record:
    data = json.loads(record.to_json())
    data["moves"][index][2] = seconds
    return Record.from_dict(data, "forged")


def test_a_timed_match_states_its_limits_in_its_record() -> None:
    record = timed_record()
    assert record.limits == TimeLimits(1.0, 0.5, ())
    assert Record.from_json(record.to_json()).limits == record.limits
    untimed = Match(parlour.load_game("hearts", end_score=10), ["random"] * 4, seed=3).run()
    assert untimed.limits is None and "limits" not in untimed.to_json()


def test_a_move_time_over_the_records_own_limits_is_refused() -> None:
    record = timed_record()
    record.verify()
    forged = with_time(record, 5, 99_999.0)
    with pytest.raises(RecordError, match=r"move 6 by seat \d took 99999 s, more than its "
                                          r"limit of 1 s a move"):
        forged.verify()


def test_the_time_bank_is_spent_before_a_move_is_late() -> None:
    record = timed_record(move_time=1.0, bank=0.5)
    seat = record.moves[8].player
    with_time(record, 8, 1.4).verify()  # 0.4 s of the bank
    later = next(i for i, m in enumerate(record.moves) if i > 8 and m.player == seat)
    with pytest.raises(RecordError, match="time bank"):
        with_time(with_time(record, 8, 1.4), later, 1.2).verify()  # 0.2 more: spent


def test_a_late_move_with_its_timeout_fault_verifies() -> None:
    record = timed_record()
    data = json.loads(with_time(record, 5, 99_999.0).to_json())
    data["faults"] = [{"seat": record.moves[5].player, "move": 5, "kind": "timeout",
                       "message": "answered late"}]
    Record.from_dict(data, "late").verify()


@pytest.mark.parametrize("seat", ["exec:rm -rf /\x1b]0;owned\x07", "x" * 5000, "a\nb"])
def test_a_seat_that_is_no_agents_name_is_refused(seat: str) -> None:
    data = json.loads(timed_record().to_json())
    data["seats"][1] = seat
    with pytest.raises(RecordError, match="names seat 1"):
        Record.from_dict(data, "forged").verify()


def test_replaying_or_serving_a_record_never_runs_a_seat(tmp_path: Path) -> None:
    witness = tmp_path / "ran"
    bot = tmp_path / "bot.py"
    bot.write_text(f"open({str(witness)!r}, 'w').close()\n")
    data = json.loads(timed_record().to_json())
    data["seats"] = [f"exec:{sys.executable} {bot}", f"file:{bot}",
                     f"heartless:{bot}", "random"]
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(data))
    Record.from_dict(data, "forged").verify()
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    with client(allow_local_bots=True) as http:
        assert upload(http, path.read_bytes()).status_code == 200
    assert not witness.exists(), "a seat of a record was run"


def test_a_tournament_holds_its_records_to_its_own_time_limits(tmp_path: Path) -> None:
    out = tmp_path / "t"
    args = ["hearts", "-p", "end_score=10", "--agents", "random,heuristic", "--seed", "2",
            "--deals", "1", "--move-time", "5", "--backend", "inprocess", "--no-progress",
            "--no-plots"]
    assert runner.invoke(app, ["tournament", *args, "--out", str(out)]).exit_code == 0
    path = out / "records" / "0001.json.gz"
    data = json.loads(gzip.decompress(path.read_bytes()))
    data["limits"]["move_time"] = 100_000.0  # lifts the limit, to claim slow moves
    data["moves"][0][2] = 99_999.0
    path.write_bytes(gzip.compress(json.dumps(data).encode()))
    result = runner.invoke(app, ["tournament", "--resume", "--out", str(out), "--no-progress",
                                 "--no-plots"])
    assert result.exit_code == 0, result.output
    assert "game 0001 is played again: its record records/0001.json.gz states other time " \
           "limits" in " ".join(result.output.split())
