"""Territory on the command line: the coloured terminal board, player files, and render."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from parlour.cli import app
from parlour.console.territory import board_text, seat_colors
from parlour.records import load

runner = CliRunner()
PLAYERS = Path(__file__).parents[1] / "games" / "territory" / "players"


def test_play_draws_the_board_by_round_and_runs_a_player_file_with_its_colour(
        tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    spec = f"file:{PLAYERS / 'basic_player.py'}:orange"
    result = runner.invoke(app, ["play", "territory:size=6,rounds=3,players=2", "--seed", "2",
                                 "--seats", f"heuristic,{spec}", "--record", str(record)])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "start" in out and "final board" in out
    assert "round 1, seat 0" in out and "round 3, seat 1" in out, "redrawn after each turn"
    assert "game over after 3 round(s)" in out
    assert load(record).seats == ["heuristic", spec]
    replayed = runner.invoke(app, ["replay", str(record), "--no-step"])
    assert replayed.exit_code == 0 and "final board" in replayed.output


def test_the_terminal_board_colours_each_owner_and_shows_counts() -> None:
    console = Console(record=True, width=80, color_system="truecolor", force_terminal=True)
    owners = [[0, 1], [2, 3]]
    numbers = [[4, 0], [7, 12]]
    console.print(board_text(owners, numbers, players=2, colors={1: "#ffa500"}))
    text = console.export_text(clear=False)
    assert "4" in text and "·" in text and "12" in text
    styled = console.export_text(styles=True)
    assert "48;2;255;165;0" in styled, "a seat's chosen colour (orange) is the cell background"


def test_seat_colours_come_from_file_specs() -> None:
    assert seat_colors(["heuristic", "file:me.py:orange", "file:you.py"]) == {1: "orange"}


def test_render_writes_a_png_and_an_animated_gif(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    record = tmp_path / "game.json"
    assert runner.invoke(app, ["play", "territory:size=6,rounds=3,players=1", "--seed", "1",
                               "--quiet", "--record", str(record)]).exit_code == 0
    for name in ("board.png", "game.gif"):
        result = runner.invoke(app, ["render", str(record), "--out", str(tmp_path / name)])
        assert result.exit_code == 0, result.output
        assert (tmp_path / name).stat().st_size > 1000
    from PIL import Image

    with Image.open(tmp_path / "game.gif") as gif:
        assert gif.n_frames > 2


def test_render_draws_other_games_scores_and_refuses_their_gif_and_other_formats(
        tmp_path: Path) -> None:
    record = tmp_path / "hearts.json"
    runner.invoke(app, ["play", "hearts:end_score=5", "--quiet", "--record", str(record)])
    result = runner.invoke(app, ["render", str(record), "--out", str(tmp_path / "x.png")])
    assert result.exit_code == 0 and "scores deal by deal" in result.output
    assert (tmp_path / "x.png").read_bytes()[:4] == b"\x89PNG"
    result = runner.invoke(app, ["render", str(record), "--out", str(tmp_path / "x.gif")])
    assert result.exit_code == 2 and "a GIF animates Territory boards" in " ".join(
        result.output.split())
    result = runner.invoke(app, ["render", str(record), "--out", str(tmp_path / "x.jpg")])
    assert result.exit_code == 2 and ".png or .gif" in result.output
