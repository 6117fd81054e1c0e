"""The command line under bad input and for new users (issue 14, points 22, 23 and 27).

Each test here failed before its fix: lost records, eaten install hints, banners before
failures, internal prefixes in messages, and help that did not say what it does.
"""

from __future__ import annotations

import re
import socket
import sys
import tomllib
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import parlour
from parlour.cli import app
from parlour.records import Record, load

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


def run(*args: str) -> tuple[int, str]:
    """Exit code and output (stdout and stderr), with wrapped lines and table borders joined."""
    result = runner.invoke(app, list(args))
    return result.exit_code, " ".join(result.output.replace("│", " ").split())


def territory_record(tmp_path: Path) -> Path:
    path = tmp_path / "territory.json"
    code, out = run("play", "territory:size=5,rounds=2,players=1", "--seed", "1", "--quiet",
                    "--record", str(path))
    assert code == 0, out
    return path


# --- 22: records and pictures into missing folders ----------------------------------------------
def test_play_record_into_a_missing_folder_makes_the_folder(tmp_path: Path) -> None:
    path = tmp_path / "new" / "deeper" / "game.json"
    code, out = run("play", "hearts:end_score=20", "--seed", "3", "--quiet", "--record",
                    str(path))
    assert code == 0, out
    assert load(path).params["end_score"] == 20 and "record saved to" in out


def test_play_record_where_no_folder_can_be_made_is_refused_before_playing(
        tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    code, out = run("play", "hearts:end_score=20", "--seed", "3", "--record",
                    str(blocker / "game.json"))
    assert code == 2 and "--record" in out and "cannot make its folder" in out
    assert "Deal 1" not in out and "Standings" not in out, "refused before the game"


def test_a_record_that_cannot_be_saved_goes_to_a_fallback_file_and_says_where(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from parlour.cli.play import save_record

    record = parlour.Match(parlour.load_game("hearts", end_score=20), ["random"] * 4,
                           seed=5).run()
    wanted = tmp_path / "game.json"
    real_save = Record.save

    def failing_save(self: Record, path: str | Path) -> Path:
        if Path(path) == wanted:
            raise PermissionError(13, "Permission denied")
        return real_save(self, path)

    monkeypatch.setattr(Record, "save", failing_save)
    console = Console(record=True, width=200)
    written = save_record(console, record, wanted)
    try:
        assert written != wanted and load(written).result == record.result
        said = console.export_text()
        assert "could not save the record" in said and str(written) in said
    finally:
        written.unlink()


def test_render_out_into_a_missing_folder_makes_the_folder(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    out = tmp_path / "pictures" / "board.png"
    code, text = run("render", str(territory_record(tmp_path)), "--out", str(out))
    assert code == 0, text
    assert out.stat().st_size > 1000


# --- 23: install hints keep their extra ---------------------------------------------------------
def test_the_web_install_hint_keeps_its_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "fastapi", None)  # as if the web extra were missing
    code, out = run("serve")
    assert code == 2
    assert "pip install 'parlour[web]'" in out


def test_render_without_matplotlib_gives_the_install_hint(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    record = territory_record(tmp_path)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if the render extra were missing
    result = runner.invoke(app, ["render", str(record), "--out", str(tmp_path / "b.png")])
    out = " ".join(result.output.split())
    assert result.exit_code == 2, result.exception
    assert "pip install 'parlour[render]'" in out and "matplotlib" in out
    assert not (tmp_path / "b.png").exists()


def test_make_demo_installs_the_web_extra_the_readme_offers() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("\ndemo:", 1)[1].split("\n\n", 1)[0]
    extras = re.search(r'pip install .*-e "\.\[([a-z,]+)\]"', recipe)
    assert extras is not None, recipe
    assert {"web", "render"} <= set(extras.group(1).split(","))
    assert "parlour serve" in (ROOT / "README.md").read_text(encoding="utf-8")


# --- 27: smaller text ---------------------------------------------------------------------------
def test_serve_on_a_busy_port_fails_before_its_banner() -> None:
    pytest.importorskip("fastapi")
    pytest.importorskip("uvicorn")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        code, out = run("serve", "--port", str(port))
    assert code == 2
    assert f"port {port}" in out and "--port" in out
    assert "parlour web table on" not in out


def test_a_param_without_a_value_is_named_as_the_user_wrote_it() -> None:
    code, out = run("play", "hearts", "-p", "end_score")
    assert code == 2
    assert "--param 'end_score'" in out and "key=value" in out
    assert "x:" not in out


@pytest.mark.parametrize(("game", "seats", "suggestion"), [
    ("territory", "random,random,random,random", "'territory:players=4'"),
    ("skull", "random,random,random", "'skull:players=3'"),
])
def test_a_wrong_seat_count_suggests_the_players_parameter(game: str, seats: str,
                                                           suggestion: str) -> None:
    code, out = run("play", game, "--seats", seats)
    assert code == 2 and suggestion in out


def test_a_seat_count_no_parameter_allows_suggests_nothing() -> None:
    code, out = run("play", "skat", "--seats", "random,random")
    assert code == 2 and "seats 3 players" in out and "players=2" not in out



def test_version_prints_the_package_version() -> None:
    from parlour.cli.app import version_text

    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output == version_text() + "\n"
    assert result.output.startswith(f"parlour {parlour.__version__} (engine: ")


def test_play_help_says_what_seats_default_to() -> None:
    code, out = run("play", "--help")
    assert code == 0 and "(default: the game's heuristic in every seat" in out


def test_games_lists_every_agent_usable_with_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    from parlour.agents.specs import GENERIC_AGENTS

    monkeypatch.setitem(GENERIC_AGENTS, "learned", "parlour.agents.random_agent:RandomAgent")
    code, out = run("games", "skat")
    assert code == 0
    listed = out.split("agents:", 1)[1]
    for name in ("heuristic", "random", "pimc", "ismcts", "human", "learned", "exec:",
                 "file:", "heartless:"):
        assert name in listed, name


def test_the_license_is_an_spdx_string_with_a_setuptools_that_reads_it() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["license"] == "MIT", "a table is deprecated (warns on install)"
    requires = project["build-system"]["requires"]
    setuptools = next(r for r in requires if r.startswith("setuptools"))
    minimum = re.search(r">=\s*(\d+)", setuptools)
    assert minimum is not None and int(minimum.group(1)) >= 77, "SPDX strings need 77+"


def test_a_tournament_without_matplotlib_keeps_the_plot_hint_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if the render extra were missing
    code, out = run("tournament", "hearts:end_score=20", "--agents", "random,heuristic",
                    "--games", "2", "--workers", "1", "--out", str(tmp_path / "t"))
    assert code == 0, out
    assert "No plots:" in out and "pip install 'parlour[render]'" in out


def test_version_says_which_engine_path_is_active() -> None:
    import os
    import subprocess
    import sys

    env = {**os.environ, "PARLOUR_PURE": "1"}
    done = subprocess.run([sys.executable, "-m", "parlour", "--version"], env=env,
                          capture_output=True, text=True, check=True)
    assert done.stdout.strip().endswith("(engine: pure Python (PARLOUR_PURE is set))")
