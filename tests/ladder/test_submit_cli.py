"""`parlour ladder submit` against a running `parlour ladder serve`: a folder, a file, and a
refusal that is one line and exit status 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from parlour.ladder import Ladder, LeagueSettings
from tests.web.helpers import running_server

from .conftest import BOTS, GAME


def submit(url: str, path: Path, token: str, name: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "parlour", "ladder", "submit", url, str(path), "--token", token,
         "--game", "hearts", "--name", name, "--command", "python3 bots.py first"],
        capture_output=True, text=True, timeout=120)


def test_an_author_submits_a_folder_and_a_file_from_the_command_line(tmp_path: Path) -> None:
    folder = tmp_path / "league"
    ladder = Ladder(folder, LeagueSettings(games=(GAME,), anchors=("random",)))
    token = ladder.make_token("quinn")
    ladder.close()
    bot = tmp_path / "mybot"
    bot.mkdir()
    (bot / "bots.py").write_bytes(BOTS.read_bytes())
    (bot / "notes.txt").write_text("my strategy\n")
    with running_server("ladder", "serve", "--out", str(folder), "--backend", "inprocess",
                        log=tmp_path / "serve.log") as url:
        done = submit(url, bot, token, "folderbot")
        assert done.returncode == 0, done.stderr
        assert " ".join(done.stdout.split()).startswith("submitted folderbot v1 (id ")
        assert f"{url}/#/ladder/" in done.stdout.replace("\n", "")
        again = submit(url, bot / "bots.py", token, "folderbot")
        assert again.returncode == 0 and "folderbot v2" in again.stdout
        refused = submit(url, bot, "not-a-token", "other")
        assert refused.returncode == 2
        assert "the ladder refused the bot: unknown or revoked token" in " ".join(
            refused.stderr.split())
        assert "Traceback" not in refused.stderr
    league = Ladder(folder)
    first, second = league.store.versions(bot="folderbot")
    league.close()
    assert {p.name for p in Path(first.folder).iterdir()} == {"bot.json", "bots.py", "notes.txt"}
    assert {p.name for p in Path(second.folder).iterdir()} == {"bot.json", "bots.py"}
