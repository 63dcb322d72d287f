"""The lobby's table presets speak each system's terrain: the Deathmatch demo's buildings block
sight there (deathmatch.md: houses block, forests 3" in and out), where the Warhammer kinds of the
other systems' demo would be ignored."""

from __future__ import annotations

from typing import Any

import pytest

from vantage.app.catalogue import setup_presets
from vantage.rules.common.systems import geometry_for
from vantage.scenario.schema import parse_scenario

DEATHMATCH_KINDS = {"house", "building", "forest", "water", "crate", "barricade", "obstacle"}


def _demo(system: str) -> dict[str, Any]:
    setup: dict[str, Any] = next(p["setup"] for p in setup_presets(system) if p["id"] == "demo")
    return setup


def test_deathmatch_demo_uses_deathmatch_terrain() -> None:
    kinds = {t["kind"] for t in _demo("deathmatch")["terrain"]}
    assert kinds <= DEATHMATCH_KINDS and {"house", "forest"} <= kinds
    assert {t["kind"] for t in _demo("wh40k-9e")["terrain"]} >= {"ruins", "woods"}


@pytest.mark.parametrize("system", ["deathmatch", "sandbox", "wh40k-9e"])
def test_the_chapel_blocks_sight_in_the_demo(system: str) -> None:
    """A warden moved to y = 12 looks up the table at an Ashen Host model straight across the
    Chapel (x 12-20, y 16-22, 6" tall, obscuring in 9th edition): hidden (the sandbox blocks
    with every piece), and the witness names the Chapel alone, not every model and piece."""
    raw = {"format": "vantage-scenario/1", "system": system, **_demo(system)}
    for m in raw["models"]:
        if m["id"] == "w5":
            m["y"] = 12.0
    table = parse_scenario(raw).table
    w5, a3 = table.models["w5"], table.models["a3"]
    assert 12 < w5.x < 20 and 12 < a3.x < 20  # the segment crosses the Chapel's footprint
    sight = geometry_for(system).visible(table, "w5", "a3")
    assert not sight.clear and sight.blocking == ("t1",)


def test_deathmatch_demo_fighters_carry_melee_weapons() -> None:
    """The lobby offers the Deathmatch demo for its "melee zones": its fighters reach 1" (the
    mounted ones 2"), so a warden stepping 0.5" in front of an Ashen Host model facing it is in
    melee with it, and 1.5" away is not (deathmatch.md §5.4.1)."""
    raw = {"format": "vantage-scenario/1", "system": "deathmatch", **_demo("deathmatch")}
    reach = {m["id"]: m["melee_range"] for m in raw["models"]}
    assert reach["w1"] == reach["a1"] == 1.0 and reach["r1"] == 2.0
    rules = geometry_for("deathmatch")
    a1 = next(m for m in raw["models"] if m["id"] == "a1")  # 25 mm
    for gap, engaged in ((0.5, True), (1.5, False)):
        for m in raw["models"]:
            if m["id"] == "w1":  # 32 mm: centres 0.5 * (32 + 25) / 25.4 apart when touching
                m["x"], m["y"] = a1["x"], a1["y"] - (32 + 25) / 50.8 - gap
        table = parse_scenario(raw).table
        assert rules.engaged(table, table.models["w1"], table.models["a1"]) is engaged
