"""Warhammer 40,000 10th edition in real browsers: the shooter's choice of the model that suffers a
failed Hazardous test (§8.4, R30), seen by the shooting player only.

Both armies are the same Ashguard Line (nine Ashguard, W1, and one Ashguard Warden, W2), so
whoever wins the first-turn roll-off plays the same path. The test army makes the Warden's
pistol HAZARDOUS and gives each Ashguard five HAZARDOUS carbines (48" range, so every model is in
range of the enemy from its deployment zone on the empty table; BS 6+ and S1, so the shots
cannot wipe out the target: a destroyed army ends the battle at once, before any Hazardous test,
§10). The first shooting then makes 45 Hazardous tests; none fails only with probability
(5/6)^45 < 0.03%. The bearers are not interchangeable (two profiles), so the controller is
asked."""

from __future__ import annotations

import copy
import time
from typing import Any

import httpx
import pytest

from tests.e2e.test_wh40k_browser import (
    Table,
    _models,
    _state,
    exported_events,
    open_casual_game,
)
from tests.support.server import LiveServer

pytestmark = pytest.mark.browser

BUDGET_S = 90.0
CARBINES = 5
WARDEN = "Ashguard Warden"


def _army(demos: list[dict[str, Any]]) -> dict[str, Any]:
    """The Ashen Concord demo army cut to its Ashguard Line, armed to fail Hazardous tests."""
    army = copy.deepcopy(demos[0])
    army["units"] = [u for u in army["units"] if u["id"] == "ac-line"]
    (line,) = army["units"]
    carbine = next(w for w in line["weapons"] if w["name"] == "Ember carbine")
    carbines = []
    for k in range(CARBINES):
        w = copy.deepcopy(carbine)
        w["name"] = f"Ember carbine {k + 1}"
        w["RANGE"] = '48"'
        w["BS"], w["S"] = "6+", "1"  # weak: the target unit must survive (or the battle ends)
        w["keywords"] = ["Hazardous"]
        w["abilities"] = [{"name": "HAZARDOUS"}]
        carbines.append(w)
    line["weapons"] = [w for w in line["weapons"] if w["name"] != "Ember carbine"] + carbines
    for w in line["weapons"]:
        if w["name"] == "Scorch pistol":
            w["keywords"].append("Hazardous")
            w["abilities"].append({"name": "HAZARDOUS"})
    ashguard = next(g for g in line["models"] if g["name"] == "Ashguard")
    ashguard["loadout"] = [c for c in ashguard["loadout"] if c["weapon"] != "Ember carbine"] + [
        {"weapon": w["name"], "total": ashguard["count"]} for w in carbines
    ]
    return army


def _until_hazardous(t: Table, shooter: str) -> dict[str, Any]:
    """Answer the other decisions of the shooting (the defender's allocations, re-roll offers)
    through the UI until the Hazardous choice comes."""
    for _ in range(200):
        t.settle()
        p = t.pending()
        assert p is not None and p["kind"] != "act", f"no Hazardous choice came: {p}"
        if p["kind"] == "hazardous":
            return p
        if p["kind"] in ("reaction", "reroll"):
            t.click(p["player"], "[data-testid=w40-pass]")
        elif p["kind"] == "allocate":
            t.click(p["player"], "[data-allocate]")
        elif p["kind"] == "precision":
            t.click(p["player"], "[data-precision]")
        else:
            raise AssertionError(f"unexpected decision {p}")
    raise AssertionError("decisions did not stop")


def test_the_shooter_chooses_who_suffers_a_failed_hazardous_test(
    server: LiveServer, open_table: Any, shots: Any
) -> None:
    started = time.monotonic()
    demos = httpx.get(f"{server.base}/api/armies/demo", timeout=10).json()
    game, t = open_casual_game(server, open_table, {p: _army(demos) for p in ("p1", "p2")})
    seats, spectator = t.seats, t.spectator
    for p in ("p1", "p2"):
        t.click(p, "[data-testid=w40-declare]")
    while t.pending() and t.pending()["kind"] == "deploy":
        who, unit = t.pending()["player"], t.pending()["options"][0]
        seats[who].locator(f"[data-testid=w40-deploy] [data-pick='{unit}']").click()
        seats[who].locator("[data-testid=w40-plan]").wait_for()
        t.click(who, "[data-testid=w40-confirm]")
    t.settle()
    st = _state(spectator)
    first = st["game"]["first"]
    second = "p2" if first == "p1" else "p1"
    shooter = f"{first}-ac-line"
    assert st["game"]["phase"] == "command"

    # The first player's Command and Movement phases pass; the Ashguard Line shoots.
    t.end_phase(first)
    t.answer_others(first)
    t.end_phase(first)
    t.answer_others(first)
    seats[first].locator(f"[data-testid=w40-shooting] [data-pick='{shooter}']").click()
    seats[first].locator("[data-testid=w40-shoot]").wait_for()
    t.click(first, "[data-testid=w40-shoot]")
    pending = _until_hazardous(t, first)

    # The controller (only) chooses among every model equipped with a Hazardous weapon.
    st = _state(spectator)
    line = {m["id"] for m in _models(st, shooter)}
    profiles = st["game"]["units"][shooter]["sheet"]["models"]
    warden = next(mid for mid, p in profiles if p["name"] == WARDEN)
    assert pending["player"] == first
    assert sorted(pending["options"]) == sorted(line) and len(line) == 10
    panel = seats[first].locator("[data-testid=w40-mortal]")
    panel.wait_for()
    assert panel.get_attribute("data-source") == "hazardous"
    assert "failed a Hazardous test" in panel.inner_text()
    buttons = panel.locator("[data-mortal]")
    assert sorted(b.get_attribute("data-mortal") for b in buttons.all()) == sorted(line)
    assert buttons.filter(has_text=f"({WARDEN}, 2W)").count() == 1
    assert buttons.filter(has_text="(Ashguard, 1W)").count() == 9
    for page in (seats[second], spectator):
        assert page.locator("[data-testid=w40-mortal]").count() == 0
    seats[first].screenshot(path=str(shots / "wh40k-hazardous-choice.png"))
    t.click(first, f"[data-mortal='{warden}']")

    # The Warden is destroyed (no CHARACTER, MONSTER or VEHICLE); the other failed tests, if
    # any, fall on interchangeable Ashguard without asking again.
    t.answer_others(first)
    st = _state(spectator)
    left = {m["id"] for m in _models(st, shooter)}
    assert warden not in left
    events = exported_events(server, game)
    failed = [
        e
        for e in events
        if e.get("type") == "mortal_wounds_rolled"
        and e.get("source") == "hazardous"
        and tuple(e.get("dice", ())) == (1,)
    ]
    # Each failed test destroys one bearer (12 or more of the 45 dice may be 1s: then all go).
    assert failed and len(left) == max(0, 10 - len(failed)), (len(left), len(failed))
    for page in t.pages:
        page.locator(
            ".w40-log__line", has_text="Ashguard Line fails a Hazardous test"
        ).first.wait_for()
        page.locator(
            ".w40-log__line", has_text="Ashguard Line passes a Hazardous test"
        ).first.wait_for()
        assert page.locator("[data-testid=w40-mortal]").count() == 0
        assert not page.errors, page.errors
    spectator.screenshot(path=str(shots / "wh40k-hazardous-spectator.png"))
    assert time.monotonic() - started < BUDGET_S
