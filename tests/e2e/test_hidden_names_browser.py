"""Names that have no room on a crowded table: the hover tooltip with a mouse, and the same name
on a tap on a touch screen (which has no hover); a drag by touch shows none."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import hook, screen, wait_hook
from tests.support.client import create_game
from tests.support.server import LiveServer

pytestmark = pytest.mark.browser

# Sixteen one-model units shoulder to shoulder, four by four: their names cannot all find a
# place round them (the layout tries a ring of places round each unit, and a second row above
# and below, before it hides a name).
LETTERS = ("Aleph", "Beth", "Gimel", "Daleth", "He", "Vav", "Zayin", "Heth")
NAMES = [f"Veteran Squad {w}" for w in LETTERS] + [f"Guard Squad {w}" for w in LETTERS]
CROWD = {
    "table": {"width": 60, "depth": 44},
    "players": ["p1", "p2"],
    "units": [
        {"id": f"u{i}", "player": "p1", "name": name, "keywords": ["INFANTRY"]}
        for i, name in enumerate(NAMES)
    ],
    "models": [
        {
            "id": f"m{i}",
            "unit": f"u{i}",
            "base": {"shape": "circle", "diameter_mm": 32},
            "x": 28 + 1.4 * (i % 4),
            "y": 21 + 1.4 * (i // 4),
            "height": 1.6,
        }
        for i in range(len(NAMES))
    ],
    # a small named ruin under the crowd: its name has no room either
    "terrain": [
        {
            "id": "shrine",
            "name": "Shrine of the Nine Lanterns",
            "kind": "ruins",
            "height": 6,
            "polygon": [[28.2, 21.3], [31.6, 21.3], [31.6, 22.1], [28.2, 22.1]],
        }
    ],
}


def _hidden_model(page: Any) -> tuple[str, str]:
    """A model whose unit's name has no room, and that name."""
    wait_hook(page, "v.hiddenLabels.some((k) => k.startsWith('u:'))")
    unit = next(k[2:] for k in hook(page, "hiddenLabels") if k.startswith("u:"))
    i = int(unit[1:])
    return f"m{i}", NAMES[i]


def test_a_hidden_name_shows_on_hover_and_on_a_tap(
    server: LiveServer,
    open_table: Callable[[str], Any],
    open_touch: Callable[[str], Any],
    shots: Path,
) -> None:
    game = create_game(server, {"system": "wh40k-9e", "setup": CROWD})
    url = game["seats"][0]["url"]

    # Mouse: resting on a model whose unit's name has no room shows that name.
    mouse = open_table(url)
    model, name = _hidden_model(mouse)
    spot = hook(mouse, f"model({model!r})")
    at = screen(mouse, spot["x"], spot["y"])
    mouse.mouse.move(at["x"], at["y"])
    wait_hook(mouse, f"v.tooltip === {name!r}")
    mouse.mouse.move(5, 5)  # off the table
    wait_hook(mouse, "v.tooltip === null")

    # Touch: no hover. A tap on such a model selects it, and its unit's name takes a place on
    # the table (a selected unit's name comes first).
    touch = open_touch(url)
    model, name = _hidden_model(touch)
    unit = f"u:u{model[1:]}"
    spot = hook(touch, f"model({model!r})")
    at = screen(touch, spot["x"], spot["y"])
    touch.touchscreen.tap(at["x"], at["y"])
    wait_hook(touch, f"!v.hiddenLabels.includes({unit!r})")
    assert hook(touch, f"model({model!r})") == spot  # a tap moves nothing

    # A tap on the shrine between the bases (terrain cannot be selected) shows its name.
    assert "t:0:shrine" in hook(touch, "hiddenLabels")
    free = screen(touch, 28.7, 21.7)  # inside the shrine, 0.99" from every base centre
    touch.touchscreen.tap(free["x"], free["y"])
    wait_hook(touch, "v.tooltip === 'Shrine of the Nine Lanterns'")
    touch.screenshot(path=str(shots / "name-on-tap.png"))
    # ... and a tap on empty table puts it away.
    empty = screen(touch, 10, 10)
    touch.touchscreen.tap(empty["x"], empty["y"])
    wait_hook(touch, "v.tooltip === null")
