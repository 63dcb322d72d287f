"""The table tools on a 10th-edition game's page, in a real browser: the ruler and the line of sight
from the toolbar and from their keys, each checked against the server's own answer for the same
models; the spectator measures too; and a model dragged out of its unit while a deployment is
planned is reported out of coherency while the mouse is still down."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.e2e.test_table_tools_browser import Server, sight_of, xy
from tests.e2e.test_wh40k_browser import (
    DOUBLE_PRESS_MS,
    Table,
    _state,
    _trim,
    open_casual_game,
)
from tests.support.browser import hook, screen, wait_hook
from tests.support.client import Seat
from tests.support.server import LiveServer

pytestmark = pytest.mark.browser


def _click_model(page: Any, state: dict[str, Any], model: str) -> None:
    m = next(x for x in state["models"] if x["id"] == model)
    p = screen(page, m["x"], m["y"])
    page.mouse.click(p["x"], p["y"])


def _deploy_all(t: Table) -> None:
    """Declare formations (no reserves) and deploy every unit where the page first puts it."""
    for player in ("p1", "p2"):
        t.click(player, "[data-testid=w40-declare]")
    while t.pending() and t.pending()["kind"] == "deploy":
        who, unit = t.pending()["player"], t.pending()["options"][0]
        t.seats[who].locator(f"[data-testid=w40-deploy] [data-pick='{unit}']").click()
        t.click(who, "[data-testid=w40-confirm]")
    t.settle()


def test_ruler_and_sight_on_a_10th_edition_table(
    server: LiveServer, open_table: Any, shots: Path
) -> None:
    demos = httpx.get(f"{server.base}/api/armies/demo", timeout=10).json()
    armies = {"p1": _trim(demos[0], {"ac-line": 5}), "p2": _trim(demos[1], {"vh-brood": 5})}
    game, t = open_casual_game(server, open_table, armies)
    _deploy_all(t)
    p1, spectator = t.seats["p1"], t.spectator
    st = _state(spectator)
    assert st["game"]["phase"] == "command"
    ours, theirs = "p1-ac-line-1", "p2-vh-brood-3"
    with Seat(server, game["id"], game["spectator"]["token"]) as seat:
        seat.recv(), seat.recv()  # welcome, snapshot
        truth = Server(seat)

        # The ruler from the toolbar: base edge to base edge, the server's number and points.
        p1.locator("[data-tool=ruler]").click()
        _click_model(p1, st, ours)
        _click_model(p1, st, theirs)
        wait_hook(p1, "v.ruler?.distance != null")
        shown = hook(p1, "ruler")
        expected = truth.ask({"type": "measure", "a": ours, "b": theirs})
        assert (shown["a"], shown["b"]) == (ours, theirs)
        assert shown["distance"] == expected["distance"] > 10
        assert xy(shown["from"]) == expected["from"] and xy(shown["to"]) == expected["to"]
        assert (
            p1.get_by_test_id("ruler-distance")
            .inner_text()
            .startswith(f'{expected["distance"]:.2f}"')
        )

        # Line of sight by its key, L: across the empty table, fully visible, in words.
        p1.keyboard.press("l")
        assert hook(p1, "tool") == "sight"
        _click_model(p1, st, ours)
        _click_model(p1, st, theirs)
        shown, expected = sight_of(p1, truth, ours, theirs)
        assert shown["visible"] is expected["visible"] is True
        assert shown["fully_visible"] is expected["fully_visible"] is True
        assert p1.get_by_test_id("sight-words").inner_text() == "Fully visible, no cover"
        p1.screenshot(path=str(shots / "w40-tools.png"))

        # The spectator measures as well (read-only questions), and cannot move anything.
        spectator.keyboard.press("r")
        _click_model(spectator, st, theirs)
        _click_model(spectator, st, ours)
        wait_hook(spectator, "v.ruler?.distance != null")
        back = truth.ask({"type": "measure", "a": theirs, "b": ours})
        assert hook(spectator, "ruler")["distance"] == back["distance"]

    # Not a tool, but checked on the same deployed table: a player switches off the questions
    # about stratagems in the opponent's turn; every screen's state says so, and the log.
    box = p1.get_by_test_id("w40-reaction-offers").locator("input")
    assert box.is_checked()
    box.click()  # the box follows the server's state, so it is clicked, not set
    spectator.wait_for_function(
        "window.__vantage.state?.game.sides.p1.reaction_offers === false", timeout=10_000
    )
    t.settle()
    assert not box.is_checked()
    spectator.locator(".w40-log__line", has_text="no longer wants to be asked").first.wait_for()
    for page in t.pages:
        assert not page.errors, page.errors


def test_a_planned_deployment_shows_coherency_while_dragging(
    server: LiveServer, open_table: Any
) -> None:
    """A plan starts with its whole unit selected, so a drag moves the unit; a click on one
    model selects it alone, and dragging it away is reported out of coherency while the mouse
    is still down (the page's hint says both)."""
    demos = httpx.get(f"{server.base}/api/armies/demo", timeout=10).json()
    armies = {"p1": _trim(demos[0], {"ac-line": 5}), "p2": _trim(demos[1], {"vh-brood": 5})}
    _game, t = open_casual_game(server, open_table, armies)
    for player in ("p1", "p2"):
        t.click(player, "[data-testid=w40-declare]")
    who, unit = t.pending()["player"], t.pending()["options"][0]
    page = t.seats[who]
    page.locator(f"[data-testid=w40-deploy] [data-pick='{unit}']").click()
    page.locator("[data-testid=w40-plan]").wait_for()
    ids = [f"{unit}-{k}" for k in range(1, 6)]
    before = {m: page.evaluate(f"window.__vantage.model({m!r})") for m in ids}
    t.drag(who, ids[0], (before[ids[0]]["x"] + 2.0, before[ids[0]]["y"]))
    after = {m: page.evaluate(f"window.__vantage.model({m!r})") for m in ids}
    for m in ids:  # the whole unit went along, in formation
        assert after[m]["x"] == pytest.approx(before[m]["x"] + 2.0, abs=0.05), m

    start = after[ids[0]]
    middle = sum(after[m]["x"] for m in ids[1:]) / 4
    end_x = start["x"] - 6 if start["x"] < middle else start["x"] + 6  # away from the rest
    a, b = screen(page, start["x"], start["y"]), screen(page, end_x, start["y"])
    page.mouse.click(a["x"], a["y"])  # selects this model alone
    page.wait_for_timeout(DOUBLE_PRESS_MS + 100)
    page.mouse.move(a["x"], a["y"])
    page.mouse.down()
    page.mouse.move(b["x"], b["y"], steps=12)
    started = time.monotonic()
    wait_hook(page, f"v.dragCheck?.answered && v.dragCheck.unit === {unit!r}")
    check = hook(page, "dragCheck")
    assert check["coherent"] is False and ids[0] in check["breaking"]
    assert "Out of coherency" in page.get_by_test_id("drag-coherency").inner_text()
    assert time.monotonic() - started < 5
    page.mouse.up()
    moved = {m: page.evaluate(f"window.__vantage.model({m!r})") for m in ids}
    assert moved[ids[0]]["x"] == pytest.approx(end_x, abs=0.05)
    assert all(moved[m] == after[m] for m in ids[1:])
