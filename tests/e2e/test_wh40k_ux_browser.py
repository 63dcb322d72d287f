"""The 10th-edition page offers only what the referee accepts and says why (QA s13): a
non-INFANTRY unit is not offered a transport, a transport that Advanced lets no one disembark and
cannot shoot without Assault weapons (each told in words), the deployment zones are labelled with
their players, the phase bar reads as a sentence, and an objective marker lands where clicked.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.e2e.test_wh40k_browser import Table, _state, _trim, deploy_in_ui, open_casual_game
from tests.support.client import create_game
from tests.support.server import LiveServer

pytestmark = pytest.mark.browser


def _shot(page: Any, shots: Path, name: str) -> None:
    page.screenshot(path=str(shots / name))


def open_transport_game(server: LiveServer, open_table: Any) -> Any:
    """A casual game of small armies: the Pyre Carriage, Kiln Breachers (can ride) and Soot
    Hounds (cannot) against three Seedlings."""
    demos = httpx.get(f"{server.base}/api/armies/demo", timeout=10).json()
    armies = {
        "p1": _trim(demos[0], {"ac-carriage": 1, "ac-breach": 2, "ac-hounds": 2}),
        "p2": _trim(demos[1], {"vh-brood": 3}),
    }
    return open_casual_game(server, open_table, armies)[1]


def test_refused_actions_are_not_offered_and_the_reasons_are_told(
    server: LiveServer, open_table: Any, shots: Path
) -> None:
    t = open_transport_game(server, open_table)
    p1 = t.seats["p1"]
    # The Soot Hounds (BEAST) cannot ride; the Kiln Breachers (INFANTRY) can.
    form = p1.locator("[data-testid=w40-formations]")
    form.wait_for()
    assert p1.locator("[data-embark='p1-ac-hounds']").count() == 0
    p1.locator("[data-embark='p1-ac-breach']").select_option("p1-ac-carriage")
    for player in ("p1", "p2"):
        t.click(player, "[data-testid=w40-declare]")
    # Each zone says whose it is.
    for player, name in (("p1", "Player 1"), ("p2", "Player 2")):
        label = t.spectator.locator(f"[data-zone-label={player}]")
        assert label.text_content() == f"{name}'s deployment zone"
    waiting = t.spectator.locator("[data-testid=w40-waiting]").inner_text()
    assert ":" not in waiting and waiting.startswith("Waiting for Player"), waiting
    _shot(t.spectator, shots, "zones-labelled.png")
    deploy_in_ui(t, front=("carriage",))

    st = _state(t.spectator)
    if st["game"]["first"] == "p2":
        t.end_turn("p2")
    t.end_phase("p1")  # Command
    t.answer_others("p1")

    # Movement: the carriage Advances; its passengers may not disembark, and the panel says why.
    move = p1.locator("[data-testid=w40-movement]")
    assert move.locator("[data-pick='p1-ac-breach']").count() == 1
    move.locator("[data-pick='p1-ac-carriage']").click()
    t.click("p1", "button:has-text('Roll to Advance')")
    p1.get_by_role("button", name="Advance (+").click()
    m = p1.evaluate("window.__vantage.model('p1-ac-carriage-1')")
    step = 2.0 if m["y"] < 22 else -2.0
    t.drag("p1", "p1-ac-carriage-1", (m["x"], m["y"] + step))
    t.click("p1", "[data-testid=w40-confirm]")
    t.answer_others("p1")
    stuck = p1.locator("[data-testid=w40-disembark-unable]")
    stuck.wait_for()
    assert "Kiln Breachers cannot disembark: its transport Advanced this turn" in stuck.inner_text()
    assert move.locator("[data-pick='p1-ac-breach']").count() == 0
    _shot(p1, shots, "disembark-after-advance.png")
    t.end_phase("p1")
    t.answer_others("p1")

    # Shooting: the Advanced carriage has no Assault weapon, so it is not offered, with the reason.
    unable = p1.locator("[data-testid=w40-shoot-unable]")
    unable.wait_for()
    why = unable.inner_text()
    assert "Pyre Carriage cannot shoot: it Advanced and has no Assault weapons" in why
    assert p1.locator("[data-testid=w40-shooting] [data-pick='p1-ac-carriage']").count() == 0
    _shot(p1, shots, "shoot-advanced-carriage.png")


def test_an_objective_marker_lands_where_clicked(server: LiveServer, open_table: Any) -> None:
    game = create_game(server, {"system": "wh40k-10e", "layout": "empty", "objectives": "place"})
    seats = {
        s["player"]: open_table(server.base + s["url"][s["url"].index("/play/") :])
        for s in game["seats"]
    }
    t = Table(seats, seats["p1"])
    t.settle()
    pending = _state(t.spectator)["game"]["pending"]
    assert pending["kind"] == "place_objective"
    page = seats[pending["player"]]
    bar = page.locator("[data-testid=w40-waiting]").inner_text()
    assert bar == "Your decision: place an objective marker", bar
    before = {o["id"] for o in _state(page)["objectives"]}
    at = page.evaluate("window.__vantage.screenPoint(44, 30)")
    page.mouse.click(at["x"], at["y"])
    t.settle()
    placed = [o for o in _state(page)["objectives"] if o["id"] not in before]
    assert [(o["x"], o["y"]) for o in placed] == [(44.0, 30.0)], placed


def _to_p1_movement(t: Table) -> None:
    """Past the first player's turn if that is p2, then p1's Command phase."""
    if _state(t.spectator)["game"]["first"] == "p2":
        t.end_turn("p2")
    t.end_phase("p1")
    t.answer_others("p1")


def _ruined_city(server: LiveServer, open_table: Any, keep: dict[str, int]) -> Table:
    demos = httpx.get(f"{server.base}/api/armies/demo", timeout=10).json()
    armies = {"p1": _trim(demos[0], keep), "p2": _trim(demos[1], {"vh-brood": 3})}
    _, t = open_casual_game(server, open_table, armies, strict=True, layout="ruined-city")
    return t


def test_disembarking_starts_next_to_the_transport(
    server: LiveServer, open_table: Any, shots: Path
) -> None:
    t = _ruined_city(server, open_table, {"ac-carriage": 1, "ac-breach": 3})
    p1 = t.seats["p1"]
    p1.locator("[data-embark='p1-ac-breach']").select_option("p1-ac-carriage")
    for player in ("p1", "p2"):
        t.click(player, "[data-testid=w40-declare]")
    deploy_in_ui(t)
    _to_p1_movement(t)
    p1.locator("[data-testid=w40-movement] [data-pick='p1-ac-breach']").last.click()
    p1.locator("[data-testid=w40-plan]").wait_for()
    _shot(p1, shots, "disembark-plan.png")
    t.click("p1", "[data-testid=w40-confirm]")
    st = _state(t.spectator)
    assert st["game"]["units"]["p1-ac-breach"]["location"] == "table", p1.evaluate(
        "window.__vantage.lastRejection"
    )


def test_the_plan_counts_climbing_as_the_referee_does(
    server: LiveServer, open_table: Any, shots: Path
) -> None:
    t = _ruined_city(server, open_table, {"ac-carriage": 1})
    for player in ("p1", "p2"):
        t.click(player, "[data-testid=w40-declare]")
    deploy_in_ui(t, front=("carriage",))
    _to_p1_movement(t)
    p1 = t.seats["p1"]
    st = _state(t.spectator)
    car = next(m for m in st["models"] if m["unit"] == "p1-ac-carriage")
    ruins = [p for p in st["terrain"] if p["kind"] == "ruins" and p["height"] > 2]

    def centre(p: dict[str, Any]) -> tuple[float, float]:
        xs, ys = [x for x, _ in p["polygon"]], [y for _, y in p["polygon"]]
        return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2

    ruin = min(ruins, key=lambda p: math.dist(centre(p), (car["x"], car["y"])))
    cx, cy = centre(ruin)
    d = math.dist((cx, cy), (car["x"], car["y"]))
    span = max(abs(x - cx) for x, _ in ruin["polygon"])
    span += max(abs(y - cy) for _, y in ruin["polygon"])
    ux, uy = (cx - car["x"]) / d, (cy - car["y"]) / d
    to = (car["x"] + ux * (d + span + 2.5), car["y"] + uy * (d + span + 2.5))
    p1.locator("[data-testid=w40-movement] [data-pick='p1-ac-carriage']").click()
    p1.get_by_role("button", name="Normal move", exact=True).click()
    t.drag("p1", "p1-ac-carriage-1", to)
    climb = p1.locator("[data-testid=w40-plan-climb]")
    climb.wait_for()
    assert f'{2 * ruin["height"]:.1f}" climbing' in climb.inner_text()
    farthest = p1.locator("[data-testid=w40-plan-distance]").inner_text()
    found = re.search(r'Farthest model: ([0-9.]+)"', farthest)
    assert found, farthest
    shown = float(found.group(1))
    assert p1.locator("[data-testid=w40-plan-warnings]").inner_text().count("climbs over") == 1
    _shot(p1, shots, "move-plan-climb.png")
    p1.locator("[data-testid=w40-confirm]").click()
    t.settle()
    refusal = p1.evaluate("window.__vantage.lastRejection")
    said = re.search(r'moves ([0-9.]+)"', refusal["message"])
    assert said, refusal
    assert abs(float(said.group(1)) - shown) < 0.1, (refusal, shown)
    # ... and says how much of it is climbing, as the plan does.
    assert f'({2 * ruin["height"]:.2f}" of it climbing' in refusal["message"], refusal


def test_a_unit_that_embarked_this_phase_is_not_offered_disembark(
    server: LiveServer, open_table: Any, shots: Path
) -> None:
    """QA s13: the page offered Disembark to a unit that had embarked earlier in the phase (the
    referee refuses `rule/disembark_start`); now it reads `started_embarked` and says why."""
    demos = httpx.get(f"{server.base}/api/armies/demo", timeout=10).json()
    armies = {
        "p1": _trim(demos[0], {"ac-carriage": 1, "ac-breach": 3}),
        "p2": _trim(demos[1], {"vh-brood": 3}),
    }
    _game, t = open_casual_game(server, open_table, armies)
    p1 = t.seats["p1"]
    p1.locator("[data-testid=w40-formations]").wait_for()
    for player in ("p1", "p2"):
        t.click(player, "[data-testid=w40-declare]")
    deploy_in_ui(t)
    _to_p1_movement(t)
    move = p1.locator("[data-testid=w40-movement]")
    move.locator("[data-pick='p1-ac-breach']").first.click()
    p1.get_by_role("button", name="Normal move", exact=True).click()
    # Each Breacher 4.8" from the carriage's centre (beyond its largest radius, 3.35"), towards
    # where it stands, side by side: every base ends within 3" of the hull.
    models = _state(t.spectator)["models"]
    c = next(m for m in models if m["unit"] == "p1-ac-carriage")
    breachers = [m for m in models if m["unit"] == "p1-ac-breach"]
    for i, m in enumerate(breachers):
        dx, dy = m["x"] - c["x"], m["y"] - c["y"]
        d = math.hypot(dx, dy)
        ux, uy = dx / d, dy / d
        side = (i - 1) * 1.5
        to = (c["x"] + 4.8 * ux - side * uy, c["y"] + 4.8 * uy + side * ux)
        t.drag("p1", m["id"], to, alone=True)
    p1.locator("[data-testid=w40-embark] select").select_option("p1-ac-carriage")
    t.click("p1", "[data-testid=w40-confirm]")
    t.answer_others("p1")
    st = _state(t.spectator)
    breach = st["game"]["units"]["p1-ac-breach"]
    assert breach["location"] == "embarked", p1.evaluate("window.__vantage.lastRejection")
    assert breach["started_embarked"] is False
    stuck = p1.locator("[data-testid=w40-disembark-unable]")
    stuck.wait_for()
    assert "Kiln Breachers cannot disembark: it embarked this phase" in stuck.inner_text()
    assert move.locator("[data-pick='p1-ac-breach']").count() == 0
    _shot(p1, shots, "no-disembark-after-embark.png")
