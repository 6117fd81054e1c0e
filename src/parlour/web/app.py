"""The FastAPI app: the page, its JSON API, and each table's WebSocket.

Everything is served from the installed package (``parlour/web/static``): no CDN, no build.
Every request body and WebSocket message is validated; a bad one gets a readable error (on the
page) and a log line, and the table goes on. Requests must name this server as their host
(``--host``, ``localhost`` or ``127.0.0.1``), so a web page elsewhere cannot reach it by DNS
rebinding, and WebSocket connections must come from this server's own page.
"""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from importlib.resources import files
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field

from parlour.core import ParlourError
from parlour.web import catalog
from parlour.web.config import ServerConfig
from parlour.web.messages import NewTable, ParamValue, read_client_message
from parlour.web.replays import Replays, steps_json
from parlour.web.tables import Tables
from parlour.web.tournaments import Tournaments

log = logging.getLogger("parlour.web")

STATIC = files("parlour.web") / "static"
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "
        "script-src 'self'; connect-src 'self' ws: wss:; frame-ancestors 'none'; "
        "base-uri 'none'; form-action 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
}
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]", "::1")


class GameCheck(BaseModel):
    """A game and parameters to check before a table is made."""

    model_config = ConfigDict(extra="forbid")
    game: Annotated[str, Field(min_length=1, max_length=60)]
    params: Annotated[dict[Annotated[str, Field(max_length=60)], ParamValue],
                      Field(max_length=32)] = {}


class RecordChoice(BaseModel):
    """A record of a tournament to open as a replay."""

    model_config = ConfigDict(extra="forbid")
    t: Annotated[str, Field(max_length=200)] = "."
    name: Annotated[str, Field(min_length=1, max_length=200)]


def create_app(config: ServerConfig | None = None, host: str = "127.0.0.1") -> FastAPI:
    """The web table's app; `host` is the address it is served on (for the host check)."""
    config = config or ServerConfig()
    tables = Tables(config)
    replays = Replays(config)
    tournaments = Tournaments(config.tournaments)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        await tables.close()

    app = FastAPI(title="parlour", docs_url=None, redoc_url=None, openapi_url=None,
                  lifespan=lifespan)
    app.state.config = config
    app.state.tables = tables
    app.state.replays = replays
    allowed_hosts = _allowed_hosts(host)

    @app.middleware("http")
    async def guard(request: Request,
                    call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        if allowed_hosts is not None and _host_name(request.headers.get("host", "")) \
                not in allowed_hosts:
            log.warning("refused a request for host %r", request.headers.get("host"))
            return JSONResponse({"detail": "unknown host"}, status_code=400)
        response = await call_next(request)
        for key, value in SECURITY_HEADERS.items():
            response.headers.setdefault(key, value)
        return response

    app.add_middleware(GZipMiddleware, minimum_size=2000)

    @app.exception_handler(ParlourError)
    async def parlour_error(request: Request, error: ParlourError) -> JSONResponse:
        log.warning("%s %s: %s", request.method, request.url.path, error)
        return JSONResponse({"detail": str(error)}, status_code=400)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, error: RequestValidationError) -> JSONResponse:
        parts = []
        for item in error.errors()[:3]:
            where = ".".join(str(p) for p in item.get("loc", ()) if p != "body")
            parts.append(f"{where}: {item.get('msg', 'invalid')}" if where else
                         str(item.get("msg", "invalid")))
        message = "; ".join(parts) or "invalid request"
        log.warning("%s %s: invalid request: %s", request.method, request.url.path, message)
        return JSONResponse({"detail": message}, status_code=422)

    # --- the page ---------------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse)
    async def index() -> HTMLResponse:
        return HTMLResponse((STATIC / "index.html").read_text(encoding="utf-8"))

    app.mount("/static", StaticFiles(directory=Path(str(STATIC))), name="static")

    @app.get("/favicon.ico")
    async def favicon() -> FileResponse:
        return FileResponse(Path(str(STATIC / "favicon.svg")), media_type="image/svg+xml")

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {"ok": True}

    @app.get("/api/config")
    async def server_config() -> dict[str, Any]:
        return {"allow_local_bots": config.allow_local_bots,
                "tournaments": config.tournaments is not None}

    # --- games and tables -------------------------------------------------------------------
    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return catalog.games()

    @app.post("/api/games/check")
    async def check_game(body: GameCheck) -> dict[str, Any]:
        game = catalog.make_game(body.game, dict(body.params))
        return {"spec": game.spec, "players": game.num_players,
                "agents": catalog.agent_choices(game)}

    @app.post("/api/tables")
    async def new_table(body: NewTable) -> dict[str, Any]:
        table, person = tables.create(body)
        return {"token": person.token, "seat": person.seat, "table": table.meta(person)}

    @app.get("/api/tables/{token}/record")
    async def table_record(token: str) -> Response:
        person = tables.find(token)
        if person is None:
            return JSONResponse({"detail": "no such table"}, status_code=404)
        table = person.table
        if not table.finished:
            return JSONResponse({"detail": "the record can be downloaded once the game is "
                                           "over"}, status_code=409)
        name = f"{table.game.id}-{table.seed}.json"
        return Response(table.record_json(), media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    @app.websocket("/ws/tables/{token}")
    async def table_socket(socket: WebSocket, token: str) -> None:
        origin = socket.headers.get("origin")
        if origin is not None and allowed_hosts is not None and \
                _host_name(re.sub(r"^[a-z]+://", "", origin)) not in allowed_hosts:
            log.warning("refused a table connection from origin %r", origin)
            await socket.close(code=4403)
            return
        await socket.accept()
        person = tables.find(token)
        if person is None:
            await socket.send_json({"type": "gone", "message": "This table does not exist "
                                    "(a wrong link, or it was closed long ago)."})
            await socket.close(code=4404)
            return
        table = person.table
        await table.connect(person, socket)
        try:
            while True:
                event = await socket.receive()
                if event["type"] == "websocket.disconnect":
                    break
                text = event.get("text")
                if text is None:
                    await socket.send_json({"type": "error",
                                            "message": "bad message: send JSON text"})
                    continue
                try:
                    message = read_client_message(text)
                except ValueError as error:
                    log.warning("table %s seat %d: bad message: %s", table.id, person.seat,
                                error)
                    await socket.send_json({"type": "error",
                                            "message": f"bad message: {error}"})
                    continue
                try:
                    await table.receive(person, message)
                except Exception as error:  # never let one message kill the connection
                    log.exception("table %s: message failed", table.id)
                    await socket.send_json({"type": "error", "message": str(error)})
        except WebSocketDisconnect:
            pass
        finally:
            table.disconnect(person, socket)

    # --- replays ----------------------------------------------------------------------------
    @app.post("/api/replays")
    async def upload_replay(request: Request,
                            name: Annotated[str, Query(max_length=200)] = "upload"
                            ) -> dict[str, Any]:
        data = b""
        async for chunk in request.stream():
            data += chunk
            if len(data) > config.max_record_bytes:
                raise ParlourError(f"the record is larger than {config.max_record_bytes} "
                                   "bytes")
        replay = replays.open_bytes(data, f"record {name!r}")
        return replay.meta()

    @app.get("/api/replays/{replay_id}")
    async def get_replay(replay_id: str) -> Response:
        replay = replays.get(replay_id)
        if replay is None:
            return JSONResponse({"detail": "this replay is no longer open; open the record "
                                           "again"}, status_code=404)
        return Response(steps_json(replay), media_type="application/json")

    @app.get("/api/replays/{replay_id}/record")
    async def replay_record(replay_id: str) -> Response:
        replay = replays.get(replay_id)
        if replay is None:
            return JSONResponse({"detail": "no such replay"}, status_code=404)
        name = f"{replay.record.game}-{replay.record.seed}.json"
        return Response(replay.record.to_json(), media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    # --- tournaments ------------------------------------------------------------------------
    @app.get("/api/tournaments")
    async def tournament_list() -> list[dict[str, Any]]:
        return tournaments.listing()

    @app.get("/api/tournaments/report")
    async def tournament_report(t: Annotated[str, Query(max_length=200)] = "."
                                ) -> dict[str, Any]:
        return tournaments.report(t)

    @app.get("/api/tournaments/records")
    async def tournament_records(
        t: Annotated[str, Query(max_length=200)] = ".",
        offset: Annotated[int, Query(ge=0)] = 0,
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
    ) -> dict[str, Any]:
        total = tournaments.report(t)["records"]
        return {"total": total, "offset": offset,
                "records": tournaments.records(t, offset, limit)}

    @app.post("/api/tournaments/replay")
    async def tournament_replay(body: RecordChoice) -> dict[str, Any]:
        record = tournaments.record(body.t, body.name)
        replay = replays.open(record, body.name if body.t == "." else f"{body.t}/{body.name}")
        return replay.meta()

    @app.get("/api/tournaments/file")
    async def tournament_file(t: Annotated[str, Query(max_length=200)] = ".",
                              name: Annotated[str, Query(max_length=300)] = "") -> Response:
        path, media = tournaments.file(t, name)
        return FileResponse(path, media_type=media, headers={
            "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
                                       "img-src data:; sandbox"})

    return app


def _host_name(host: str) -> str:
    """The host part of a Host header or origin (``[::1]:8000`` -> ``[::1]``)."""
    host = host.strip().lower().split("/")[0]
    if host.startswith("["):
        return host[: host.find("]") + 1] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _allowed_hosts(host: str) -> set[str] | None:
    """Host names requests may use; None (any) when serving on every interface."""
    if host in ("0.0.0.0", "::", ""):
        return None
    names = set(LOCAL_HOSTS) | {host.lower(), f"[{host.lower()}]"}
    return names


__all__ = ["create_app"]

