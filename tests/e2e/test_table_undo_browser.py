"""Undo move at the tables (newcomer audit s16 #14: a misdrag could only be dragged back by
eye): Ctrl+Z and the top bar's "Undo move" put the models of the player's last move back where
they stood, as a new move the server checks and the log shows; a spectator has no such button."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.tables import RUIN_TABLE
from tests.e2e.test_table_refusals_browser import _drag, _toast
from tests.support.browser import hook
from tests.support.client import create_game
from tests.support.server import LiveServer

pytestmark = pytest.mark.browser

WAIT_MS = 10_000


def _at(page: Any, model: str, x: float, y: float) -> None:
    page.wait_for_function(
        "([m, x, y]) => { const p = window.__vantage.model(m);"
        " return Math.abs(p.x - x) < 0.01 && Math.abs(p.y - y) < 0.01; }",
        arg=[model, x, y],
        timeout=WAIT_MS,
    )


def test_a_player_takes_back_the_last_moves_and_a_spectator_cannot(
    server: LiveServer, open_table: Callable[[str], Any], shots: Path
) -> None:
    game = create_game(server, {"system": "wh40k-9e", "setup": RUIN_TABLE})
    p2 = open_table(game["seats"][1]["url"])
    undo = p2.get_by_test_id("undo-move")
    assert undo.is_disabled()

    _drag(p2, 16, 12, 0, 2)  # Brutes #1 (b1) from 16,12 to 16,14
    _at(p2, "b1", 16, 14)
    _drag(p2, 16, 14, 3, 0)  # then on to 19,14
    _at(p2, "b1", 19, 14)
    v = hook(p2, "v")

    p2.keyboard.press("Control+z")
    _at(p2, "b1", 16, 14)
    p2.wait_for_function("v => window.__vantage.v === v + 1", arg=v, timeout=WAIT_MS)
    undo.click()
    _at(p2, "b1", 16, 12)
    p2.wait_for_function("v => window.__vantage.v === v + 2", arg=v, timeout=WAIT_MS)
    p2.wait_for_function(
        "() => document.querySelector('[data-testid=\"undo-move\"]').disabled", timeout=WAIT_MS
    )
    p2.keyboard.press("Control+z")
    _toast(p2, "Nothing to undo")
    p2.screenshot(path=str(shots / "table-undo-move.png"))

    spectator = open_table(game["spectator"]["url"])
    assert spectator.get_by_test_id("undo-move").count() == 0
    _at(spectator, "b1", 16, 12)
