"""A Schafkopf deal at the web table in a real browser (the fixtures of tests/web)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright.sync_api")

from tests.web.test_browser import (  # noqa: F401 (pytest fixtures)
    ACTIONABLE,
    _start,
    browser,
    page,
    server,
    shots,
    tournament,
)


def test_declare_and_play_a_schafkopf_deal_by_clicking(page: Any, shots: Path) -> None:  # noqa: F811
    _start(page, "schafkopf", 4, deals="1")
    done: list[str] = []
    for _ in range(120):
        page.wait_for_selector(ACTIONABLE)
        if page.locator(".result-banner").count():
            break
        say = page.locator("button.move[data-action='spiel']")
        if say.count():
            page.screenshot(path=shots / "web-schafkopf-auction.png")
            say.click()
            done.append("spiel")
        elif page.locator("button.move[data-action^='solo herz']").count():
            page.screenshot(path=shots / "web-schafkopf-declare.png")
            page.click("button.move[data-action='solo herz']")
            done.append("declare")
        elif page.locator("button.move[data-action='weiter']").count():
            page.click("button.move[data-action='weiter']")
            done.append("weiter")
        else:
            if len([d for d in done if d == "play"]) == 3:
                page.wait_for_timeout(200)
                page.screenshot(path=shots / "web-schafkopf.png")
            page.locator(".hand .card-btn.playable").first.click()
            done.append("play")
    assert {"spiel", "declare", "play"} <= set(done), done
    assert page.locator(".result-banner").is_visible()
    page.screenshot(path=shots / "web-schafkopf-over.png")
    assert "seat 0 (you) plays Herz-Solo" in page.inner_text("#log")
    assert "Herz-Solo" in page.inner_text("table.scores")
