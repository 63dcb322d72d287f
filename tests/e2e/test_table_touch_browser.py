"""A finger on a phone: a tap beside a base drawn smaller than a fingertip takes that base (the
newcomer audit found single models at fit zoom on a phone, ~5 px wide, hard to tap)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.e2e.tables import RUIN_TABLE
from tests.support.browser import hook, screen, wait_hook
from tests.support.client import create_game
from tests.support.server import LiveServer

pytestmark = pytest.mark.browser
LEVELS = "[data-testid=level-choice]"


def test_a_tap_beside_a_small_base_selects_it(
    server: LiveServer, open_phone: Callable[[str], Any]
) -> None:
    game = create_game(server, {"system": "wh40k-9e", "setup": RUIN_TABLE})
    page = open_phone(game["seats"][0]["url"])
    centre = screen(page, 12, 8)  # Rangers a1, in the ruin
    edge = screen(page, 12 + 0.63, 8)
    radius = edge["x"] - centre["x"]
    assert radius < 12, f"the base is drawn {radius:.1f} px in radius: not small on this phone"
    page.touchscreen.tap(centre["x"], centre["y"] + radius + 5)  # beside it, not on it
    page.locator(LEVELS).wait_for()  # a1 is selected: its level row shows
    assert hook(page, "model('a1')") == {"x": 12, "y": 8, "z": 0, "facing": 0}
    far = screen(page, 6, 18)  # nowhere near a base: the selection is cleared
    page.touchscreen.tap(far["x"], far["y"])
    wait_hook(page, f"document.querySelector({LEVELS!r}) === null")
