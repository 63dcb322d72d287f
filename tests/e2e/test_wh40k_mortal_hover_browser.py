"""Warhammer 40,000 10th edition in real browsers: Hover mode ticked in the battle-formations form
(§4.9, R22) and the defender's choice of the model that takes mortal wounds outside an attack
(Tank Shock, §6.2 item 6, R30), each seen by both players and a spectator.

Both armies are the same two units, so whoever wins the first-turn roll-off plays the same path:
a Pyre Carriage made AIRCRAFT with HOVER (so Hover mode gives it M 20") and a Seedling Brood of
four Seedlings and one "Seedling Elder" with another profile (W3), so that the mortal wounds'
models differ and the defender must choose. The carriage's melee weapon gets S16: Tank Shock
then rolls 18 dice (S > T: +2) and each 5+ is a mortal wound, so it causes none only with
probability (2/3)^18 < 0.1%."""

from __future__ import annotations

import copy
import math
import time
from typing import Any

import httpx
import pytest

from tests.e2e.test_wh40k_browser import (
    Table,
    _models,
    _state,
    _trim,
    exported_events,
    open_casual_game,
)
from tests.support.server import LiveServer

pytestmark = pytest.mark.browser

BUDGET_S = 90.0
CARRIAGE_X = {"p1": 20.0, "p2": 40.0}
"""Each carriage is set up straight across from the enemy brood (BROOD_X of the other side)."""
BROOD_X = {"p1": 40.0, "p2": 20.0}
ELDER = "Seedling Elder"


def _army(demos: list[dict[str, Any]], player: str) -> dict[str, Any]:
    """The player's army: a hovering Pyre Carriage and a two-profile Seedling Brood."""
    if player == "p1":
        army = _trim(demos[0], {"ac-carriage": 1})
        army["units"].append(_trim(demos[1], {"vh-brood": 4})["units"][0])
    else:
        army = _trim(demos[1], {"vh-brood": 4})
        army["units"].append(_trim(demos[0], {"ac-carriage": 1})["units"][0])
    for unit in army["units"]:
        if unit["id"] == "ac-carriage":
            unit["keywords"] += ["AIRCRAFT", "HOVER"]
            wheels = next(w for w in unit["weapons"] if w["kind"] == "melee")
            wheels["S"] = "16"
        if unit["id"] == "vh-brood":
            elder = copy.deepcopy(unit["models"][0])
            elder["name"] = ELDER
            elder["entry_id"] = "demo-vh-brood-elder"
            elder["count"] = 1
            elder["profile"] = {**elder["profile"], "name": ELDER, "W": "3"}
            elder["loadout"] = [{**c, "total": 1} for c in elder["loadout"]]
            unit["models"].append(elder)
    return army


def _half_length(model: dict[str, Any]) -> float:
    """Semi-axis along the facing (an oval's length lies along it; a circle's radius)."""
    b = model["base"]
    return float(b["diameter_mm"] if b["shape"] == "circle" else b["length_mm"]) / 50.8


def _deploy(t: Table, who: str, unit: str) -> None:
    """Set the unit up at the front of its zone, at this test's x, through the UI."""
    page = t.seats[who]
    page.locator(f"[data-testid=w40-deploy] [data-pick='{unit}']").click()
    page.locator("[data-testid=w40-plan]").wait_for()
    st = _state(t.spectator)
    ys = [y for _, y in st["game"]["zones"][who]]
    low = min(ys) < 1
    edge = max(ys) if low else min(ys)
    models = st["game"]["units"][unit]["sheet"]["models"]
    for i, (mid, profile) in enumerate(models):
        inset = _half_length(profile) + 0.15
        y = edge - inset if low else edge + inset
        x = CARRIAGE_X[who] if unit.endswith("carriage") else BROOD_X[who] + (i - 2) * 1.5
        t.drag(who, mid, (x, y), alone=True)
    t.click(who, "[data-testid=w40-confirm]")


def _in_front_of(
    st: dict[str, Any], mover: str, target: dict[str, Any], gap: float
) -> tuple[float, float]:
    """Where the mover's model ends with its front `gap`" short of the target model, straight
    along the facing axis (so the oval's half-length is the exact reach)."""
    model = _models(st, mover)[0]
    reach = _half_length(model) + _half_length(target)
    side = 1.0 if target["y"] > model["y"] else -1.0
    return target["x"], target["y"] - side * (reach + gap)


def test_hover_mode_and_the_mortal_wound_choice_in_the_browser(
    server: LiveServer, open_table: Any, shots: Any
) -> None:
    started = time.monotonic()
    demos = httpx.get(f"{server.base}/api/armies/demo", timeout=10).json()
    game, t = open_casual_game(server, open_table, {p: _army(demos, p) for p in ("p1", "p2")})
    seats, spectator = t.seats, t.spectator

    # Hover mode (§4.9, R22): the form offers it for the AIRCRAFT with HOVER; ticked and
    # declared, the server keeps the carriage out of Reserves, M 20" and without AIRCRAFT.
    st = _state(spectator)
    for p in ("p1", "p2"):
        assert "AIRCRAFT" in st["game"]["units"][f"{p}-ac-carriage"]["sheet"]["keywords"]
        box = seats[p].locator(f"[data-hover='{p}-ac-carriage']")
        assert seats[p].locator("[data-hover]").count() == 1  # the brood is no AIRCRAFT
        box.check()
        t.click(p, "[data-testid=w40-declare]")
    st = _state(spectator)
    for p in ("p1", "p2"):
        carriage = st["game"]["units"][f"{p}-ac-carriage"]
        assert carriage["location"] != "reserves" and carriage["reserve"] is None, carriage
        assert "AIRCRAFT" not in carriage["sheet"]["keywords"]
        assert [m["move"] for _, m in carriage["sheet"]["models"]] == [20]
    for page in t.pages:
        page.locator(".w40-log__line", has_text="Hover mode: Pyre Carriage").first.wait_for()
        for p in ("p1", "p2"):
            summary = page.locator(f"[data-unit='{p}-ac-carriage'] .w40-unit__sheet summary")
            assert summary.inner_text().startswith('M20"'), summary.inner_text()

    while t.pending() and t.pending()["kind"] == "deploy":
        _deploy(t, t.pending()["player"], t.pending()["options"][0])
    t.settle()
    st = _state(spectator)
    for p in ("p1", "p2"):
        assert st["game"]["units"][f"{p}-ac-carriage"]["location"] == "table"
    first = st["game"]["first"]
    second = "p2" if first == "p1" else "p1"
    mover, victim = f"{first}-ac-carriage", f"{second}-vh-brood"
    assert st["game"]["phase"] == "command"

    # The first player's hovering carriage moves up to 20" to 1.6" short of the enemy brood.
    t.end_phase(first)
    t.answer_others(first)
    seats[first].locator(f"[data-testid=w40-movement] [data-pick='{mover}']").click()
    seats[first].get_by_role("button", name="Normal move").click()
    st = _state(spectator)
    model = _models(st, mover)[0]
    target = min(_models(st, victim), key=lambda m: abs(m["x"] - model["x"]))
    to = _in_front_of(st, mover, target, 1.6)
    assert math.dist(to, (model["x"], model["y"])) < 19.8  # within M 20" only in Hover mode
    t.drag(first, f"{mover}-1", to)
    seats[first].locator("[data-testid=w40-plan-distance]").wait_for()
    t.click(first, "[data-testid=w40-confirm]")
    t.answer_others(first)
    assert _models(_state(spectator), mover)[0]["y"] == pytest.approx(to[1], abs=0.2)
    t.end_phase(first)  # to Shooting: nobody shoots, the brood keeps its five models
    t.answer_others(first)
    t.end_phase(first)
    t.answer_others(first)

    # Charge the brood (1.6" away, so any 2D6 roll reaches it) and end 0.3" from it.
    seats[first].locator(f"[data-testid=w40-charge] [data-pick='{mover}']").click()
    seats[first].locator(f"[data-target='{victim}']").wait_for()
    for box in seats[first].locator("[data-testid=w40-charge] [data-target]").all():
        box.set_checked(box.get_attribute("data-target") == victim)
    t.click(first, "[data-testid=w40-declare-charge]")
    t.answer_others(first)
    assert t.pending()["kind"] == "charge_move"
    seats[first].locator("[data-testid=w40-charge-move]").wait_for()
    st = _state(spectator)
    t.drag(first, f"{mover}-1", _in_front_of(st, mover, target, 0.3))
    t.click(first, "[data-testid=w40-confirm]")
    t.answer_others(first)
    assert _state(spectator)["game"]["units"][mover]["charged"]

    # Tank Shock, offered on the first player's page only, at the brood (§6.2 item 6).
    assert spectator.locator("[data-stratagem=tank_shock]").count() == 0
    assert seats[second].locator("[data-stratagem=tank_shock]").count() == 0
    form = seats[first].locator("[data-stratagem=tank_shock]")
    # The engaged brood is the default target (the enemy unit nearest the carriage comes first).
    assert form.locator("select[aria-label=Target]").input_value() == victim
    assert form.locator("select[aria-label=Weapon]").input_value() == "Crushing wheels"
    t.click(first, "[data-testid=w40-use-tank_shock]")
    for _ in range(5):  # a Command Re-roll offer or a reaction window comes first, if any
        p = t.pending()
        if p is None or p["kind"] not in ("reroll", "reaction"):
            break
        t.click(p["player"], "[data-testid=w40-pass]")
    pending = t.pending()
    rolled = [e for e in exported_events(server, game) if e.get("type") == "mortal_wounds_rolled"]
    assert pending is not None and pending["kind"] == "allocate_mortal", (pending, rolled)

    # The defender (only) chooses, one button per eligible model: all five, none wounded yet.
    st = _state(spectator)
    brood = [m["id"] for m in _models(st, victim)]
    profiles = st["game"]["units"][victim]["sheet"]["models"]
    elder = next(mid for mid, p in profiles if p["name"] == ELDER)
    wounds = int(pending["detail"]["mortal_wounds"])
    assert pending["player"] == second and 1 <= wounds <= 6
    assert sorted(pending["options"]) == sorted(brood) and len(brood) == 5
    panel = seats[second].locator("[data-testid=w40-mortal]")
    panel.wait_for()
    assert panel.get_attribute("data-source") == "tank_shock"
    buttons = panel.locator("[data-mortal]")
    assert sorted(b.get_attribute("data-mortal") for b in buttons.all()) == sorted(brood)
    # The buttons say which model differs: its profile and wounds left (model-choice.ts).
    assert buttons.filter(has_text=f"({ELDER}, 3W)").count() == 1
    assert buttons.filter(has_text="(Seedling, 1W)").count() == 4
    for page in (seats[first], spectator):
        assert page.locator("[data-testid=w40-mortal]").count() == 0
        assert page.locator("[data-mortal]").count() == 0
    seats[second].screenshot(path=str(shots / "wh40k-mortal-choice.png"))
    t.click(second, f"[data-mortal='{elder}']")

    # The server applies it: the Elder (W3) takes the first wound, then (wounded) the next ones;
    # only what is left over goes to Seedlings (1 wound each). No second choice is asked.
    t.settle()
    assert t.pending() is None or t.pending()["kind"] == "act", t.pending()
    st = _state(spectator)
    left = {m["id"]: m["wounds"] for m in _models(st, victim)}
    if wounds < 3:
        assert left.pop(elder) == 3 - wounds
        assert len(left) == 4
        for page in t.pages:
            page.locator(f"[data-wounds='{elder}']").wait_for()
    else:
        assert elder not in left and len(left) == 4 - (wounds - 3)
    assert all(w == 1 for w in left.values())
    chosen = [e for e in exported_events(server, game) if e.get("type") == "mortal_chosen"]
    assert [(e["player"], e["model"]) for e in chosen] == [(second, elder)]
    for page in t.pages:
        words = f"chooses Seedling Brood #{elder.rsplit('-', 1)[1]}"
        page.locator(".w40-log__line", has_text=words).first.wait_for()
        page.locator(".w40-log__line", has_text="(tank shock)").first.wait_for()
        assert page.locator("[data-testid=w40-mortal]").count() == 0
        assert not page.errors, page.errors
    assert time.monotonic() - started < BUDGET_S
