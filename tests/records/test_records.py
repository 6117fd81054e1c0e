"""Records: JSON round trip, files, verification by re-simulation, and damage."""

from __future__ import annotations

import dataclasses
import gzip
import json
from pathlib import Path

import pytest

import parlour
from parlour.core import RecordError
from parlour.match import Match
from parlour.records import FORMAT, VERSION, GameResult, Record, RecordedMove, load

GAME = parlour.load_game("hearts", end_score=30)


@pytest.fixture
def record() -> Record:
    return Match(GAME, ["heuristic", "random", "random", "random"], seed=21).run()


def test_a_record_holds_game_params_seed_seats_moves_times_and_result(record: Record) -> None:
    data = record.to_dict()
    assert data["format"] == FORMAT and data["version"] == VERSION
    assert data["game"] == "hearts" and data["variant"] == "hearts:end_score=30"
    assert data["params"]["end_score"] == 30
    assert data["seed"] == 21
    assert data["seats"] == ["heuristic", "random", "random", "random"]
    player, action, seconds = data["moves"][0]
    assert player == 0 and action.startswith("pass ") and seconds >= 0
    assert data["result"]["complete"] is True


def test_json_and_file_round_trips(record: Record, tmp_path: Path) -> None:
    assert Record.from_json(record.to_json()) == record
    for name in ("game.json", "game.json.gz"):
        path = record.save(tmp_path / name)
        assert load(path) == record
    assert gzip.decompress((tmp_path / "game.json.gz").read_bytes()).startswith(b"{")


def test_verify_re_simulates_to_the_stored_result(record: Record) -> None:
    state = record.verify()
    assert state.is_terminal and state.scores() == record.result.scores


def test_a_changed_result_does_not_verify(record: Record) -> None:
    forged = dataclasses.replace(record, result=GameResult((0, 0, 0, 0), (0.0,) * 4, (0,), True))
    with pytest.raises(RecordError, match="does not verify"):
        forged.verify()


def test_a_changed_move_is_rejected_naming_the_move(record: Record) -> None:
    moves = list(record.moves)
    index = next(i for i, m in enumerate(moves) if not m.action.startswith("pass"))
    moves[index] = RecordedMove(moves[index].player, "A♥", 0.0)
    broken = dataclasses.replace(record, moves=moves)
    with pytest.raises(RecordError, match=f"record move {index + 1}"):
        broken.verify()


def test_a_move_by_the_wrong_seat_is_rejected(record: Record) -> None:
    moves = list(record.moves)
    moves[0] = RecordedMove(3, moves[0].action, 0.0)
    with pytest.raises(RecordError, match="by seat 3, but seat 0 is to act"):
        dataclasses.replace(record, moves=moves).verify()


def test_fixed_hands_are_kept_in_the_setup() -> None:
    hands = ["AKQJT98765432♣", "AKQJT98765432♦", "AKQJT98765432♠", "AKQJT98765432♥"]
    match = Match(GAME, ["random"] * 4, seed=1, setup={"hands": hands})
    record = match.run()
    assert record.setup == {"hands": ["AKQJT98765432♣", "AKQJT98765432♦",
                                      "AKQJT98765432♠", "AKQJT98765432♥"]}
    Record.from_json(record.to_json()).verify()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not valid JSON"),
        ("[]", "not a parlour record"),
        ('{"format": "parlour.record", "version": 99}', "record version 99"),
        ('{"format": "parlour.record", "version": 1, "game": "hearts"}', "damaged"),
    ],
)
def test_damaged_records_are_rejected_with_a_clear_error(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        Record.from_json(text)


def test_unknown_game_in_a_record_is_rejected(record: Record) -> None:
    data = record.to_dict()
    data["game"] = "hertz"
    with pytest.raises(RecordError, match="did you mean 'hearts'"):
        Record.from_dict(json.loads(json.dumps(data))).verify()


def test_missing_and_truncated_files_are_record_errors(record: Record, tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read record"):
        load(tmp_path / "absent.json")
    path = record.save(tmp_path / "game.json.gz")
    path.write_bytes(path.read_bytes()[:40])
    with pytest.raises(RecordError, match="damaged"):
        load(path)
