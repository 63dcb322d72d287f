"""The 10th-edition side panel while playing, in real browsers: the game log keeps its newest line
in view when a reaction window grows the panel above it (unless the reader scrolled up), a log
filtered to one timeline segment says how many newer lines it hides and can show them all, a
planned move shows the distance moved while the models are being dragged, not only once dropped,
and a charge roll too short to reach the target is told as a failed charge, with nothing to drag.
"""

from __future__ import annotations

import math
import re
from typing import Any

import httpx
import pytest

from tests.e2e.test_wh40k_browser import (
    Table,
    _models,
    _reach,
    _state,
    _trim,
    deploy_in_ui,
    open_casual_game,
)
from tests.support.server import LiveServer

pytestmark = pytest.mark.browser

LOG_HIDDEN_BELOW = """() => {
    const el = document.querySelector('[data-testid=w40-log]');
    return el.scrollHeight - el.clientHeight - el.scrollTop;
}"""
LOG_HEIGHT = "document.querySelector('[data-testid=w40-log]').clientHeight"
STEP = 9.5
"""Inches the first player's fast unit moves (both are M10" or more)."""


FAST = ("ac-carriage", "vh-stalker")
"""Each side's fast unit (M10" and M12")."""


def _deployed(
    server: LiveServer, open_table: Any, strict: bool = False, fast_in_front: bool = False
) -> Table:
    """Two small demo armies deployed through the UI (``fast_in_front``: the fast units at
    the front of their zones, mid-table); round 1 is about to start."""
    demos = httpx.get(f"{server.base}/api/armies/demo", timeout=10).json()
    armies = {
        "p1": _trim(demos[0], {"ac-carriage": 1, "ac-line": 3}),
        "p2": _trim(demos[1], {"vh-brood": 3, "vh-stalker": 1}),
    }
    _game, t = open_casual_game(server, open_table, armies, strict=strict)
    # The battle formations form: every select offers a choice (a single one is said as text)
    # and every unit's name fits its line.
    form = t.seats["p1"].locator("[data-testid=w40-formations]")
    assert form.locator("select").count() > 0
    assert form.evaluate(
        "f => [...f.querySelectorAll('select')].every((s) => s.options.length > 1)"
        " && [...f.querySelectorAll('.w40-formation__name')]"
        ".every((n) => n.scrollWidth <= n.clientWidth)"
    )
    for player in ("p1", "p2"):
        t.click(player, "[data-testid=w40-declare]")
    deploy_in_ui(t, front=FAST if fast_in_front else ())
    return t


def _shown_distance(page: Any) -> float:
    text = page.locator("[data-testid=w40-plan-distance]").inner_text()
    found = re.search(r'Farthest model: ([0-9.]+)"', text)
    assert found, text
    return float(found.group(1))


def _hold_drag(t: Table, player: str, model: str, to: tuple[float, float]) -> Any:
    """Press the model and drag it (with its unit) to ``to``, not released; returns the page."""
    page = t.seats[player]
    m = page.evaluate(f"window.__vantage.model({model!r})")
    a = page.evaluate(f"window.__vantage.screenPoint({m['x']}, {m['y']})")
    b = page.evaluate(f"window.__vantage.screenPoint({to[0]}, {to[1]})")
    page.mouse.move(a["x"], a["y"])
    page.mouse.down()
    for i in range(1, 9):
        page.mouse.move(a["x"] + (b["x"] - a["x"]) * i / 8, a["y"] + (b["y"] - a["y"]) * i / 8)
    return page


def _drag_live(t: Table, player: str, model: str, to: tuple[float, float]) -> float:
    """Drag the model (with its unit) to ``to``, read the plan's distance before the drop, then
    drop it; returns the distance shown mid-drag."""
    page = _hold_drag(t, player, model, to)
    page.wait_for_function(
        "document.querySelector('[data-testid=w40-plan-distance]')?.textContent"
        ".startsWith('Farthest model: 0.0') === false",
        timeout=5_000,
    )
    during = _shown_distance(page)
    page.mouse.up()
    return during


def test_the_move_distance_follows_the_drag_and_the_log_follows_a_growing_prompt(
    server: LiveServer, open_table: Any, shots: Any
) -> None:
    t = _deployed(server, open_table)
    first = _state(t.spectator)["game"]["first"]
    second = "p2" if first == "p1" else "p1"
    mover = f"{first}-ac-carriage" if first == "p1" else f"{first}-vh-stalker"
    victim = f"{second}-vh-brood" if first == "p1" else f"{second}-ac-line"
    reader = t.seats[second]
    t.end_phase(first)
    t.answer_others(first)
    assert reader.evaluate(LOG_HIDDEN_BELOW) <= 2

    # A timeline chip filters the log to its segment; the log then ends by saying so, with the
    # count of newer lines it hides, and Show all clears the filter (back to the newest line).
    reader.locator(
        "[data-testid=w40-timeline] .w40-chip", has_text="Declare battle formations"
    ).click()
    notice = reader.locator("[data-testid=w40-log-filter]")
    notice.wait_for()
    words = notice.inner_text()
    assert words.startswith("Showing only Declare battle formations · "), words
    assert int(notice.get_attribute("data-newer") or 0) > 0 and "newer events hidden" in words
    reader.locator("[data-testid=w40-log-show-all]").click()
    notice.wait_for(state="detached")
    reader.wait_for_function(f"({LOG_HIDDEN_BELOW})() <= 2", timeout=2_000)

    # Dragging an own unit before choosing a move pans the table; the press chose the unit, so
    # the Movement panel offers its moves and says to choose one first.
    st = _state(t.spectator)
    model = _models(st, mover)[0]
    page = _hold_drag(t, first, f"{mover}-1", (model["x"] + 4, model["y"]))
    page.mouse.up()
    hint = page.locator("[data-testid=w40-move-hint]")
    hint.wait_for()
    assert "Normal move" in hint.inner_text() and "first" in hint.inner_text(), hint.inner_text()
    assert page.evaluate(f"window.__vantage.model('{mover}-1')")["x"] == model["x"]  # not moved
    page.screenshot(path=str(shots / "wh40k-move-hint.png"))

    # A planned Normal move: the distance shows while dragging, and is the dropped distance.
    t.seats[first].locator(f"[data-testid=w40-movement] [data-pick='{mover}']").click()
    t.seats[first].get_by_role("button", name="Normal move").click()
    st = _state(t.spectator)
    model = _models(st, mover)[0]
    target = min(
        _models(st, victim), key=lambda m: math.dist((m["x"], m["y"]), (model["x"], model["y"]))
    )
    d = math.dist((model["x"], model["y"]), (target["x"], target["y"]))
    dx, dy = (target["x"] - model["x"]) / d, (target["y"] - model["y"]) / d
    # Past the move's limit (10" or 12"), the plan's distance on the table turns to a warning
    # colour while dragging, and the panel says the referee will not have it (rule/too_far).
    far = 13.5
    page = _hold_drag(t, first, f"{mover}-1", (model["x"] + dx * far, model["y"] + dy * far))
    tag = page.locator("[data-testid=w40-plan-tag][data-over=yes]")
    tag.wait_for()
    assert (tag.text_content() or "").startswith("⚠ 13."), tag.text_content()
    assert page.locator("[data-testid=w40-plan-distance]").get_attribute("data-over") == "yes"
    assert "Too far" in page.locator("[data-testid=w40-plan-warnings]").inner_text()
    page.screenshot(path=str(shots / "wh40k-move-too-far.png"))
    page.mouse.up()
    page.get_by_role("button", name="Step back").click()
    page.locator("[data-testid=w40-plan-tag]").wait_for(state="detached")
    assert page.locator("[data-testid=w40-plan-warnings]").count() == 0
    during = _drag_live(t, first, f"{mover}-1", (model["x"] + dx * STEP, model["y"] + dy * STEP))
    assert during == pytest.approx(STEP, abs=0.3)
    tag = t.seats[first].locator("[data-testid=w40-plan-tag]")
    assert tag.get_attribute("data-over") == "no", tag.text_content()
    assert _shown_distance(t.seats[first]) == pytest.approx(during, abs=0.15)

    # The move opens the other player's reaction window, which grows the panel above the log:
    # the log's newest line stays in view.
    height = reader.evaluate(LOG_HEIGHT)
    t.click(first, "[data-testid=w40-confirm]")
    assert t.pending()["kind"] == "reaction" and t.pending()["player"] == second
    reader.locator("[data-testid=w40-pass]").wait_for()
    reader.wait_for_function(f"{LOG_HEIGHT} < {height}")
    reader.wait_for_function(f"({LOG_HIDDEN_BELOW})() <= 2", timeout=2_000)
    reader.screenshot(path=str(shots / "wh40k-reaction-log.png"))

    # A reader who scrolled up stays where they are when the panel changes again.
    box = reader.locator("[data-testid=w40-log]").bounding_box()
    reader.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    reader.mouse.wheel(0, -400)
    reader.wait_for_function(f"({LOG_HIDDEN_BELOW})() > 50")
    hidden = reader.evaluate(LOG_HIDDEN_BELOW)
    t.click(second, "[data-testid=w40-pass]")
    reader.wait_for_function(f"{LOG_HEIGHT} > {height} - 1")
    assert reader.evaluate(LOG_HIDDEN_BELOW) >= min(hidden, 50)
    for page in t.pages:
        assert not page.errors, page.errors


def test_a_charge_roll_that_cannot_reach_is_a_failed_charge(
    server: LiveServer, open_table: Any, shots: Any
) -> None:
    """A strict game: the fast unit moves to about 11" from the enemy and charges; a roll short
    of the gap less 1" cannot reach Engagement Range (the server names the target out of reach:
    most rolls), and the prompt offers only to carry on; a roll that reaches offers the move."""
    t = _deployed(server, open_table, strict=True, fast_in_front=True)
    first = _state(t.spectator)["game"]["first"]
    second = "p2" if first == "p1" else "p1"
    mover = f"{first}-{FAST[0] if first == 'p1' else FAST[1]}"
    page = t.seats[first]
    t.end_phase(first)
    t.answer_others(first)
    page.locator(f"[data-testid=w40-movement] [data-pick='{mover}']").click()
    page.get_by_role("button", name="Normal move").click()
    st = _state(t.spectator)
    model = _models(st, mover)[0]
    enemy = [m for m in st["models"] if m["unit"].startswith(second)]
    target = min(enemy, key=lambda m: math.dist((m["x"], m["y"]), (model["x"], model["y"])))
    d = math.dist((model["x"], model["y"]), (target["x"], target["y"]))
    gap = d - _reach(model) - _reach(target)
    step = min(9.5, gap - 11.0)
    assert step > 0 and gap - step <= 12.0, gap  # a charge may be declared
    need = gap - step - 1.0  # straight to Engagement Range (1")
    dx, dy = (target["x"] - model["x"]) / d, (target["y"] - model["y"]) / d
    t.drag(first, f"{mover}-1", (model["x"] + dx * step, model["y"] + dy * step))
    t.click(first, "[data-testid=w40-confirm]")
    t.answer_others(first)
    t.end_phase(first)  # movement
    t.answer_others(first)
    t.end_phase(first)  # shooting
    t.answer_others(first)

    charge = page.locator("[data-testid=w40-charge]")
    charge.locator(f"[data-pick='{mover}']").click()
    page.locator(f"[data-testid=w40-charge] [data-target='{target['unit']}']").check()
    for other in page.locator("[data-testid=w40-charge] [data-target]").all():
        if other.get_attribute("data-target") != target["unit"] and other.is_checked():
            other.uncheck()
    t.click(first, "[data-testid=w40-declare-charge]")
    t.answer_others(first)
    pending = t.pending()
    assert pending["kind"] == "charge_move"
    roll = _state(t.spectator)["game"]["charge_roll"]
    if not pending["detail"]["out_of_reach"]:  # a roll that reaches: the charge may be made
        assert roll >= need - 0.05
        page.locator("[data-testid=w40-charge-move] [data-testid=w40-plan]").wait_for()
        return
    assert pending["detail"]["out_of_reach"] == [target["unit"]] and roll < need + 0.05
    failed = page.locator("[data-testid=w40-charge-failed]")
    failed.wait_for()
    assert "the charge fails" in failed.inner_text()
    assert page.locator("[data-testid=w40-plan]").count() == 0
    assert page.locator("[data-testid=w40-confirm]").count() == 0
    assert page.locator("[data-testid=w40-charge-anyway]").count() == 0  # strict game
    page.screenshot(path=str(shots / "wh40k-charge-failed.png"))
    t.click(first, "[data-testid=w40-give-up]")
    st = _state(t.spectator)
    assert st["game"]["pending"]["kind"] != "charge_move"
    assert not st["game"]["units"][mover]["charged"]
    for p in t.pages:
        assert not p.errors, p.errors
