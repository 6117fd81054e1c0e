"""A ladder game watched while it is played: the worker's live file, the server following it,
and what a spectator may see (no hand, no card passed in secret) in the JSON it is sent."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from parlour.arena import live as live_writer
from parlour.arena.live import read_live, watch_marker
from parlour.arena.worker import GameTask, play_game
from parlour.core import ParlourError, load_game
from parlour.ladder import Ladder
from parlour.match import FaultRules
from parlour.records import load
from parlour.web import live as live_module
from parlour.web.live import LiveGames
from tests.web.helpers import client

from .conftest import BOTS

PASSING = "hearts:end_score=1,passing=left"
"""One deal of Hearts with a pass: thirteen cards each, three of them passed in secret."""
CARD = re.compile(r"(?:10|[2-9TJQKA])[♠♥♦♣]")
SEATS = ("heuristic", "random", "heuristic", "random")


def played_game(tmp_path: Path, spec: str = PASSING, seed: int = 7) -> tuple[Path, Any]:
    """A finished game's live file and record, played by the worker as the ladder plays."""
    live = tmp_path / "game.live.jsonl"
    record = tmp_path / "game.json.gz"
    Path(watch_marker(str(live))).touch()  # someone watches from the start
    play_game(GameTask(0, spec, SEATS, seed, FaultRules(), str(record), str(live)))
    return live, load(str(record))


def public_cards(state: Any) -> set[str]:
    """The cards everyone has seen at `state`: those played to a trick."""
    seen = state.observe(0)
    cards = [c for _, trick in getattr(seen, "tricks", ()) for c in trick]
    cards += list(getattr(seen, "trick", ()))
    view = live_module.view_for(state.game, list(SEATS))
    return {view.cards(1 << c)[0] for c in cards}


def test_the_worker_writes_each_move_as_it_is_made(tmp_path: Path) -> None:
    live, record = played_game(tmp_path)
    part = read_live(str(live), 0, 1 << 20)
    assert part.head == {"game": load_game(PASSING).spec, "seed": 7, "seats": list(SEATS),
                         "setup": record.setup}
    assert [(seat, action) for seat, action, _ in part.moves] == \
        [(m.player, m.action) for m in record.moves]
    assert part.offset == live.stat().st_size


def test_a_game_nobody_watches_writes_no_file(tmp_path: Path) -> None:
    live = tmp_path / "game.live.jsonl"
    play_game(GameTask(0, PASSING, SEATS, 7, FaultRules(), str(tmp_path / "g.json.gz"),
                       str(live)))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json.gz"]


def test_a_watcher_arriving_mid_game_gets_every_move_from_the_start(tmp_path: Path,
                                                                     monkeypatch: Any) -> None:
    live = tmp_path / "game.live.jsonl"
    monkeypatch.setattr(live_writer, "CHECK_SECONDS", 0.0)
    steps = 0
    real_step = live_writer.Match.step

    def step(self: Any) -> Any:  # the marker appears after the tenth decision
        nonlocal steps
        steps += 1
        if steps == 10:
            Path(watch_marker(str(live))).touch()
        return real_step(self)

    monkeypatch.setattr(live_writer.Match, "step", step)
    play_game(GameTask(0, PASSING, SEATS, 7, FaultRules(), str(tmp_path / "g.json.gz"),
                       str(live)))
    record = load(str(tmp_path / "g.json.gz"))
    assert [(s, a) for s, a, _ in read_live(str(live), 0, 1 << 20).moves] == \
        [(m.player, m.action) for m in record.moves]


def test_a_half_written_line_waits_for_its_end(tmp_path: Path) -> None:
    live, _ = played_game(tmp_path)
    lines = live.read_bytes().splitlines(keepends=True)
    live.write_bytes(b"".join(lines[:3]) + lines[3][:5])
    part = read_live(str(live), 0, 1 << 20)
    assert len(part.moves) == 2
    with live.open("ab") as file:
        file.write(lines[3][5:])
    assert len(read_live(str(live), part.offset, 1 << 20).moves) == 1


def test_a_damaged_or_oversized_live_file_is_one_line(tmp_path: Path) -> None:
    live, _ = played_game(tmp_path)
    with pytest.raises(ParlourError, match="over 100 bytes"):
        read_live(str(live), 0, 100)
    live.write_text('{"game": "hearts"}\n[0, "2♣"\n')
    with pytest.raises(ParlourError, match="is damaged"):
        read_live(str(live), 0, 1 << 20)
    with pytest.raises(ParlourError, match="not being played now"):
        read_live(str(tmp_path / "none.live.jsonl"), 0, 1 << 20)


def follow_move_by_move(tmp_path: Path, spec: str) -> tuple[list[dict[str, Any]], Any]:
    """Feed a played game's live file to a follower one move at a time, as a worker would;
    every step a page could receive, and the game's record."""
    live, record = played_game(tmp_path, spec)
    lines = live.read_bytes().splitlines(keepends=True)
    growing = tmp_path / "growing.live.jsonl"
    growing.write_bytes(lines[0])
    follower = LiveGames(1 << 20, 10_000)
    steps, total = follower.read(str(growing), ["a", "b", "c", "d"])
    for line in lines[1:]:
        with growing.open("ab") as file:
            file.write(line)
        new, now = follower.read(str(growing), ["a", "b", "c", "d"], total)
        assert now == total + 1 and len(new) == 1  # only what is new is sent
        steps += new
        total = now
    assert total == len(record.moves) + 1
    return steps, record


def test_a_spectator_sees_no_card_before_it_is_played(tmp_path: Path) -> None:
    steps, record = follow_move_by_move(tmp_path, PASSING)
    game = record.load_game()
    state = game.new_state(seed=record.seed, **record.setup)
    for index, step in enumerate(steps):
        if index:
            move = record.moves[index - 1]
            state.apply(game.parse_action(move.action, state))
        view = {k: v for k, v in step["view"].items() if k not in ("hints", "entry_hint")}
        text = json.dumps({**step, "view": view}, ensure_ascii=False)  # less the help texts
        shown = set(CARD.findall(text))
        assert shown <= public_cards(state), (index, shown - public_cards(state))
        assert all(seat["hand"] is None for seat in step["view"]["seats"])
        assert step["view"]["hand"] is None and step["view"]["you"] is None
    passes = [s for s in steps[1:] if s["view"]["headline"].endswith("passing left")]
    assert len(passes) >= 11  # the passes were followed (the last one ends the phase)...
    assert all(s["move"]["action"] is None for s in passes)  # ...and none of them shown
    assert sum(s["move"]["action"] is None for s in steps[1:]) >= 12
    assert steps[-1]["view"]["over"]
    assert [s["move"]["action"] for s in steps[-13:]] == [m.action for m in record.moves[-13:]]


def test_many_watchers_share_a_bounded_number_of_followers(tmp_path: Path,
                                                           monkeypatch: Any) -> None:
    monkeypatch.setattr(live_module, "MAX_FOLLOWED", 2)
    live, _ = played_game(tmp_path)
    follower = LiveGames(1 << 20, 10_000)
    copies = []
    for number in range(4):
        copy = tmp_path / f"{number}.live.jsonl"
        copy.write_bytes(live.read_bytes())
        copies.append(str(copy))
    for _ in range(50):  # fifty pages, each asking for every game
        for path in copies:
            follower.read(path, [], 0)
    assert len(follower._followed) == 2
    assert list(follower._followed) == copies[-2:]


def test_a_game_without_a_spectator_view_is_refused_with_a_reason(tmp_path: Path) -> None:
    live, _ = played_game(tmp_path, "skull")
    with pytest.raises(ParlourError, match="no spectator view"):
        LiveGames(1 << 20, 10_000).read(str(live), [])


def test_the_api_follows_a_league_game_live_and_then_points_to_its_replay(
        tmp_path: Path, settings: Any) -> None:
    folder = tmp_path / "league"
    ladder = Ladder(folder, settings)
    author = ladder.make_token("alice")
    ladder.close()
    with client(ladder=folder, ladder_backend="inprocess") as http:
        assert "/api/ladder/live/{match}/{seating}" in http.get("/openapi.json").json()["paths"]
        sent = http.post("/api/ladder/bots", content=BOTS.read_bytes(),
                         params={"game": "hearts", "name": "slowpoke", "filename": "bot.py",
                                 "command": "python3 bot.py slow"},
                         headers={"authorization": f"Bearer {author}",
                                  "content-type": "application/octet-stream"})
        assert sent.status_code == 201, sent.text
        deadline = time.monotonic() + 120
        games: list[dict[str, Any]] = []
        while not games and time.monotonic() < deadline:
            games = http.get("/api/ladder/live", params={"game": "hearts"}).json()
            time.sleep(0.05)
        assert games, "no game was ever being played"
        watched = games[0]
        assert "slowpoke v1" in watched["seats"]
        mine = http.get("/api/ladder/live", params={"version": sent.json()["id"]}).json()
        assert watched in mine  # the bot's page lists it too
        wrong = http.get("/api/ladder/live", params={"game": "chess"})
        assert wrong.status_code == 400 and "not 'chess'" in wrong.json()["detail"]
        url = f"/api/ladder/live/{watched['match']}/{watched['seating']}"
        seen: list[int] = []
        texts = []
        while time.monotonic() < deadline:
            answer = http.get(url, params={"since": 0})
            assert answer.status_code in (200, 409), answer.text
            if answer.status_code == 409:  # between "listed" and "first move written"
                continue
            body = answer.json()
            if body["state"] == "finished":
                break
            seen.append(body["total"])
            texts.append(answer.text)
            assert body["seats"] == watched["seats"]
            time.sleep(0.05)
        else:
            raise AssertionError("the game never finished")
        assert len(set(seen)) >= 3  # the page saw the game move, one move at a time
        assert all("ladder:" not in text and str(folder) not in text for text in texts)
        assert all('"hand":[' not in text for text in texts)  # nobody's hand, ever
        replay = http.post(f"{url.replace('/live/', '/games/')}/replay", json={})
        assert replay.status_code == 200 and replay.json()["complete"]
        assert "slowpoke v1" in replay.json()["seats"]  # named, not the server's folder
        record = http.get(f"{url.replace('/live/', '/games/')}/record").text
        assert "ladder:" not in record and str(folder) not in record
        stored = f"{watched['match']:06d}-{watched['seating']}.live.jsonl"
        assert not list((folder / "records").glob(f"*/{stored}"))  # removed once stored
        missing = http.get("/api/ladder/live/9999/0")
        assert missing.status_code == 404 and "no match 9999" in missing.json()["detail"]
