"""The table in real browsers: two players and a spectator, a mouse drag, a server restart."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.client import create_game
from tests.support.server import LiveServer

pytestmark = pytest.mark.browser

WAIT_MS = 20_000
# Remember every connection state the page goes through (polled: the hooks are plain getters).
RECORD_CONNECTION = """() => {
    window.__seenConnection = [window.__vantage.connection];
    setInterval(() => {
        const c = window.__vantage.connection;
        if (window.__seenConnection.at(-1) !== c) window.__seenConnection.push(c);
    }, 20);
}"""


def demo_setup(server: LiveServer) -> dict[str, Any]:
    """The lobby's demo set-up, as the home page offers it."""
    presets = httpx.get(f"{server.base}/api/setups", params={"system": "sandbox"}).json()
    setup: dict[str, Any] = next(p["setup"] for p in presets if p["id"] == "demo")
    return setup


def model(page: Any, model_id: str) -> dict[str, float]:
    shown: dict[str, float] = page.evaluate("id => window.__vantage.model(id)", model_id)
    return shown


def drag(page: Any, model_id: str, dx: float, dy: float) -> None:
    """Drag a base with the mouse by (dx, dy) inches, in small steps as a hand would."""
    at = model(page, model_id)
    start = page.evaluate("([x, y]) => window.__vantage.screenPoint(x, y)", [at["x"], at["y"]])
    end = page.evaluate(
        "([x, y]) => window.__vantage.screenPoint(x, y)", [at["x"] + dx, at["y"] + dy]
    )
    page.mouse.move(start["x"], start["y"])
    page.mouse.down()
    page.mouse.move(end["x"], end["y"], steps=12)
    page.mouse.up()


def wait_at(page: Any, model_id: str, x: float, y: float) -> None:
    """Wait until the page shows the model at (x, y), within a hundredth of an inch."""
    page.wait_for_function(
        """([id, x, y]) => {
            const m = window.__vantage.model(id);
            return m !== null && Math.abs(m.x - x) < 0.01 && Math.abs(m.y - y) < 0.01;
        }""",
        arg=[model_id, x, y],
        timeout=WAIT_MS,
    )


def wait_version(page: Any, v: int) -> None:
    page.wait_for_function(
        "v => window.__vantage.v === v && window.__vantage.connection === 'online'",
        arg=v,
        timeout=WAIT_MS,
    )


def server_model(server: LiveServer, game: dict[str, Any], model_id: str) -> dict[str, Any]:
    token = game["spectator"]["token"]
    state = httpx.get(f"{server.base}/api/games/{game['id']}", params={"token": token}).json()
    found: dict[str, Any] = next(m for m in state["state"]["models"] if m["id"] == model_id)
    return {**found, "v": state["v"]}


@pytest.mark.console_allows("ERR_CONNECTION_REFUSED")  # the pages retry while the server restarts
def test_players_and_spectator_share_the_table_through_a_restart(
    server: LiveServer, open_table: Callable[[str], Any], shots: Path
) -> None:
    game = create_game(server, {"system": "sandbox", "setup": demo_setup(server)})
    p1 = open_table(game["seats"][0]["url"])
    p2 = open_table(game["seats"][1]["url"])
    spectator = open_table(game["spectator"]["url"])
    pages = (p1, p2, spectator)
    assert p1.evaluate("window.__vantage.viewer") == {"player": "p1", "role": "player"}
    assert spectator.evaluate("window.__vantage.viewer") == {"player": None, "role": "spectator"}
    # The tab names the game (a free table has no turns to announce); the panel names players
    # by name, without their ids or the table's version number.
    for page in pages:
        page.wait_for_function("document.title === 'Sandbox — Vantage'", timeout=WAIT_MS)
        assert page.inner_text(".players").startswith("Player 1\n")
        assert "(p1)" not in page.inner_text(".panel")
        assert page.inner_text(".panel h2 >> nth=0").strip().lower() == "table"
    start = model(p1, "w1")

    # Player 1 drags one of their bases 4" with the mouse; everyone sees it land there.
    drag(p1, "w1", 0, 4)
    target = (start["x"], start["y"] + 4)
    for page in pages:
        wait_at(page, "w1", *target)
        wait_version(page, 1)
    on_server = server_model(server, game, "w1")
    assert math.isclose(on_server["x"], target[0], abs_tol=0.01)
    assert math.isclose(on_server["y"], target[1], abs_tol=0.01)
    assert "moved Iron Warden Squad (1 model) 4.0" in p2.inner_text(".log")
    p1.screenshot(path=str(shots / "player1-after-move.png"))

    # Shift-click selects a whole unit; dragging one of its models moves all of it in formation.
    riders = ["r1", "r2", "r3"]
    before = {r: model(p1, r) for r in riders}
    r1 = p1.evaluate(
        "([x, y]) => window.__vantage.screenPoint(x, y)", [before["r1"]["x"], before["r1"]["y"]]
    )
    p1.keyboard.down("Shift")
    p1.mouse.click(r1["x"], r1["y"])
    p1.keyboard.up("Shift")
    drag(p1, "r1", 0, 3)
    for page in pages:
        for r in riders:
            wait_at(page, r, before[r]["x"], before[r]["y"] + 3)
        wait_version(page, 2)
    assert "moved Dust Riders (3 models) 3.0" in spectator.inner_text(".log")

    # Nobody else may move player 1's base: neither the opponent nor the spectator can drag it.
    for page in (p2, spectator):
        drag(page, "w1", 3, 0)
        page.wait_for_timeout(300)
        assert model(page, "w1") == {**model(p1, "w1")}
        assert page.evaluate("window.__vantage.v") == 2

    # A refused move snaps back and says why.
    w2 = model(p1, "w2")
    drag(p1, "w1", w2["x"] - target[0], w2["y"] - target[1])
    p1.wait_for_function("window.__vantage.lastRejection !== null", timeout=WAIT_MS)
    assert p1.evaluate("window.__vantage.lastRejection.code") == "move/overlap"
    wait_at(p1, "w1", *target)
    assert p1.locator(".toast").count() == 1

    # The server goes away and comes back on the same port and database: all three reconnect.
    for page in pages:
        page.evaluate(RECORD_CONNECTION)
    server.restart()
    for page in pages:
        wait_version(page, 2)
        wait_at(page, "w1", *target)
        assert "reconnecting" in page.evaluate("window.__seenConnection")

    # The live link works again: player 2 moves, the others see it.
    a1 = model(p2, "a1")
    drag(p2, "a1", 0, -3)
    for page in pages:
        wait_at(page, "a1", a1["x"], a1["y"] - 3)
        wait_version(page, 3)
    spectator.screenshot(path=str(shots / "spectator-after-restart.png"))
    for page in pages:
        assert page.errors == []


def test_home_page_creates_a_game_and_shows_its_links(server: LiveServer, chromium: Any) -> None:
    context = chromium.new_context(viewport={"width": 1200, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"{server.base}/")
        # The table's size is said once: in the empty table's title, not again under it.
        empty = page.locator(".setup", has_text="Empty table")
        assert '60"×44"' in empty.inner_text() and "60 × 44 in" not in empty.inner_text()
        page.get_by_text("Demo", exact=False).first.click()
        page.get_by_role("button", name="Create game").click()
        links = page.locator(".links .copy-link__url")
        links.first.wait_for(timeout=WAIT_MS)
        urls = links.all_inner_texts()
        assert len(urls) == 3
        # the seats are "Player 1", "Player 2": no internal ids
        assert "(p1)" not in page.inner_text(".links")
        assert "Player 1" in page.inner_text(".links")
        assert all(u.startswith(f"{server.base}/play/") and "token=" in u for u in urls)
        page.goto(urls[0])
        page.wait_for_function("window.__vantage?.ready === true", timeout=WAIT_MS)
        assert page.evaluate("window.__vantage.viewer.player") == "p1"
        assert page.evaluate("window.__vantage.model('w1')") is not None
    finally:
        context.close()


def test_home_page_keeps_each_systems_seat_count(server: LiveServer, chromium: Any) -> None:
    """Seats typed for Death Angel survive a look at another system; a system not yet touched
    shows its own default."""
    context = chromium.new_context(viewport={"width": 1200, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"{server.base}/")
        system = page.locator('select[name="system"]')
        seats = page.locator('input[name="seats"]')
        system.select_option("death-angel")
        seats.fill("5")
        system.select_option("wh40k-10e")
        system.select_option("death-angel")
        assert seats.input_value() == "5"
        seats.fill("9")  # out of range: kept as typed, and still said
        system.select_option("sandbox")
        system.select_option("death-angel")
        assert seats.input_value() == "9"
        assert page.get_by_test_id("seats-error").count() == 1
    finally:
        context.close()
