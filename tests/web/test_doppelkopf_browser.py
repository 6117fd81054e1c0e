"""A whole Doppelkopf deal in a real browser: the calls as buttons, trumps first in the hand,
parties and announcements at the seats (screenshots as in test_browser.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright.sync_api")

from tests.web.test_browser import (  # noqa: F401 (fixtures)
    ACTIONABLE,
    browser,
    page,
    server,
    shots,
    tournament,
)


def _start_one_deal(page: Any, seed: int) -> None:  # noqa: F811
    """Doppelkopf with one deal and no Pflichtsolo (a checkbox), seeded."""
    page.click("[data-game='doppelkopf']")
    page.wait_for_selector("[data-game='doppelkopf'].chosen")
    page.uncheck("#param-tournament")
    page.fill("#param-deals", "1")
    page.press("#param-deals", "Tab")
    page.wait_for_function("() => document.querySelector('#param-deals').value === '1'")
    page.select_option("#pace", "0")
    page.fill("#seed", str(seed))
    page.press("#seed", "Tab")
    page.wait_for_timeout(150)
    page.click("#start")
    page.wait_for_selector(".table-view .headline")


def test_play_a_doppelkopf_deal_by_clicking(page: Any, shots: Path) -> None:  # noqa: F811
    _start_one_deal(page, 4)
    page.wait_for_selector("button.move[data-action='gesund']")
    assert page.locator("button.move[data-action='damensolo']").count() == 1
    page.screenshot(path=shots / "web-doppelkopf-vorbehalt.png")
    page.click("button.move[data-action='gesund']")
    cards = 0
    for _ in range(200):
        page.wait_for_selector(ACTIONABLE)
        if page.locator(".result-banner").count():
            break
        playable = page.locator(".hand .card-btn.playable")
        if playable.count():
            if cards == 3:
                page.screenshot(path=shots / "web-doppelkopf-play.png")
            playable.first.click()
            cards += 1
        else:
            page.locator("button.move").first.click()
        page.wait_for_timeout(50)
    assert page.locator(".result-banner").count()
    assert cards == 12
    page.screenshot(path=shots / "web-doppelkopf-over.png")
    assert "wins" in page.inner_text("#log") or "no winner" in page.inner_text("#log")
