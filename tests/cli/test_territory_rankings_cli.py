"""`parlour territory one|zombies|royale|roundrobin|rank`: the ranking table and usage errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlour.cli import app
from parlour.records import load

runner = CliRunner()
LOOPING = Path(__file__).parents[1] / "games" / "territory" / "players" / "looping_player.py"
SMALL = ["--size", "5", "--rounds", "5"]


@pytest.mark.parametrize("command", ["one", "zombies", "royale", "roundrobin", "rank"])
def test_each_command_prints_a_ranking_and_writes_its_directory(tmp_path: Path,
                                                                command: str) -> None:
    out = tmp_path / command
    games = [] if command == "one" else ["--games", "2"]
    result = runner.invoke(app, ["territory", command, "heuristic", "t800", *games, *SMALL,
                                 "--seed", "4", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "rank" in result.output and "heuristic" in result.output and "t800" in result.output
    assert ("tiebreak" in result.output) == (command == "rank")
    assert "seed 4" in result.output and str(out) in result.output.replace("\n", "")
    summary = json.loads((out / "summary.json").read_text())
    assert summary["mode"] == command and summary["move_time"] == 10.0
    logged = "listed in errors.log" in (out / "summary.txt").read_text()
    assert (out / "errors.log").is_file() == logged, "an error log only with errors"
    for record in (out / "records").glob("*.json.gz"):
        load(record).verify()


def test_the_same_seed_gives_the_same_ranking(tmp_path: Path) -> None:
    args = ["territory", "royale", "heuristic", "zombie", "t800", "--games", "3", *SMALL,
            "--seed", "8", "--move-time", "0"]
    standings = []
    for name in ("a", "b"):
        result = runner.invoke(app, [*args, "--out", str(tmp_path / name)])
        assert result.exit_code == 0, result.output
        summary = json.loads((tmp_path / name / "summary.json").read_text())
        assert summary["move_time"] is None, "--move-time 0 is no limit"
        standings.append([(s["name"], s["rank"], s["wins"], s["squares"])
                          for s in summary["standings"]])
    assert standings[0] == standings[1]


@pytest.mark.parametrize(("args", "message"), [
    (["royale", "heuristic", "nosuch"], "unknown agent 'nosuch'"),
    (["roundrobin", "heuristic"], "at least two players"),
    (["royale", "zombie", "zombie", "zombie", "zombie", "zombie", "--size", "2"],
     "only 4 owners"),
])
def test_usage_errors_exit_2_with_one_line(tmp_path: Path, args: list[str],
                                           message: str) -> None:
    result = runner.invoke(app, ["territory", *args, "--out", str(tmp_path / "x")])
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())
    assert "Traceback" not in result.output
    assert f"parlour territory {args[0]} --help" in result.output


def test_a_used_output_directory_is_refused(tmp_path: Path) -> None:
    args = ["territory", "one", "heuristic", *SMALL, "--out", str(tmp_path / "o")]
    assert runner.invoke(app, args).exit_code == 0
    again = runner.invoke(app, args)
    assert again.exit_code == 2 and "not empty" in again.output


def test_a_looping_player_file_cannot_hang_the_command(tmp_path: Path) -> None:
    out = tmp_path / "loop"
    done = subprocess.run(
        [sys.executable, "-m", "parlour", "territory", "one", f"file:{LOOPING}", "heuristic",
         "--size", "4", "--rounds", "4", "--seed", "2", "--move-time", "0.1", "--out", str(out)],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr
    log = (out / "errors.log").read_text()
    assert "seat 0" in log and "forfeited turn: no answer within the time limit of 0.1 s" in log
    assert "logged in" in done.stdout.replace("\n", "")


def test_at_80_columns_long_player_files_wrap_at_their_slashes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game17 player named by a long path keeps every column and breaks only after ``/``,
    ``_`` and the like, never inside a word."""
    folder = tmp_path / "a_rather_long_folder_of_players" / "submitted_by_students"
    folder.mkdir(parents=True)
    player = folder / "very_careful_player.py"
    player.write_text("def make_moves(owner, rounds_left, owners, numbers):\n    return []\n")
    monkeypatch.setattr(sys.modules["parlour.cli.app"].console, "width", 80)
    result = runner.invoke(app, ["territory", "royale", "heuristic", f"file:{player}",
                                 "--games", "1", *SMALL, "--seed", "3", "--move-time", "0",
                                 "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert all(len(line) <= 80 for line in lines)
    header = next(line for line in lines if "player" in line and "s/move" in line)
    assert header.split() == ["rank", "player", "wins", "win", "%", "squares", "errors", "s/move"]
    assert sum("/" in line for line in lines if "squares:" not in line) > 2, "the name wraps"
    for word in ("rather", "folder", "players", "submitted", "students", "careful", "player.py"):
        assert word in result.output, f"{word!r} was broken: {result.output}"
