"""The web server under hostile input: other sites' pages, bombs, deep JSON, links, log readers.

Each test here was a defect once (issue 14, points 1-6); docs/hostile-inputs.md lists them.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import logging
import os
import subprocess
import sys
import time
import tracemalloc
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from fastapi.routing import APIRoute

import parlour
from parlour.match import Match
from parlour.web.guard import parse_origin
from parlour.web.logs import RedactTokens, redact
from parlour.web.replays import RecordTooLarge, Replays, gunzip
from tests.web.helpers import client, first_move, free_port, my_turn, new_table, read_until, upload

SIMPLE_TYPES = ("text/plain", "multipart/form-data; boundary=x",
                "application/x-www-form-urlencoded", None)
FOREIGN = ({"origin": "http://evil.example"},
           {"origin": "http://127.0.0.1:9999"},
           {"origin": "https://127.0.0.1"},
           {"origin": "null"},
           {"sec-fetch-site": "cross-site"},
           {"sec-fetch-site": "same-site"},
           {"referer": "http://evil.example/page.html"})


def _hearts_record() -> bytes:
    record = Match(parlour.load_game("hearts", end_score=10), ["random"] * 4, seed=1).run()
    return record.to_json().encode()


def _state_changing_routes() -> list[tuple[str, str]]:
    with client() as http:
        routes = [(method, route.path) for route in http.app.routes  # type: ignore[attr-defined]
                  if isinstance(route, APIRoute)
                  for method in sorted((route.methods or set()) - {"GET", "HEAD", "OPTIONS"})]
    return routes


STATE_CHANGING = _state_changing_routes()


def test_every_state_changing_route_is_covered_below() -> None:
    assert {("POST", "/api/tables"), ("POST", "/api/replays"), ("POST", "/api/games/check"),
            ("POST", "/api/tournaments/replay")} <= set(STATE_CHANGING)


# --- 1. uploads: bombs, the event loop, other sites' pages ---------------------------------
def test_a_gzip_bomb_is_refused_at_the_decompressed_size_limit() -> None:
    bomb = gzip.compress(b"\0" * 20_000_000, 9)  # 20 MB of zeros in about 20 KB
    assert len(bomb) < 100_000
    with client(max_record_bytes=1_000_000) as http:
        answer = upload(http, bomb, "bomb.json.gz")
    assert answer.status_code == 413
    detail = answer.json()["detail"]
    assert "decompresses to more than 1,000,000 bytes" in detail and "\n" not in detail


def test_decompression_stops_at_the_limit_instead_of_filling_memory() -> None:
    bomb = gzip.compress(b"\0" * 50_000_000, 9)
    tracemalloc.start()
    try:
        with pytest.raises(RecordTooLarge):
            gunzip(bomb, 1_000_000, "record 'bomb'")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 8_000_000  # the whole output would be 50 MB


def test_gzip_records_of_several_members_and_damaged_ones() -> None:
    text = _hearts_record()
    assert gunzip(gzip.compress(text[:100]) + gzip.compress(text[100:]), 10**7, "r") == text
    with client() as http:
        meta = upload(http, gzip.compress(text[:500]) + gzip.compress(text[500:]))
        assert meta.status_code == 200, meta.text
        cut = upload(http, gzip.compress(text)[:-20])
        assert cut.status_code == 400 and "cut short" in cut.json()["detail"]


def test_records_are_decompressed_and_replayed_off_the_event_loop(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []
    original = Replays.build_bytes

    def watched(self: Replays, data: bytes, source: str, stop: Any = None) -> Any:
        try:
            asyncio.get_running_loop()
            seen.append(True)  # on the event loop: every table would stall meanwhile
        except RuntimeError:
            seen.append(False)
        return original(self, data, source, stop)

    monkeypatch.setattr(Replays, "build_bytes", watched)
    with client() as http:
        assert upload(http, gzip.compress(_hearts_record())).status_code == 200
    assert seen == [False]


@pytest.mark.parametrize(("method", "path"), STATE_CHANGING)
@pytest.mark.parametrize("headers", FOREIGN, ids=lambda h: ":".join(next(iter(h.items()))))
def test_other_sites_pages_cannot_change_anything(method: str, path: str,
                                                  headers: dict[str, str]) -> None:
    with client() as http:
        answer = http.request(method, path, content=b"{}",
                              headers={"content-type": "application/json", **headers})
        assert answer.status_code == 403, answer.text
        assert "\n" not in answer.json()["detail"]
        assert not http.app.state.tables.tables  # type: ignore[attr-defined]


@pytest.mark.parametrize(("method", "path"), STATE_CHANGING)
@pytest.mark.parametrize("content_type", SIMPLE_TYPES)
def test_simple_content_types_are_refused_on_every_state_changing_route(
        method: str, path: str, content_type: str | None) -> None:
    headers = {"origin": "http://127.0.0.1"}
    if content_type is not None:
        headers["content-type"] = content_type
    with client() as http:
        body = json.dumps({"game": "hearts", "seats": ["human"] * 4}).encode()
        answer = http.request(method, path, content=body, headers=headers)
        assert answer.status_code == 415, answer.text
        assert "application/json" in answer.json()["detail"]


@pytest.mark.parametrize(("method", "path"), STATE_CHANGING)
def test_this_servers_own_page_may_change_state(method: str, path: str) -> None:
    with client() as http:
        for headers in ({"origin": "http://127.0.0.1"}, {"sec-fetch-site": "same-origin"},
                        {"referer": "http://127.0.0.1/#/"}, {}):
            answer = http.request(method, path, content=b"{}", headers={
                "content-type": "application/json", **headers})
            assert answer.status_code not in (403, 415), (headers, answer.text)


def test_the_page_uploads_records_as_bytes_and_its_tables_as_json() -> None:
    text = _hearts_record()
    with client() as http:
        for kind in ("application/octet-stream", "application/gzip", "application/json"):
            data = gzip.compress(text) if kind == "application/gzip" else text
            answer = upload(http, data, content_type=kind, origin="http://127.0.0.1")
            assert answer.status_code == 200, (kind, answer.text)
        refused = http.post("/api/tables", content=b"{}",
                            headers={"content-type": "application/octet-stream"})
        assert refused.status_code == 415


def test_oversized_bodies_are_refused_whether_announced_or_streamed() -> None:
    with client(max_record_bytes=10_000) as http:
        announced = upload(http, b" " * 20_000)
        assert announced.status_code == 413 and "10,000 bytes" in announced.json()["detail"]

        def chunks() -> Any:
            for _ in range(10):
                yield b" " * 5_000

        streamed = http.post("/api/replays", content=chunks(),
                             headers={"content-type": "application/octet-stream"})
        assert streamed.status_code == 413 and "10,000 bytes" in streamed.json()["detail"]
        big_json = http.post("/api/tables", json={"game": "x" * 100_000, "seats": []})
        assert big_json.status_code == 413


# --- 2. records that break parsers ----------------------------------------------------------
HOSTILE_RECORDS = {
    "nested": b"[" * 100_000 + b"]" * 100_000,
    "nested-object": b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
    "huge-number": b'{"format": "parlour-record", "seed": ' + b"9" * 5000 + b"}",
    "huge-number-gzip": gzip.compress(b'{"seed": ' + b"7" * 5000 + b"}"),
    "not-utf8": b'{"game": "\xff\xfe"}',
}


@pytest.mark.parametrize("name", sorted(HOSTILE_RECORDS))
def test_records_that_break_json_parsers_are_a_400_without_a_traceback(
        name: str, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG), client() as http:
        answer = upload(http, HOSTILE_RECORDS[name], f"{name}.json")
    assert answer.status_code == 400, answer.text
    detail = answer.json()["detail"]
    assert f"'{name}.json'" in detail and "\n" not in detail
    assert not any(r.exc_info for r in caplog.records)
    assert "Traceback" not in caplog.text


@pytest.mark.parametrize("body", [b"[" * 30_000 + b"]" * 30_000,
                                  b'{"game": "hearts", "seats": ["human"], "seed": '
                                  + b"9" * 5000 + b"}"])
def test_json_bodies_that_break_parsers_are_a_400(body: bytes,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG), client() as http:
        for path in ("/api/tables", "/api/games/check"):
            answer = http.post(path, content=body, headers={"content-type": "application/json"})
            assert answer.status_code in (400, 422), answer.text
            assert "\n" not in json.dumps(answer.json()["detail"])
    assert "Traceback" not in caplog.text


def test_a_tampered_tournament_record_is_reported_not_raised(tmp_path: Path) -> None:
    folder = tmp_path / "t" / "records"
    folder.mkdir(parents=True)
    (folder / "0001.json").write_bytes(HOSTILE_RECORDS["nested"])
    (folder / "0002.json").write_bytes(HOSTILE_RECORDS["huge-number"])
    with client(tournaments=tmp_path / "t") as http:
        page = http.get("/api/tournaments/records").json()["records"]
        assert [bool(r.get("error")) for r in page] == [True, True]
        for name in ("0001.json", "0002.json"):
            answer = http.post("/api/tournaments/replay", json={"name": name})
            assert answer.status_code == 400 and name in answer.json()["detail"]


# --- 3. WebSocket origins -------------------------------------------------------------------
@pytest.mark.parametrize(("origin", "accepted"), [
    ("http://127.0.0.1", True),
    ("http://127.0.0.1:80", True),
    ("http://127.0.0.1:9999", False),
    ("https://127.0.0.1", False),
    ("http://localhost", False),
    ("http://127.0.0.1.evil.example", False),
    ("null", False),
])
def test_table_sockets_compare_scheme_host_and_port(origin: str, accepted: bool) -> None:
    from starlette.websockets import WebSocketDisconnect

    with client() as http:
        table = new_table(http, "hearts", ["human", "random", "random", "random"])
        url = f"/ws/tables/{table['token']}"
        if accepted:
            with http.websocket_connect(url, headers={"origin": origin}) as ws:
                assert ws.receive_json()["type"] == "view"
        else:
            with pytest.raises(WebSocketDisconnect) as refused, \
                    http.websocket_connect(url, headers={"origin": origin}) as ws:
                ws.receive_json()
            assert refused.value.code == 4403


def test_origins_are_read_with_their_default_ports() -> None:
    assert parse_origin("HTTP://LocalHost") == ("http", "localhost", 80)
    assert parse_origin("wss://[::1]:8000") == ("https", "::1", 8000)
    assert parse_origin("null") is None and parse_origin("ftp://x") is None
    assert parse_origin("http://127.0.0.1:99999") is None


# --- 4. tournament folders with links out of them -------------------------------------------
def _tournament_with_links(tmp_path: Path) -> Path:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("TOP SECRET")
    (outside / "0009.json").write_bytes(_hearts_record())
    (outside / "records").mkdir()
    root = tmp_path / "shown"
    folder = root / "t1"
    (folder / "records").mkdir(parents=True)
    (folder / "records" / "0001.json").write_bytes(_hearts_record())
    (folder / "summary.json").write_text("{}")
    (folder / "notes.txt").write_text("inside")
    (folder / "passwd.txt").symlink_to("/etc/passwd")
    (folder / "secret.txt").symlink_to(outside / "secret.txt")
    (folder / "also-notes.txt").symlink_to(folder / "notes.txt")  # stays inside: fine
    (folder / "records" / "0009.json").symlink_to(outside / "0009.json")
    os.mkfifo(folder / "pipe.txt")  # reading it would block the server forever
    (root / "elsewhere").symlink_to(outside, target_is_directory=True)
    return root


def test_links_out_of_the_tournament_directory_are_never_served(tmp_path: Path) -> None:
    root = _tournament_with_links(tmp_path)
    with client(tournaments=root) as http:
        assert [t["name"] for t in http.get("/api/tournaments").json()] == ["t1"]
        report = http.get("/api/tournaments/report?t=t1").json()
        assert report["records"] == 1
        for name in ("passwd.txt", "secret.txt", "pipe.txt"):
            answer = http.get(f"/api/tournaments/file?t=t1&name={name}")
            assert answer.status_code == 400 and "TOP SECRET" not in answer.text
            assert "root:" not in answer.text
        assert http.get("/api/tournaments/file?t=t1&name=notes.txt").text == "inside"
        assert http.get("/api/tournaments/file?t=t1&name=also-notes.txt").text == "inside"
        names = [r["name"] for r in http.get("/api/tournaments/records?t=t1").json()["records"]]
        assert names == ["0001.json"]
        refused = http.post("/api/tournaments/replay", json={"t": "t1", "name": "0009.json"})
        assert refused.status_code == 400
        assert http.get("/api/tournaments/report?t=elsewhere").status_code == 400


def test_a_tournament_directory_given_through_a_link_is_still_shown(tmp_path: Path) -> None:
    root = _tournament_with_links(tmp_path)
    (tmp_path / "via-link").symlink_to(root / "t1", target_is_directory=True)
    with client(tournaments=tmp_path / "via-link") as http:
        assert http.get("/api/tournaments/report").json()["records"] == 1


# --- 5. table places ----------------------------------------------------------------------
@pytest.mark.parametrize("ending", ["finished", "left"])
def test_a_game_that_ends_frees_its_place_at_once(ending: str) -> None:
    with client(max_tables=1) as http:
        table = new_table(http, "hearts", ["human", "heuristic", "random", "heuristic"],
                          params={"end_score": 1}, seed=9)
        with http.websocket_connect(f"/ws/tables/{table['token']}") as ws:
            message = read_until(ws, my_turn)
            if ending == "left":
                ws.send_json({"type": "resign"})
            for _ in range(200):
                if message["view"]["result"] is not None:
                    break
                if ending == "finished":
                    ws.send_json({"type": "act", "action": first_move(message["view"])})
                message = read_until(ws, my_turn)
            assert message["view"]["result"] is not None
        again = http.post("/api/tables", json={"game": "hearts",
                                               "seats": ["human", "random", "random", "random"]})
        assert again.status_code == 200, again.text
        # the ended table still answers for its record
        assert http.get(f"/api/tables/{table['token']}/record").status_code == 200


def test_only_so_many_finished_tables_are_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    with client(max_tables=3, max_finished=1) as http:
        tokens = [new_table(http, "hearts", ["human", "random", "random", "random"])["token"]
                  for _ in range(3)]
        tables = http.app.state.tables  # type: ignore[attr-defined]
        now = time.monotonic()  # touched times are on the monotonic clock, whose zero is arbitrary
        for index, token in enumerate(tokens):
            table = tables.find(token).table
            table.finished = True
            table.touched = now - 10.0 + index
        tables.sweep()
        assert [tables.find(t) is not None for t in tokens] == [False, False, True]


# --- 6. seat tokens stay out of the log -----------------------------------------------------
def test_tokens_in_logged_paths_are_redacted() -> None:
    token = "Zx81-secret_token"
    access = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1,
                               '%s - "%s %s HTTP/%s" %d',
                               ("127.0.0.1:5000", "GET", f"/api/tables/{token}/record", "1.1",
                                409), None)
    socket = logging.LogRecord("uvicorn.error", logging.INFO, __file__, 1,
                               '%s - "WebSocket %s" [accepted]',
                               (("127.0.0.1", 5000), f"/ws/tables/{token}"), None)
    for record in (access, socket):
        assert RedactTokens().filter(record)
        assert token not in record.getMessage() and "/tables/…" in record.getMessage()
    assert redact(f"GET /ws/tables/{token}?x=1") == "GET /ws/tables/…?x=1"
    assert redact("/api/tables") == "/api/tables"


def test_the_server_log_never_shows_a_seat_token() -> None:
    from websockets.sync.client import connect
    from websockets.typing import Origin

    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = subprocess.Popen([sys.executable, "-m", "parlour", "serve", "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert server.stdout is not None
    lines: list[str] = []
    for line in server.stdout:  # until uvicorn says it listens (however long that takes)
        lines.append(line)
        if "Uvicorn running on" in line:
            break
    else:
        pytest.fail("parlour serve did not start:\n" + "".join(lines))
    try:
        body = json.dumps({"game": "hearts", "seats": ["human", "human", "random", "random"],
                           "pace": 0}).encode()
        request = urllib.request.Request(f"{url}/api/tables", data=body, headers={
            "content-type": "application/json", "origin": url})
        answer = json.load(urllib.request.urlopen(request, timeout=300))
        claim = urllib.request.Request(f"{url}/api/invites", data=json.dumps(
            {"invite": answer["table"]["invites"]["1"]}).encode(), headers={
            "content-type": "application/json", "origin": url})
        tokens = [answer["token"], json.load(urllib.request.urlopen(claim, timeout=300))["token"]]
        with pytest.raises(urllib.error.HTTPError):  # 409: the game is not over
            urllib.request.urlopen(f"{url}/api/tables/{tokens[0]}/record", timeout=300)
        for token in tokens:
            with connect(f"ws://127.0.0.1:{port}/ws/tables/{token}",
                         origin=Origin(url)) as ws:
                assert json.loads(ws.recv(timeout=300))["type"] == "view"
    finally:
        server.terminate()
        rest, _ = server.communicate()
    text = "".join(lines) + rest
    assert "/api/tables/…/record" in text and "/ws/tables/…" in text, text
    for token in tokens:
        assert token not in text


def test_huge_or_bombed_tournament_files_are_read_within_the_limits(tmp_path: Path) -> None:
    folder = tmp_path / "t"
    (folder / "records").mkdir(parents=True)
    (folder / "records" / "0001.json.gz").write_bytes(gzip.compress(b" " * 3_000_000, 9))
    (folder / "records" / "0002.json").write_bytes(b" " * 1_500_000)
    (folder / "summary.json").write_text(json.dumps({"ranking": []}) + " " * 1_500_000)
    (folder / "summary.txt").write_text("x" * 1_000_000)
    (folder / "errors.log").write_text("".join(f"fault {i}\n" for i in range(100_000)) + "last")
    with client(tournaments=folder, max_record_bytes=1_000_000) as http:
        report = http.get("/api/tournaments/report").json()
        assert len(report["texts"]["summary.txt"]) <= 200_000
        assert "larger than 1,000,000 bytes" in report["summary"]["error"]
        assert report["errors"]["count"] == 100_001
        assert report["errors"]["tail"][-2:] == ["fault 99999", "last"]
        page = http.get("/api/tournaments/records").json()
        assert page["total"] == 2
        assert "decompresses to more than" in page["records"][0]["error"]
        assert "the limit is 1,000,000" in page["records"][1]["error"]
        bomb = http.post("/api/tournaments/replay", json={"name": "0001.json.gz"})
        assert bomb.status_code == 413
