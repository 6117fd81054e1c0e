"""`parlour ladder`: run a standing league, hand out tokens, submit bots, read the standings."""

from __future__ import annotations

import io
import json
import tarfile
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from parlour.cli.shared import check_port_free, console, usage_errors
from parlour.core import ParlourError

ladder_app = typer.Typer(no_args_is_help=True, add_completion=False,
                         pretty_exceptions_enable=False)

Folder = Annotated[Path, typer.Option("--out", "-o", help="The league folder.")]
SUBMIT_TIMEOUT = 60.0


def _open(folder: Path, must_exist: bool = True):  # type: ignore[no-untyped-def]
    from parlour.ladder import Ladder

    if must_exist and not (folder / "ladder.sqlite").is_file():
        raise ParlourError(f"--out {str(folder)!r} holds no league; start one with "
                           "'parlour ladder serve --games GAMES --out FOLDER'")
    return Ladder(folder)


@ladder_app.command("serve")
@usage_errors
def ladder_serve(
    out: Folder,
    games: Annotated[str | None, typer.Option(
        help="Comma-separated games (with parameters) for a new league; an existing league "
             "keeps its games and adds new ones.", show_default=False)] = None,
    seed: Annotated[int, typer.Option(help="A new league's seed: every match's deals "
                                           "derive from it.")] = 1,
    move_time: Annotated[float, typer.Option(help="A new league's seconds per decision.",
                                             min=0.01)] = 1.0,
    memory: Annotated[int, typer.Option(help="A new league's memory per bot, MiB.",
                                        min=64)] = 512,
    backend: Annotated[str, typer.Option(help="Where games run: local, inprocess or "
                                              "ray.")] = "local",
    workers: Annotated[int, typer.Option(help="Worker processes (local) or tasks at once "
                                              "(ray).", min=1)] = 1,
    address: Annotated[str | None, typer.Option(help="The Ray cluster's address.",
                                                show_default=False)] = None,
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.", min=1, max=65535)] = 8000,
) -> None:
    """Run the league: its pages and API on the web app, its matches for ever."""
    from parlour.ladder import Ladder, LeagueSettings
    from parlour.web.config import ServerConfig
    from parlour.web.server import check_installed
    from parlour.web.server import serve as run_server

    check_installed()
    if backend not in ("local", "inprocess", "ray"):
        raise ParlourError(f"--backend {backend!r}: expected local, inprocess or ray")
    new = not (out / "ladder.sqlite").is_file()
    if new and not games:
        raise ParlourError("a new league needs --games, like --games hearts,skat")
    settings = None
    if games:
        settings = LeagueSettings(games=tuple(g.strip() for g in games.split(",") if g.strip()),
                                  seed=seed, move_time=move_time, memory_mb=memory)
    league = Ladder(out, settings)
    shown = ", ".join(league.settings.games)
    organiser = None
    if not any(o for _, _, o, _ in league.store.tokens()):
        organiser = league.make_token("organiser", organiser=True)
    league.close()
    check_port_free(host, port)
    console.print(f"parlour ladder of {escape(shown)} on "
                  f"[bold]{escape(f'http://{host}:{port}/#/ladder')}[/]  (Ctrl-C stops it)")
    if organiser:
        console.print(f"the organiser's token (shown once): [bold]{escape(organiser)}[/]")
    run_server(ServerConfig(ladder=out, ladder_backend=backend, ladder_workers=workers,
                            ladder_address=address), host=host, port=port)


@ladder_app.command("token")
@usage_errors
def ladder_token(
    name: Annotated[str, typer.Argument(help="Who the token is for (letters, digits, . _ -).")],
    out: Folder,
    organiser: Annotated[bool, typer.Option("--organiser", help="The token may also pause, "
                                            "retire and re-admit bots.")] = False,
    revoke: Annotated[bool, typer.Option("--revoke", help="Revoke NAME's token "
                                         "instead.")] = False,
) -> None:
    """Make an upload token (printed once), or revoke one."""
    league = _open(out)
    try:
        if revoke:
            league.revoke_token(name)
            console.print(f"revoked the token of {escape(name)}")
        else:
            console.print(league.make_token(name, organiser=organiser), soft_wrap=True)
    finally:
        league.close()


@ladder_app.command("submit")
@usage_errors
def ladder_submit(
    url: Annotated[str, typer.Argument(help="The ladder's address, like http://host:8000/.")],
    path: Annotated[Path, typer.Argument(help="The bot: one file, an archive, or a folder "
                                              "(sent as an archive).")],
    token_: Annotated[str, typer.Option("--token", help="Your upload token.")],
    game: Annotated[str, typer.Option(help="The league's game to join.")],
    name: Annotated[str, typer.Option(help="Your bot's name; the same name makes a new "
                                           "version.")],
    command: Annotated[str, typer.Option(help="How to start the bot in its folder, like "
                                              "'python3 bot.py'.")],
) -> None:
    """Submit a new version of a bot to a running ladder."""
    data, filename = _payload(path)
    query = urllib.parse.urlencode({"game": game, "name": name, "command": command,
                                    "filename": filename})
    target = urllib.parse.urljoin(url if url.endswith("/") else url + "/",
                                  f"api/ladder/bots?{query}")
    if urllib.parse.urlsplit(target).scheme not in ("http", "https"):
        raise ParlourError(f"{url!r} is not an http(s) address")
    request = urllib.request.Request(target, data=data, method="POST", headers={
        "Authorization": f"Bearer {token_}", "Content-Type": "application/octet-stream"})
    try:
        with urllib.request.urlopen(request, timeout=SUBMIT_TIMEOUT) as answer:
            version = json.loads(answer.read(1 << 20))
    except urllib.error.HTTPError as error:
        raise ParlourError(f"the ladder refused the bot: {_detail(error)}") from None
    except (urllib.error.URLError, OSError, ValueError) as error:
        raise ParlourError(f"cannot reach the ladder at {url!r}: {error}") from None
    console.print(f"submitted {escape(version['bot'])} v{version['version']} "
                  f"(id {version['id']}): {version['status']}; see "
                  f"{escape(url.rstrip('/'))}/#/ladder/{version['id']}")


def _payload(path: Path) -> tuple[bytes, str]:
    """The bytes to send: a file as it is, a folder as a gzip tar of its files."""
    if path.is_file():
        return path.read_bytes(), path.name
    if not path.is_dir():
        raise ParlourError(f"{str(path)!r} is neither a file nor a folder")
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        for item in sorted(path.rglob("*")):
            if item.is_file() and not item.is_symlink():
                tar.add(item, arcname=str(item.relative_to(path)), recursive=False)
    return buffer.getvalue(), f"{path.name or 'bot'}.tar.gz"


def _detail(error: urllib.error.HTTPError) -> str:
    try:
        return str(json.loads(error.read(1 << 16))["detail"])
    except (ValueError, KeyError, TypeError, OSError):
        return f"HTTP {error.code}"


@ladder_app.command("status")
@usage_errors
def ladder_status(
    out: Folder,
    game: Annotated[str | None, typer.Option(help="One game's leaderboard (default: each "
                                                  "game's).", show_default=False)] = None,
) -> None:
    """The leaderboard of a league folder: ratings with 95% intervals, faults, time."""
    from parlour.web.ladder import leaderboard_rows

    league = _open(out)
    try:
        specs = [league.game_spec(game)] if game else list(league.settings.games)
        for spec in specs:
            rows = leaderboard_rows(league.standings(spec))
            table = Table(title=f"{spec}: ratings relative to random, 95% intervals",
                          title_justify="left")
            for column in ("#", "bot", "rating", "95% interval", "games", "faults", "status"):
                table.add_column(column, justify="right" if column in
                                 ("#", "rating", "games", "faults") else "left")
            for row in rows:
                table.add_row(str(row["rank"]), escape(row["label"]), f"{row['rating']:+.1f}",
                              f"{row['low']:+.1f} .. {row['high']:+.1f}", str(row["games"]),
                              str(row["faults"]), row["status"])
            console.print(table)
    finally:
        league.close()


@ladder_app.command("set")
@usage_errors
def ladder_set(
    version: Annotated[int, typer.Argument(help="The version's id (shown on its page).")],
    state: Annotated[str, typer.Argument(help="active, paused, retired or suspended.")],
    out: Folder,
    message: Annotated[str, typer.Option(help="Why, for the bot's author.")] = "",
) -> None:
    """Pause, retire, suspend or re-admit a bot version (as the organiser)."""
    league = _open(out)
    try:
        changed = league.set_status(version, state, message)
        console.print(f"{escape(changed.label)} is now {changed.status}")
    finally:
        league.close()


@ladder_app.command("limits")
@usage_errors
def ladder_limits(
    out: Folder,
    move_time: Annotated[float | None, typer.Option(help="Seconds per decision of a submitted "
                                                         "bot.", min=0.01, max=600,
                                                    show_default=False)] = None,
    memory: Annotated[int | None, typer.Option(help="Memory of a submitted bot, MiB.", min=64,
                                               max=65536, show_default=False)] = None,
) -> None:
    """Show or change the move time and memory of the league's bots (from the next match)."""
    league = _open(out)
    try:
        if move_time is not None or memory is not None:
            league.configure(move_time=move_time, memory_mb=memory)
        s = league.settings
        console.print(f"{escape(', '.join(s.games))}: {s.move_time:g} s a move, "
                      f"{s.memory_mb} MiB a bot")
    finally:
        league.close()


@ladder_app.command("rebuild")
@usage_errors
def ladder_rebuild(out: Folder) -> None:
    """Make the league's index anew from its files (after damage or loss)."""
    from parlour.ladder.rebuild import rebuild as rebuild_index

    versions, games = rebuild_index(out)
    console.print(f"rebuilt {escape(str(out))}: {versions} versions, {games} games")
