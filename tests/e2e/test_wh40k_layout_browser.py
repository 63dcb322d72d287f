"""The 10th-edition game page at three screen sizes: a desktop shows units, table and actions
side by side; a small laptop keeps the table wide with the units under the actions; a portrait
tablet stacks table, actions and units in one scrolling column, and a tap still plays. The top
bar keeps one height from set-up into the battle rounds on a desktop and a phone, and on a phone
the tools' panel stays clear of the table's scale bar."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.e2e.test_wh40k_browser import Table, _trim
from tests.support.client import create_game
from tests.support.server import LiveServer

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1400, "height": 900}
LAPTOP = {"width": 1100, "height": 800}
TABLET = {"width": 768, "height": 1024}
WIDE = {"width": 1440, "height": 900}
PHONE = {"width": 390, "height": 844}

SCALE_BAR_FROM_BOTTOM = 44
"""frontend/src/board/konva/hud.ts: the scale bar's top, in pixels above the board's bottom."""


@pytest.fixture
def contexts(chromium: Any) -> Iterator[list[Any]]:
    opened: list[Any] = []
    yield opened
    for context in opened:
        context.close()


def _open(chromium: Any, url: str, viewport: dict[str, int], contexts: list[Any]) -> Any:
    context = chromium.new_context(viewport=viewport, has_touch=viewport["width"] < 1000)
    contexts.append(context)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("window.__vantage?.ready === true", timeout=15_000)
    return page


def _boxes(page: Any) -> dict[str, dict[str, float]]:
    """Page coordinates (scroll included) of the three areas."""
    boxes: dict[str, dict[str, float]] = page.evaluate(
        """() => Object.fromEntries(['.w40-left', '.w40-center', '.w40-right'].map((s) => {
            const r = document.querySelector(s).getBoundingClientRect();
            return [s.slice(5), {x: r.x, y: r.y + window.scrollY, w: r.width, h: r.height}];
        }))"""
    )
    return boxes


def test_each_screen_size_keeps_the_table_large_and_the_prompt_reachable(
    server: LiveServer, chromium: Any, contexts: list[Any]
) -> None:
    game = create_game(server, {"system": "wh40k-10e"})
    url = game["seats"][0]["url"]

    desk = _boxes(_open(chromium, url, DESKTOP, contexts))
    assert desk["left"]["x"] < desk["center"]["x"] < desk["right"]["x"]
    assert desk["center"]["w"] >= 0.5 * DESKTOP["width"]

    laptop = _boxes(_open(chromium, url, LAPTOP, contexts))
    assert laptop["center"]["x"] < laptop["right"]["x"]
    assert laptop["left"]["x"] == laptop["right"]["x"]  # the units under the actions
    assert laptop["left"]["y"] >= laptop["right"]["y"] + laptop["right"]["h"] - 1
    assert laptop["center"]["w"] >= 0.6 * LAPTOP["width"]

    page = _open(chromium, url, TABLET, contexts)
    tablet = _boxes(page)
    assert tablet["center"]["w"] >= 0.95 * TABLET["width"]
    assert tablet["center"]["h"] >= 0.5 * TABLET["height"]
    board_bottom = tablet["center"]["y"] + tablet["center"]["h"]
    assert tablet["right"]["y"] >= board_bottom - 1  # the actions right under the table
    assert tablet["left"]["y"] >= tablet["right"]["y"] + tablet["right"]["h"] - 1
    # The page scrolls, and the top bar (phase, whose decision) stays in view.
    page.mouse.wheel(0, 1200)
    page.wait_for_function("window.scrollY > 0")
    top = page.evaluate("document.querySelector('.topbar').getBoundingClientRect().top")
    assert top == 0
    page.wait_for_timeout(300)  # the wheel's scrolling may still be going on
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_function("window.scrollY === 0")

    # A tap on the table still plays: whoever won the roll-off places the first objective.
    # The other player joining logs an event; the page stays where it is (the log scrolls
    # itself only).
    seen = page.evaluate("window.__vantage.v")
    other = _open(chromium, game["seats"][1]["url"], TABLET, contexts)
    page.wait_for_function("v => window.__vantage.v > v", arg=seen)
    page.wait_for_timeout(200)
    assert page.evaluate("window.scrollY") == 0
    decider = next(p for p in (page, other) if "Your decision" in p.inner_text(".topbar"))
    v = decider.evaluate("window.__vantage.v")
    point = decider.evaluate("window.__vantage.screenPoint(30, 22)")
    assert 0 < point["y"] < TABLET["height"], point  # the table is in view
    decider.touchscreen.tap(point["x"], point["y"])
    decider.wait_for_function("v => window.__vantage.v > v", arg=v)
    view = httpx.get(
        f"{server.base}/api/games/{game['id']}",
        params={"token": game["spectator"]["token"]},
        timeout=10,
    ).json()
    (placed,) = view["state"]["objectives"]
    assert abs(placed["x"] - 30) < 0.5 and abs(placed["y"] - 22) < 0.5


def test_the_top_bar_keeps_its_height_and_the_tools_panel_clears_the_scale_bar(
    server: LiveServer, chromium: Any, contexts: list[Any]
) -> None:
    demos = httpx.get(f"{server.base}/api/armies/demo", timeout=10).json()
    armies = {"p1": _trim(demos[0], {"ac-line": 3}), "p2": _trim(demos[1], {"vh-brood": 3})}
    game = create_game(
        server,
        {"system": "wh40k-10e", "armies": armies, "layout": "empty", "objectives": "layout"},
    )
    url = {s["player"]: s["url"] for s in game["seats"]}
    seats = {p: _open(chromium, url[p], WIDE, contexts) for p in ("p1", "p2")}
    phone = _open(chromium, url["p1"], PHONE, contexts)
    t = Table(seats, phone)  # the phone, as a third screen, settles with the others
    t.settle()
    heights: dict[str, list[tuple[str, float]]] = {"wide p1": [], "wide p2": [], "phone": []}

    def measure(when: str) -> None:
        for name, page in (("wide p1", seats["p1"]), ("wide p2", seats["p2"]), ("phone", phone)):
            h = page.evaluate("document.querySelector('.topbar').getBoundingClientRect().height")
            heights[name].append((when, h))

    # Set-up (a decision, then waiting for the other side), deployment, then a battle round's
    # phases: what the phase bar says changes at each; the top bar's height does not.
    measure("formations")
    t.click("p1", "[data-testid=w40-declare]")
    measure("formations, waiting")
    t.click("p2", "[data-testid=w40-declare]")
    measure("deploy")
    while t.pending() and t.pending()["kind"] == "deploy":
        who, unit = t.pending()["player"], t.pending()["options"][0]
        page = seats[who]
        pick = f"[data-testid=w40-deploy] [data-pick='{unit}']"
        page.locator(f"{pick}, [data-testid=w40-plan]").first.wait_for()
        if page.locator("[data-testid=w40-plan]").count() == 0:  # not planned already
            page.locator(pick).click()
        t.click(who, "[data-testid=w40-confirm]")
    t.settle()
    assert _phase(t) == "command"
    measure("command")
    first = t.pending()["player"]
    t.click(first, "[data-testid=w40-end-phase]")
    assert _phase(t) == "movement"
    measure("movement")
    for name, seen in heights.items():
        assert max(h for _, h in seen) - min(h for _, h in seen) < 0.5, (name, seen)

    # The ruler's panel on a phone goes across the board, above its scale bar, not over it.
    phone.locator("[data-tool=ruler]").click()
    panel = phone.locator(".w40-board > .tool-panel")
    panel.wait_for()
    box = panel.bounding_box()
    board = phone.locator(".w40-board > .board").bounding_box()
    assert box is not None and board is not None
    assert box["y"] + box["height"] <= board["y"] + board["height"] - SCALE_BAR_FROM_BOTTOM


def _phase(t: Table) -> str:
    phase: str = t.spectator.evaluate("window.__vantage.state.game.phase")
    return phase
