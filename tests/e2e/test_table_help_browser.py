"""The table page's help in a real browser: the "?" key and the top bar's "?" button open a panel
that lists the controls the page implements (turning keys among them) and what a 9th-edition
table referees; Escape and the close button close it, and the table hears none of its keys while
it is open. A spectator gets it too (without moving, turning or levels); on a phone it fits the
screen and scrolls. The lobby says where it is."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.help_dialog import focus_in_help, open_on_phone
from tests.e2e.tables import RUIN_TABLE
from tests.support.browser import click_at, hook, wait_hook
from tests.support.client import create_game
from tests.support.server import LiveServer

pytestmark = pytest.mark.browser

SETUP = RUIN_TABLE
DESKTOP = {"width": 1440, "height": 900}
HELP = "[role=dialog][aria-label='Table help']"


def test_a_player_opens_the_help_by_key_and_by_button(
    server: LiveServer, open_table: Callable[[str], Any], shots: Path
) -> None:
    game = create_game(server, {"system": "wh40k-9e", "setup": SETUP})
    page = open_table(game["seats"][0]["url"])
    watcher = open_table(game["spectator"]["url"])
    page.set_viewport_size(DESKTOP)
    hint = page.get_by_test_id("move-hint").inner_text()
    assert "Q / E" in hint and "turn" in hint and "?" in hint
    click_at(page, 12, 8)  # a1, in the ruin: PageUp would raise it
    assert page.get_by_test_id("level-choice").count() == 1
    help_panel = page.locator(HELP)
    assert help_panel.count() == 0

    page.keyboard.press("?")
    help_panel.wait_for()
    assert focus_in_help(page)
    assert page.get_by_test_id("help-button").get_attribute("aria-expanded") == "true"
    turn = help_panel.locator("[data-help=Turn]").inner_text()
    for words in ("↻", "Q", "[", "E", "]", "turn left 15°", "turn right 15°", "5° steps"):
        assert words in turn
    text = help_panel.inner_text()
    for words in (
        "PageUp",
        "PageDown",
        "Ruler",
        "Range ring",
        "Line of sight",
        "Esc",
        "Fit table",
        "Two fingers",
    ):
        assert words in text
    referee = page.get_by_test_id("help-referee").inner_text()
    assert "9th edition" in referee
    assert "no turns, phases or movement limits" in referee
    page.screenshot(path=str(shots / "help-desktop-player.png"))

    # the table's keys wait while the help is open: PageUp scrolls the help, raises nothing
    page.keyboard.press("PageUp")
    page.keyboard.press("r")
    page.wait_for_timeout(400)
    assert hook(watcher, "v") == 0
    assert page.locator("[data-tool=move][aria-pressed=true]").count() == 1

    # Escape closes the help only: the selection stays, the focus goes back to "?"
    page.keyboard.press("Escape")
    help_panel.wait_for(state="detached")
    assert page.get_by_test_id("level-choice").count() == 1
    assert page.evaluate("document.activeElement?.dataset.testid") == "help-button"

    # the button opens it, the close button closes it
    page.get_by_test_id("help-button").click()
    help_panel.wait_for()
    assert focus_in_help(page)
    page.keyboard.press("Tab")
    assert focus_in_help(page)  # Tab stays in the dialog
    help_panel.get_by_role("button", name="Close help").click()
    help_panel.wait_for(state="detached")

    # a "?" typed into a field is the field's (the range ring's radius)
    page.keyboard.press("g")
    radius = page.locator(".tool-panel__radius input")
    radius.click()
    radius.press("?")
    page.wait_for_timeout(200)
    assert help_panel.count() == 0

    # the keys work on the table again once it is closed
    page.keyboard.press("Escape")  # leaves the field's tool: back to Move
    click_at(page, 12, 8)
    page.keyboard.press("PageUp")
    wait_hook(watcher, "v.model('a1').z === 3")
    assert not page.errors and not watcher.errors


def test_a_spectator_has_the_help_too(
    server: LiveServer, open_table: Callable[[str], Any], shots: Path
) -> None:
    game = create_game(server, {"system": "wh40k-9e", "setup": SETUP})
    watcher = open_table(game["spectator"]["url"])
    watcher.set_viewport_size(DESKTOP)
    watcher.get_by_test_id("help-button").click()
    help_panel = watcher.locator(HELP)
    help_panel.wait_for()
    text = help_panel.inner_text()
    assert "spectators cannot move" in text
    assert "goes back to Select" in text
    assert help_panel.locator("[data-help=Turn]").count() == 0
    assert "9th edition" in watcher.get_by_test_id("help-referee").inner_text()
    watcher.screenshot(path=str(shots / "help-desktop-spectator.png"))
    watcher.keyboard.press("Escape")
    help_panel.wait_for(state="detached")
    watcher.keyboard.press("?")
    help_panel.wait_for()
    watcher.keyboard.press("?")  # "?" closes it again
    help_panel.wait_for(state="detached")
    assert not watcher.errors


def test_on_a_phone_the_help_fits_and_scrolls(
    server: LiveServer, open_phone: Callable[[str], Any], shots: Path
) -> None:
    game = create_game(server, {"system": "wh40k-9e", "setup": SETUP})
    page = open_phone(game["seats"][0]["url"])
    page.wait_for_timeout(300)
    page.screenshot(path=str(shots / "help-phone-table.png"))
    help_panel = open_on_phone(page, HELP)
    assert help_panel.evaluate("el => el.scrollHeight > el.clientHeight")  # it scrolls
    page.screenshot(path=str(shots / "help-phone-top.png"))
    help_panel.evaluate("el => { el.scrollTop = el.scrollHeight; }")
    page.wait_for_timeout(100)
    close = help_panel.get_by_role("button", name="Close help")
    assert close.is_visible()  # the head stays at the top while the rest scrolls
    help_panel.locator("[data-help=Help]").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "help-phone-bottom.png"))
    close.tap()
    help_panel.wait_for(state="detached")
    assert not page.errors


def test_the_lobby_says_where_the_help_is(server: LiveServer, chromium: Any, shots: Path) -> None:
    context = chromium.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(server.base + "/")
    line = page.get_by_test_id("home-help")
    line.wait_for()
    page.wait_for_function("document.querySelectorAll('select[name=system] option').length > 0")
    assert "?" in line.inner_text() and "top bar" in line.inner_text()
    assert "10th edition" in line.inner_text() and "Death Angel" in line.inner_text()
    page.screenshot(path=str(shots / "help-home.png"))
    context.close()
