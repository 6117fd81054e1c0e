"""The web table's server: pages, the game catalog, tables over WebSocket, safety."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

import parlour
from parlour.cards import CARDS_52, format_card, iter_cards
from parlour.match import Match
from parlour.records import Record
from tests.web.helpers import client, first_move, my_turn, new_table, read_until, upload


# --- the page --------------------------------------------------------------------------------
def test_page_and_static_files_come_from_the_package() -> None:
    with client() as http:
        page = http.get("/")
        assert page.status_code == 200
        assert '<script type="module" src="/static/js/main.js">' in page.text
        assert "https://" not in page.text  # no CDN
        for path in ("/static/js/main.js", "/static/js/cards.js", "/static/css/parlour.css",
                     "/static/favicon.svg"):
            assert http.get(path).status_code == 200, path
        assert "script-src 'self'" in page.headers["content-security-policy"]
        assert page.headers["x-frame-options"] == "DENY"


def test_requests_naming_another_host_are_refused() -> None:
    with client() as http:
        assert http.get("/api/health").json() == {"ok": True}
        refused = http.get("/api/health", headers={"host": "attacker.example:8000"})
        assert refused.status_code == 400


def test_the_catalog_lists_every_game_with_its_parameters_and_agents() -> None:
    with client() as http:
        games = {g["id"]: g for g in http.get("/api/games").json()}
    assert {"hearts", "skat", "skat.ramsch", "spades", "skull", "territory"} <= set(games)
    hearts = games["hearts"]
    assert hearts["players"] == 4
    assert hearts["parameters"][0]["name"] == "end_score"
    specs = [a["spec"] for a in hearts["agents"]]
    assert specs[0] == "heuristic" and "random" in specs
    assert "human" not in specs  # the console agent never sits at a web table


def test_a_bad_parameter_gets_a_readable_error() -> None:
    with client() as http:
        answer = http.post("/api/games/check", json={"game": "hearts",
                                                     "params": {"end_scor": 50}})
        assert answer.status_code == 400
        assert "end_score" in answer.json()["detail"]  # did you mean
        ok = http.post("/api/games/check", json={"game": "skat", "params": {"players": 4}})
        assert ok.json()["players"] == 4


# --- which bots may sit ---------------------------------------------------------------------
@pytest.mark.parametrize("spec", ["exec:/bin/sh -c 'touch /tmp/pwned'", "file:bots/mine.py",
                                  "heartless:./script.py"])
def test_local_bots_are_refused_unless_allowed_at_start_up(spec: str) -> None:
    with client() as http:
        answer = http.post("/api/tables", json={"game": "hearts", "seat": 0,
                                                "seats": ["human", spec, "random", "random"]})
    assert answer.status_code == 400
    assert "--allow-local-bots" in answer.json()["detail"]


def test_local_bots_sit_when_allowed(tmp_path: Path) -> None:
    bot = tmp_path / "first.py"
    bot.write_text("def act(observation):\n    return observation.legal_actions[0]\n")
    with client(allow_local_bots=True) as http:
        table = new_table(http, "hearts", ["human", f"file:{bot}", "random", "random"])
        assert table["table"]["seats"][1].startswith("file:")


def test_unknown_agents_and_wrong_seat_counts_are_refused() -> None:
    with client() as http:
        for body, words in (
            ({"game": "hearts", "seats": ["human", "genius", "random", "random"]}, "genius"),
            ({"game": "hearts", "seats": ["human", "random"]}, "4 players"),
            ({"game": "hearts", "seats": ["human"] * 4, "seat": 7}, "seat 7"),
            ({"game": "nonsense", "seats": ["human"]}, "nonsense"),
            ({"game": "hearts", "seats": ["human"] * 4, "pace": 99}, "pace"),
            ({"game": "hearts", "seats": ["human"] * 4, "extra": 1}, "extra"),
        ):
            answer = http.post("/api/tables", json=body)
            assert answer.status_code in (400, 422), body
            assert words in answer.json()["detail"], (body, answer.json())


# --- playing over the WebSocket ----------------------------------------------------------------
def test_bad_messages_get_an_error_and_the_table_goes_on() -> None:
    with client() as http:
        table = new_table(http, "hearts", ["human", "heuristic", "heuristic", "heuristic"],
                          seed=5)
        with http.websocket_connect(f"/ws/tables/{table['token']}") as ws:
            first = read_until(ws, my_turn)
            view = first["view"]
            for bad, words in (
                ("not json at all", "bad message"),
                ('{"type": "explode"}', "bad message"),
                ('{"type": "act"}', "action"),
                ('{"type": "act", "action": "Q♠", "sneaky": 1}', "sneaky"),
                ('{"type": "pace", "seconds": -1}', "seconds"),
                ("x" * 10000, "too long"),
                ('{"type": "act", "action": "zz"}', "zz"),
            ):
                ws.send_text(bad)
                error = read_until(ws, lambda m: m["type"] == "error")
                assert words in error["message"], (bad, error)
            ws.send_bytes(b"\x00\x01")
            assert "JSON text" in read_until(ws, lambda m: m["type"] == "error")["message"]
            held = {e["card"] for e in view["hand"]}
            missing = next(format_card(c) for c in CARDS_52
                           if format_card(c) not in held)
            ws.send_json({"type": "act", "action": f"pass {missing}"})
            error = read_until(ws, lambda m: m["type"] == "error")
            assert "not legal" in error["message"] or "hold" in error["message"]
            ws.send_json({"type": "act", "action": first_move(view)})
            after = read_until(ws, lambda m: m["type"] == "view")
            assert len(after["view"]["hand"]) == 12  # the pass went through


def test_a_whole_game_over_the_websocket_then_its_record(tmp_path: Path) -> None:
    with client() as http:
        table = new_table(http, "hearts", ["human", "heuristic", "random", "heuristic"],
                          params={"end_score": 1}, seed=9)
        token = table["token"]
        early = http.get(f"/api/tables/{token}/record")
        assert early.status_code == 409  # the seed would show every hand
        with http.websocket_connect(f"/ws/tables/{token}") as ws:
            for _ in range(200):
                message = read_until(ws, my_turn)
                if message["view"]["result"] is not None:
                    break
                ws.send_json({"type": "act", "action": first_move(message["view"])})
            result = message["view"]["result"]
            assert result["complete"] and result["headline"]
            assert message["table"]["finished"] and message["table"]["seed"] == 9
        record = Record.from_json(http.get(f"/api/tables/{token}/record").text)
    assert record.seats[0] == "human" and record.seed == 9
    assert record.verify().is_terminal


def test_one_tab_cannot_see_another_seats_cards() -> None:
    with client() as http:
        table = new_table(http, "hearts", ["human", "human", "random", "random"])
        mine = table["token"]
        invite = table["table"]["invites"]["1"]
        other = http.post("/api/invites", json={"invite": invite}).json()["token"]
        assert len({mine, invite, other}) == 3 and len(mine) >= 32
        state = http.app.state.tables.find(mine).table.match.state  # type: ignore[attr-defined]
        hands = [[format_card(c) for c in iter_cards(h)] for h in state.hands]
        seen: list[dict[str, Any]] = []
        with http.websocket_connect(f"/ws/tables/{mine}") as ws:
            message = read_until(ws, my_turn, seen)
            shown = [e["card"] for e in message["view"]["hand"]]
            assert sorted(shown) == sorted(hands[0])
            # seat 0 passes its three cards; then it waits on seat 1, a person
            for _ in range(3):
                ws.send_json({"type": "act", "action": first_move(message["view"])})
                message = read_until(ws, lambda m: m["type"] == "view", seen)
            ws.send_json({"type": "act", "action": "pass " + hands[1][0]})
            error = read_until(ws, lambda m: m["type"] == "error", seen)
            assert "not your turn" in error["message"]
        for message in seen:
            assert "seed" not in message.get("table", {})  # the seed would show every hand
            assert not message.get("table", {}).get("invites")  # claimed: gone
            assert other not in json.dumps(message) and invite not in json.dumps(message)
            assert not any(card in json.dumps(message.get("view", {}).get("seats", []),
                                              ensure_ascii=False) for card in hands[1])
            view = message.get("view")
            if not view:
                continue
            assert view["seats"][1]["hand"] is None
            for line in message["log"]:
                assert "seat 1 (left) is dealt" not in line["text"]
        # the other tab sees its own hand and no one else's
        with http.websocket_connect(f"/ws/tables/{other}") as ws:
            message = read_until(ws, lambda m: m["type"] == "view")
            assert sorted(e["card"] for e in message["view"]["hand"]) == sorted(hands[1])
            assert message["view"]["seats"][0]["hand"] is None
            assert "invites" not in message["table"]
        with http.websocket_connect("/ws/tables/not-a-token") as ws:
            assert ws.receive_json()["type"] == "gone"
        assert http.get("/api/tables/not-a-token/record").status_code == 404


def test_typed_moves_are_read_like_the_console_reads_them() -> None:
    with client() as http:
        table = new_table(http, "hearts", ["human", "random", "random", "random"], seed=3)
        with http.websocket_connect(f"/ws/tables/{table['token']}") as ws:
            view = read_until(ws, my_turn)["view"]
            three = [e["card"] for e in view["hand"]][:3]
            ws.send_json({"type": "act", "action": " ".join(three).lower()})
            message = read_until(ws, lambda m: m["type"] == "view" and m["view"]["hand"]
                                 is not None and len(m["view"]["hand"]) == 10)
            passed = message["view"]["extra"][0]["cards"]
            assert sorted(passed) == sorted(three)


def test_the_pace_and_leaving_the_game() -> None:
    with client() as http:
        table = new_table(http, "spades", ["human", "heuristic", "heuristic", "heuristic"],
                          pace=0.3, seed=4)
        with http.websocket_connect(f"/ws/tables/{table['token']}") as ws:
            read_until(ws, my_turn)
            ws.send_json({"type": "pace", "seconds": 0})
            status = read_until(ws, lambda m: m["type"] == "status")
            assert status["table"]["pace"] == 0
            ws.send_json({"type": "resign"})
            over = read_until(ws, lambda m: m["type"] == "view" and m["view"]["result"])
            assert over["view"]["result"]["headline"] == "Game abandoned"
        record = Record.from_json(http.get(f"/api/tables/{table['token']}/record").text)
        assert not record.result.complete


@pytest.mark.parametrize(("game", "params", "seats"), [
    ("skat", {"deals": 1}, 3),
    ("skat.ramsch", {"deals": 1}, 3),
    ("spades", {"target": 100, "mercy": True, "mercy_score": -50}, 4),
    ("skull", {"players": 3}, 3),
    ("territory", {"players": 2, "size": 5, "rounds": 3}, 2),
])
def test_every_game_plays_to_the_end_from_the_page(game: str, params: dict[str, Any],
                                                   seats: int) -> None:
    with client() as http:
        table = new_table(http, game, ["human"] + ["heuristic"] * (seats - 1), params=params,
                          seed=2)
        with http.websocket_connect(f"/ws/tables/{table['token']}") as ws:
            for _ in range(3000):
                message = read_until(ws, lambda m: my_turn(m) or m["type"] == "error")
                assert message["type"] == "view", message
                if message["view"]["result"] is not None:
                    break
                ws.send_json({"type": "act", "action": first_move(message["view"])})
            assert message["view"]["result"]["complete"]


def test_territory_turns_are_typed_or_built_on_the_board() -> None:
    with client() as http:
        table = new_table(http, "territory", ["human", "zombie"], seed=1,
                          params={"players": 2, "size": 6, "rounds": 2})
        with http.websocket_connect(f"/ws/tables/{table['token']}") as ws:
            view = read_until(ws, my_turn)["view"]
            board = view["board"]
            row, col = next((r, c) for r in range(6) for c in range(6)
                            if board["owners"][r][c] == 0)
            other = next((r, c) for r in range(6) for c in range(6)
                         if board["owners"][r][c] != 0)
            ws.send_json({"type": "act", "action": f"{other[0]},{other[1]} n 1"})
            refused = read_until(ws, lambda m: m["type"] == "error")
            assert "would be forfeited" in refused["message"]
            ws.send_json({"type": "act", "action": f"{row},{col} n 99"})
            assert "forfeited" in read_until(ws, lambda m: m["type"] == "error")["message"]
            ws.send_json({"type": "act", "action": f"{row},{col} n 1; {row},{col} e 1"})
            after = read_until(ws, my_turn)
            assert any("seat 0 (you) moves" in line["text"] for line in after["log"]) or \
                after["view"]["board"]["numbers"] != board["numbers"]


# --- replays -------------------------------------------------------------------------------
def _record(game: str = "hearts", **params: Any) -> Record:
    chosen = parlour.load_game(game, **params)
    return Match(chosen, ["heuristic"] * chosen.num_players, seed=17).run()


def test_a_replay_shows_every_hand_at_every_step() -> None:
    record = _record("hearts", end_score=20)
    with client() as http:
        meta = upload(http, gzip.compress(record.to_json().encode()), "game.json.gz").json()
        assert meta["moves"] == len(record.moves) and meta["steps"] == len(record.moves) + 1
        data = http.get(f"/api/replays/{meta['id']}").json()
    steps = data["steps"]
    assert len(steps) == len(record.moves) + 1
    assert steps[0]["move"] is None and steps[1]["move"]["action"] == record.moves[0].action
    for step in steps[:-1]:
        view = step["view"]
        assert view["you"] is None
        held = sum(len(s["hand"]) for s in view["seats"])
        aside = sum(len(s["aside"]["cards"]) for s in view["seats"] if s["aside"])
        done = 4 * view["last_trick"]["number"] if view["last_trick"] else 0
        assert held + aside + len(view["trick"]["cards"]) + done == 52  # every card shows
    assert steps[-1]["view"]["result"]["complete"]
    assert 0 in meta["deals"] and len(meta["deals"]) >= 2


def test_damaged_or_false_records_are_refused_with_the_reason() -> None:
    record = _record("skat", deals=1)
    forged = json.loads(record.to_json())
    forged["result"]["scores"] = [999, 0, 0]
    broken = json.loads(record.to_json())
    broken["moves"][0][1] = "bid 999"
    with client() as http:
        for body, words in ((b"not json", "not valid JSON"),
                            (b"\x1f\x8b garbage", "damaged"),
                            (json.dumps(forged).encode(), "does not verify"),
                            (json.dumps(broken).encode(), "record move 1")):
            answer = upload(http, body)
            assert answer.status_code == 400
            assert words in answer.json()["detail"], answer.json()
        assert http.get("/api/replays/nope").status_code == 404


@pytest.mark.parametrize("game", ["spades", "skull", "territory", "skat.ramsch"])
def test_replays_of_every_game(game: str) -> None:
    params: dict[str, Any] = {"spades": {"target": 150}, "skull": {}, "skat.ramsch": {},
                              "territory": {"players": 2, "size": 6, "rounds": 4}}[game]
    record = _record(game, **params)
    with client() as http:
        meta = upload(http, record.to_json().encode()).json()
        steps = http.get(f"/api/replays/{meta['id']}").json()["steps"]
    assert len(steps) == len(record.moves) + 1
    if game == "skull":
        assert any(d["disc"] for st in steps for s in st["view"]["skull"]["stacks"]
                   for d in s["discs"])
    if game == "territory":
        assert steps[0]["view"]["board"]["size"] == 6


# --- tournaments --------------------------------------------------------------------------
def _tournament(folder: Path) -> None:
    (folder / "records").mkdir(parents=True)
    for index in range(3):
        record = Match(parlour.load_game("hearts", end_score=10), ["random"] * 4,
                       seed=index).run()
        record.save(folder / "records" / f"{index + 1:04d}.json.gz")
    (folder / "summary.json").write_text(json.dumps({"format": "something.else",
                                                     "ranking": [{"agent": "random"}]}))
    (folder / "errors.log").write_text("game 0001 seat 1: fault\n")
    (folder / "plot.png").write_bytes(b"\x89PNG\r\n\x1a\n")


def test_a_tournament_directory_is_read_and_its_games_open_as_replays(tmp_path: Path) -> None:
    _tournament(tmp_path / "t1")
    with client(tournaments=tmp_path / "t1") as http:
        report = http.get("/api/tournaments/report").json()
        assert report["records"] == 3 and report["plots"] == ["plot.png"]
        assert report["summary"]["ranking"][0]["agent"] == "random"
        assert report["errors"]["count"] == 1
        assert report["caption"].startswith("return: mean per game")  # no game named
        page = http.get("/api/tournaments/records?offset=1&limit=5").json()
        assert [r["name"] for r in page["records"]] == ["0002.json.gz", "0003.json.gz"]
        meta = http.post("/api/tournaments/replay", json={"name": "0002.json.gz"}).json()
        assert meta["game"] == "hearts" and meta["steps"] > 1
        plot = http.get("/api/tournaments/file?name=plot.png")
        assert plot.status_code == 200 and plot.headers["content-type"] == "image/png"


@pytest.mark.parametrize("name", ["../secret.txt", "/etc/passwd", "records/../../secret.txt",
                                  "summary.json/..", "..", "tournament.sqlite"])
def test_nothing_outside_the_tournament_listing_can_be_read(tmp_path: Path, name: str) -> None:
    _tournament(tmp_path / "t1")
    (tmp_path / "secret.txt").write_text("secret")
    (tmp_path / "t1" / "tournament.sqlite").write_text("db")
    with client(tournaments=tmp_path / "t1") as http:
        assert http.get(f"/api/tournaments/file?name={name}").status_code == 400
        assert http.post("/api/tournaments/replay", json={"name": name}).status_code == 400
        assert http.get(f"/api/tournaments/report?t={name}").status_code == 400


def test_a_folder_of_tournaments_lists_each(tmp_path: Path) -> None:
    _tournament(tmp_path / "a")
    _tournament(tmp_path / "b")
    with client(tournaments=tmp_path) as http:
        names = [t["name"] for t in http.get("/api/tournaments").json()]
        assert names == ["a", "b"]
        assert http.get("/api/tournaments/report?t=b").json()["records"] == 3


def test_the_ranking_caption_is_the_consoles(tmp_path: Path) -> None:
    from parlour.arena.report import ranking_caption

    _tournament(tmp_path / "t1")
    summary = tmp_path / "t1" / "summary.json"
    summary.write_text(json.dumps({"settings": {"game": "hearts"}, "ranking": []}))
    with client(tournaments=tmp_path / "t1") as http:
        caption = http.get("/api/tournaments/report").json()["caption"]
    assert caption == ranking_caption("hearts")
    assert caption.startswith("return (minus") and "1.96 sigma" in caption


def test_without_a_tournament_directory_there_is_nothing_to_read() -> None:
    with client() as http:
        assert http.get("/api/config").json() == {"allow_local_bots": False,
                                                  "tournaments": False, "ladder": False}
        assert http.get("/api/tournaments").json() == []


# --- limits and the command ------------------------------------------------------------------
def test_table_sockets_only_accept_this_servers_own_page() -> None:
    from starlette.websockets import WebSocketDisconnect

    with client() as http:
        table = new_table(http, "hearts", ["human", "random", "random", "random"])
        url = f"/ws/tables/{table['token']}"
        with http.websocket_connect(url, headers={"origin": "http://127.0.0.1"}) as ws:
            assert ws.receive_json()["type"] == "view"
        with pytest.raises(WebSocketDisconnect) as refused, \
                http.websocket_connect(url, headers={"origin": "http://evil.example"}) as ws:
            ws.receive_json()
        assert refused.value.code == 4403


def test_the_number_of_tables_is_limited_and_idle_ones_close() -> None:
    with client(max_tables=1, idle_seconds=0.0) as http:
        new_table(http, "hearts", ["human", "random", "random", "random"])
        tables = http.app.state.tables  # type: ignore[attr-defined]
        first = next(iter(tables.tables.values()))
        tables.sweep()  # nobody connected and idle: closed
        assert first.abandoned
    with client(max_tables=1) as http:
        new_table(http, "hearts", ["human", "random", "random", "random"])
        refused = http.post("/api/tables", json={"game": "hearts", "seats": ["human"] * 4})
        assert refused.status_code == 400
        assert "playing 1 game at once, its limit" in refused.json()["detail"]


def test_the_serve_command_is_listed_with_its_options() -> None:
    from typer.testing import CliRunner

    from parlour.cli import app

    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--allow-local-bots", "--tournaments"):
        assert option in result.output
    missing = CliRunner().invoke(app, ["serve", "--tournaments", "/no/such/dir"])
    assert missing.exit_code == 2 and "not a directory" in missing.output


# --- the API's description -------------------------------------------------------------------
def test_openapi_json_lists_every_route_with_a_summary() -> None:
    from fastapi.routing import APIRoute

    with client() as http:
        described = http.get("/openapi.json")
        assert described.status_code == 200
        spec = described.json()
        routes = {(route.path, method.lower()) for route in http.app.routes  # type: ignore[attr-defined]
                  if isinstance(route, APIRoute) and route.include_in_schema
                  for method in (route.methods or set())}
    listed = {(path, method) for path, item in spec["paths"].items() for method in item}
    assert routes == listed
    assert {"/api/tables", "/api/replays", "/api/games", "/api/tournaments/report",
            "/api/tables/{token}/record"} <= set(spec["paths"])
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            assert operation.get("summary") and operation.get("tags"), (path, method)
    upload = spec["paths"]["/api/replays"]["post"]
    assert {"application/gzip", "application/json"} <= set(upload["requestBody"]["content"])
    assert "413" in upload["responses"]
    table = spec["paths"]["/api/tables"]["post"]["responses"]["200"]["content"]
    assert "NewTableAnswer" in json.dumps(table)
    assert "token" in spec["components"]["schemas"]["NewTableAnswer"]["properties"]


def test_the_api_docs_page_needs_no_internet() -> None:
    with client() as http:
        page = http.get("/docs")
        assert page.status_code == 200 and "https://" not in page.text
        assert "script-src 'self'" in page.headers["content-security-policy"]
        for asset in ("/docs-assets/swagger-ui-bundle.js", "/docs-assets/swagger-ui.css",
                      "/static/js/apidocs.js"):
            assert asset in page.text
            assert http.get(asset).status_code == 200, asset


def test_without_swagger_ui_the_docs_page_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import parlour.web.app

    monkeypatch.setattr(parlour.web.app, "SWAGGER_PACKAGE", "no_such_package_for_parlour")
    with client() as http:
        page = http.get("/docs")
        assert page.status_code == 200
        assert "pip install 'parlour[web]'" in page.text and "/openapi.json" in page.text
        assert http.get("/openapi.json").status_code == 200
