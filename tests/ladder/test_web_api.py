"""The ladder's JSON API: submit, status, the leaderboard, bot pages, the organiser."""

from __future__ import annotations

import csv
import io
import time
from pathlib import Path

import pytest

from parlour.ladder import Ladder, LeagueSettings
from tests.web.helpers import client

from .conftest import BOTS, GAME


@pytest.fixture
def league(tmp_path: Path, settings: LeagueSettings) -> tuple[Path, str, str]:
    ladder = Ladder(tmp_path / "league", settings)
    organiser = ladder.make_token("teacher", organiser=True)
    author = ladder.make_token("alice")
    ladder.close()
    return tmp_path / "league", organiser, author


def bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def submit(http, token: str, name: str, mode: str = "first", data: bytes | None = None,
           filename: str = "bot.py"):
    return http.post("/api/ladder/bots", content=BOTS.read_bytes() if data is None else data,
                     params={"game": "hearts", "name": name, "filename": filename,
                             "command": f"python3 bot.py {mode}"},
                     headers={**bearer(token), "content-type": "application/octet-stream"})


def wait_for(http, version: int, token: str, wanted: set[str]) -> dict:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        page = http.get(f"/api/ladder/versions/{version}", headers=bearer(token)).json()
        mine = next(v for v in page["versions"] if v["id"] == version)
        if mine["status"] in wanted:
            return mine
        time.sleep(0.05)
    raise AssertionError(f"version {version} never became {wanted}")


def test_an_author_submits_and_the_bot_climbs_onto_the_leaderboard(league) -> None:
    folder, _, author = league
    with client(ladder=folder, ladder_backend="inprocess") as http:
        assert http.get("/api/ladder").json()["games"] == [GAME]
        answer = submit(http, author, "climber")
        assert answer.status_code == 201, answer.text
        version = answer.json()["id"]
        assert answer.json()["status"] == "qualifying"
        assert wait_for(http, version, author, {"active"})["message"] == "qualified"
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            board = http.get("/api/ladder/leaderboard", params={"game": "hearts"}).json()
            line = next(row for row in board if row["bot"] == "climber")
            if line["matches"]:
                break
            time.sleep(0.05)
        assert line["games"] >= 2 and line["low"] <= line["rating"] <= line["high"]
        assert {row["bot"] for row in board} == {"random", "heuristic", "climber"}
        text = http.get("/api/ladder/leaderboard",
                        params={"game": "hearts", "format": "csv"}).text
        rows = list(csv.DictReader(io.StringIO(text)))
        assert {row["bot"] for row in rows} == {"random", "heuristic", "climber"}
        page = http.get(f"/api/ladder/versions/{version}").json()
        assert page["recent"] and page["opponents"]
        game = page["recent"][0]
        record = http.get(f"/api/ladder/games/{game['match']}/{game['seating']}/record")
        assert record.json()["game"] == "hearts"


def test_only_the_author_sees_why_a_bot_failed(league) -> None:
    folder, _, author = league
    with client(ladder=folder, ladder_backend="inprocess") as http:
        version = submit(http, author, "crasher", "crash").json()["id"]
        failed = wait_for(http, version, author, {"failed"})
        assert "secret-stack-trace-42" in failed["private"]
        public = http.get(f"/api/ladder/versions/{version}").json()["versions"][0]
        assert public["private"] is None
        assert "secret-stack-trace-42" not in str(public)
        mine = http.get("/api/ladder/mine", headers=bearer(author)).json()
        assert "secret-stack-trace-42" in mine[0]["private"]


def test_the_organiser_suspends_and_readmits_and_nobody_else_may(league) -> None:
    folder, organiser, author = league
    with client(ladder=folder, ladder_backend="inprocess") as http:
        version = submit(http, author, "bot").json()["id"]
        wait_for(http, version, author, {"active"})
        refused = http.post(f"/api/ladder/versions/{version}/status",
                            json={"status": "suspended"}, headers=bearer(author))
        assert refused.status_code == 403
        done = http.post(f"/api/ladder/versions/{version}/status",
                         json={"status": "suspended", "message": "talk to me"},
                         headers=bearer(organiser))
        assert done.json()["status"] == "suspended"
        assert done.json()["message"] == "talk to me"
        again = http.post(f"/api/ladder/versions/{version}/status", json={"status": "active"},
                          headers=bearer(organiser))
        assert again.json()["status"] == "active"
        limits = http.post("/api/ladder/settings", json={"move_time": 0.5, "memory_mb": 256},
                           headers=bearer(organiser)).json()
        assert (limits["move_time"], limits["memory_mb"]) == (0.5, 256)


def test_bad_submissions_are_one_line_errors_never_a_500(league) -> None:
    folder, _, author = league
    with client(ladder=folder, ladder_backend="inprocess") as http:
        assert submit(http, "wrong", "bot").status_code == 401
        no_token = http.post("/api/ladder/bots", content=b"x", params={
            "game": "hearts", "name": "b", "filename": "b.py", "command": "python3 b.py"},
            headers={"content-type": "application/octet-stream"})
        assert no_token.status_code == 401
        cases = [
            (submit(http, author, "bot", data=b"PK\x03\x04junk", filename="bot.zip"),
             "not a readable zip"),
            (submit(http, author, "../evil"), "must be 1 to 40"),
            (submit(http, author, "bot", data=b"", filename="bot.py"), "is empty"),
        ]
        for answer, reason in cases:
            assert answer.status_code in (400, 422), answer.text
            assert reason in answer.json()["detail"]
        too_big = submit(http, author, "bot", data=bytes(9 << 20))
        assert too_big.status_code == 413
        as_form = http.post("/api/ladder/bots", data={"x": "y"}, params={
            "game": "hearts", "name": "b", "filename": "b.py", "command": "python3 b.py"},
            headers=bearer(author))
        assert as_form.status_code == 415
        assert http.get("/api/ladder/versions/999").status_code == 404


def test_the_ladder_api_is_in_the_openapi_description(league) -> None:
    folder, _, _ = league
    with client(ladder=folder, ladder_backend="inprocess") as http:
        paths = http.get("/openapi.json").json()["paths"]
    for path in ("/api/ladder", "/api/ladder/bots", "/api/ladder/leaderboard",
                 "/api/ladder/versions/{version}", "/api/ladder/mine",
                 "/api/ladder/versions/{version}/status", "/api/ladder/settings",
                 "/api/ladder/games/{match}/{seating}/record", "/api/ladder/live",
                 "/api/ladder/live/{match}/{seating}"):
        assert path in paths, path
