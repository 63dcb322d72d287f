"""A page's connection badge tells the truth when the browser goes offline, and a Death Angel
page downloads its card pack once."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tests.e2e.conftest import VIEWPORT
from tests.support.client import create_game
from tests.support.server import LiveServer

pytestmark = pytest.mark.browser

BADGE = "[data-connection]"


def badge_becomes(page: Any, state: str, within_ms: int) -> None:
    page.wait_for_function(
        f"document.querySelector('{BADGE}')?.dataset.connection === '{state}'", timeout=within_ms
    )


def test_the_badge_leaves_online_at_once_when_the_browser_goes_offline(
    server: LiveServer, open_table: Callable[[str], Any]
) -> None:
    game = create_game(server, {"system": "sandbox"})
    page = open_table(game["seats"][0]["url"].replace("localhost", "127.0.0.1"))
    badge_becomes(page, "online", 5_000)
    # Offline, the socket is not closed (its frames just wait): before, the badge said "Online"
    # until the silence limit, 40 s on.
    page.context.set_offline(True)
    badge_becomes(page, "reconnecting", 2_000)
    assert page.inner_text(BADGE).strip() == "Reconnecting…"
    page.wait_for_timeout(5_000)
    assert page.get_attribute(BADGE, "data-connection") == "reconnecting"
    page.context.set_offline(False)
    badge_becomes(page, "online", 5_000)
    assert page.errors == []


def test_death_angel_downloads_its_pack_once(server: LiveServer, chromium: Any) -> None:
    game = create_game(server, {"system": "death-angel", "seats": 2})
    context = chromium.new_context(viewport=VIEWPORT)
    try:
        page = context.new_page()
        sent: list[Any] = []
        exports: list[str] = []
        page.on("websocket", lambda ws: ws.on("framesent", lambda f: sent.append(json.loads(f))))
        page.on("request", lambda r: exports.append(r.url) if "/export" in r.url else None)
        page.goto(game["seats"][0]["url"].replace("localhost", "127.0.0.1"))
        page.wait_for_function("window.__vantage?.ready === true", timeout=15_000)
        badge_becomes(page, "online", 5_000)
        page.wait_for_timeout(1_000)
        # The export the log fetches holds the pack (setup.pack): no pack query besides.
        assert len(exports) == 1
        assert [m for m in sent if m.get("type") == "query"] == []
    finally:
        context.close()
