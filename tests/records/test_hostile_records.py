"""Hostile records: bounded parsing, strict types, and every claim checked by re-simulation."""

from __future__ import annotations

import copy
import gzip
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import parlour
from parlour.agents import BaseAgent
from parlour.cli import app
from parlour.core import Action, Observation, RecordError
from parlour.match import FaultRules, Match
from parlour.records import Record, load

GAME = parlour.load_game("hearts", end_score=30)
runner = CliRunner()


@pytest.fixture(autouse=True)
def wide_error_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """Error lines quote temporary paths of any length: keep rich from wrapping them."""
    monkeypatch.setattr(sys.modules["parlour.cli.app"].err, "width", 1000)


class Crasher(BaseAgent):
    def act(self, observation: Observation) -> Action:
        raise RuntimeError("boom")


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    """A Hearts record with faults and a forfeit, as a plain JSON document."""
    record = Match(GAME, [Crasher(), "random", "random", "random"], seed=2,
                   fault_rules=FaultRules(strike_limit=2)).run()
    assert record.forfeited == [0] and len(record.faults) == 2
    return record.to_dict()


def edited(document: dict[str, Any], **changes: Any) -> Record:
    data = copy.deepcopy(document)
    data.update(changes)
    return Record.from_json(json.dumps(data))


def test_an_untouched_record_with_faults_and_a_forfeit_verifies(
        document: dict[str, Any]) -> None:
    assert edited(document).verify().is_terminal


# --- point 7: bounded parsing -----------------------------------------------------------------
def test_a_record_nested_100000_deep_is_a_record_error(tmp_path: Path) -> None:
    text = '{"format": "parlour.record", "version": 1, "params": ' + "[" * 100_000 \
        + "]" * 100_000 + "}"
    with pytest.raises(RecordError, match="nested too deeply"):
        Record.from_json(text)
    path = tmp_path / "deep.json"
    path.write_text(text)
    code, output = replay(path)
    assert code == 2 and squeezed("nested too deeply") in output
    assert "Traceback" not in output


def test_nesting_deeper_than_a_record_has_is_refused(document: dict[str, Any]) -> None:
    deep: Any = 1
    for _ in range(40):
        deep = [deep]
    with pytest.raises(RecordError, match="'setup' is nested more than 16 deep"):
        edited(document, setup={"hands": deep})


def test_a_number_of_5000_digits_is_a_record_error(document: dict[str, Any],
                                                   tmp_path: Path) -> None:
    text = json.dumps(document).replace('"seed": 2,', '"seed": ' + "7" * 5000 + ",")
    with pytest.raises(RecordError, match="a number with 5,000 digits"):
        Record.from_json(text)
    path = tmp_path / "digits.json"
    path.write_text(text)
    code, output = replay(path)
    assert code == 2
    assert squeezed("digits.json' is damaged: it holds a number with 5,000 digits") in output
    assert "Traceback" not in output and output.count("Error:") == 1


# --- point 8: wrong types --------------------------------------------------------------------
@pytest.mark.parametrize(("field", "value", "message"), [
    ("seed", 7.9, "'seed' must be a whole number, not 7.9"),
    ("seed", "7", "'seed' must be a whole number, not '7'"),
    ("seed", True, "'seed' must be a whole number, not True"),
    ("seats", ["random", 3, "random", "random"], r"'seats'\[1\] must be non-empty text"),
    ("seats", "random", "'seats' must be a list"),
    ("moves", [[0, "pass 2♣ 3♣ 4♣", "0.1"]], "move 1's seconds must be a number"),
    ("moves", [[0, "pass 2♣ 3♣ 4♣", -1.0]], "move 1's seconds must be a number from 0"),
    ("moves", [[0, "pass 2♣ 3♣ 4♣", 1e12]], "move 1's seconds must be a number from 0"),
    ("moves", [["0", "pass 2♣ 3♣ 4♣", 0.0]], "move 1's seat must be a whole number"),
    ("moves", [[0, "pass 2♣ 3♣ 4♣"]], r"move 1 must be \[seat, action, seconds\]"),
    ("params", {"end_score": [30]}, "parameter 'end_score' must be text, a number"),
    ("forfeited", [0.0], r"'forfeited'\[0\] must be a whole number"),
    ("faults", [{"seat": 0, "move": 0, "kind": "crash"}], r"'faults'\[0\] must be an object"),
    ("variant", 5, "'variant' must be non-empty text"),
    ("extra", 1, "unknown field 'extra'"),
])
def test_wrong_types_are_errors_not_coerced(document: dict[str, Any], field: str, value: Any,
                                            message: str) -> None:
    with pytest.raises(RecordError, match=message):
        edited(document, **{field: value})


@pytest.mark.parametrize(("key", "value", "message"), [
    ("winners", ["1"], r"result 'winners'\[0\] must be a whole number"),
    ("complete", 1, "result 'complete' must be true or false"),
    ("scores", [0, 0, 0, "0"], r"result 'scores'\[3\] must be a number"),
])
def test_a_result_of_wrong_types_is_an_error(document: dict[str, Any], key: str, value: Any,
                                             message: str) -> None:
    result = {**document["result"], key: value}
    with pytest.raises(RecordError, match=message):
        edited(document, result=result)


def test_non_finite_numbers_are_refused(document: dict[str, Any]) -> None:
    text = json.dumps(document).replace('"seed": 2,', '"seed": NaN,')
    with pytest.raises(RecordError, match="NaN is not a JSON number"):
        Record.from_json(text)


# --- point 8: every claim against re-simulation ----------------------------------------------
def test_a_hearts_record_that_claims_to_be_skat_is_rejected(document: dict[str, Any],
                                                             tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="claims variant 'skat', but its game and parameters "
                                          "are 'hearts:end_score=30'"):
        edited(document, variant="skat").verify()
    path = tmp_path / "skat.json"
    path.write_text(json.dumps({**document, "variant": "skat"}))
    code, output = replay(path)
    assert code == 2 and squeezed("skat.json' claims variant 'skat'") in output
    assert "verified" not in output


def test_a_parameter_of_another_type_than_the_game_reads_is_rejected(
        document: dict[str, Any]) -> None:
    with pytest.raises(RecordError, match="claims parameter end_score = '30'"):
        edited(document, params={**document["params"], "end_score": "30"}).verify()


@pytest.mark.parametrize(("seats", "message"), [
    (["random"] * 3, "lists 3 seat"),
    (["random"] * 5, "lists 5 seat"),
])
def test_seats_must_fit_the_game(document: dict[str, Any], seats: list[str],
                                 message: str) -> None:
    with pytest.raises(RecordError, match=message):
        edited(document, seats=seats).verify()


@pytest.mark.parametrize(("fault", "message"), [
    ({"seat": 7, "move": 0, "kind": "exception", "message": "x"}, "by seat 7 at move 1, which "
                                                                  "is not in this game"),
    ({"seat": 0, "move": 99999, "kind": "exception", "message": "x"}, "is not in this game"),
    ({"seat": 2, "move": 0, "kind": "exception", "message": "x"}, "which that seat did not make"),
])
def test_faults_must_fit_the_moves(document: dict[str, Any], fault: dict[str, Any],
                                   message: str) -> None:
    first = {"seat": 0, "move": 0, "kind": "exception", "message": "boom"}
    with pytest.raises(RecordError, match=message):
        edited(document, faults=[first, fault]).verify()


def test_a_forfeit_without_faults_is_rejected(document: dict[str, Any]) -> None:
    with pytest.raises(RecordError, match="claims seat 1 forfeited, but it has no faults"):
        edited(document, forfeited=[0, 1]).verify()
    with pytest.raises(RecordError, match="forfeited seat twice"):
        edited(document, forfeited=[0, 0]).verify()


def test_when_only_returns_differ_the_error_shows_both(document: dict[str, Any]) -> None:
    returns = list(document["result"]["returns"])
    claimed = [returns[1], returns[0], *returns[2:]]
    with pytest.raises(RecordError) as caught:
        edited(document, result={**document["result"], "returns": claimed}).verify()
    text = str(caught.value)
    assert f"it claims returns {claimed} but the moves give {returns}" in text
    assert "scores" not in text


def test_when_only_winners_differ_the_error_shows_both(document: dict[str, Any]) -> None:
    winners = list(document["result"]["winners"])
    other = [next(s for s in range(4) if s not in winners)]
    with pytest.raises(RecordError, match=re.escape(f"it claims winners {other} but the moves "
                                                    f"give {winners}")):
        edited(document, result={**document["result"], "winners": other}).verify()


# --- point 9: size caps for replay ------------------------------------------------------------
def replay(path: Path, *args: str) -> tuple[int, str]:
    """Exit code and output, with the terminal's line breaks (which may split a long path)
    taken out: compare with `squeezed` text."""
    result = runner.invoke(app, ["replay", str(path), "--no-step", *args])
    return result.exit_code, squeezed(result.output)


def squeezed(text: str) -> str:
    return "".join(text.split())


def test_replay_refuses_a_file_over_the_size_cap_and_the_cap_can_be_raised(
        document: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text(json.dumps({**document, "setup": {}}) + " " * 1_100_000)
    code, output = replay(path, "--max-size", "1")
    assert code == 2 and squeezed("big.json") in output
    assert squeezed("larger than 1,000,000 bytes") in output
    assert squeezed("--max-size") in output
    code, output = replay(path, "--max-size", "2")
    assert code == 0 and "verified" in output


def test_a_compressed_record_is_capped_by_its_decompressed_size(tmp_path: Path) -> None:
    path = tmp_path / "bomb.json.gz"
    path.write_bytes(gzip.compress(b" " * 3_000_000))
    with pytest.raises(RecordError, match="decompresses to more than 1,000,000 bytes"):
        load(path, max_bytes=1_000_000)


def test_replay_refuses_more_moves_than_the_cap(document: dict[str, Any],
                                                tmp_path: Path) -> None:
    path = tmp_path / "long.json"
    moves = document["moves"] * 40  # 7,680 moves
    path.write_text(json.dumps({**document, "moves": moves}))
    code, output = replay(path, "--max-moves", "5000")
    assert code == 2 and squeezed("long.json") in output
    assert squeezed("more than the cap of 5,000") in output
    assert squeezed("--max-moves") in output
    with pytest.raises(RecordError, match=r"holds 7,680 moves, more than the cap of 7,000"):
        load(path, max_moves=7_000)


# --- point 27: replays name the agents ----------------------------------------------------------
@pytest.mark.parametrize("game", ["spades", "skull"])
def test_a_replay_names_the_agent_in_each_seat(game: str, tmp_path: Path) -> None:
    chosen = parlour.load_game(game)
    seats = ["random", "heuristic", *["random"] * (chosen.num_players - 2)]
    match = Match(chosen, seats, seed=5)
    for _ in range(40):
        match.step()
    path = match.record().save(tmp_path / "game.json")
    code, output = replay(path)
    assert code == 0, output
    assert squeezed("seats: 0:random, 1:heuristic, 2:random") in output
