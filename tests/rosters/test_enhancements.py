"""Enhancements are marked (army audit s14: one came through only as an ability and its points).

An upgrade in BattleScribe's "Enhancement" (or "Enhancements") category, or in New Recruit's
entry group of that name, marks the abilities it brings with ``"enhancement": true``. The mark
is for display: no rule reads it, and armies stored before it (without the key) still load.
"""

from __future__ import annotations

import copy
import json
import xml.etree.ElementTree as ET
from dataclasses import replace
from typing import Any

import pytest

from vantage.rosters import Army, army_from_json, demo_armies, import_roster
from vantage.rosters.tree import CONTAINERS
from vantage.rules.wh40k10e.setup import GameSetup, parse_setup
from vantage.rules.wh40k10e.sheets import unit_sheets

SYSTEM = "sys-352e-adc2-7639-d6a9"
STATS = {"M": '6"', "T": "4", "SV": "3+", "W": "4", "LD": "6+", "OC": "1"}


def _ability(name: str, text: str) -> dict[str, Any]:
    return {
        "id": f"p-{name}",
        "name": name,
        "typeName": "Abilities",
        "characteristics": [{"name": "Description", "$text": text}],
    }


CROWN: dict[str, Any] = {
    "id": "s-crown",
    "name": "Crown of Ash",
    "entryId": "e-enh-crown",
    "entryGroupId": "g-enhancements",
    "number": 1,
    "type": "upgrade",
    "profiles": [_ability("Crown of Ash", "Invented: re-roll hit rolls of 1.")],
    "costs": [{"name": "pts", "typeId": "points", "value": 20}],
    "categories": [{"id": "k-enh", "name": "Enhancement", "entryId": "ce-enh"}],
}
WARDEN: dict[str, Any] = {
    "id": "u-warden",
    "name": "Pyre-Warden",
    "entryId": "e-warden",
    "number": 1,
    "type": "model",
    "profiles": [
        {
            "id": "p-stats",
            "name": "Pyre-Warden",
            "typeName": "Unit",
            "characteristics": [{"name": k, "$text": v} for k, v in STATS.items()],
        },
        _ability("Flame Oath", "Invented: a datasheet ability."),
    ],
    "selections": [CROWN],
    "costs": [{"name": "pts", "typeId": "points", "value": 75}],
    "categories": [{"id": "k-ch", "name": "Character"}, {"id": "k-inf", "name": "Infantry"}],
}


def _roster(unit: dict[str, Any]) -> bytes:
    force = {"id": "f", "name": "Army Roster", "catalogueName": "Ember", "selections": [unit]}
    doc = {"roster": {"id": "r", "name": "Ember", "gameSystemId": SYSTEM, "forces": [force]}}
    return json.dumps(doc).encode()


def _army(unit: dict[str, Any]) -> Army:
    army = import_roster("e.json", _roster(unit))
    assert isinstance(army, Army), army
    return army


def _marks(army: Army) -> dict[str, bool]:
    return {a.name: a.enhancement for a in army.units[0].abilities}


def test_an_enhancement_category_marks_its_ability() -> None:
    army = _army(WARDEN)
    assert _marks(army) == {"Flame Oath": False, "Crown of Ash": True}
    assert army.units[0].points == 95
    abilities = army.to_json()["units"][0]["abilities"]
    assert abilities[1] == {
        "name": "Crown of Ash",
        "text": "Invented: re-roll hit rolls of 1.",
        "enhancement": True,
    }
    assert "enhancement" not in abilities[0]  # an army without one keeps its JSON and digest


def test_the_unit_sheet_at_the_table_keeps_the_mark() -> None:
    """The 10th-edition unit card marks it (``AbilityNote.enhancement``)."""
    (sheet,) = unit_sheets(_army(WARDEN), "p1")
    assert {n.name: n.enhancement for n in sheet.datasheet} == {
        "Flame Oath": False,
        "Crown of Ash": True,
    }


@pytest.mark.parametrize(
    "change",
    [
        {"categories": [{"id": "k", "name": "Enhancements"}]},
        {"categories": [], "group": "Enhancements"},  # New Recruit names the entry group
        {"categories": [], "group": "Enhancement"},
    ],
)
def test_the_other_spellings_mark_it_too(change: dict[str, Any]) -> None:
    unit = copy.deepcopy(WARDEN)
    unit["selections"][0].update(change)
    assert _marks(_army(unit))["Crown of Ash"] is True


def test_a_rule_under_an_enhancement_is_marked() -> None:
    unit = copy.deepcopy(WARDEN)
    crown = unit["selections"][0]
    crown["profiles"] = []
    crown["rules"] = [{"id": "r-crown", "name": "Crown of Ash", "description": "Invented."}]
    assert _marks(_army(unit))["Crown of Ash"] is True


def test_wargear_and_a_unit_named_so_are_not_enhancements() -> None:
    unit = copy.deepcopy(WARDEN)
    unit["selections"][0]["categories"] = [{"id": "k", "name": "Wargear"}]
    assert _marks(_army(unit))["Crown of Ash"] is False
    # only upgrades are Enhancements: a unit in such a category is not one
    unit = copy.deepcopy(WARDEN)
    unit["selections"] = []
    unit["categories"].append({"id": "k", "name": "Enhancements"})
    assert not any(_marks(_army(unit)).values())


def _xml(tag: str, node: dict[str, Any]) -> ET.Element:
    """The BattleScribe XML of a New Recruit JSON node (army-lists.md §3, read backwards)."""
    element = ET.Element(tag)
    for key, value in node.items():
        if key == "$text":
            element.text = value
        elif isinstance(value, list):
            container = ET.SubElement(element, key)
            container.extend(_xml(CONTAINERS[key], child) for child in value)
        else:
            element.set(key, str(value))
    return element


def test_the_xml_export_marks_it_the_same() -> None:
    json_army = _army(WARDEN)
    root = json.loads(_roster(WARDEN))["roster"]
    xml = ET.tostring(_xml("roster", root), encoding="unicode")
    assert 'name="Enhancement"' in xml and "<categories>" in xml
    army = import_roster("e.ros", xml.encode())
    assert isinstance(army, Army), army
    assert army.units[0].abilities == json_army.units[0].abilities


def test_the_mark_reads_back_and_old_armies_still_load() -> None:
    army = _army(WARDEN)
    doc = json.loads(json.dumps(army.to_json()))
    assert army_from_json(doc) == army
    # an army stored before the mark: no "enhancement" key anywhere
    for unit in doc["units"]:
        for ability in unit["abilities"]:
            ability.pop("enhancement", None)
    old = army_from_json(doc)
    assert not any(a.enhancement for u in old.units for a in u.abilities)
    # demo armies have none, so their JSON (and digest) is as it was
    assert all("enhancement" not in json.dumps(a.to_json()) for a in demo_armies())


def test_a_mark_that_is_not_a_boolean_is_refused_naming_it() -> None:
    doc = _army(WARDEN).to_json()
    doc["units"][0]["abilities"][1]["enhancement"] = "yes"
    with pytest.raises(ValueError, match=r"^units\[0\]\.abilities\[1\]\.enhancement: "):
        army_from_json(doc)


def test_no_rule_reads_the_mark() -> None:
    """The sheets a game plays from are the same with and without the mark but for the mark
    itself, which the unit card shows, and a new game takes the army with it."""
    army = _army(WARDEN)
    unmarked = replace(
        army,
        units=tuple(
            replace(u, abilities=tuple(replace(a, enhancement=False) for a in u.abilities))
            for u in army.units
        ),
    )
    assert unmarked != army
    marked = unit_sheets(army, "p1")
    assert marked != unit_sheets(unmarked, "p1")
    shown_plain = [
        replace(u, datasheet=tuple(replace(n, enhancement=False) for n in u.datasheet))
        for u in marked
    ]
    assert shown_plain == unit_sheets(unmarked, "p1")
    setup = parse_setup({"armies": {"p1": army.to_json(), "p2": {"demo": 1}}})
    assert isinstance(setup, GameSetup) and setup.new_game_refusal is None
