"""The two invented demo armies and Vantage's own army JSON."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest

from vantage.rosters import Army, army_from_json, demo_armies
from vantage.rosters.abilities import FLAGS, VALUED


def test_two_demo_armies_of_500_to_1000_points_with_every_base() -> None:
    armies = demo_armies()
    assert len(armies) == 2
    assert len({a.faction for a in armies}) == 2
    for army in armies:
        assert 500 <= army.points <= 1000
        assert army.points == sum(u.points for u in army.units)
        assert army.missing_bases() == []
        assert army.edition == "wh40k-10e"


def test_demo_weapons_use_every_known_ability() -> None:
    used = {
        a.name for army in demo_armies() for u in army.units for w in u.weapons for a in w.abilities
    }
    assert used == {"ANTI", *VALUED, *FLAGS}
    for army in demo_armies():
        for unit in army.units:
            names = {w.name for w in unit.weapons}
            for group in unit.models:
                assert {c.weapon for c in group.loadout} <= names
                assert group.profile is not None
            assert all(a.known for w in unit.weapons for a in w.abilities)


@pytest.mark.parametrize("index", [0, 1])
def test_army_json_round_trips(index: int) -> None:
    army = demo_armies()[index]
    wire = json.loads(json.dumps(army.to_json()))
    assert army_from_json(wire) == army
    assert army_from_json(wire).digest() == army.digest() == wire["digest"]


def _broken(edit: Any) -> dict[str, Any]:
    doc = copy.deepcopy(demo_armies()[0].to_json())
    edit(doc)
    return doc


@pytest.mark.parametrize(
    ("edit", "path"),
    [
        (lambda d: d.update(format="other/1"), "format"),
        (lambda d: d.update(units={}), "units"),
        (lambda d: d["units"][1].pop("id"), "units[1].id"),
        (lambda d: d["units"][0]["models"][0].update(count=0), "units[0].models[0].count"),
        (
            lambda d: d["units"][0]["models"][0]["base"].update(diameter_mm=0),
            "units[0].models[0].base.diameter_mm",
        ),
        (lambda d: d["units"][0]["weapons"][0].update(A=3), "units[0].weapons[0].A"),
        (lambda d: d["units"][0]["weapons"][0].update(bogus="x"), "units[0].weapons[0].bogus"),
        (
            lambda d: d["units"][0]["weapons"][0]["abilities"][0].update(value=[1]),
            "units[0].weapons[0].abilities[0].value",
        ),
        (lambda d: d.update(points=float("nan")), "points"),
        (lambda d: d["units"][2].update(keywords=["A", 3]), "units[2].keywords[1]"),
    ],
)
def test_malformed_army_json_names_the_field(edit: Any, path: str) -> None:
    with pytest.raises(ValueError, match=re.escape(path)):
        army_from_json(_broken(edit))


def test_army_from_json_needs_an_object() -> None:
    with pytest.raises(ValueError, match="army: must be an object"):
        army_from_json([])
    assert isinstance(army_from_json({"name": "n", "edition": "e"}), Army)


def test_every_demo_model_carries_a_ranged_weapon_when_its_unit_has_one() -> None:
    """The loadout spread gives extras to the first models: a group's totals must be whole
    loadouts, or a model ends with no weapons (QA s13 #15: Sapline Launcher #3, Kiln
    Breachers #4 and #5 carried nothing to shoot)."""
    from vantage.rules.wh40k10e.sheets import unit_sheets

    for n, army in enumerate(demo_armies()):
        for sheet in unit_sheets(army, f"p{n + 1}"):
            ranged = {w.name for w in sheet.weapons if w.kind == "ranged"}
            for mid, model in sheet.models:
                assert model.weapons, mid
                if ranged:
                    assert ranged & set(model.weapons), (mid, model.weapons)
