"""Huge parameters and unbalanced quotes on the web (issue 23, part 5).

Before the fix `territory:rounds=99999999999999999999` (as a table, a check or a record) and
an ``exec:"abc`` seat were a 500 with a traceback in the log.
"""

from __future__ import annotations

import json
import logging

import pytest

import parlour
from parlour.match import Match
from tests.web.helpers import client, upload

HUGE = 99999999999999999999


def test_a_huge_parameter_is_a_400_everywhere(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    with client() as http:
        checked = http.post("/api/games/check", json={"game": "territory",
                                                      "params": {"rounds": str(HUGE)}})
        table = http.post("/api/tables", json={"game": "territory", "seats": ["human"],
                                               "params": {"rounds": str(HUGE)}})
        record = Match(parlour.load_game("territory", size=5, rounds=2), ["zombie"],
                       seed=1).run()
        data = json.loads(record.to_json())
        data["params"]["rounds"] = HUGE
        replay = upload(http, json.dumps(data).encode())
    for answer in (checked, table, replay):
        assert answer.status_code == 400, answer.text
        assert "must be at most 10000" in answer.json()["detail"]
    assert "Traceback" not in caplog.text and "OverflowError" not in caplog.text


def test_an_unbalanced_quote_in_a_seat_is_a_400(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    with client(allow_local_bots=True) as http:
        answer = http.post("/api/tables", json={"game": "hearts", "seats": [
            "human", 'exec:"abc', "random", "random"]})
    assert answer.status_code == 400, answer.text
    assert "cannot read its command line (no closing quotation)" in answer.json()["detail"]
    assert "Traceback" not in caplog.text
