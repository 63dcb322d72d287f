"""h4 s15 #1: a unit aboard a transport in Strategic Reserves was offered Disembark in round 1
(and set up on the table). The unit is in Reserves too (§3.7, §4.5): the Movement panel leaves
it out of the Disembark picker and says why; the referee refuses it (R43 d)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_wh40k_browser import deploy_in_ui
from tests.e2e.test_wh40k_ux_browser import _to_p1_movement, open_transport_game
from tests.support.server import LiveServer

pytestmark = pytest.mark.browser


def test_a_unit_aboard_a_transport_in_reserves_is_not_offered_disembark(
    server: LiveServer, open_table: Any, shots: Path
) -> None:
    t = open_transport_game(server, open_table)
    p1 = t.seats["p1"]
    p1.locator("[data-testid=w40-formations]").wait_for()
    p1.locator("[data-embark='p1-ac-breach']").select_option("p1-ac-carriage")
    p1.locator("[data-strategic='p1-ac-carriage']").check()
    for player in ("p1", "p2"):
        t.click(player, "[data-testid=w40-declare]")
    deploy_in_ui(t)
    _to_p1_movement(t)
    move = p1.locator("[data-testid=w40-movement]")
    move.wait_for()
    stuck = p1.locator("[data-testid=w40-disembark-unable] [data-unit='p1-ac-breach']")
    stuck.wait_for()
    assert "its transport is not on the battlefield" in stuck.inner_text()
    assert move.locator("[data-pick='p1-ac-breach']").count() == 0
    assert move.locator("[data-pick='p1-ac-hounds']").count() > 0  # the panel is there
    p1.screenshot(path=str(shots / "disembark-from-reserves-not-offered.png"))
