"""A table with more than one person is fair to each of them (issue 23, part 2, the web).

Before the fix the creator of a two-person table could choose the seed (and so compute the
other person's cards), and an invite was the seat's own token, usable by any number of
browsers.
"""

from __future__ import annotations

from typing import Any

import parlour
from parlour.cards import format_card, iter_cards
from tests.web.helpers import client, new_table, read_until

PEOPLE = ["human", "human", "random", "random"]


def other_persons_hand(http: Any, answer: dict[str, Any]) -> list[str]:
    """Seat 1's hand as its own page shows it (claiming its invite)."""
    invite = answer["table"]["invites"]["1"]
    token = http.post("/api/invites", json={"invite": invite}).json()["token"]
    with http.websocket_connect(f"/ws/tables/{token}") as ws:
        view = read_until(ws, lambda m: m["type"] == "view")["view"]
    return sorted(entry["card"] for entry in view["hand"])


def test_the_creator_of_a_two_person_table_cannot_choose_the_seed() -> None:
    chosen = 7
    foreseen = sorted(format_card(c) for c in
                      iter_cards(parlour.load_game("hearts").new_state(seed=chosen).hands[1]))
    with client() as http:
        answer = http.post("/api/tables", json={"game": "hearts", "seats": PEOPLE, "seat": 0,
                                                "pace": 0, "seed": chosen})
        if answer.status_code == 200:  # the attack: the seed foretells the other person's hand
            assert other_persons_hand(http, answer.json()) != foreseen, \
                "the creator computed the other person's hand from the seed they chose"
        assert answer.status_code == 400, answer.text
        assert "takes no seed" in answer.json()["detail"]


def test_the_server_draws_the_seed_and_shows_it_only_with_the_finished_record() -> None:
    with client() as http:
        answer = new_table(http, "hearts", PEOPLE, params={"end_score": 1})
        assert "seed" not in answer["table"]
        person = http.app.state.tables.find(answer["token"])  # type: ignore[attr-defined]
        assert http.get(f"/api/tables/{answer['token']}/record").status_code == 409
        with http.websocket_connect(f"/ws/tables/{answer['token']}") as ws:
            ws.send_json({"type": "resign"})
            done = read_until(ws, lambda m: m["type"] == "view" and m["table"]["finished"])
        assert done["table"]["seed"] == person.table.seed
        record = http.get(f"/api/tables/{answer['token']}/record").json()
        assert record["seed"] == person.table.seed


def test_a_table_with_one_person_may_still_take_a_seed() -> None:
    with client() as http:
        answer = new_table(http, "hearts", ["human", "random", "random", "random"], seed=7)
        table = http.app.state.tables.find(answer["token"]).table  # type: ignore[attr-defined]
        assert table.seed == 7


def test_an_invite_seats_one_browser_only() -> None:
    with client() as http:
        answer = new_table(http, "hearts", PEOPLE)
        invite = answer["table"]["invites"]["1"]
        assert invite != answer["token"]
        first = http.post("/api/invites", json={"invite": invite})
        assert first.status_code == 200 and first.json()["seat"] == 1
        token = first.json()["token"]
        assert token not in (invite, answer["token"])
        # the attack: a second browser opens the same link
        second = http.post("/api/invites", json={"invite": invite})
        assert second.status_code == 410, second.text
        assert "already used" in second.json()["detail"]
        assert token not in second.text
        with http.websocket_connect(f"/ws/tables/{invite}") as ws:  # nor as a seat's token
            assert ws.receive_json()["type"] == "gone"
        # the first browser has the seat; the creator's page no longer offers the invite
        with http.websocket_connect(f"/ws/tables/{token}") as ws:
            assert read_until(ws, lambda m: m["type"] == "view")["table"]["seat"] == 1
        with http.websocket_connect(f"/ws/tables/{answer['token']}") as ws:
            assert not read_until(ws, lambda m: m["type"] == "view")["table"].get("invites")
        unknown = http.post("/api/invites", json={"invite": "not-an-invite"})
        assert unknown.status_code == 404 and "no table has this invite" in unknown.text
