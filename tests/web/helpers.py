"""Shared pieces of the web tests: a test client, and reading a table's messages."""

from __future__ import annotations

import socket
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # starlette would rather have httpx2; httpx works
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
    from starlette.testclient import WebSocketTestSession

from parlour.web.app import create_app
from parlour.web.config import ServerConfig

BASE = "http://127.0.0.1"


class LocalClient(TestClient):
    """A test client whose WebSockets, like its requests, go to 127.0.0.1 (the server
    refuses any other host)."""

    def websocket_connect(self, url: str, *args: Any, **kwargs: Any) -> WebSocketTestSession:
        if url.startswith("/"):
            url = BASE.replace("http", "ws", 1) + url
        return super().websocket_connect(url, *args, **kwargs)


@contextmanager
def client(allow_local_bots: bool = False, tournaments: Path | None = None,
           **settings: Any) -> Iterator[TestClient]:
    """A client of a fresh app; the app's tasks live as long as the `with` block."""
    config = ServerConfig(allow_local_bots=allow_local_bots, tournaments=tournaments, **settings)
    with LocalClient(create_app(config), base_url=BASE) as test_client:
        yield test_client


def new_table(http: TestClient, game: str, seats: list[str], seat: int = 0, pace: float = 0.0,
              **extra: Any) -> dict[str, Any]:
    response = http.post("/api/tables", json={"game": game, "seats": seats, "seat": seat,
                                              "pace": pace, **extra})
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def free_port() -> int:
    """A TCP port nobody listens on now (for a server started by a test)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def running_server(*args: str, log: Path | None = None) -> Iterator[str]:
    """``python -m parlour ARGS --port P`` on a free port, until the block ends: yields its
    address once ``/api/health`` answers (output to `log`, or dropped)."""
    import subprocess
    import sys
    import time
    import urllib.request

    port = free_port()
    out = log.open("w") if log is not None else None
    process = subprocess.Popen([sys.executable, "-m", "parlour", *args, "--port", str(port)],
                               stdout=out or subprocess.DEVNULL, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(150):
            try:
                urllib.request.urlopen(f"{url}/api/health", timeout=1)
                break
            except OSError:
                if process.poll() is not None:
                    raise RuntimeError(f"parlour {' '.join(args)} exited") from None
                time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=30)
        if out is not None:
            out.close()


def upload(http: TestClient, data: bytes, name: str | None = None,
           content_type: str = "application/octet-stream", **headers: str) -> Any:
    """POST a record file to /api/replays as the page does (raw bytes)."""
    url = "/api/replays" if name is None else f"/api/replays?name={name}"
    return http.post(url, content=data, headers={"content-type": content_type, **headers})


def read_until(ws: WebSocketTestSession, done: Callable[[dict[str, Any]], bool],
               seen: list[dict[str, Any]] | None = None, limit: int = 5000) -> dict[str, Any]:
    """Messages until one satisfies `done` (each kept in `seen`); fails after `limit`."""
    for _ in range(limit):
        message: dict[str, Any] = ws.receive_json()
        if seen is not None:
            seen.append(message)
        if done(message):
            return message
    raise AssertionError(f"no fitting message in {limit}")


def my_turn(message: dict[str, Any]) -> bool:
    view = message.get("view")
    return message.get("type") == "view" and bool(view) and (view["your_turn"]
                                                              or view["result"] is not None)


def first_move(view: dict[str, Any]) -> str:
    """A legal move from a view: a playable card, else the first button."""
    for entry in view["hand"] or []:
        if entry["action"]:
            return str(entry["action"])
    if view.get("skull") and view["skull"]["hand"]:
        for disc in view["skull"]["hand"]:
            if disc["action"]:
                return str(disc["action"])
    if view.get("select"):
        chosen = [e["card"] for e in view["hand"] if e.get("select")][: view["select"]["count"]]
        return str(view["select"]["prefix"]) + " ".join(chosen)
    for stack in (view.get("skull") or {}).get("stacks", []):
        if stack["action"]:
            return str(stack["action"])
    return str(view["buttons"][0]["action"])
