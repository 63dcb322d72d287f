"""The charge panel with an army of six units (h4 walkthrough s15 #4, #10): it asks the server
about every unit at once, and the socket answers only four queries at a time (`query/busy` for a
fifth), so the page queues them; a unit with no enemy within 12" is never offered, and a unit
that Advanced is not offered, with the reason (§4.6)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.e2e.test_wh40k_browser import _state, deploy_in_ui, open_casual_game
from tests.support.server import LiveServer

pytestmark = pytest.mark.browser


def test_the_charge_panel_offers_only_units_the_server_says_can_charge(
    server: LiveServer, open_table: Any, shots: Path
) -> None:
    demos = httpx.get(f"{server.base}/api/armies/demo", timeout=10).json()
    p1 = copy.deepcopy(demos[0])
    hounds = next(u for u in p1["units"] if u["id"] == "ac-hounds")
    p1["units"].append({**copy.deepcopy(hounds), "id": "ac-pack", "name": "Ember Pack"})
    _game, t = open_casual_game(server, open_table, {"p1": p1, "p2": demos[1]})
    for player in ("p1", "p2"):
        t.click(player, "[data-testid=w40-declare]")
    deploy_in_ui(t)  # each army in its own zone: no enemy within 12" of anyone
    if _state(t.spectator)["game"]["first"] == "p2":
        t.end_turn("p2")
    page = t.seats["p1"]
    t.end_phase("p1")  # Command
    t.answer_others("p1")

    # Movement: the carriage Advances a little.
    page.locator("[data-testid=w40-movement] [data-pick='p1-ac-carriage']").click()
    t.click("p1", "button:has-text('Roll to Advance')")
    page.get_by_role("button", name="Advance (+").click()
    m = page.evaluate("window.__vantage.model('p1-ac-carriage-1')")
    t.drag("p1", "p1-ac-carriage-1", (m["x"], m["y"] + (1.0 if m["y"] < 22 else -1.0)))
    t.click("p1", "[data-testid=w40-confirm]")
    t.answer_others("p1")
    for _ in range(2):  # Movement, Shooting
        t.end_phase("p1")
        t.answer_others("p1")
    st = _state(t.spectator)
    assert st["game"]["phase"] == "charge", st["game"]["phase"]
    on_table = [
        u
        for u, s in st["game"]["units"].items()
        if u.startswith("p1-") and s["location"] == "table"
    ]
    assert len(on_table) == 6, on_table

    panel = page.locator("[data-testid=w40-charge]")
    unable = page.locator("[data-testid=w40-charge-unable]")
    unable.wait_for()
    # Five units asked at once: every one answered (none refused as busy), none offered.
    assert panel.locator("[data-pick]").count() == 0, panel.inner_text()
    assert page.locator("[data-testid=w40-charge-unknown]").count() == 0, panel.inner_text()
    text = unable.inner_text()
    for name in (
        "Ashguard Line",
        "Kiln Breachers",
        "Soot Hounds",
        "Ember Pack",
        "Cinderwright Exarch",
    ):
        assert name in text, text
    barred = page.locator("[data-testid=w40-charge-barred]").inner_text()
    assert "Pyre Carriage cannot charge: it Advanced this turn (§4.6)" in barred, barred
    page.screenshot(path=str(shots / "charge-panel.png"))
    assert not page.errors


def test_a_refusal_toast_shows_once_and_goes_when_the_step_moves_on(
    server: LiveServer, open_table: Any, shots: Path
) -> None:
    """h4 walkthrough s15 #14: refusal toasts stayed, stacked and repeated."""
    demos = httpx.get(f"{server.base}/api/armies/demo", timeout=10).json()
    _game, t = open_casual_game(server, open_table, {"p1": demos[0], "p2": demos[1]}, strict=True)
    page = t.seats["p1"]
    t.click("p2", "[data-testid=w40-declare]")
    for unit in ("p1-ac-carriage", "p1-ac-line", "p1-ac-hounds"):
        page.locator(f"[data-strategic='{unit}']").check()
    toasts = page.locator(".toast")
    t.click("p1", "[data-testid=w40-declare]")
    toasts.first.wait_for()
    t.click("p1", "[data-testid=w40-declare]")
    page.locator(".toast", has_text="(×2)").wait_for()
    t.settle()  # the page's names change with each state: the refusal is not shown again
    assert toasts.count() == 1, toasts.all_inner_texts()
    page.screenshot(path=str(shots / "refused-twice.png"))
    # A refusal younger than 1.5 s stays when the step moves on (r3 review #4: the change itself
    # may have caused it); a player takes longer than that to read it and change the choice.
    page.wait_for_timeout(1600)
    for unit in ("p1-ac-carriage", "p1-ac-line", "p1-ac-hounds"):
        page.locator(f"[data-strategic='{unit}']").uncheck()
    t.click("p1", "[data-testid=w40-declare]")
    assert _state(t.spectator)["game"]["step"] == "deploy"
    toasts.first.wait_for(state="detached", timeout=1500)  # well before it would fade (4.5 s)
