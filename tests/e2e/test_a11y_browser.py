"""Keyboard and screen-reader quick wins (audit s16 E #3-#10), checked in the browser by roles,
accessible names and ``document.activeElement``: a step taken from the keyboard leaves focus in
its panel (10e, Death Angel, the lobby), a confirmation's button takes focus, a polite status
says what this seat must now do and the last Death Angel roll, and controls are named by what
they are for. The server runs on a fixed port of this test's own (8811)."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.e2e.conftest import VIEWPORT
from tests.e2e.lobby import Lobby
from tests.e2e.tables import RUIN_TABLE
from tests.e2e.test_death_angel_browser import IDLE, act, hook
from tests.e2e.test_wh40k_browser import (
    FIXTURE,
    _state,
    _trim,
    deploy_in_ui,
    open_casual_game,
)
from tests.support.client import create_game
from tests.support.server import LiveServer

pytestmark = pytest.mark.browser

PORT = 8811
WAIT_MS = 15_000
FOCUS_IN = """sel => {
    const a = document.activeElement;
    return a !== null && a !== document.body && a.closest(sel) !== null;
}"""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    """This file's own server, on its fixed port."""
    live = LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'a11y.db'}", port=PORT).start()
    yield live
    live.stop()


def press(page: Any, selector: str) -> None:
    """Enter on a control reached from the keyboard."""
    page.locator(selector).first.focus()
    page.keyboard.press("Enter")


def wait_focus_in(page: Any, selector: str) -> None:
    """Focus is on an element inside ``selector``, not thrown to <body>."""
    page.wait_for_function(FOCUS_IN, arg=selector, timeout=WAIT_MS)


def focused_text(page: Any) -> str:
    text: str = page.evaluate("document.activeElement?.textContent?.trim() ?? ''")
    return text


def test_10e_steps_by_keyboard_keep_focus_and_say_what_to_do(
    server: LiveServer, open_table: Any, shots: Path
) -> None:
    demos = httpx.get(f"{server.base}/api/armies/demo", timeout=10).json()
    armies = {
        "p1": _trim(demos[0], {"ac-carriage": 1, "ac-breach": 2}),
        "p2": _trim(demos[1], {"vh-sapline": 2, "vh-brood": 3}),
    }
    _, t = open_casual_game(server, open_table, armies)
    p1, p2 = t.seats["p1"], t.seats["p2"]
    # Declare (#3): the button goes away, focus stays in the panel.
    for page in (p1, p2):
        press(page, "[data-testid=w40-declare]")
        t.settle()
        wait_focus_in(page, "[data-testid=w40-actions]")
    # The seat to deploy is told so by a polite status (#4); the other seat's says nothing.
    who = t.pending()["player"]
    other = t.seats["p2" if who == "p1" else "p1"]
    must = t.seats[who].get_by_role("status").filter(has_text="Your decision")
    assert must.inner_text() == "Your decision: deploy a unit"
    assert other.get_by_test_id("w40-must-do").inner_text() == ""
    deploy_in_ui(t)
    if _state(t.spectator)["game"]["first"] == "p1":
        t.end_turn("p1")
    t.settle()
    # P2's Command phase: the track marks it as the current step (#8); End phase by keyboard.
    assert p2.locator(".w40-track [aria-current=step]").inner_text() == "Command"
    assert p2.get_by_test_id("w40-must-do").inner_text() == "Your turn: finish the Command phase"
    assert p1.get_by_test_id("w40-must-do").inner_text() == ""
    press(p2, "[data-testid=w40-end-phase]")
    t.answer_others("p2")
    wait_focus_in(p2, "[data-testid=w40-actions]")
    assert p2.locator(".w40-track [aria-current=step]").inner_text() == "Movement"
    assert (
        p2.get_by_test_id("w40-must-do").inner_text()
        == "Your turn: move units in the Movement phase"
    )
    press(p2, "[data-testid=w40-end-phase]")
    t.answer_others("p2")
    wait_focus_in(p2, "[data-testid=w40-actions]")
    # Shooting: each weapon's target select is named by its weapon (#6).
    p2.locator("[data-testid=w40-shooting] [data-pick='p2-vh-sapline']").click()
    target = p2.get_by_role("combobox", name="Sap mortar target")
    target.wait_for()
    snapshot = p2.get_by_test_id("w40-actions").aria_snapshot()
    assert 'combobox "Sap mortar target"' in snapshot, snapshot
    p2.get_by_test_id("w40-actions").screenshot(path=str(shots / "a11y-shooting-panel.png"))
    # Concede swaps for its confirmation: focus goes to "Really concede", and back (#3).
    press(p2, "[data-testid=w40-actions] button:has-text('Concede')")
    p2.wait_for_function(
        "document.activeElement?.textContent === 'Really concede'", timeout=WAIT_MS
    )
    press(p2, "[data-testid=w40-actions] button:has-text('Keep playing')")
    p2.wait_for_function("document.activeElement?.textContent === 'Concede'", timeout=WAIT_MS)
    # The timeline's chips say which one filters the log (#8).
    chips = p2.get_by_test_id("w40-timeline")
    assert chips.locator("[data-chip=all]").get_attribute("aria-pressed") == "true"
    chip = chips.locator(".w40-timeline__chips button").first
    chip.click()
    assert chip.get_attribute("aria-pressed") == "true"
    assert chips.locator("[data-chip=all]").get_attribute("aria-pressed") == "false"
    p2.screenshot(path=str(shots / "a11y-10e.png"))


def test_10e_objective_fields_say_their_unit_and_origin(
    server: LiveServer, open_table: Any
) -> None:
    game = create_game(server, {"system": "wh40k-10e", "objectives": "place", "layout": "empty"})
    seats = [open_table(server.base + s["url"][s["url"].index("/play/") :]) for s in game["seats"]]
    for page in seats:
        page.wait_for_function("window.__vantage.idle === true", timeout=WAIT_MS)
    placer = next(p for p in seats if p.get_by_test_id("w40-place-objective").count())
    x = placer.get_by_role("spinbutton", name="x, inches from the left edge (0–60)")
    y = placer.get_by_role("spinbutton", name="y, inches from the top edge (0–44)")
    assert x.count() == 1 and y.count() == 1
    # Placing from the keyboard leaves focus in the panel (#3).
    press(placer, "[data-testid=w40-place-objective] button:has-text('Place here')")
    placer.wait_for_function(
        "window.__vantage.idle === true && window.__vantage.state.objectives.length > 0",
        timeout=WAIT_MS,
    )
    wait_focus_in(placer, "[data-testid=w40-actions]")


def test_death_angel_confirm_focuses_the_prompt_and_rolls_are_read_out(
    server: LiveServer, chromium: Any, shots: Path
) -> None:
    game = create_game(server, {"system": "death-angel", "seats": 1})
    context = chromium.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    page.goto(server.base + game["seats"][0]["url"][game["seats"][0]["url"].index("/play/") :])
    page.wait_for_function(IDLE, timeout=WAIT_MS)
    state = hook(page, "state")
    # Each marine's name says his combat team and who plays him (#5).
    teams = {t["id"]: t["name"] for t in state["teams"]}
    for row in state["formation"]:
        m = row["marine"]
        label = page.get_by_test_id(f"da-marine-{m['id']}").get_attribute("aria-label")
        assert label.startswith(f"{m['name']}, {teams[m['team']]}, yours, faces "), label
    # Cards chosen, then Confirm from the keyboard: focus goes to the new prompt (#3).
    pending = hook(page, "pending")
    for team in pending["options"]["teams"]:
        page.get_by_test_id(f"da-hand-{team['cards'][0]}").click()
    press(page, "[data-testid=da-confirm-select]")
    page.wait_for_function(f"({IDLE}) && window.__vantage.pending?.kind !== 'select_actions'")
    wait_focus_in(page, "[data-testid=da-prompt]")
    assert page.evaluate("document.activeElement.dataset.testid") == "da-prompt-text"
    page.screenshot(path=str(shots / "a11y-da-prompt.png"))
    # Play on until a die is rolled: its line is in a polite status (#5).
    roll = page.get_by_test_id("da-last-roll")
    assert roll.get_attribute("role") == "status"
    flipped: set[str] = set()
    for _ in range(60):
        if roll.inner_text().strip():
            break
        pending = hook(page, "pending")
        if pending is None or hook(page, "state")["phase"] == "over":
            break
        act(page, pending, flipped)
        page.wait_for_function(IDLE)
    text = roll.inner_text()
    assert re.search(r" (re-)?rolls (to attack|to defend|for an ability): \d", text), text
    context.close()


def test_lobby_announces_the_import_and_names_the_links(
    server: LiveServer, chromium: Any, shots: Path
) -> None:
    lobby = Lobby(chromium, server.base)
    page, context = lobby.page, lobby.context
    page.set_default_timeout(WAIT_MS)
    p2 = lobby.import_for_p2(FIXTURE)
    status = page.get_by_test_id("w40-army-status-p2")
    page.wait_for_function(
        "document.querySelector('[data-testid=w40-army-status-p2]').textContent.includes('imported')"
    )
    assert status.get_attribute("role") == "status"
    assert status.inner_text().startswith("Player 2 army imported: "), status.inner_text()
    if p2.locator("[data-testid=w40-missing-bases]").count():
        for box in p2.locator("[data-base]").all():
            box.fill("32")
        p2.get_by_role("button", name="Import again with these bases").click()
        page.wait_for_function(
            "!document.querySelector('[data-side=p2] [data-testid=w40-missing-bases]')"
        )
    page.screenshot(path=str(shots / "a11y-lobby-import.png"), full_page=True)
    # Create game from the keyboard: focus goes to the new links (#3), named by seat (#10).
    press(page, "button[type=submit]")
    page.get_by_role("link", name="Player 1 link").wait_for()
    wait_focus_in(page, ".links")
    assert page.get_by_role("link", name="Player 2 link").count() == 1
    assert page.get_by_role("link", name="Spectator link").count() == 1
    page.screenshot(path=str(shots / "a11y-lobby-links.png"), full_page=True)
    context.close()


def test_table_toggles_say_which_is_on(server: LiveServer, open_table: Any) -> None:
    game = create_game(server, {"system": "wh40k-9e", "setup": RUIN_TABLE})
    page = open_table(
        server.base + game["seats"][0]["url"][game["seats"][0]["url"].index("/play/") :]
    )
    group = page.get_by_role("group", name="Click selects")
    model, unit = (
        group.get_by_role("button", name="Model"),
        group.get_by_role("button", name="Unit"),
    )
    assert (model.get_attribute("aria-pressed"), unit.get_attribute("aria-pressed")) == (
        "true",
        "false",
    )
    unit.click()
    assert (model.get_attribute("aria-pressed"), unit.get_attribute("aria-pressed")) == (
        "false",
        "true",
    )
    rangers = page.locator(".units button", has_text="Rangers")
    assert rangers.get_attribute("aria-current") is None
    rangers.click()
    page.wait_for_function(
        "document.querySelector('.units .unit--selected')?.getAttribute('aria-current') === 'true'"
    )


def _keep_focus_script(tmp_path: Path) -> str:
    """``frontend/src/ui/keep-focus.ts`` bundled for a bare page (``window.vantageKeepFocus``)."""
    frontend = Path(__file__).resolve().parents[2] / "frontend"
    out = tmp_path / "keep-focus.js"
    subprocess.run(
        [
            str(frontend / "node_modules" / ".bin" / "rolldown"),
            "src/ui/keep-focus.ts",
            "--format",
            "iife",
            "--name",
            "vantageKeepFocus",
            "--file",
            str(out),
        ],
        cwd=frontend,
        check=True,
        capture_output=True,
    )
    return out.read_text()


def test_a_press_on_the_table_is_focus_left_on_purpose(chromium: Any, tmp_path: Path) -> None:
    """Review s16 r3 #3: the table's press blurs the focused control and may re-render the panel
    without it; keep-focus took that for a focus lost to a step and pulled focus (and the
    panel's scroll) back to the heading."""
    context = chromium.new_context(viewport={"width": 900, "height": 600})
    page = context.new_page()
    page.set_content(
        """<div id=board style="width:300px;height:300px;background:#ccc;float:left"></div>
        <section id=panel style="height:300px;overflow:auto;width:300px">
          <h3 tabindex=-1>Movement phase</h3><div style="height:900px"></div>
          <div id=slot><button id=b>Unit A</button></div></section>"""
    )
    page.add_script_tag(content=_keep_focus_script(tmp_path))
    page.evaluate(
        """() => {
        const panel = document.getElementById('panel');
        vantageKeepFocus.keepFocus(panel, () => panel.querySelector('h3'));
        // as konva-board.ts onDown: keep the focus from moving, blur the focused control; the
        // press selects a model, whose unit the panel then shows (a re-render in a microtask)
        document.getElementById('board').addEventListener('pointerdown', (e) => {
          e.preventDefault();
          const f = document.activeElement;
          if (f instanceof HTMLElement && f !== document.body) f.blur();
          const slot = document.getElementById('slot');
          queueMicrotask(() => { slot.innerHTML = '<button>B</button>'; });
        });
        }"""
    )
    page.evaluate("() => document.getElementById('b').focus()")
    top = page.evaluate("() => document.getElementById('panel').scrollTop")
    page.mouse.click(100, 100)
    page.wait_for_timeout(200)
    active = page.evaluate("() => document.activeElement.tagName")
    assert (active, page.evaluate("() => document.getElementById('panel').scrollTop")) == (
        "BODY",
        top,
    )
    # a step that removes the focused button (no press elsewhere) still brings focus back
    page.evaluate("() => document.querySelector('#slot button').focus()")
    page.evaluate("() => { document.getElementById('slot').innerHTML = ''; }")
    page.wait_for_function("() => document.activeElement.tagName === 'H3'")
    context.close()
