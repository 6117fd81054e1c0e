"""The FastAPI app: the page, its JSON API, and each table's WebSocket.

Everything is served from the installed package (``parlour/web/static``): no CDN, no build.
Every request passes the `RequestGuard` first (this server's host, same origin, a JSON or bytes
content type and a size cap for anything that changes state), and every request body and
WebSocket message is validated; a bad one gets a readable one-line error (on the page) and a
log line, and the table goes on. Seat tokens never reach the log (`parlour.web.logs`). The API
is described at ``/openapi.json`` and browsable at ``/docs``.
"""

from __future__ import annotations

import asyncio
import importlib.util
import logging
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from importlib.resources import files
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

import parlour
from parlour.core import ParlourError
from parlour.web import answers, catalog
from parlour.web.config import ServerConfig
from parlour.web.garbage import CLOSE_CODE, BadMessages
from parlour.web.guard import RequestGuard
from parlour.web.logs import install_redaction
from parlour.web.messages import (
    GameCheck,
    InviteClaim,
    NewTable,
    RecordChoice,
    read_client_message,
)
from parlour.web.replays import RecordTooLarge, Replay, Replays, ReplayStopped, steps_json
from parlour.web.tables import InviteRefused, Tables
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
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
MAX_JSON_BODY = 64 * 1024
"""The largest JSON request body (the replay upload has the record limit instead)."""
UPLOAD_ROUTES = ("/api/replays",)
"""Routes that take raw or gzip bytes rather than JSON."""
SWAGGER_PACKAGE = "fastapi_offline"
"""Ships Swagger UI's files, so /docs needs no CDN."""
RECORD_BODY = {"requestBody": {"required": True, "description": "a record file: JSON, or "
                               "gzip-compressed JSON", "content": {
                                   "application/json": {}, "application/gzip": {},
                                   "application/octet-stream": {}}}}


def create_app(config: ServerConfig | None = None, host: str = "127.0.0.1") -> FastAPI:
    """The web table's app; `host` is the address it is served on (for the host check)."""
    config = config or ServerConfig()
    tables = Tables(config)
    replays = Replays(config)
    tournaments = Tournaments(config.tournaments, config.max_record_bytes)
    league = None
    if config.ladder is not None:
        from parlour.web.ladder import LadderService

        league = LadderService(config.ladder, config.ladder_backend, config.ladder_workers,
                               config.ladder_address)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        install_redaction()  # again: a logging set-up after create_app may have reset them
        if league is not None:
            league.start()
        yield
        await tables.close()
        if league is not None:
            await league.close()

    app = FastAPI(title="parlour", summary="The web table's JSON API (see docs/web.md).",
                  version=parlour.__version__, docs_url=None, redoc_url=None,
                  openapi_url="/openapi.json", lifespan=lifespan)
    app.state.config = config
    app.state.tables = tables
    app.state.replays = replays
    install_redaction()

    bytes_routes: tuple[str, ...] = UPLOAD_ROUTES
    if league is not None:
        from parlour.web.ladder import SUBMIT_ROUTE, ladder_router

        app.include_router(ladder_router(league, replays))
        bytes_routes += (SUBMIT_ROUTE,)

    def body_limit(path: str) -> int:
        if league is not None and path in bytes_routes and path not in UPLOAD_ROUTES:
            return league.ladder.upload_limits.size
        return config.max_record_bytes if path in UPLOAD_ROUTES else MAX_JSON_BODY

    app.add_middleware(GZipMiddleware, minimum_size=2000)
    app.add_middleware(RequestGuard, allowed_hosts=_allowed_hosts(host), body_limit=body_limit,
                       bytes_routes=bytes_routes, headers=SECURITY_HEADERS)

    @app.exception_handler(RecordTooLarge)
    async def too_large(request: Request, error: RecordTooLarge) -> JSONResponse:
        log.warning("%s %s: %s", request.method, request.url.path, error)
        return JSONResponse({"detail": str(error)}, status_code=413)

    @app.exception_handler(InviteRefused)
    async def invite_refused(request: Request, error: InviteRefused) -> JSONResponse:
        log.warning("%s %s: %s", request.method, request.url.path, error)
        return JSONResponse({"detail": str(error)}, status_code=error.status)

    @app.exception_handler(ReplayStopped)
    async def replay_stopped(request: Request, error: ReplayStopped) -> JSONResponse:
        log.warning("%s %s: %s", request.method, request.url.path, error)
        return JSONResponse({"detail": str(error)}, status_code=503)

    async def replay_within(build: Callable[[threading.Event], Replay], source: str) -> Replay:
        """Run `build` in a worker thread for at most `config.replay_seconds`; past that it
        is told to stop (at its next move) and the request is refused."""
        stop = threading.Event()
        try:
            return await asyncio.wait_for(run_in_threadpool(build, stop),
                                          config.replay_seconds)
        except TimeoutError:
            stop.set()
            raise ReplayStopped(f"re-simulating {source} took longer than "
                                f"{config.replay_seconds:g} s; the server stopped it") from None

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
    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def index() -> HTMLResponse:
        return HTMLResponse((STATIC / "index.html").read_text(encoding="utf-8"))

    app.mount("/static", StaticFiles(directory=Path(str(STATIC))), name="static")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(Path(str(STATIC / "favicon.svg")), media_type="image/svg+xml")

    swagger = importlib.util.find_spec(SWAGGER_PACKAGE) is not None
    if swagger:
        app.mount("/docs-assets", StaticFiles(directory=Path(str(files(SWAGGER_PACKAGE)
                                                                   / "static"))),
                  name="docs-assets")

    @app.get("/docs", response_class=HTMLResponse, include_in_schema=False)
    async def api_docs() -> HTMLResponse:
        page = "apidocs.html" if swagger else "apidocs-missing.html"
        return HTMLResponse((STATIC / page).read_text(encoding="utf-8"))

    @app.get("/api/health", tags=["server"], summary="Whether the server answers")
    async def health() -> answers.Health:
        return answers.Health(ok=True)

    @app.get("/api/config", tags=["server"], summary="What the server was started with")
    async def server_config() -> answers.Settings:
        return answers.Settings(allow_local_bots=config.allow_local_bots,
                                ladder=league is not None,
                                tournaments=config.tournaments is not None)

    # --- games and tables -------------------------------------------------------------------
    @app.get("/api/games", tags=["games"], summary="Every game with its parameters and agents")
    async def games() -> list[answers.GameEntry]:
        return [answers.GameEntry.model_validate(g) for g in catalog.games()]

    @app.post("/api/games/check", tags=["games"], summary="Check a game and its parameters",
              responses={400: {"description": "an unknown game or a bad parameter"}})
    async def check_game(body: GameCheck) -> answers.CheckedGame:
        game = catalog.make_game(body.game, dict(body.params))
        return answers.CheckedGame.model_validate(
            {"spec": game.spec, "players": game.num_players,
             "agents": catalog.agent_choices(game)})

    @app.post("/api/tables", tags=["tables"], summary="Sit down at a new table",
              responses={400: {"description": "a bad game, seat or agent, or the server "
                                              "is full"}})
    async def new_table(body: NewTable) -> answers.NewTableAnswer:
        table, person = tables.create(body)
        return answers.NewTableAnswer(token=person.token, seat=person.seat,
                                      table=table.meta(person))

    @app.post("/api/invites", tags=["tables"], summary="Take the seat an invite offers (once)",
              responses={404: {"description": "no table has this invite"},
                         410: {"description": "the invite was already used, or the game is "
                                              "over"}})
    async def claim_invite(body: InviteClaim) -> answers.NewTableAnswer:
        person = tables.claim(body.invite)
        await person.table.publish_status()  # the creator's page drops the used invite
        return answers.NewTableAnswer(token=person.token, seat=person.seat,
                                      table=person.table.meta(person))

    @app.get("/api/tables/{token}/record", tags=["tables"],
             summary="Download a finished table's record",
             response_class=Response, responses={
                 200: {"content": {"application/json": {}}, "description": "the record"},
                 404: {"description": "no table has this token"},
                 409: {"description": "the game is not over yet"}})
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
        await socket.accept()
        person = tables.find(token)
        if person is None:
            await socket.send_json({"type": "gone", "message": "This table does not exist "
                                    "(a wrong link, or it was closed long ago)."})
            await socket.close(code=4404)
            return
        table = person.table
        await table.connect(person, socket)
        bad = BadMessages()
        try:
            while True:
                event = await socket.receive()
                if event["type"] == "websocket.disconnect":
                    break
                text = event.get("text")
                try:
                    if text is None:
                        raise ValueError("send JSON text")
                    message = read_client_message(text)
                except ValueError as error:
                    note, close = bad.count()
                    if note is not None:
                        log.warning("table %s seat %d: bad message: %s%s", table.id,
                                    person.seat, error, note)
                    if close:
                        await socket.close(code=CLOSE_CODE,
                                           reason="too many bad messages")
                        break
                    await socket.send_json({"type": "error",
                                            "message": f"bad message: {error}"})
                    continue
                try:
                    await table.receive(person, message)
                except Exception as error:  # never let one message kill the connection
                    note, close = bad.count()
                    if note is not None:
                        log.exception("table %s: message failed%s", table.id, note)
                    if close:
                        await socket.close(code=CLOSE_CODE, reason="too many bad messages")
                        break
                    await socket.send_json({"type": "error", "message": str(error)})
        except WebSocketDisconnect:
            pass
        finally:
            table.disconnect(person, socket)

    # --- replays ----------------------------------------------------------------------------
    @app.post("/api/replays", tags=["replays"], summary="Open a record as a replay",
              openapi_extra=RECORD_BODY, responses={
                  400: {"description": "the record is damaged or does not verify"},
                  413: {"description": "the record (or what it decompresses to) is too "
                                       "large"},
                  415: {"description": "not sent as JSON, gzip or octet-stream bytes"}})
    async def upload_replay(request: Request,
                            name: Annotated[str, Query(max_length=200)] = "upload"
                            ) -> answers.ReplayMeta:
        data = await request.body()  # at most max_record_bytes: the guard counts
        source = f"record {name!r}"
        replay = await replay_within(lambda stop: replays.build_bytes(data, source, stop),
                                     source)
        return answers.ReplayMeta.model_validate(replays.add(replay).meta())

    @app.get("/api/replays/{replay_id}", tags=["replays"],
             summary="A replay's facts and every step's full view",
             response_class=Response, responses={
                 200: {"content": {"application/json": {}},
                       "description": "{meta, steps}: each step a view, its log and move"},
                 404: {"description": "no open replay has this id"}})
    async def get_replay(replay_id: str) -> Response:
        replay = replays.get(replay_id)
        if replay is None:
            return JSONResponse({"detail": "this replay is no longer open; open the record "
                                           "again"}, status_code=404)
        return Response(steps_json(replay), media_type="application/json")

    @app.get("/api/replays/{replay_id}/record", tags=["replays"],
             summary="Download a replay's record", response_class=Response,
             responses={200: {"content": {"application/json": {}}},
                        404: {"description": "no open replay has this id"}})
    async def replay_record(replay_id: str) -> Response:
        replay = replays.get(replay_id)
        if replay is None:
            return JSONResponse({"detail": "no such replay"}, status_code=404)
        name = f"{replay.record.game}-{replay.record.seed}.json"
        return Response(replay.record.to_json(), media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    # --- tournaments ------------------------------------------------------------------------
    @app.get("/api/tournaments", tags=["tournaments"],
             summary="The tournaments under --tournaments DIR")
    async def tournament_list() -> list[answers.TournamentEntry]:
        listing = await run_in_threadpool(tournaments.listing)
        return [answers.TournamentEntry.model_validate(t) for t in listing]

    @app.get("/api/tournaments/report", tags=["tournaments"],
             summary="A tournament's summary, texts, plots and error log")
    async def tournament_report(t: Annotated[str, Query(max_length=200)] = "."
                                ) -> dict[str, Any]:
        return await run_in_threadpool(tournaments.report, t)

    @app.get("/api/tournaments/records", tags=["tournaments"],
             summary="A page of a tournament's games")
    async def tournament_records(
        t: Annotated[str, Query(max_length=200)] = ".",
        offset: Annotated[int, Query(ge=0)] = 0,
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
    ) -> answers.RecordsPage:
        total, page = await run_in_threadpool(
            lambda: (len(tournaments.record_names(t)), tournaments.records(t, offset, limit)))
        return answers.RecordsPage(total=total, offset=offset, records=page)

    @app.post("/api/tournaments/replay", tags=["tournaments"],
              summary="Open one of a tournament's games as a replay")
    async def tournament_replay(body: RecordChoice) -> answers.ReplayMeta:
        record = await run_in_threadpool(tournaments.record, body.t, body.name)
        source = body.name if body.t == "." else f"{body.t}/{body.name}"
        replay = await replay_within(lambda stop: replays.build(record, source, stop), source)
        return answers.ReplayMeta.model_validate(replays.add(replay).meta())

    @app.get("/api/tournaments/file", tags=["tournaments"],
             summary="A plot or text file the report lists", response_class=FileResponse)
    async def tournament_file(t: Annotated[str, Query(max_length=200)] = ".",
                              name: Annotated[str, Query(max_length=300)] = "") -> Response:
        path, media = tournaments.file(t, name)
        return FileResponse(path, media_type=media, headers={
            "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
                                       "img-src data:; sandbox"})

    return app


def _allowed_hosts(host: str) -> set[str] | None:
    """Host names requests may use; None (any) when serving on every interface."""
    if host in ("0.0.0.0", "::", ""):
        return None
    return set(LOCAL_HOSTS) | {host.lower().strip("[]")}


__all__ = ["create_app"]
