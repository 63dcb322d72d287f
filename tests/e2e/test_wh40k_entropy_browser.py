"""The 10th-edition page's dice entropy in real browsers (audit s16 C #3): a seat opened in a
second browser (no local storage) sends no entropy of its own while the seat's last one still
waits for a roll, so no "Refused: Your last entropy is still to be used" toast appears unasked;
the "Add my entropy" button is disabled, saying why, until dice are rolled, then adds one.
Screenshots: VANTAGE_E2E_SCREENSHOTS (a folder)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.e2e.test_wh40k_browser import _trim, deploy_in_ui, exported_events, open_casual_game
from tests.support.server import LiveServer

pytestmark = pytest.mark.browser

PORT = 8736
"""This test's own port."""

QUIET_MS = 1_500
"""How long a page is watched for a toast after it settled (the history loads in far less)."""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'v.db'}", port=PORT).start()
    yield live
    live.stop()


def _mixed(server: LiveServer, game: dict[str, Any], player: str) -> int:
    """How many entropy strings ``player`` has in the log."""
    return sum(
        1
        for e in exported_events(server, game)
        if e.get("type") == "entropy_contributed" and e.get("player") == player
    )


def _toasts(pages: list[Any]) -> list[str]:
    return [t for p in pages for t in p.locator(".toast").all_inner_texts()]


def test_a_second_browser_on_a_seat_is_refused_nothing_and_the_button_waits_for_a_roll(
    server: LiveServer, open_table: Any, shots: Path
) -> None:
    demos = httpx.get(f"{server.base}/api/armies/demo", timeout=10).json()
    armies = {
        "p1": _trim(demos[0], {"ac-carriage": 1}),
        "p2": _trim(demos[1], {"vh-stalker": 1}),
    }
    game, t = open_casual_game(server, open_table, armies)
    first = t.seats["p1"]
    first.wait_for_function(
        "document.querySelector('[data-testid=w40-entropy]')?.disabled === true", timeout=10_000
    )
    assert _mixed(server, game, "p1") == 1

    # The same seat in another browser (its own storage): it sends nothing, and says why its
    # button is disabled.
    url = next(s["url"] for s in game["seats"] if s["player"] == "p1")
    second = open_table(server.base + url[url.index("/play/") :])
    reason = second.locator("[data-testid=w40-entropy-reason]")
    reason.wait_for(timeout=10_000)
    assert "waits for the next roll" in reason.inner_text()
    assert second.locator("[data-testid=w40-entropy]").is_disabled()
    second.wait_for_timeout(QUIET_MS)
    pages = [*t.pages, second]
    assert _toasts(pages) == []
    assert second.evaluate("window.__vantage.lastRejection") is None
    assert _mixed(server, game, "p1") == 1
    second.screenshot(path=str(shots / "entropy-second-browser.png"))

    # A roll (who takes the first turn, once both armies are deployed) lets each add more.
    for player in ("p1", "p2"):
        t.click(player, "[data-testid=w40-declare]")
    deploy_in_ui(t)
    for page in (first, second):
        page.wait_for_function(
            "document.querySelector('[data-testid=w40-entropy]')?.disabled === false",
            timeout=10_000,
        )
        assert page.locator("[data-testid=w40-entropy-reason]").count() == 0
    second.locator("[data-testid=w40-entropy]").click()
    for page in (first, second):
        page.wait_for_function(
            "document.querySelector('[data-testid=w40-entropy]')?.disabled === true",
            timeout=10_000,
        )
    second.wait_for_timeout(QUIET_MS)
    assert _toasts(pages) == []
    assert _mixed(server, game, "p1") == 2
    second.screenshot(path=str(shots / "entropy-after-a-roll.png"))
