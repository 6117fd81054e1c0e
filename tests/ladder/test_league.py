"""A league end to end: tokens, submissions, qualification, matches, suspension, the organiser."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parlour.ladder import Ladder, LadderError, LeagueSettings
from parlour.records import load

from .conftest import GAME, submit


def test_a_submitted_bot_qualifies_plays_and_appears_on_the_leaderboard(ladder: Ladder) -> None:
    token = ladder.make_token("alice")
    version = submit(ladder, token, "firstbot")
    assert ladder.store.version(version).status == "qualifying"
    assert ladder.step() == "qualification of firstbot v1: passed"
    assert ladder.store.version(version).status == "active"
    assert ladder.step() == "match 1"
    match = ladder.store.match(1)
    assert version in match.versions
    assert match.finished is not None
    games = ladder.store.games(match=1)
    assert len(games) == len(match.seatings) >= 2
    assert len({row.seats for row in games}) == len(games)  # each seating once
    for row in games:
        record = load(row.record)
        record.verify()
        assert record.seed == match.seed  # duplicate: the same deal in every seating
    board = {line.version.label: line for line in ladder.standings(GAME)}
    assert board["firstbot v1"].matches == 1
    assert board["firstbot v1"].games == len(games)
    assert board["firstbot v1"].decisions > 0


def test_a_crashing_bot_fails_qualification_and_only_its_author_sees_its_stderr(
        ladder: Ladder) -> None:
    token = ladder.make_token("bob")
    version = submit(ladder, token, "crasher", "crash")
    assert ladder.step() == "qualification of crasher v1: failed"
    failed = ladder.store.version(version)
    assert failed.status == "failed"
    assert failed.message.startswith("failed qualification: game 1, move ")
    assert "secret-stack-trace-42" not in failed.message
    assert "secret-stack-trace-42" in failed.private
    assert ladder.step() == "idle"  # nobody to play


def test_a_new_version_replaces_the_old_one_which_keeps_its_history(ladder: Ladder) -> None:
    token = ladder.make_token("carol")
    first = submit(ladder, token, "mybot")
    ladder.step()
    ladder.step()
    second = submit(ladder, token, "mybot")
    assert ladder.store.version(second).number == 2
    ladder.step()
    assert ladder.store.version(first).status == "replaced"
    assert ladder.store.version(second).status == "active"
    assert ladder.store.games(version=first)  # the old games stay
    ladder.step()
    assert first not in ladder.store.match(2).versions


def test_a_bot_that_faults_in_qualification_fails_it(tmp_path: Path,
                                                                 settings: LeagueSettings) -> None:
    ladder = Ladder(tmp_path / "league", settings)
    token = ladder.make_token("dave")
    version = submit(ladder, token, "sloppy", "sloppy")
    ladder.step()  # a single fault fails the qualification
    assert ladder.store.version(version).status == "failed"
    assert "garbage" in ladder.store.version(version).message
    ladder.close()


def test_faults_after_qualification_suspend_the_bot(ladder: Ladder) -> None:
    token = ladder.make_token("erin")
    version = submit(ladder, token, "sloppy", "sloppy")
    ladder.store.set_status(version, "active", "qualified")  # as if it had qualified
    for _ in range(3):
        ladder.step()
        if ladder.store.version(version).status != "active":
            break
    suspended = ladder.store.version(version)
    assert suspended.status == "suspended"
    assert suspended.message.startswith("suspended: ")
    assert "garbage" in suspended.message
    assert ladder.step() == "idle"


def test_the_organiser_pauses_retires_and_readmits_a_bot(ladder: Ladder) -> None:
    token = ladder.make_token("frank")
    version = submit(ladder, token, "bot")
    ladder.step()
    assert ladder.set_status(version, "paused").status == "paused"
    assert ladder.step() == "idle"
    assert ladder.set_status(version, "active").status == "active"
    assert ladder.step() == "match 1"
    assert ladder.set_status(version, "retired").status == "retired"
    assert ladder.step() == "idle"
    with pytest.raises(LadderError, match="anchors stay"):
        ladder.set_status(ladder.store.versions()[0].version, "retired")
    with pytest.raises(LadderError, match="not 'deleted'"):
        ladder.set_status(version, "deleted")


def test_tokens_names_games_and_commands_are_checked(ladder: Ladder) -> None:
    token = ladder.make_token("gina")
    data = b"print()"
    with pytest.raises(LadderError, match="unknown or revoked token"):
        ladder.submit("nope", "hearts", "bot", data, "bot.py", "python3 bot.py")
    with pytest.raises(LadderError, match="plays hearts:end_score=1,passing=none, not 'skat'"):
        ladder.submit(token, "skat", "bot", data, "bot.py", "python3 bot.py")
    with pytest.raises(LadderError, match=r"bot name '\.\./x' must be"):
        ladder.submit(token, "hearts", "../x", data, "bot.py", "python3 bot.py")
    with pytest.raises(LadderError, match="cannot be read"):
        ladder.submit(token, "hearts", "bot", data, "bot.py", 'python3 "bot.py')
    with pytest.raises(LadderError, match="belongs to an anchor"):
        ladder.submit(token, "hearts", "heuristic", data, "bot.py", "python3 bot.py")
    ladder.submit(token, "hearts", "bot", data, "bot.py", "python3 bot.py")
    other = ladder.make_token("hank")
    with pytest.raises(LadderError, match="belongs to someone else"):
        ladder.submit(other, "hearts", "bot", data, "bot.py", "python3 bot.py")
    ladder.revoke_token("gina")
    with pytest.raises(LadderError, match="unknown or revoked token"):
        ladder.submit(token, "hearts", "bot2", data, "bot.py", "python3 bot.py")


def test_the_token_itself_is_never_stored(ladder: Ladder) -> None:
    token = ladder.make_token("ivy", organiser=True)
    assert ladder.holder(token) == ("ivy", True)
    ladder.close()
    assert token.encode() not in (ladder.folder / "ladder.sqlite").read_bytes()


def test_settings_are_kept_in_the_league_folder(tmp_path: Path,
                                                settings: LeagueSettings) -> None:
    Ladder(tmp_path / "league", settings).close()
    again = Ladder(tmp_path / "league")
    assert again.settings == settings
    again.configure(move_time=0.5, memory_mb=256)
    again.close()
    assert Ladder(tmp_path / "league").settings.move_time == 0.5


def test_a_version_folder_holds_the_files_and_the_ladders_manifest(ladder: Ladder) -> None:
    token = ladder.make_token("jo")
    version = ladder.store.version(submit(ladder, token, "bot"))
    manifest = json.loads((Path(version.folder) / "bot.json").read_text())
    assert manifest["command"] == "python3 bot.py first"
    assert manifest["files"] == ["bot.py"]
    assert version.spec == f"ladder:{version.folder}"


def test_a_submitted_bot_reaches_none_of_the_leagues_files_nor_other_processes(
        ladder: Ladder) -> None:
    submit(ladder, ladder.make_token("victim"), "victim")
    ladder.step()
    version = submit(ladder, ladder.make_token("mallory"), "peeker", "peek")
    assert ladder.step() == "qualification of peeker v1: passed", \
        ladder.store.version(version).private
    for _ in range(3):
        ladder.step()
    assert any(version in row.seats for row in ladder.store.games())
    assert not any(row.faults for row in ladder.store.games())


def test_without_the_sandbox_a_submitted_bot_never_runs(ladder: Ladder, monkeypatch) -> None:
    from parlour.agents import sandbox

    monkeypatch.setattr(sandbox, "problem", lambda: "no bubblewrap on this machine")
    version = submit(ladder, ladder.make_token("nina"), "bot")
    assert ladder.step() == "qualification of bot v1: failed"
    refused = ladder.store.version(version)
    assert "without the sandbox" in refused.message
    assert "no bubblewrap on this machine" in refused.message


def test_the_command_line_makes_tokens_sets_limits_and_status_and_rebuilds(
        tmp_path: Path, settings: LeagueSettings) -> None:
    from typer.testing import CliRunner

    from parlour.cli import app

    folder = tmp_path / "league"
    ladder = Ladder(folder, settings)
    version = submit(ladder, ladder.make_token("olga"), "bot")
    ladder.step()
    ladder.step()
    ladder.close()
    runner = CliRunner()

    def run(*args: str) -> tuple[int, str]:
        done = runner.invoke(app, ["ladder", *args, "--out", str(folder)])
        return done.exit_code, done.output

    code, token = run("token", "pia")
    assert code == 0 and len(token.strip()) > 20
    assert run("limits", "--move-time", "0.5", "--memory", "256")[1].strip().endswith(
        "0.5 s a move, 256 MiB a bot")
    code, board = run("status")
    assert code == 0 and "bot v1" in board and "95% interval" in board
    assert run("set", str(version), "retired")[1].strip() == "bot v1 is now retired"
    code, out = run("set", str(version), "deleted")
    assert code == 2 and "not 'deleted'" in out
    code, out = run("rebuild")
    assert code == 0 and " ".join(out.split()).endswith(": 3 versions, 2 games")
    assert Ladder(folder).store.version(version).status == "retired"
    missing = runner.invoke(app, ["ladder", "status", "--out", str(tmp_path / "none")])
    assert missing.exit_code == 2 and "holds no league" in " ".join(missing.output.split())
