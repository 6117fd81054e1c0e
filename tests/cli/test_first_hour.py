"""What a new user tripped over in the first hour (issue 28): encodings, JSON, seat options."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlour.cards import parse_card_list
from parlour.cli import app
from parlour.console.encoding import ERRORS, fit_streams, prints_cards

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


# --- 8: a console that cannot print ♠ ------------------------------------------------------------
def test_a_latin1_console_gets_ascii_cards_and_no_traceback() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "latin-1", "COLUMNS": "80"}
    done = subprocess.run([sys.executable, "-m", "parlour", "play", "hearts:end_score=20",
                           "--seats", "heuristic,random,random,random", "--seed", "3"],
                          capture_output=True, env=env, timeout=120, cwd=ROOT)
    out, err = done.stdout.decode("latin-1"), done.stderr.decode("latin-1")
    assert done.returncode == 0, err
    assert "Traceback" not in err and "UnicodeEncodeError" not in err
    assert "♠" not in out and "trick  1" in out
    dealt = out.splitlines()[2].split(maxsplit=1)[1]  # seat 0's hand, as dealt
    assert len(parse_card_list(dealt)) == 13, "the ASCII cards read back"


def test_fit_streams_changes_only_streams_without_the_suits(
        monkeypatch: pytest.MonkeyPatch) -> None:
    latin = io.TextIOWrapper(io.BytesIO(), encoding="latin-1")
    utf8 = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    assert not prints_cards(latin) and prints_cards(utf8)
    monkeypatch.setattr(sys, "stdout", latin)
    monkeypatch.setattr(sys, "stderr", utf8)
    fit_streams()
    assert latin.errors == ERRORS and utf8.errors == "strict"
    latin.write("Q♠ → A♥ ✗ µs")
    latin.flush()
    assert latin.buffer.getvalue().decode("latin-1") == "Qs -> Ah x µs"  # type: ignore[attr-defined]


# --- 10: parlour games --json ---------------------------------------------------------------------
def test_games_json_lists_every_game_with_parameters_and_agents() -> None:
    from parlour.core import list_games

    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0
    games = json.loads(result.stdout)
    assert [g["id"] for g in games] == [info.id for info in list_games()]
    hearts = next(g for g in games if g["id"] == "hearts")
    assert hearts["players"] == 4 and "heuristic" in hearts["agents"]
    end = next(p for p in hearts["parameters"] if p["name"] == "end_score")
    assert end["type"] == "int" and end["default"] == 100 and end["doc"]


def test_games_json_for_one_game_and_a_mistyped_one() -> None:
    one = runner.invoke(app, ["games", "skull:players=3", "--json"])
    assert one.exit_code == 0
    assert [(g["id"], g["players"]) for g in json.loads(one.stdout)] == [("skull", 3)]
    wrong = runner.invoke(app, ["games", "hertz", "--json"])
    assert wrong.exit_code == 2 and "did you mean 'hearts'" in wrong.output


# --- 9: --seat ---------------------------------------------------------------------------------
def test_a_seat_count_error_names_the_option_typed() -> None:
    result = runner.invoke(app, ["play", "hearts", "--seat", "random", "--seat", "heuristic"])
    assert result.exit_code == 2
    assert "--seat names 2" in result.output and "--seats" not in result.output.split("Hint")[0]


def test_one_seat_option_fills_every_seat() -> None:
    result = runner.invoke(app, ["play", "hearts:end_score=10", "--seat", "random", "--seed",
                                 "1", "--quiet"])
    assert result.exit_code == 0, result.output
    assert "0:random, 1:random, 2:random, 3:random" in result.output


# --- 6: figures that say what they are ---------------------------------------------------
def test_many_games_say_what_the_mean_score_is() -> None:
    hearts = runner.invoke(app, ["play", "hearts:end_score=20", "--count", "3", "--seed", "2",
                                 "--seats", "heuristic,random,random,random"])
    assert hearts.exit_code == 0, hearts.output
    assert "the lowest wins" in " ".join(hearts.output.split())
    skull = runner.invoke(app, ["play", "skull", "--count", "2", "--seed", "2"])
    assert skull.exit_code == 0 and "the lowest wins" not in " ".join(skull.output.split())


def test_bench_shows_no_games_per_second_for_one_deal_playouts() -> None:
    result = runner.invoke(app, ["bench", "hearts", "--seconds", "0.1"])
    assert result.exit_code == 0, result.output
    shown = " ".join(result.output.split())
    assert re.search(r"playouts[^│]*│ – │", shown), shown
    assert "games/s does not apply" in shown
