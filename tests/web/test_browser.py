"""The web table in a real browser: Debian's Chromium driven by Playwright.

A server runs `parlour serve` on a free port (with a tournament made by `parlour tournament`),
and each test clicks its way through: a whole Hearts game, a Skat deal with bidding, burying
and declaring, Skull and Territory turns, a replay, the tournament report. Screenshots go to a
temporary directory (or to ``$PARLOUR_WEB_SHOTS``, which is how docs/images/ was made).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
sync_api = pytest.importorskip("playwright.sync_api")

import parlour  # noqa: E402
from parlour.match import Match  # noqa: E402
from parlour.records import load  # noqa: E402
from tests.web.helpers import running_server  # noqa: E402

CHROMIUM = os.environ.get("PARLOUR_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]

if not Path(CHROMIUM).exists():
    pytest.skip(f"no Chromium at {CHROMIUM} (make test installs Debian's)",
                allow_module_level=True)


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    chosen = os.environ.get("PARLOUR_WEB_SHOTS")
    folder = Path(chosen) if chosen else tmp_path_factory.mktemp("web-screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def tournament(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real tournament's output directory, from `parlour tournament`."""
    out = tmp_path_factory.mktemp("tournament") / "hearts-duel"
    subprocess.run(
        [sys.executable, "-m", "parlour", "tournament", "hearts:end_score=30", "-a",
         "random,heuristic", "-n", "4", "--seed", "3", "--out", str(out), "--no-progress",
         "--backend", "inprocess"],
        check=True, capture_output=True, timeout=120,
    )
    return out


@pytest.fixture(scope="module")
def server(tournament: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    log = tmp_path_factory.mktemp("server") / "serve.log"
    with running_server("serve", "--tournaments", str(tournament.parent), log=log) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000},
                                  accept_downloads=True)
    tab = context.new_page()
    tab.set_default_timeout(15000)
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(server + "/")
    tab.wait_for_selector("body[data-ready='1']")
    yield tab
    context.close()
    assert not errors, errors


def _start(page: Any, game: str, seed: int, **params: str) -> None:
    """Choose a game and its parameters on the Play page, seed the deal, and sit down."""
    page.click(f"[data-game='{game}']")
    page.wait_for_selector(f"[data-game='{game}'].chosen")
    for name, value in params.items():
        page.fill(f"#param-{name}", value)
        page.press(f"#param-{name}", "Tab")
        page.wait_for_function(
            "([n, v]) => document.querySelector('#param-' + n).value === v", arg=[name, value])
    page.select_option("#pace", "0")
    page.fill("#seed", str(seed))
    page.press("#seed", "Tab")
    page.wait_for_timeout(150)  # the parameter check answers
    page.click("#start")
    page.wait_for_selector(".table-view .headline")


ACTIONABLE = (".hand .card-btn.playable, .card-btn.selectable:not([disabled]), "
              "button.move:not([disabled]), .disc-btn.playable, button.mat.can-turn, "
              "button.square.mine, .result-banner")


def _pass_three_with_a_change(page: Any, shots: Path | None) -> None:
    """Choose four cards in turn, taking the first back: the pass waits for the button."""
    cards = page.locator(".hand .card-btn.selectable")
    go = page.locator("#select-go")

    def chosen_are(count: int) -> None:
        page.wait_for_function(
            "n => document.querySelectorAll('.hand .card-btn.chosen').length === n", arg=count)

    for index, count in ((0, 1), (1, 2), (0, 1)):  # the third click takes the first back
        cards.nth(index).click()
        chosen_are(count)
    assert go.is_disabled()
    for index, count in ((2, 2), (3, 3)):
        cards.nth(index).click()
        chosen_are(count)
    assert go.is_enabled()
    if shots is not None:
        page.screenshot(path=shots / "web-hearts-pass.png")
    chosen = page.locator(".hand .card-btn.chosen").evaluate_all(
        "buttons => buttons.map(b => b.dataset.card)")
    logged = page.locator("#log li").count()
    go.click()
    page.wait_for_function("() => !document.querySelector('#select-go')")
    page.wait_for_function(  # the pass is logged
        "n => document.querySelectorAll('#log li').length > n", arg=logged)
    page.wait_for_function(  # and the three chosen have left the hand
        "cards => ![...document.querySelectorAll('.hand .card-btn')]"
        ".some((b) => cards.includes(b.dataset.card))", arg=chosen)


def test_play_a_whole_hearts_game_by_clicking(page: Any, shots: Path, tmp_path: Path) -> None:
    page.screenshot(path=shots / "web-setup.png")
    _start(page, "hearts", 5, end_score="10")
    clicks = 0
    for _ in range(600):
        page.wait_for_selector(".hand .card-btn.playable, .result-banner")
        if page.locator(".result-banner").count():
            break
        if page.locator("#select-go").count():  # a pass: choose, change, then confirm
            _pass_three_with_a_change(page, shots if clicks == 0 else None)
            clicks += 3
            continue
        if clicks == 3:
            page.screenshot(path=shots / "web-hearts-passed.png")
        if clicks == 9:
            page.wait_for_timeout(200)
            page.screenshot(path=shots / "web-hearts.png")
        page.locator(".hand .card-btn.playable").first.click()
        clicks += 1
    banner = page.locator(".result-banner")
    assert banner.is_visible()
    assert clicks >= 16  # three passes and thirteen cards at least
    page.screenshot(path=shots / "web-hearts-over.png")
    assert "game over" in page.inner_text("#log")
    with page.expect_download() as download:
        page.click("#download-record")
    saved = tmp_path / "game.json"
    download.value.save_as(saved)
    record = load(saved)
    assert record.seats[0] == "human" and record.result.complete
    record.verify()
    page.click("#watch-replay")
    page.wait_for_selector("#replay-slider")


def test_bid_and_declare_a_skat_deal(page: Any, shots: Path) -> None:
    _start(page, "skat", 11, deals="1")
    done: list[str] = []
    for _ in range(200):
        page.wait_for_selector(ACTIONABLE)
        if page.locator(".result-banner").count():
            break
        bids = page.locator("button.move[data-action^='bid'], button.move[data-action='hold']")
        if bids.count():
            if "bid" not in done:
                page.screenshot(path=shots / "web-skat-bidding.png")
            done.append("bid")
            bids.first.click()
        elif page.locator("button.move[data-action='pickup']").count():
            page.screenshot(path=shots / "web-skat-pickup.png")
            page.click("button.move[data-action='pickup']")
            done.append("pickup")
        elif page.locator(".card-btn.selectable:not([disabled])").count():
            cards = page.locator(".card-btn.selectable")
            cards.nth(cards.count() - 1).click()
            cards.nth(cards.count() - 2).click()
            page.wait_for_selector("#select-go:not([disabled])")
            page.screenshot(path=shots / "web-skat-bury.png")
            page.click("#select-go")
            done.append("bury")
        elif page.locator("button.move[data-action^='declare']").count():
            page.screenshot(path=shots / "web-skat-declare.png")
            page.click("button.move[data-action='declare grand']")
            done.append("declare")
        else:
            if "play" not in done:
                page.wait_for_timeout(100)
            done.append("play")
            page.locator(".hand .card-btn.playable").first.click()
    assert {"bid", "pickup", "bury", "declare", "play"} <= set(done), done
    assert page.locator(".result-banner").is_visible()
    log = page.inner_text("#log")
    assert "seat 0 (you) declares Grand" in log and "seat 0 (you) buries" in log
    assert "Grand" in page.inner_text("table.scores")
    page.screenshot(path=shots / "web-skat-over.png")


def test_skull_and_territory_turns_by_clicking(page: Any, shots: Path) -> None:
    _start(page, "skull", 2)
    page.wait_for_selector(".disc-btn.playable")
    page.locator(".disc-btn.playable").first.click()
    page.wait_for_selector("button.move:not([disabled]), .disc-btn.playable")
    page.screenshot(path=shots / "web-skull.png")
    assert page.locator(".seat .mat").count() == 4
    page.goto(page.url.split("#")[0] + "#/")
    page.wait_for_selector("[data-game='territory']")
    _start(page, "territory", 3, players="2", size="8", rounds="3")
    page.wait_for_selector("button.square.mine")
    page.locator("button.square.mine").first.click()
    page.fill(".planner .count", "2")
    page.click(".planner .dir-e")
    page.wait_for_selector("#play-turn:not([disabled])")
    page.screenshot(path=shots / "web-territory.png")
    page.click("#play-turn")
    page.wait_for_function(  # zombies may take your last square: then the game runs out
        "() => document.querySelector('.headline').textContent.includes('Round 2') "
        "|| document.querySelector('.result-banner') !== null")
    # the log renders with the same update as the headline, but may land a frame later
    page.wait_for_function(
        "() => document.querySelector('#log').textContent.includes('seat 0 (you) moves')")
    assert "seat 0 (you) moves" in page.inner_text("#log")


SKULL_SEATS = {
    5: ["You", "Seat 1 (left)", "Seat 2 (across left)", "Seat 3 (across right)",
        "Seat 4 (right)"],
    6: ["You", "Seat 1 (left)", "Seat 2 (far left)", "Seat 3 (across)", "Seat 4 (far right)",
        "Seat 5 (right)"],
}


@pytest.mark.parametrize("players", sorted(SKULL_SEATS))
def test_a_skull_table_of_five_or_six_names_seats_where_they_sit(page: Any, shots: Path,
                                                                 players: int) -> None:
    _start(page, "skull", 4, players=str(players))
    page.wait_for_selector(".disc-btn.playable")
    page.screenshot(path=shots / f"web-skull-{players}.png")
    labels = page.locator(".seat .seat-name strong").all_inner_texts()
    assert labels == SKULL_SEATS[players]
    boxes = [page.locator(f".seat[data-seat='{seat}']").bounding_box() for seat in range(players)]
    assert all(box is not None for box in boxes)
    middle = [box["x"] + box["width"] / 2 for box in boxes]  # type: ignore[index]
    left = [seat for seat, name in enumerate(labels) if name.endswith("left)")]
    right = [seat for seat, name in enumerate(labels) if name.endswith("right)")]
    assert max(middle[s] for s in left) < middle[0] < min(middle[s] for s in right)


def test_open_a_replay_and_step_through_it(page: Any, shots: Path, tmp_path: Path) -> None:
    record = Match(parlour.load_game("hearts", end_score=50), ["heuristic", "random"] * 2,
                   seed=5).run()
    *_, (final, _) = record.replay()
    assert sum(type(e).__name__ == "DealStarted" for e in final.events) >= 2  # a deal 2 to see
    path = record.save(tmp_path / "hearts.json.gz")
    page.click("[data-nav='replays']")
    page.set_input_files("#record-file", str(path))
    page.wait_for_selector("#replay-slider")
    assert "The start" in page.inner_text("#step-label")
    for _ in range(5):
        page.click("#replay-next")
    assert "Move 5 of" in page.inner_text("#step-label")
    page.keyboard.press("ArrowRight")
    assert "Move 6 of" in page.inner_text("#step-label")
    for _ in range(12):
        page.click("#replay-next")
    hands = page.locator(".seat .seat-hand")
    assert hands.count() == 4  # every hand face up
    assert page.locator(".seat .seat-hand svg").count() > 20
    page.screenshot(path=shots / "web-replay.png")
    page.click("#replay-next-deal")
    assert "deal 2 begins" in page.inner_text("#log")
    page.fill("#replay-slider", "0")
    assert "The start" in page.inner_text("#step-label")
    page.click("#replay-end")
    assert page.locator(".result-banner").is_visible()


def test_load_the_tournament_report_and_open_a_game(page: Any, shots: Path) -> None:
    page.click("[data-nav='tournaments']")
    page.wait_for_selector("#ranking")
    rows = page.locator("#ranking tbody tr")
    assert rows.count() == 2
    assert {"heuristic", "random"} == {rows.nth(i).locator("td").nth(1).inner_text()
                                       for i in range(2)}
    page.wait_for_selector("#records .open-replay")
    assert page.locator("#records tbody tr").count() == 4
    page.wait_for_function(
        "() => [...document.images].every(i => i.complete && i.naturalWidth > 0)")
    assert page.locator(".plots img").count() == 3
    page.screenshot(path=shots / "web-tournament.png", full_page=True)
    page.locator("#records .open-replay").first.click()
    page.wait_for_selector("#replay-slider")
    assert "0001.json.gz" in page.inner_text(".replay-facts")


def test_the_api_docs_page_shows_every_route(page: Any, server: str, shots: Path) -> None:
    page.goto(server + "/docs")
    page.wait_for_selector(".opblock")
    assert page.locator(".opblock").count() >= 12
    assert "/api/replays" in page.inner_text("body")
    page.screenshot(path=shots / "web-api-docs.png")


@pytest.mark.parametrize(("width", "height"), [(1280, 900), (400, 800)])
def test_the_setup_page_never_scrolls_sideways(browser: Any, server: str, shots: Path,
                                               width: int, height: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        tab = context.new_page()
        tab.goto(server + "/")
        tab.wait_for_selector("body[data-ready='1']")
        for game in ("hearts", "skat", "skull", "territory"):
            tab.click(f"[data-game='{game}']")
            tab.wait_for_selector(f"[data-game='{game}'].chosen")
            sizes = tab.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
            assert sizes[0] <= sizes[1], (game, sizes)
        tab.screenshot(path=shots / f"web-setup-{width}.png", full_page=True)
    finally:
        context.close()


def test_a_table_made_through_the_api_shows_its_own_pace_and_toasts_block_nothing(
        page: Any, server: str) -> None:
    answer = page.request.post(server + "/api/tables", data={
        "game": "hearts", "seats": ["human", "random", "random", "random"], "pace": 0.2})
    assert answer.ok, answer.text()
    page.goto(server + f"/#/table/{answer.json()['token']}")
    page.wait_for_selector(".table-view .headline")
    chosen = page.eval_on_selector("#pace-select", "s => s.options[s.selectedIndex].text")
    assert chosen == "bots: 0.2 s"
    toasts = page.evaluate("() => getComputedStyle(document.getElementById('toasts'))"
                           ".pointerEvents")
    assert toasts == "none", "a toast lets clicks through to what it covers"


def test_the_setup_page_at_1280x900_shows_whole_seat_choices_and_the_button(
        browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        tab = context.new_page()
        tab.goto(server + "/")
        tab.wait_for_selector("body[data-ready='1']")
        tab.click("[data-game='hearts']")
        tab.wait_for_selector("[data-game='hearts'].chosen")
        cut = tab.evaluate("() => [...document.querySelectorAll('select.seat-agent')]"
                           ".filter((s) => s.scrollWidth > s.clientWidth + 1).length")
        assert cut == 0, "a seat's choice is cut off"
        box = tab.locator("#start").bounding_box()
        assert box is not None and box["y"] + box["height"] <= 900, "Sit down is below the fold"
        assert "the game's own rule-based bot" in tab.inner_text(".agent-notes")
    finally:
        context.close()


def test_at_800x700_your_hand_is_above_the_fold(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 800, "height": 700})
    try:
        tab = context.new_page()
        tab.goto(server + "/")
        tab.wait_for_selector("body[data-ready='1']")
        _start(tab, "hearts", 3)
        tab.wait_for_selector(".hand .card-btn")
        box = tab.locator(".hand").bounding_box()
        assert box is not None and box["y"] + 0.75 * box["height"] <= 700, box
    finally:
        context.close()
