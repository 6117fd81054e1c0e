"""A table socket that sends garbage (issue 23, part 5).

Before the fix every garbage frame was logged on the event loop (3,000 of them stalled
``/api/health`` for 25 s) and the socket stayed open however many it sent. Now the log gets
the first of a burst and a count, and a socket that keeps sending garbage is closed.
"""

from __future__ import annotations

import logging
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from parlour.web.garbage import CLOSE_CODE, BadMessages
from tests.web.helpers import client, new_table, read_until


def send_garbage(ws: Any, frames: int) -> tuple[int, int | None]:
    """Send garbage text and bytes frames until the server closes the socket: how many were
    sent, and the close code (None if it stayed open)."""
    for sent in range(1, frames + 1):
        if sent % 2:
            ws.send_text("{not json" * 50)
        else:
            ws.send_bytes(b"\x00\xff" * 100)
        try:
            ws.receive_json()
        except WebSocketDisconnect as closed:
            return sent, closed.code
    return frames, None


def test_a_socket_that_keeps_sending_garbage_is_closed_and_barely_logged(
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="parlour.web")
    with client() as http:
        table = new_table(http, "hearts", ["human", "random", "random", "random"])
        with http.websocket_connect(f"/ws/tables/{table['token']}") as ws:
            read_until(ws, lambda m: m["type"] == "view")
            sent, code = send_garbage(ws, 3000)
        assert code == CLOSE_CODE
        assert sent <= 20, f"closed only after {sent} garbage frames"
        assert http.get("/api/health").json() == {"ok": True}
    lines = [r.getMessage() for r in caplog.records if "bad message" in r.getMessage()]
    assert 1 <= len(lines) <= 2, lines
    assert "closing the socket after 20 bad messages" in lines[-1]


def test_one_bad_message_is_logged_and_answered_and_the_table_goes_on(
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="parlour.web")
    with client() as http:
        table = new_table(http, "hearts", ["human", "random", "random", "random"])
        with http.websocket_connect(f"/ws/tables/{table['token']}") as ws:
            read_until(ws, lambda m: m["type"] == "view")
            ws.send_text('{"type": "dance"}')
            assert "bad message" in ws.receive_json()["message"]
            ws.send_json({"type": "sync"})
            assert read_until(ws, lambda m: m["type"] == "view")["reset"]
    assert any("bad message" in r.getMessage() for r in caplog.records)


def test_bad_messages_are_logged_once_per_interval_with_a_count() -> None:
    now = [0.0]
    bad = BadMessages(limit=100, window=10.0, log_every=5.0, clock=lambda: now[0])
    assert bad.count() == ("", False)
    for _ in range(30):
        now[0] += 0.1
        assert bad.count() == (None, False)
    now[0] = 6.0
    assert bad.count() == (" (30 more left out of the log)", False)
    now[0] = 100.0  # a quiet while: the window forgets
    assert bad.count() == ("", False)
    assert len(bad.recent) == 1
