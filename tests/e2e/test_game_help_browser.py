"""The help of the refereed games' pages in a real browser (audit s16 C #4): a 10th-edition
game and a Death Angel game have the top bar's "?" button and the "?" key, which open a dialog of
help written for that page (the plan's drags and buttons, the badges, the timeline; the marine
card's swarm arrows, support tokens, choosing cards); Escape closes it and the page hears none of
its keys meanwhile. On a phone the button is in the top bar and the dialog fits the screen. The
lobby names both games among the pages with help. Screenshots: VANTAGE_E2E_SCREENSHOTS."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.help_dialog import focus_in_help, open_on_phone
from tests.support.client import create_game
from tests.support.server import LiveServer

pytestmark = pytest.mark.browser

PORT = 8743
"""This test's own port (grep PORT in tests/e2e: no other test uses it)."""

HELP = "[role=dialog][aria-label='Game help']"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'v.db'}", port=PORT).start()
    yield live
    live.stop()


def _link(server: LiveServer, url: str) -> str:
    return server.base + url[url.index("/play/") :]


def _opens_and_closes_by_key(page: Any) -> Any:
    """ "?" opens the help with the focus in it; returns the dialog (open)."""
    panel = page.locator(HELP)
    assert panel.count() == 0
    page.keyboard.press("?")
    panel.wait_for()
    assert focus_in_help(page)
    assert page.get_by_test_id("help-button").get_attribute("aria-expanded") == "true"
    return panel


def _fits_on_the_phone(page: Any) -> Any:
    return open_on_phone(page, HELP)


def test_the_10th_edition_page_has_its_help(
    server: LiveServer,
    open_table: Callable[[str], Any],
    open_phone: Callable[[str], Any],
    shots: Path,
) -> None:
    game = create_game(server, {"system": "wh40k-10e"})
    page = open_table(_link(server, game["seats"][0]["url"]))
    panel = _opens_and_closes_by_key(page)
    referee = page.get_by_test_id("help-referee").inner_text()
    assert "10th edition" in referee and "strict game" in referee and "casual game" in referee
    plan = panel.locator("[data-help='Deploying and moving a unit']").inner_text()
    for words in ("waypoint", "Step back", "Cancel", "Confirm move"):
        assert words in plan
    badges = panel.locator("[data-help='Unit cards and badges']").inner_text()
    assert "Sh" in badges and "Has shot" not in badges and "has shot" in badges
    assert "Strict game" in panel.locator("[data-help=Undo]").inner_text()
    assert "chip" in panel.locator("[data-help='Timeline, log and dice']").inner_text()
    page.screenshot(path=str(shots / "game-help-10e-desktop.png"))

    # the page's keys wait while the help is open: "r" does not take the ruler
    page.keyboard.press("r")
    page.wait_for_timeout(200)
    assert page.locator("[data-tool=move][aria-pressed=true]").count() == 1
    page.keyboard.press("Escape")
    panel.wait_for(state="detached")
    # the focus goes back to "?" (after the closing render: wait for it)
    page.wait_for_function("document.activeElement?.dataset.testid === 'help-button'")
    page.keyboard.press("r")  # and hears them again once it is closed
    page.locator("[data-tool=ruler][aria-pressed=true]").wait_for()

    # the button opens it too, and a spectator's help has no plan
    watcher = open_table(_link(server, game["spectator"]["url"]))
    watcher.get_by_test_id("help-button").click()
    seen = watcher.locator(HELP)
    seen.wait_for()
    assert seen.locator("[data-help='Deploying and moving a unit']").count() == 0
    assert "goes back to Select" in seen.inner_text()
    watcher.keyboard.press("?")  # "?" closes it again
    seen.wait_for(state="detached")

    phone = open_phone(_link(server, game["seats"][1]["url"]))
    phone.wait_for_timeout(300)
    phone.screenshot(path=str(shots / "game-help-10e-phone-bar.png"))
    on_phone = _fits_on_the_phone(phone)
    phone.screenshot(path=str(shots / "game-help-10e-phone.png"))
    on_phone.get_by_role("button", name="Close help").tap()
    on_phone.wait_for(state="detached")
    assert not page.errors and not watcher.errors and not phone.errors


def test_the_death_angel_page_has_its_help(
    server: LiveServer,
    open_table: Callable[[str], Any],
    open_phone: Callable[[str], Any],
    shots: Path,
) -> None:
    game = create_game(server, {"system": "death-angel", "seats": 2})
    page = open_table(_link(server, game["seats"][0]["url"]))
    page.get_by_test_id("da-formation").wait_for()
    panel = _opens_and_closes_by_key(page)
    marine = panel.locator('[data-help="A marine\'s card"]').inner_text()
    for words in ("↑", "↓", "towards the head", "flanks", "support token"):
        assert words in marine
    assert "Confirm choice" in panel.locator("[data-help='Choosing action cards']").inner_text()
    assert "Death Angel" in page.get_by_test_id("help-referee").inner_text()
    page.screenshot(path=str(shots / "game-help-da-desktop.png"))
    page.keyboard.press("Escape")
    panel.wait_for(state="detached")
    page.wait_for_function("document.activeElement?.dataset.testid === 'help-button'")

    # a card read whole is a dialog of its own: "?" leaves it be, Escape closes it
    page.locator("[data-testid^='da-terrain-']").first.click()  # not a choice now: read it
    sheet = page.locator("dialog[open]")
    sheet.wait_for()
    page.keyboard.press("?")
    page.wait_for_timeout(200)
    assert page.locator(HELP).count() == 0
    page.keyboard.press("Escape")
    sheet.wait_for(state="detached")

    phone = open_phone(_link(server, game["seats"][1]["url"]))
    phone.get_by_test_id("da-formation").wait_for()
    phone.screenshot(path=str(shots / "game-help-da-phone-bar.png"))
    on_phone = _fits_on_the_phone(phone)
    assert on_phone.evaluate("el => el.scrollHeight > el.clientHeight")  # it scrolls
    phone.screenshot(path=str(shots / "game-help-da-phone.png"))
    phone.keyboard.press("Escape")
    on_phone.wait_for(state="detached")
    assert not page.errors and not phone.errors
