"""The ladder in a real browser: an author submits a bot and watches it qualify, play and
climb onto the leaderboard; the organiser suspends it; its page opens a game's replay.

The server is `parlour ladder serve` on a free port; screenshots go to a temporary folder
(or ``$PARLOUR_WEB_SHOTS``, which is how docs/images/ladder-*.png were made).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
sync_api = pytest.importorskip("playwright.sync_api")

from parlour.ladder import Ladder, LeagueSettings  # noqa: E402
from tests.web.helpers import running_server  # noqa: E402
from tests.web.test_browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

from .conftest import BOTS, GAME  # noqa: E402

WAIT_MS = 90_000


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, str]:
    folder = tmp_path_factory.mktemp("ladder") / "league"
    ladder = Ladder(folder, LeagueSettings(games=(GAME,), seed=2, qualification_games=1,
                                           anchors=("random", "heuristic"), move_time=5.0))
    tokens = ladder.make_token("teacher", organiser=True), ladder.make_token("alice")
    ladder.close()
    return folder, *tokens


@pytest.fixture(scope="module")
def server(league: tuple[Path, str, str],
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    log = tmp_path_factory.mktemp("server") / "serve.log"
    with running_server("ladder", "serve", "--out", str(league[0]), "--backend", "inprocess",
                        log=log) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM}")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    chosen = os.environ.get("PARLOUR_WEB_SHOTS")
    folder = Path(chosen) if chosen else tmp_path_factory.mktemp("ladder-shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def open_ladder(browser: Any, server: str, token: str) -> Any:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(server + "/#/ladder")
    page.wait_for_selector("body[data-ready='1']")
    page.fill("#ladder-token", token)
    page.click("text=Use")
    return page


def test_an_author_submits_a_bot_that_qualifies_plays_and_climbs_and_is_suspended(
        browser: Any, server: str, league: tuple[Path, str, str], shots: Path) -> None:
    _, organiser, author = league
    page = open_ladder(browser, server, author)
    page.wait_for_selector("text=Your bots (alice)")
    page.fill("#submit-name", "climber")
    page.fill("#submit-command", "python3 bots.py first")
    page.set_input_files("#submit-file", str(BOTS))
    page.click("#submit-bot")
    page.wait_for_selector(".my-bots tr[data-bot='climber'] .status-active")
    row = ".ladder-board tr[data-bot='climber']"
    page.wait_for_function(
        f"() => {{ const r = document.querySelector(\"{row}\"); "
        "return r && Number(r.children[4].textContent) > 0; }")
    page.screenshot(path=str(shots / "ladder-leaderboard.png"), full_page=True)
    assert page.locator(f"{row} td").nth(1).inner_text().startswith("climber v1")
    assert not page.errors

    boss = open_ladder(browser, server, organiser)
    boss.wait_for_selector(f"{row} button[data-action='suspended']")
    boss.click(f"{row} button[data-action='suspended']")
    boss.wait_for_selector(f"{row} .status-suspended")
    boss.screenshot(path=str(shots / "ladder-organiser.png"), full_page=True)
    page.wait_for_selector(".my-bots tr[data-bot='climber'] .status-suspended")

    page.click(f"{row} a")
    page.wait_for_selector(".recent-games .open-replay")
    page.screenshot(path=str(shots / "ladder-bot.png"), full_page=True)
    page.locator(".recent-games .open-replay").first.click()
    page.wait_for_selector("#replay-slider")
    assert page.evaluate("location.hash").startswith("#/replay/")
    assert not page.errors and not boss.errors


def test_a_broken_upload_is_one_line_on_the_page(browser: Any, server: str,
                                                 league: tuple[Path, str, str],
                                                 tmp_path: Path) -> None:
    broken = tmp_path / "bot.zip"
    broken.write_bytes(b"PK\x03\x04 not really a zip")
    page = open_ladder(browser, server, league[2])
    page.wait_for_selector("text=Your bots (alice)")
    page.fill("#submit-name", "broken")
    page.set_input_files("#submit-file", str(broken))
    page.click("#submit-bot")
    message = page.wait_for_selector(".ladder-submit .entry-error:has-text('zip')")
    assert "not a readable zip file" in message.inner_text()
    assert "\n" not in message.inner_text().strip()


def test_a_visitor_watches_a_game_move_live_and_it_becomes_the_replay(
        browser: Any, server: str, league: tuple[Path, str, str], shots: Path) -> None:
    page = open_ladder(browser, server, league[2])
    page.wait_for_selector("text=Your bots (alice)")
    page.fill("#submit-name", "slowpoke")
    page.fill("#submit-command", "python3 bots.py slow 0.4")
    page.set_input_files("#submit-file", str(BOTS))
    page.click("#submit-bot")
    page.wait_for_selector(".my-bots tr[data-bot='slowpoke'] .status-active")
    page.wait_for_selector(".playing-now li:has-text('slowpoke')")
    page.reload()  # the freshest list: a game of five seconds may be over by the next one
    page.locator(".playing-now li:has-text('slowpoke') .watch-game").first.click()
    assert page.evaluate("location.hash").startswith("#/watch/")
    moves = "Number(document.querySelector('#live-move')?.dataset.moves ?? -1)"
    page.wait_for_function(f"() => {moves} >= 1")
    first = page.evaluate(f"() => {moves}")
    page.wait_for_function(f"() => {moves} > {first}")  # it moves while we watch
    page.screenshot(path=str(shots / "ladder-live.png"), full_page=True)
    hands = page.evaluate("document.querySelectorAll('.table-view .hand .card').length")
    assert hands == 0  # a spectator sees no hand
    page.wait_for_selector("#replay-slider")  # the game ended: its replay opened
    assert page.evaluate("location.hash").startswith("#/replay/")
    assert not page.errors
