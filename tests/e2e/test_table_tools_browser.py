"""The table tools in a real browser: ruler, range rings, line of sight and the live unit check
of a drag, each used with the mouse and checked against the server's own answer for the same
positions; and a drag and a ruler sweep over a 200-model table that keep the frames flowing."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.api.test_table_queries_ws import R32, SETUP
from tests.support.browser import (
    big_setup,
    click_at,
    drag_a_unit_across,
    hook,
    screen,
    sweep_the_ruler,
    wait_hook,
)
from tests.support.client import Queries, Seat, create_game
from tests.support.server import LiveServer

pytestmark = pytest.mark.browser


class Server:
    """The server's answers to table queries, asked over its own websocket (a spectator)."""

    def __init__(self, seat: Seat) -> None:
        self.queries = Queries(seat)

    def ask(self, q: dict[str, Any]) -> Any:
        msg = self.queries.reply(q)
        assert msg["type"] == "answer", msg
        return msg["a"]


def xy(p: dict[str, float]) -> list[float]:
    return [p["x"], p["y"]]


def sight_of(page: Any, truth: Server, observer: str, target: str) -> tuple[Any, Any]:
    """What the line-of-sight tool shows once it has the answer for ``target``, and the server's
    own answer for the same pair."""
    wait_hook(page, f"v.sight?.answered && v.sight.target === {target!r}")
    expected = truth.ask({"type": "sight", "observer": observer, "target": target})
    return hook(page, "sight"), expected


def test_each_tool_shows_the_servers_answer(
    server: LiveServer, open_table: Callable[[str], Any], shots: Path
) -> None:
    # the building that blocks a1-b1 has a name: the panel calls it by it
    terrain = [{**SETUP["terrain"][0], "name": "Chapel ruin"}, *SETUP["terrain"][1:]]
    game = create_game(server, {"system": "wh40k-9e", "setup": {**SETUP, "terrain": terrain}})
    p1 = open_table(game["seats"][0]["url"])
    spectator = open_table(game["spectator"]["url"])
    # Every viewer is told which rules the table measures by.
    for page in (p1, spectator):
        title = page.get_by_test_id("system-title")
        title.wait_for()
        assert title.inner_text().startswith("Warhammer 40,000 9th edition")
    with Seat(server, game["id"], game["spectator"]["token"]) as seat:
        seat.recv(), seat.recv()  # welcome, snapshot
        truth = Server(seat)

        # Ruler (from the toolbar): click a1, click a2 — base edge to base edge.
        assert hook(p1, "tool") == "move"
        p1.locator("[data-tool=ruler]").click()
        click_at(p1, 10, 10)
        click_at(p1, 13, 10)
        wait_hook(p1, "v.ruler?.distance != null")
        shown = hook(p1, "ruler")
        expected = truth.ask({"type": "measure", "a": "a1", "b": "a2"})
        assert (shown["a"], shown["b"]) == ("a1", "a2")
        assert shown["distance"] == expected["distance"] == pytest.approx(3 - 2 * R32, abs=1e-4)
        assert xy(shown["from"]) == expected["from"] and xy(shown["to"]) == expected["to"]
        assert p1.get_by_test_id("ruler-distance").inner_text().startswith('1.74"')
        p1.screenshot(path=str(shots / "tool-ruler.png"))

        # Ruler by dragging from a1 to empty table: base edge to a point.
        start, end = screen(p1, 10, 10), screen(p1, 10, 15)
        p1.mouse.move(start["x"], start["y"])
        p1.mouse.down()
        p1.mouse.move(end["x"], end["y"], steps=8)
        p1.mouse.up()
        wait_hook(p1, "v.ruler?.distance != null && typeof v.ruler.b === 'object'")
        shown = hook(p1, "ruler")
        expected = truth.ask({"type": "measure", "a": "a1", "b": shown["b"]})
        assert shown["distance"] == expected["distance"] == pytest.approx(5 - R32, abs=0.1)
        assert xy(shown["to"]) == expected["to"]

        # Range ring (key G): a 3" ring round b1, typed in the panel.
        p1.keyboard.press("g")
        radius = p1.get_by_label("Ring radius in inches")
        radius.fill("3")
        click_at(p1, 30, 10)
        wait_hook(p1, "v.rings.length === 1")
        assert hook(p1, "rings") == [{"model": "b1", "radius": 3}]
        # The ring is 3" from the base edge: the server measures 3" to a point on it.
        on_ring = {"x": 30 + R32 + 3, "y": 10}
        assert truth.ask({"type": "measure", "a": "b1", "b": on_ring})["distance"] == (
            pytest.approx(3, abs=1e-4)
        )
        p1.screenshot(path=str(shots / "tool-ring.png"))
        # The fitted table keeps clear of the tools' panel: its far corner is not under it.
        panel = p1.get_by_test_id("tool-panel").bounding_box()
        corner = screen(p1, SETUP["table"]["width"], SETUP["table"]["depth"])
        assert corner["x"] < panel["x"] or corner["y"] < panel["y"], (corner, panel)
        # A new radius is the next ring's: b1's ring stays 3" until b1 is clicked, which gives
        # it the 24" one; a click on b1 again takes it away (no second ring of the same radius).
        radius.fill("24")
        wait_hook(p1, "v.ringRadius === 24")
        assert hook(p1, "rings") == [{"model": "b1", "radius": 3}]
        click_at(p1, 30, 10)
        wait_hook(p1, "v.rings.length === 1 && v.rings[0].radius === 24")
        p1.screenshot(path=str(shots / "tool-ring-24.png"))
        click_at(p1, 30, 10)
        wait_hook(p1, "v.rings.length === 0")

        # Line of sight (key L): a1 to b1 is blocked by the building, which is highlighted.
        p1.keyboard.press("l")
        click_at(p1, 10, 10)
        click_at(p1, 30, 10)
        shown, expected = sight_of(p1, truth, "a1", "b1")
        assert shown["visible"] is expected["visible"] is False
        assert shown["blocking"] == expected["blocking"] == ["t1"]
        assert shown["highlighted"] == ["t1"]
        assert p1.get_by_test_id("sight-words").inner_text() == "Not visible"
        assert p1.get_by_test_id("sight-blocking").inner_text() == "Blocked by Chapel ruin"
        p1.screenshot(path=str(shots / "tool-sight-blocked.png"))

        # ... and a1 to b2 is clear, with the server's witness segment drawn.
        click_at(p1, 10, 30)
        shown, expected = sight_of(p1, truth, "a1", "b2")
        assert shown["visible"] is expected["visible"] is True
        assert shown["fully_visible"] is expected["fully_visible"] is True
        assert [[*xy(p), p["z"]] for p in shown["segment"]] == expected["segment"]
        assert shown["highlighted"] == []
        # b2's base touches the crater with light cover (wh40k-9th), which the panel names
        assert shown["cover_from"] == expected["cover_from"]
        assert shown["cover_marked"] == "t2"
        assert p1.get_by_test_id("sight-words").inner_text() == "Fully visible, in cover"
        assert p1.get_by_test_id("sight-cover").inner_text() == "Cover: touching Shell crater"
        p1.screenshot(path=str(shots / "tool-sight-clear.png"))

        # A spectator may look too (queries are read-only) but never move.
        spectator.keyboard.press("l")
        click_at(spectator, 10, 10)
        click_at(spectator, 30, 10)
        wait_hook(spectator, "v.sight?.answered")
        assert hook(spectator, "sight")["blocking"] == ["t1"]
        spectator.keyboard.press("m")
        a = screen(spectator, 10, 10)
        spectator.mouse.move(a["x"], a["y"])
        spectator.mouse.down()
        spectator.mouse.move(a["x"] + 80, a["y"], steps=5)
        assert hook(spectator, "dragCheck") is None
        spectator.mouse.up()
        assert hook(spectator, "model('a1')") == {"x": 10, "y": 10, "z": 0, "facing": 0}

        # Move (key M): drag a2 to 0.9" from b1's base and hold: the live unit check says who
        # breaks coherency and who is engaged, as the server would for those positions.
        p1.keyboard.press("m")
        target_x = 30 - 2 * R32 - 0.9
        start, end = screen(p1, 13, 10), screen(p1, target_x, 10)
        p1.mouse.move(start["x"], start["y"])
        began = time.monotonic()
        p1.mouse.down()
        p1.mouse.move(end["x"], end["y"], steps=20)
        wait_hook(
            p1,
            f"v.dragCheck?.answered && Math.abs(v.dragCheck.positions.a2?.x - {target_x}) < 0.1",
        )
        shown = hook(p1, "dragCheck")
        seconds = time.monotonic() - began
        expected = truth.ask({"type": "unit_check", "unit": "A", "positions": shown["positions"]})
        assert shown["coherent"] is expected["coherent"] is False
        assert sorted(shown["breaking"]) == sorted(expected["breaking"]) == ["a1", "a2"]
        assert shown["engaged_with"] == expected["engaged_with"] == ["b1"]
        assert 1 <= shown["queries"] <= seconds * 10 + 2  # ten a second, not one per mouse move
        assert "Out of coherency" in p1.get_by_test_id("drag-coherency").inner_text()
        assert "B #1" in p1.get_by_test_id("drag-engagement").inner_text()  # unit B, model b1
        p1.screenshot(path=str(shots / "tool-drag-check.png"))

        # On b1's base: the check says the bases would overlap (the drop would be refused).
        onto = screen(p1, 30 - R32, 10)
        p1.mouse.move(onto["x"], onto["y"], steps=5)
        wait_hook(p1, "v.dragCheck?.answered && v.dragCheck.overlapping.length > 0")
        assert hook(p1, "dragCheck")["overlapping"] == ["a2", "b1"]
        assert "Bases overlap" in p1.get_by_test_id("drag-overlap").inner_text()

        # Escape cancels the drag: the model stays, the check goes.
        p1.keyboard.press("Escape")
        p1.mouse.up()
        wait_hook(p1, "v.dragCheck === null")
        assert hook(p1, "model('a2')") == {"x": 13, "y": 10, "z": 0, "facing": 0}
        assert hook(p1, "v") == 0

    for page in (p1, spectator):
        assert page.errors == []


def _model(mid: str, unit: str, x: float, y: float, mm: float, height: float) -> dict[str, Any]:
    base = {"shape": "circle", "diameter_mm": mm}
    return {"id": mid, "unit": unit, "base": base, "x": x, "y": y, "height": height}


# A 2.2" wall between an infantry observer (1.6" tall) and two targets: a 4" tall vehicle, whose
# upper part shows over it, and an infantry model, hidden by it (true line of sight over the wall's
# height, wh40k-9th §4.5; docs/geometry.md, heights). 9th edition, as in the
# test above: its games take a set-up as given, while a 10th-edition game deploys demo armies.
LOW_WALL = {
    "table": {"width": 44, "depth": 30},
    "players": ["p1", "p2"],
    "units": [
        {"id": "A", "player": "p1", "keywords": ["INFANTRY"]},
        {"id": "V", "player": "p2", "keywords": ["VEHICLE"]},
        {"id": "C", "player": "p2", "keywords": ["INFANTRY"]},
    ],
    "models": [
        _model("a1", "A", 10, 20, 32, 1.6),
        _model("v1", "V", 22, 20, 60, 4.0),
        _model("c1", "C", 22, 23, 32, 1.6),
    ],
    "terrain": [
        {
            "id": "wall",
            "kind": "building",
            "height": 2.2,
            "polygon": [[15, 15], [17, 15], [17, 25], [15, 25]],
        }
    ],
}


def _height_at(segment: list[list[float]], x: float) -> float:
    """The height of a sight segment where it crosses the vertical plane at ``x``."""
    (x0, _, z0), (x1, _, z1) = segment
    return z0 + (z1 - z0) * (x - x0) / (x1 - x0)


def test_sight_over_a_low_wall_shows_the_rising_line(
    server: LiveServer, open_table: Callable[[str], Any], shots: Path
) -> None:
    game = create_game(server, {"system": "wh40k-9e", "setup": LOW_WALL})
    p1 = open_table(game["seats"][0]["url"])
    with Seat(server, game["id"], game["spectator"]["token"]) as seat:
        seat.recv(), seat.recv()  # welcome, snapshot
        truth = Server(seat)
        p1.keyboard.press("l")
        click_at(p1, 10, 20)
        click_at(p1, 22, 20)
        shown, expected = sight_of(p1, truth, "a1", "v1")
        # Seen over the wall, not whole: its lower part is behind the wall.
        assert shown["visible"] is expected["visible"] is True
        assert shown["fully_visible"] is expected["fully_visible"] is False
        segment = [[*xy(p), p["z"]] for p in shown["segment"]]
        assert segment == expected["segment"]
        # The witness starts no higher than the observer's top, and clears the wall's top
        # where it enters and leaves the wall (the line rises towards the vehicle's top).
        assert 0 <= segment[0][2] <= 1.6 + 1e-9 and segment[1][2] <= 4.0 + 1e-9
        assert _height_at(segment, 15) >= 2.2 and _height_at(segment, 17) >= 2.2
        assert p1.get_by_test_id("sight-words").inner_text().startswith("Visible")
        heights = p1.get_by_test_id("sight-heights").inner_text()
        assert heights == f'Sight line from {segment[0][2]:.2f}" to {segment[1][2]:.2f}" high'
        p1.screenshot(path=str(shots / "tool-sight-over-wall.png"))

        # The infantry model behind the same wall: every line to it stays below the wall's top.
        click_at(p1, 22, 23)
        shown, expected = sight_of(p1, truth, "a1", "c1")
        assert shown["visible"] is expected["visible"] is False
        assert shown["blocking"] == expected["blocking"] == ["wall"]
        assert p1.get_by_test_id("sight-words").inner_text() == "Not visible"
        assert p1.get_by_test_id("sight-heights").count() == 0
        p1.screenshot(path=str(shots / "tool-sight-behind-wall.png"))
        assert p1.errors == []


# Animation frames held back (the page draws nothing until they are let go), as on a loaded
# machine where the next frame comes late; a frame is let pass first, so none is already on its way.
HOLD_FRAMES = """async () => {
    await new Promise((done) => requestAnimationFrame(() => setTimeout(done)));
    window.__held = [];
    window.__raf = window.requestAnimationFrame;
    window.requestAnimationFrame = (f) => window.__held.push(f);
}"""
LET_FRAMES_GO = """() => {
    window.requestAnimationFrame = window.__raf;
    for (const f of window.__held.splice(0)) f(performance.now());
}"""


def test_a_click_before_the_next_frame_picks_the_base_where_the_table_shows_it(
    server: LiveServer, open_table: Callable[[str], Any]
) -> None:
    """Picking a tool refits the table round its panel, and a zoom moves it, at once; the bases
    are drawn there at the next frame. A click on a base that comes before that frame (a loaded
    machine) still picks the base, not the table point at its centre (a ruler from there read
    21.95" where the server measured 21.40" base to base)."""
    game = create_game(server, {"system": "wh40k-9e", "setup": SETUP})
    p1 = open_table(game["seats"][0]["url"])
    with Seat(server, game["id"], game["spectator"]["token"]) as seat:
        seat.recv(), seat.recv()  # welcome, snapshot
        truth = Server(seat)
        p1.evaluate(HOLD_FRAMES)
        try:
            p1.keyboard.press("r")
            click_at(p1, 30, 10)
            p1.evaluate("document.querySelector('[aria-label=\"Zoom in\"]').click()")
            click_at(p1, 10, 10)
        finally:
            p1.evaluate(LET_FRAMES_GO)
        wait_hook(p1, "v.ruler?.distance != null")
        shown = hook(p1, "ruler")
        assert (shown["a"], shown["b"]) == ("b1", "a1")
        expected = truth.ask({"type": "measure", "a": "b1", "b": "a1"})
        assert shown["distance"] == expected["distance"] == pytest.approx(20 - 2 * R32, abs=1e-4)
        assert p1.errors == []


def test_drag_and_ruler_over_200_models_keep_frames_flowing(
    server: LiveServer, open_table: Callable[[str], Any], shots: Path
) -> None:
    game = create_game(server, {"system": "wh40k-9e", "setup": big_setup()})
    page = open_table(game["seats"][0]["url"])
    assert page.evaluate("document.querySelectorAll('canvas').length") > 0

    # Drag a whole unit (shift-click selects it) across the crowded table and back.
    drag = drag_a_unit_across(page)
    check = hook(page, "dragCheck")
    page.screenshot(path=str(shots / "tool-drag-200.png"))
    page.keyboard.press("Escape")
    page.mouse.up()

    # Sweep the ruler's free end over the table, then place it on a model.
    ruler = sweep_the_ruler(page)
    click_at(page, 53.4, 32.6)  # m19_9, the far corner's last model
    wait_hook(page, "v.ruler?.distance != null")
    assert (hook(page, "ruler")["a"], hook(page, "ruler")["b"]) == ("m0_0", "m19_9")
    page.screenshot(path=str(shots / "tool-ruler-200.png"))

    print(f"\n200 models: drag {drag}, unit checks {check['queries']}; ruler sweep {ruler}")
    # The unit check keeps to ten a second however fast the mouse moves.
    assert check["queries"] <= drag["seconds"] * 10 + 2
    for stats in (drag, ruler):
        assert stats["frames"] >= 30
        # 60 frames a second on an idle machine (p95 16.8 ms, no long task); the bounds leave room
        # for a busy CI machine, where other processes take the CPU now and then.
        assert stats["median_ms"] <= 34
        assert stats["p95_ms"] <= 150
        assert stats["longest_task_ms"] <= 400
    assert page.errors == []
