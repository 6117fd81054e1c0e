"""Invites and seeds on the real page (Chromium via Playwright), as two people use them.

The creator seats a second person: the seed field says the server draws it; the invite link
seats the first browser that opens it (its address becomes the seat's own link) and a second
browser is told the link was used.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
sync_api = pytest.importorskip("playwright.sync_api")

from tests.web.helpers import running_server  # noqa: E402

CHROMIUM = os.environ.get("PARLOUR_CHROMIUM", "/usr/bin/chromium")
if not Path(CHROMIUM).exists():
    pytest.skip(f"no Chromium at {CHROMIUM} (make test installs Debian's)",
                allow_module_level=True)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with running_server("serve") as url:
        yield url


def open_page(browser: Any, url: str) -> Any:
    tab = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    tab.set_default_timeout(15000)
    tab.goto(url)
    tab.wait_for_selector("body[data-ready='1']")
    return tab


def test_an_invite_link_seats_the_first_browser_only(server: str) -> None:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                             args=["--headless", "--no-sandbox"])
        try:
            creator = open_page(browser, server + "/")
            creator.select_option('select[data-seat="1"]', "human")
            seed = creator.locator("#seed")
            assert seed.is_disabled() and seed.get_attribute("placeholder") == \
                "drawn by the server"
            creator.click("#start")
            link = creator.locator(".invite input").input_value()
            assert "#/invite/" in link
            guest = open_page(browser, link)
            guest.wait_for_function("location.hash.startsWith('#/table/')")
            guest.wait_for_selector(".hand .card-btn")
            creator.wait_for_selector(".invite", state="detached")  # the link is used up
            late = open_page(browser, link)
            late.wait_for_selector(".form-error")
            assert "already used" in late.locator(".form-error").inner_text()
        finally:
            browser.close()
