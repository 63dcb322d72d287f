"""A charge of a unit of many models in a real browser: "Bring into contact" puts every model
that a straight move within the roll takes to an enemy model into base contact (§4.6, rules
decision R11), and a model whose straight spot another holds into a free spot round a target, so
the player need not drag ten models one by one, and the referee accepts the move without a
base-contact warning."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.e2e.test_wh40k_browser import (
    Table,
    _models,
    _state,
    _trim,
    deploy_in_ui,
    exported_events,
    open_casual_game,
)
from tests.support.client import Queries, Seat
from tests.support.server import LiveServer

pytestmark = pytest.mark.browser

UNITS = {"p1": "p1-ac-line", "p2": "p2-vh-brood"}
"""Each side's unit of many models (9 of M6" and 10 of M7")."""


def _gap(st: dict[str, Any], a: str, b: str) -> tuple[float, float]:
    """The nearest centre-to-centre distance and its y-offset (from ``a`` towards ``b``)
    between two units' models, less both radii (28 mm bases)."""
    best = min(
        ((m, o) for m in _models(st, a) for o in _models(st, b)),
        key=lambda p: math.dist((p[0]["x"], p[0]["y"]), (p[1]["x"], p[1]["y"])),
    )
    m, o = best
    return math.dist((m["x"], m["y"]), (o["x"], o["y"])) - 28 / 25.4, math.copysign(
        1.0, o["y"] - m["y"]
    )


def _answer(reply: dict[str, Any]) -> dict[str, Any]:
    """A query's answer (failing the test with the refusal when it was refused)."""
    assert reply.get("type") == "answer", reply
    return reply


def _advance(t: Table, player: str, want_gap: float, most: float) -> None:
    """``player``'s Movement phase: its unit moves straight at the enemy's, up to ``most``",
    to leave about ``want_gap``" between the nearest bases; then the phase ends."""
    page = t.seats[player]
    unit = UNITS[player]
    enemy = UNITS["p2" if player == "p1" else "p1"]
    page.locator(f"[data-testid=w40-movement] [data-pick='{unit}']").click()
    page.get_by_role("button", name="Normal move").click()
    st = _state(t.spectator)
    gap, sign = _gap(st, unit, enemy)
    step = max(0.0, min(most, gap - want_gap))
    lead = _models(st, unit)[0]
    t.drag(player, lead["id"], (lead["x"], lead["y"] + sign * step))
    page.locator("[data-testid=w40-plan-distance]").wait_for()
    t.click(player, "[data-testid=w40-confirm]")
    t.answer_others(player)
    t.end_phase(player)
    t.answer_others(player)


def _to_movement(t: Table, player: str) -> None:
    t.answer_others(player)
    t.end_phase(player)  # command
    t.answer_others(player)


def test_bring_into_contact_places_a_charging_unit_in_base_contact(
    server: LiveServer, open_table: Any, shots: Path
) -> None:
    demos = httpx.get(f"{server.base}/api/armies/demo", timeout=10).json()
    armies = {"p1": _trim(demos[0], {"ac-line": 9}), "p2": _trim(demos[1], {"vh-brood": 10})}
    game, t = open_casual_game(server, open_table, armies)
    for player in ("p1", "p2"):
        t.click(player, "[data-testid=w40-declare]")
    deploy_in_ui(t, front=("line", "brood"))
    first = _state(t.spectator)["game"]["first"]
    second = "p2" if first == "p1" else "p1"
    mover, victim = UNITS[first], UNITS[second]
    most = {"p1": 5.8, "p2": 6.8}

    # Round 1: both units close in; round 2: the first player's unit to about 1.6" away.
    _to_movement(t, first)
    _advance(t, first, 8.0, most[first])
    t.end_turn(first)
    _to_movement(t, second)
    _advance(t, second, 6.0, most[second])
    t.end_turn(second)
    _to_movement(t, first)
    _advance(t, first, 1.6, most[first])
    t.end_phase(first)  # shooting
    t.answer_others(first)

    page = t.seats[first]
    charge = page.locator("[data-testid=w40-charge]")
    charge.locator(f"[data-pick='{mover}']").click()
    page.locator(f"[data-testid=w40-charge] [data-target='{victim}']").check()
    t.click(first, "[data-testid=w40-declare-charge]")
    t.answer_others(first)
    pending = t.pending()
    assert pending["kind"] == "charge_move", pending
    if pending["detail"]["out_of_reach"]:  # a roll of 2 or so: the casual game charges anyway
        page.locator("[data-testid=w40-charge-anyway]").click()
    page.locator("[data-testid=w40-charge-move] [data-testid=w40-plan]").wait_for()
    roll = _state(t.spectator)["game"]["charge_roll"]

    page.locator("[data-testid=w40-bring-contact]").click()
    note = page.locator("[data-testid=w40-bring-contact-note]")
    note.wait_for()
    text = note.inner_text()
    assert text.startswith("Brought "), text
    brought = int(text.split()[1])
    assert brought >= 3, text  # the front rank at least
    warnings = page.locator("[data-testid=w40-plan-warnings]")
    told = warnings.inner_text() if warnings.count() else ""
    assert "Too far" not in told and "overlap" not in told, told
    page.screenshot(path=str(shots / "bring-into-contact.png"))

    before = {m["id"]: (m["x"], m["y"]) for m in _models(_state(t.spectator), mover)}
    t.click(first, "[data-testid=w40-confirm]")
    t.answer_others(first)
    st = _state(t.spectator)
    assert st["game"]["units"][mover]["charged"]  # the server accepted the charge move
    events = exported_events(server, game)
    ended = [e for e in events if e.get("type") == "charge_ended"][-1]
    assert ended["success"], ended
    contact = [e for e in events if e.get("type") == "rule_warning" and "base" in e["code"]]
    assert not contact, contact
    moved = [m for m in _models(st, mover) if math.dist(before[m["id"]], (m["x"], m["y"])) > 1e-3]
    assert len(moved) >= brought
    with Seat(server, game["id"], game["spectator"]["token"]) as seat:
        seat.recv_until("snapshot")
        ask = Queries(seat)
        in_contact = 0
        for m in moved:
            # the nearest enemy base by centres is the nearest by edges (all 28 mm): one query
            # each, under the socket's message rate
            o = min(
                _models(st, victim), key=lambda o: math.dist((m["x"], m["y"]), (o["x"], o["y"]))
            )
            gap = _answer(ask.reply({"type": "distance", "a": m["id"], "b": o["id"]}))["a"]
            assert gap > 0, gap  # no overlap
            in_contact += gap <= 0.01  # the referee's base contact
            assert math.dist(before[m["id"]], (m["x"], m["y"])) <= roll + 1e-6
    assert in_contact >= brought, (in_contact, brought)
    page.screenshot(path=str(shots / "charged.png"))
