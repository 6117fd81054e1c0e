"""The `parlour` command: output, records, and usage errors (exit 2, one line, no traceback)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlour.cli import app
from parlour.records import load

runner = CliRunner()


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def test_games_lists_hearts() -> None:
    code, out = run("games")
    assert code == 0 and "hearts" in out


def test_games_shows_one_games_parameters() -> None:
    code, out = run("games", "hearts")
    assert code == 0
    for name in ("end_score", "passing", "queen_breaks_hearts", "jack_of_diamonds", "moon"):
        assert name in out


def test_play_shows_the_game_hand_by_hand_and_the_standings() -> None:
    code, out = run("play", "hearts:end_score=30", "--seats",
                    "heuristic,random,heuristic,random", "--seed", "7")
    assert code == 0
    assert "Deal 1 · pass left" in out and "trick 13" in out and "Standings" in out


def test_play_saves_a_record_that_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, _ = run("play", "hearts", "-p", "end_score=30", "--seats", "random", "--seed", "3",
                  "--record", str(path), "--quiet")
    assert code == 0
    record = load(path)
    assert record.params["end_score"] == 30 and record.seats == ["random"] * 4
    code, out = run("replay", str(path), "--no-step")
    assert code == 0 and "verified" in out and "Standings" in out


def test_play_quiet_prints_only_the_result() -> None:
    code, out = run("play", "hearts:end_score=30", "--seed", "2", "--quiet")
    assert code == 0 and "Standings" in out and "trick" not in out


def test_play_count_prints_win_counts() -> None:
    code, out = run("play", "hearts:end_score=30", "--seats", "heuristic,random,random,random",
                    "--count", "5", "--seed", "1")
    assert code == 0 and "5 games" in out and "win %" in out


def test_bench_reports_throughput() -> None:
    code, out = run("bench", "hearts", "--seconds", "0.2")
    assert code == 0 and "deals/s" in out and "µs/decision" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "hertz"], "did you mean 'hearts'"),
        (["play", "hearts", "--seats", "random,heuristik,random,random"], "did you mean"),
        (["play", "hearts", "--seats", "random,random"], "seats 4 players"),
        (["play", "hearts", "-p", "end_scor=5"], "did you mean 'end_score'"),
        (["play", "hearts", "-p", "end_score=abc"], "cannot read 'abc'"),
        (["play", "hearts", "-p", "moon=sideways"], "must be one of"),
        (["replay", "/nonexistent/record.json"], "cannot read record"),
        (["play", "hearts", "--count", "0"], ""),
        (["frobnicate"], ""),
        (["play", "hearts", "--sandbox", "maybe"], "'maybe' is not one of auto, on, off"),
        (["play", "hearts", "--bot-env", "KEY=value"], "is not a variable name"),
        (["tournament", "hearts", "-a", "random,heuristic", "--sandbox", "sometimes"],
         "'sometimes' is not one of auto, on, off"),
    ],
)
def test_usage_errors_exit_2_with_a_hint_and_no_traceback(args: list[str], message: str) -> None:
    result = subprocess.run([sys.executable, "-m", "parlour", *args], capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert message in " ".join(result.stderr.split())


@pytest.mark.parametrize("game", ["skat", "skat:players=4", "skat.ramsch"])
def test_play_skat_shows_auction_declaration_and_tricks(game: str, tmp_path: Path) -> None:
    path = tmp_path / "skat.json"
    code, out = run("play", game, "--seats", "heuristic,random,heuristic,random"
                    if "players=4" in game else "heuristic,random,heuristic",
                    "--seed", "4", "--record", str(path))
    assert code == 0, out
    assert "Deal 1 · dealer" in out and "auction:" in out and "trick  1" in out
    assert "Standings" in out
    code, again = run("replay", str(path), "--no-step")
    assert code == 0 and "verified" in again and "auction:" in again


def test_skat_hands_show_the_jacks_first() -> None:
    from parlour.cards import parse_cards
    from parlour.console.skat import skat_hand

    assert skat_hand(parse_cards("J♦ J♣ A♥ 7♦ T♠ J♥")) == "J♣ J♥ J♦  T♠  A♥  7♦"
