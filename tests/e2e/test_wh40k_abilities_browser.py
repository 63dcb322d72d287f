"""The unit card says which datasheet abilities the referee applies (R39, QA s13 #9): each
ability the referee does not apply carries "not refereed: apply it yourselves", and so does a
weapon keyword it does not read; an ability that came with an Enhancement is marked so.
Screenshots: VANTAGE_E2E_SCREENSHOTS (a folder)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_wh40k_browser import open_casual_game
from tests.support.server import REPO, LiveServer
from vantage.rosters import Army, import_roster

pytestmark = pytest.mark.browser

PORT = 8851
"""This test's own port (8850-8899 are ours for these checks)."""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'v.db'}", port=PORT).start()
    yield live
    live.stop()


def _card(page: Any, unit: str) -> Any:
    card = page.locator(f"li[data-unit='{unit}']")
    card.scroll_into_view_if_needed()
    card.locator("details.w40-unit__sheet summary").click()
    return card


def test_the_unit_card_marks_each_ability_the_referee_does_not_apply(
    server: LiveServer, open_table: Any, shots: Any
) -> None:
    army = import_roster(
        "glasswright.ros",
        (REPO / "tests/rosters/fixtures/glasswright.ros").read_bytes(),
        {"Prism Strider": 100.0},  # the one base the roster does not tell
    )
    assert isinstance(army, Army), army
    p2 = army.content_json()
    riders_json = next(u for u in p2["units"] if u["name"] == "Glint Riders")
    for ability in riders_json["abilities"]:  # as if the player had chosen it as an Enhancement
        if ability["name"] == "Mirror shield":
            ability["enhancement"] = True
    armies = {"p1": {"demo": 0}, "p2": p2}
    _, t = open_casual_game(server, open_table, armies)
    page = t.seats["p1"]

    line = _card(page, "p1-ac-line")
    hold = line.locator("[data-ability='Hold the Ember Line']")
    assert hold.get_attribute("data-refereed") == "no"
    assert "not refereed: apply it yourselves" in hold.inner_text()
    assert "1 not refereed" in line.locator("summary").inner_text()
    exarch = _card(page, "p1-ac-exarch")
    stoke = exarch.locator("[data-ability='Stoke the Pyre']")
    assert stoke.get_attribute("data-refereed") == "yes"
    assert "not refereed" not in stoke.inner_text()
    assert "not refereed" not in exarch.locator("summary").inner_text()
    carriage = _card(page, "p1-ac-carriage")
    assert carriage.locator("[data-not-refereed]").count() == 0
    page.screenshot(path=str(shots / "abilities-p1-cards.png"), full_page=True)
    line.screenshot(path=str(shots / "abilities-ashguard-line.png"))
    exarch.screenshot(path=str(shots / "abilities-exarch.png"))

    strider = _card(page, "p2-" + next(u.id for u in army.units if u.name == "Prism Strider"))
    assert strider.locator("[data-not-refereed='Sustained Hits D3']").count() == 1
    riders = _card(page, "p2-" + next(u.id for u in army.units if u.name == "Glint Riders"))
    assert riders.locator("[data-ability='Mirror shield'] [data-not-refereed]").count() == 1
    mark = riders.locator("[data-ability='Mirror shield'] [data-enhancement]")
    assert mark.inner_text() == "Enhancement"
    assert riders.locator("[data-enhancement]").count() == 1
    strider.screenshot(path=str(shots / "abilities-imported-strider.png"))
    riders.screenshot(path=str(shots / "abilities-imported-riders.png"))
    assert not page.errors, page.errors
