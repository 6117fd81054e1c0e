"""The ladder's part of the web app: its JSON API, and the league played in the background.

Reading is public: the leaderboard (JSON or CSV), each bot's page, every game's record. Writing
needs an upload token (``Authorization: Bearer TOKEN``): an author submits a version (the file
or archive as the request body, the rest as query parameters) and reads their own bots'
messages, stderr included, which nobody else sees; an organiser's token may also pause, retire,
suspend or re-admit any version and set the league's move time and memory. The league plays
on a background thread for as long as the server runs (see docs/ladder.md).
"""

from __future__ import annotations

import asyncio
import csv
import io
import json
import logging
import threading
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Header, HTTPException, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import PlainTextResponse, Response
from pydantic import BaseModel, Field

from parlour.arena.backends import Backend, make_backend
from parlour.arena.live import watch_marker
from parlour.core import ParlourError
from parlour.ladder import Ladder, LadderError, UploadError
from parlour.ladder.league import public_message
from parlour.ladder.standings import Standing, reference_shift
from parlour.ladder.store import Version
from parlour.records import Record, load
from parlour.web.answers import ReplayMeta
from parlour.web.live import LiveGames
from parlour.web.replays import Replays

log = logging.getLogger("parlour.web")

SUBMIT_ROUTE = "/api/ladder/bots"
"""The route that takes a bot's bytes (the request guard lets it send raw bytes)."""
RECENT_GAMES = 50


class LeagueInfo(BaseModel):
    """What the league plays and how."""

    games: list[str]
    anchors: list[str]
    move_time: float = Field(description="seconds per decision of a submitted bot")
    memory_mb: int = Field(description="memory of a submitted bot, MiB")
    qualification_games: int
    upload_mb: int = Field(description="the largest upload, MiB")


class VersionInfo(BaseModel):
    """One version of a bot, as its author or anyone sees it."""

    id: int
    bot: str
    version: int
    game: str
    owner: str
    status: str
    message: str = Field(description="why it is in its status (qualified, failed, suspended)")
    private: str | None = Field(None, description="its stderr and fault details: only for "
                                                  "its author and the organiser")


class LiveGame(BaseModel):
    """A game the league is playing now."""

    match: int
    seating: int
    game: str
    seats: list[str] = Field(description="the bot at each seat")
    versions: list[int] = Field(description="the version id at each seat")


class LiveSteps(BaseModel):
    """A game in play as a spectator sees it, from step `since` on."""

    match: int
    seating: int
    game: str
    state: str = Field(description="starting (no move to show yet: ask again), playing, or "
                                   "finished (then open its replay)")
    seats: list[str]
    total: int = Field(description="the steps so far (step 0: the deal, before any move)")
    steps: list[dict[str, Any]] = Field(
        description="the steps from `since` on, each {view, log, move, deal_start} as in a "
                    "replay, but only what a seat-less spectator may see: no hand, no card "
                    "passed in secret, and a move's action only where everyone sees it")


class TokenHolder(BaseModel):
    """Who holds a token."""

    name: str
    organiser: bool


class StatusChange(BaseModel):
    """An organiser's decision about a version."""

    status: str = Field(description="active, paused, retired or suspended")
    message: str = Field("", max_length=500)


class LeagueChange(BaseModel):
    """An organiser's change of the league's limits."""

    move_time: float | None = Field(None, gt=0, le=600)
    memory_mb: int | None = Field(None, ge=64, le=65536)


class LadderService:
    """A `Ladder` and the thread that plays it."""

    def __init__(self, folder: Path, backend: str = "local", workers: int = 1,
                 address: str | None = None) -> None:
        self.ladder = Ladder(folder)
        self.backend_spec = (backend, workers, address)
        self.stop = threading.Event()
        self.thread: threading.Thread | None = None

    def start(self) -> None:
        self.thread = threading.Thread(target=self._play, name="parlour-ladder", daemon=True)
        self.thread.start()

    def _play(self) -> None:
        backend: Backend = make_backend(*self.backend_spec, keep=True)
        try:
            self.ladder.run(self.stop, backend)
        finally:
            backend.close()

    async def close(self) -> None:
        self.stop.set()
        if self.thread is not None:
            await asyncio.to_thread(self.thread.join, 30)
        self.ladder.close()


def version_info(version: Version, private: bool) -> VersionInfo:
    return VersionInfo(id=version.version, bot=version.name, version=version.number,
                       game=version.game, owner=version.owner, status=version.status,
                       message=version.message, private=version.private if private else None)


def leaderboard_rows(lines: list[Standing]) -> list[dict[str, Any]]:
    """The leaderboard as JSON values, ratings relative to the ``random`` anchor."""
    shift = reference_shift(lines)
    return [line.to_dict(shift) for line in lines]


def leaderboard_csv(rows: list[dict[str, Any]]) -> str:
    """The leaderboard as CSV: one row per version, results against anchors as columns."""
    anchors = sorted({name for row in rows for name in row["against"]})
    columns = ["rank", "bot", "version", "anchor", "owner", "status", "rating", "low", "high",
               "matches", "games", "decisions", "faults", "fault_rate", "seconds_per_decision"]
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(columns + [f"vs {name}" for name in anchors])
    for row in rows:
        writer.writerow([row[c] for c in columns] +
                        [row["against"].get(name, {}).get("mean") for name in anchors])
    return out.getvalue()


def ladder_router(service: LadderService, replays: Replays) -> APIRouter:
    """The ``/api/ladder`` routes of `service`'s league."""
    router = APIRouter(prefix="/api/ladder", tags=["ladder"])
    ladder = service.ladder
    live = LiveGames(replays.config.max_record_bytes, replays.config.max_replay_moves)

    def holder(authorization: str | None) -> tuple[str, bool]:
        scheme, _, token = (authorization or "").partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise HTTPException(401, "send your upload token as 'Authorization: Bearer TOKEN'")
        try:
            return ladder.holder(token.strip())
        except LadderError as error:
            raise HTTPException(401, str(error)) from None

    @contextmanager
    def refused() -> Iterator[None]:
        try:
            yield
        except (LadderError, UploadError) as error:
            raise HTTPException(400, str(error)) from None

    @router.get("", summary="The league: its games, anchors and limits")
    async def league() -> LeagueInfo:
        s = ladder.settings
        return LeagueInfo(games=list(s.games), anchors=list(s.anchors), move_time=s.move_time,
                          memory_mb=s.memory_mb, qualification_games=s.qualification_games,
                          upload_mb=ladder.upload_limits.size >> 20)

    @router.get("/leaderboard", summary="A game's leaderboard (JSON, or CSV with format=csv)")
    async def leaderboard(game: Annotated[str, Query(max_length=200)],
                          format: Annotated[str, Query(pattern="^(json|csv)$")] = "json"
                          ) -> Response:
        with refused():
            spec = ladder.game_spec(game)
        rows = leaderboard_rows(await run_in_threadpool(ladder.standings, spec))
        if format == "csv":
            return PlainTextResponse(leaderboard_csv(rows), media_type="text/csv",
                                     headers={"Content-Disposition":
                                              'attachment; filename="leaderboard.csv"'})
        return Response(_json(rows), media_type="application/json")

    @router.get("/versions/{version}", summary="A bot's page: its versions, games and results")
    async def bot_page(version: int,
                       authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        return await run_in_threadpool(_bot_page, ladder, version, authorization, holder)

    @router.get("/me", summary="Whose token this is, and whether it is the organiser's")
    async def me(authorization: Annotated[str | None, Header()] = None) -> TokenHolder:
        name, organiser = holder(authorization)
        return TokenHolder(name=name, organiser=organiser)

    @router.get("/mine", summary="Your bots, with their messages and stderr")
    async def mine(authorization: Annotated[str | None, Header()] = None) -> list[VersionInfo]:
        name, organiser = holder(authorization)
        return [version_info(v, True) for v in ladder.store.versions()
                if not v.anchor and (organiser or v.owner == name)]

    @router.post(SUBMIT_ROUTE.removeprefix("/api/ladder"), status_code=201,
                 summary="Submit a new version of a bot (the body is the file or archive)",
                 openapi_extra={"requestBody": {"required": True, "content": {
                     "application/octet-stream": {}, "application/gzip": {}}}})
    async def submit(request: Request, game: Annotated[str, Query(max_length=200)],
                     name: Annotated[str, Query(max_length=40)],
                     command: Annotated[str, Query(max_length=1000)],
                     filename: Annotated[str, Query(max_length=255)],
                     authorization: Annotated[str | None, Header()] = None) -> VersionInfo:
        holder(authorization)
        token = (authorization or "").partition(" ")[2].strip()
        data = await request.body()
        with refused():
            version = await run_in_threadpool(ladder.submit, token, game, name, data, filename,
                                              command)
        return version_info(version, True)

    @router.post("/versions/{version}/status", summary="Pause, retire, suspend or re-admit "
                 "a version (organiser)")
    async def set_status(version: int, body: StatusChange,
                         authorization: Annotated[str | None, Header()] = None) -> VersionInfo:
        _, organiser = holder(authorization)
        if not organiser:
            raise HTTPException(403, "only the organiser's token may change a bot's status")
        with refused():
            changed = await run_in_threadpool(ladder.set_status, version, body.status,
                                              body.message)
        return version_info(changed, True)

    @router.post("/settings", summary="Set the move time and memory of submitted bots "
                 "(organiser)")
    async def configure(body: LeagueChange,
                        authorization: Annotated[str | None, Header()] = None) -> LeagueInfo:
        _, organiser = holder(authorization)
        if not organiser:
            raise HTTPException(403, "only the organiser's token may change the league")
        with refused():
            ladder.configure(move_time=body.move_time, memory_mb=body.memory_mb)
        return await league()

    @router.get("/live", summary="The games the league is playing now")
    async def live_games(game: Annotated[str | None, Query(max_length=200)] = None,
                         version: int | None = None) -> list[LiveGame]:
        return await run_in_threadpool(_live_games, ladder, game, version)

    @router.get("/live/{match}/{seating}",
                summary="A game being played, move by move, as a spectator sees it")
    async def live_steps(match: int, seating: int,
                         since: Annotated[int, Query(ge=0, le=1_000_000)] = 0) -> LiveSteps:
        return await run_in_threadpool(_live_steps, ladder, live, match, seating, since)

    @router.get("/games/{match}/{seating}/record", summary="A ladder game's record (JSON)")
    async def record(match: int, seating: int) -> Response:
        rows = [r for r in ladder.store.games(match=match) if r.seating == seating]
        if not rows:
            raise HTTPException(404, f"no game {match}-{seating} in this league")
        document = await run_in_threadpool(_public_record, ladder, rows[0].record)
        return Response(_json(document), media_type="application/json")

    @router.post("/games/{match}/{seating}/replay", summary="Open a ladder game as a replay")
    async def replay(match: int, seating: int) -> ReplayMeta:
        rows = [r for r in ladder.store.games(match=match) if r.seating == seating]
        if not rows:
            raise HTTPException(404, f"no game {match}-{seating} in this league")
        document = await run_in_threadpool(_public_record, ladder, rows[0].record)
        built = await run_in_threadpool(replays.build, Record.from_dict(document),
                                        f"ladder game {match}-{seating}")
        return ReplayMeta.model_validate(replays.add(built).meta())

    return router


def _bot_page(ladder: Ladder, version: int, authorization: str | None,
              holder: Callable[[str | None], tuple[str, bool]]) -> dict[str, Any]:
    try:
        chosen = ladder.store.version(version)
    except ParlourError:
        raise HTTPException(404, f"no bot version {version} in this league") from None
    viewer: tuple[str, bool] | None = holder(authorization) if authorization else None
    private = viewer is not None and (viewer[1] or viewer[0] == chosen.owner)
    versions = ladder.store.versions(game=chosen.game, bot=chosen.name)
    lines = ladder.standings(chosen.game)
    shift = reference_shift(lines)
    labels = {line.version.version: line.version.label for line in lines}
    mine = {v.version for v in versions}
    opponents: dict[str, list[float]] = defaultdict(list)
    recent = []
    for row in ladder.store.games(version=version, limit=RECENT_GAMES):
        means = _mean_returns(row.seats, row.returns)
        for other, value in means.items():
            if other not in mine:
                opponents[labels.get(other, str(other))].append(means[version] - value)
        recent.append({"match": row.match, "seating": row.seating,
                       "seats": [labels.get(v, str(v)) for v in row.seats],
                       "returns": list(row.returns), "finished": row.finished,
                       "faults": [[s, k, public_message(m)] for s, k, m in row.faults]})
    return {
        "bot": chosen.name, "game": chosen.game, "owner": chosen.owner,
        "versions": [version_info(v, private).model_dump() for v in versions],
        "standings": [line.to_dict(shift) for line in lines if line.version.version in mine],
        "recent": recent[::-1],
        "opponents": {name: {"games": len(values),
                             "mean_margin": round(sum(values) / len(values), 3)}
                      for name, values in sorted(opponents.items())},
    }


def _live_games(ladder: Ladder, game: str | None, version: int | None) -> list[LiveGame]:
    spec = None
    if game is not None:
        try:
            spec = ladder.game_spec(game)
        except LadderError as error:
            raise HTTPException(400, str(error)) from None
    labels = {v.version: v.label for v in ladder.store.versions()}
    return [LiveGame(match=m.match, seating=s, game=m.game,
                     seats=[labels.get(v, str(v)) for v in m.seatings[s]],
                     versions=list(m.seatings[s]))
            for m, s in ladder.playing()
            if (spec is None or m.game == spec) and (version is None or version in m.versions)]


def _live_steps(ladder: Ladder, live: LiveGames, match: int, seating: int,
                since: int) -> LiveSteps:
    try:
        row = ladder.store.match(match)
    except ParlourError:
        raise HTTPException(404, f"no match {match} in this league") from None
    if not 0 <= seating < len(row.seatings):
        raise HTTPException(404, f"match {match} has no game {seating}")
    labels = {v.version: v.label for v in ladder.store.versions()}
    seats = [labels.get(v, str(v)) for v in row.seatings[seating]]
    answer = LiveSteps(match=match, seating=seating, game=row.game, state="playing",
                       seats=seats, total=0, steps=[])
    path = str(ladder.live_path(row, seating))
    if any(g.seating == seating for g in ladder.store.games(match=match)):
        live.forget(path)
        answer.state = "finished"
        return answer
    marker = Path(watch_marker(path))
    if not marker.exists():  # ask the worker to write the game's moves from now on
        marker.touch()
        if any(g.seating == seating for g in ladder.store.games(match=match)):
            marker.unlink(missing_ok=True)  # it ended meanwhile
            answer.state = "finished"
            return answer
    if not Path(path).exists():
        answer.state = "starting"  # not started yet, or the worker has not looked yet
        return answer
    try:
        answer.steps, answer.total = live.read(path, seats, since)
    except ParlourError as error:
        if any(g.seating == seating for g in ladder.store.games(match=match)):
            answer.state = "finished"  # it ended between the two looks
            return answer
        raise HTTPException(409, str(error)) from None
    return answer


def _mean_returns(seats: tuple[int, ...], returns: tuple[float, ...]) -> dict[int, float]:
    """Each version's mean return over the seats it held in one game."""
    held: dict[int, list[float]] = defaultdict(list)
    for version, value in zip(seats, returns, strict=True):
        held[version].append(value)
    return {version: sum(values) / len(values) for version, values in held.items()}


def _public_record(ladder: Ladder, path: str) -> dict[str, Any]:
    """A record as anyone may see it: fault messages without the bot's stderr, and each seat
    named by its bot and version rather than the folder it runs from on the server."""
    document: dict[str, Any] = json.loads(load(path).to_json())
    labels = {v.spec: v.label for v in ladder.store.versions()}
    document["seats"] = [labels.get(seat, seat) for seat in document.get("seats", [])]
    for fault in document.get("faults", []):
        fault["message"] = public_message(fault["message"])
    return document


def _json(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()
