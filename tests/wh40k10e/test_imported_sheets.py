"""An imported BattleScribe army read as datasheets (rules decision R41; army audit s14).

The rosters are invented and written here in New Recruit's JSON form, shaped as the audit's
exports were (a BattleScribe .ros of an invented army): a Leader with both the datasheet's
"Leader" ability and the core rule "Leader", a Transport profile of ``typeName="Transport"``,
and a group of 9 troopers whose totals are 7 rifles, 2 lances and 9 close combat weapons.
Revision 3 games keep reading them as they did (R38).
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from vantage.rosters import Army, demo_armies, import_roster
from vantage.rosters.army import Ability, Carried, ModelGroup, Weapon
from vantage.rosters.army_json import army_from_json
from vantage.rules.wh40k10e.sheets import _spread, demise_value, unit_sheets

SYSTEM = "sys-352e-adc2-7639-d6a9"


def _stats(name: str, **values: str) -> dict[str, Any]:
    return {
        "id": f"p-{name}",
        "name": name,
        "typeName": "Unit",
        "characteristics": [{"name": k, "$text": v} for k, v in values.items()],
    }


TROOPER = {"M": '6"', "T": "4", "SV": "3+", "W": "2", "LD": "6+", "OC": "2"}


def _gun(name: str, kind: str = "Ranged Weapons", **values: str) -> dict[str, Any]:
    stats = {"Range": '24"', "A": "2", "BS": "3+", "S": "4", "AP": "0", "D": "1"} | values
    if kind == "Melee Weapons":
        stats = {"Range": "Melee", "A": "2", "WS": "3+", "S": "4", "AP": "0", "D": "1"} | values
    return {
        "id": f"w-{name}",
        "name": name,
        "typeName": kind,
        "characteristics": [{"name": k, "$text": v} for k, v in stats.items()],
    }


def _wargear(name: str, number: int, kind: str = "Ranged Weapons") -> dict[str, Any]:
    return {
        "id": f"s-{name}-{number}",
        "name": name,
        "entryId": f"e-{name}",
        "number": number,
        "type": "upgrade",
        "profiles": [_gun(name, kind)],
    }


def _cats(*names: str) -> list[dict[str, Any]]:
    return [{"id": f"c-{n}", "name": n, "entryId": f"c-{n}"} for n in names]


LEADER: dict[str, Any] = {
    "id": "u-warden",
    "name": "Ash Warden",
    "entryId": "e-warden",
    "number": 1,
    "type": "model",
    "rules": [{"id": "r-leader", "name": "Leader", "description": "Invented core rule text."}],
    "profiles": [
        _stats("Ash Warden", **TROOPER),
        {
            "id": "p-leader",
            "name": "Leader",
            "typeName": "Abilities",
            "characteristics": [
                {"name": "Description", "$text": "This model can be attached to: Cinder Squad."}
            ],
        },
    ],
    "categories": _cats("Character", "Infantry"),
    "selections": [_wargear("Ash pistol", 1)],
}
SQUAD: dict[str, Any] = {
    "id": "u-squad",
    "name": "Cinder Squad",
    "entryId": "e-squad",
    "number": 1,
    "type": "unit",
    "profiles": [_stats("Cinder Trooper", **TROOPER)],
    "categories": _cats("Infantry", "Battleline"),
    "selections": [
        {
            "id": "m-troopers",
            "name": "Cinder Trooper",
            "entryId": "e-trooper",
            "number": 9,
            "type": "model",
            "selections": [
                _wargear("Slag rifle", 7),
                _wargear("Cinder lance", 2),
                _wargear("Close combat weapon", 9, "Melee Weapons"),
            ],
        }
    ],
}
CARRIER: dict[str, Any] = {
    "id": "u-carrier",
    "name": "Kiln Carrier",
    "entryId": "e-carrier",
    "number": 1,
    "type": "model",
    "profiles": [
        _stats("Kiln Carrier", M='10"', T="9", SV="3+", W="10", LD="6+", OC="2"),
        {
            "id": "p-capacity",
            "name": "Kiln Carrier",
            "typeName": "Transport",
            "characteristics": [
                {"name": "Capacity", "$text": "This model has a transport capacity of 12 models."}
            ],
        },
    ],
    "categories": _cats("Vehicle", "Transport"),
}


def _army(*units: dict[str, Any]) -> Army:
    force = {"id": "f", "name": "f", "catalogueName": "Ember", "selections": list(units)}
    doc = {"roster": {"id": "r", "name": "n", "gameSystemId": SYSTEM, "forces": [force]}}
    army = import_roster("ember.json", json.dumps(doc).encode(), {"Kiln Carrier": 100})
    assert isinstance(army, Army), army
    return army


def test_a_leader_with_the_core_rule_leader_too_still_leads_its_bodyguard() -> None:
    """Audit #1: the core rule "Leader" (no unit named) overwrote the datasheet's list."""
    army = _army(LEADER, SQUAD)
    warden = unit_sheets(army, "p1")[0]
    assert warden.leads == ("p1-u-squad",)
    assert unit_sheets(army, "p1", 3)[0].leads == ()  # a revision-3 game reads it as it did


def test_a_transport_profile_gives_its_capacity() -> None:
    """Audit #2: ``typeName="Transport"`` with a Capacity characteristic gave capacity 0."""
    army = _army(CARRIER)
    assert [(a.name, a.text) for a in army.units[0].abilities] == [
        ("Transport", "Capacity: This model has a transport capacity of 12 models.")
    ]
    (carrier,) = unit_sheets(army, "p1")
    assert carrier.capacity == 12
    assert any(n.name == "Transport" and n.refereed for n in carrier.datasheet)


def test_an_army_imported_before_keeps_its_capacity_in_a_new_game() -> None:
    """Army JSON imported before R41 keeps the profile as an ability named after the unit with
    the text "Capacity: ..."; a new game (revision 4) reads it, a revision-3 game does not."""
    army = _army(CARRIER)
    said = Ability(name="Kiln Carrier", text="Capacity: a transport capacity of 12 models.")
    old = replace(army.units[0], abilities=(said,))
    before = Army(name="n", edition="wh40k-10e", units=(old,))
    assert unit_sheets(before, "p1")[0].capacity == 12
    assert unit_sheets(before, "p1", 3)[0].capacity == 0


def test_swapped_wargear_replaces_the_default_weapon() -> None:
    """Audit #4: 7 rifles, 2 lances and 9 close combat weapons over 9 troopers gave two models
    a rifle and a lance and two none; each model has one gun (wh40k-10th §3.2 wargear)."""
    army = _army(SQUAD)
    squad = unit_sheets(army, "p1")[0]
    loadouts = [m.weapons for _, m in squad.models]
    assert (
        loadouts
        == [("Slag rifle", "Close combat weapon")] * 7
        + [("Cinder lance", "Close combat weapon")] * 2
    )
    old = [m.weapons for _, m in unit_sheets(army, "p1", 3)[0].models]
    assert old[0] == ("Slag rifle", "Cinder lance", "Close combat weapon")  # as revision 3 did
    assert old[8] == ("Close combat weapon",)


def test_a_two_profile_weapon_stays_on_one_model() -> None:
    """The profiles of one multi-profile weapon (➤) go to the same model."""
    glaive = {
        "id": "s-glaive",
        "name": "Flame glaive",
        "entryId": "e-glaive",
        "number": 1,
        "type": "upgrade",
        "profiles": [
            _gun("➤ Flame glaive - strike", "Melee Weapons"),
            _gun("➤ Flame glaive - sweep", "Melee Weapons", A="4"),
        ],
    }
    squad = {**SQUAD, "selections": [{**SQUAD["selections"][0], "number": 3}]}
    squad["selections"][0]["selections"] = [
        _wargear("Slag rifle", 3),
        glaive,
        _wargear("Close combat weapon", 2, "Melee Weapons"),
    ]
    loadouts = [m.weapons for _, m in unit_sheets(_army(squad), "p1")[0].models]
    assert loadouts == [
        ("Slag rifle", "Close combat weapon"),
        ("Slag rifle", "Close combat weapon"),
        ("Slag rifle", "Flame glaive - strike", "Flame glaive - sweep"),
    ]


def test_a_weapon_named_twice_in_a_loadout_is_counted_once_per_copy() -> None:
    """Review s14: a hand-written army naming "gun" twice (3 + 2) over 3 models handed out 10
    guns; the totals are merged first: 5 guns, 2 + 2 + 1."""
    gun = Weapon(name="gun", kind="ranged", stats=(("A", "1"),))
    group = ModelGroup(
        name="Trooper",
        count=3,
        loadout=(Carried(weapon="gun", total=3), Carried(weapon="gun", total=2)),
    )
    spread = _spread(group, {"gun": gun})
    assert sorted(len(m) for m in spread) == [1, 2, 2]
    assert sum(len(m) for m in spread) == 5


def test_deadly_demise_is_the_first_value_that_can_be_rolled() -> None:
    """Review s14 (R41 d): the core rule "Deadly Demise" (a description) exported beside the
    datasheet's "Deadly Demise D3" had been read first, and the destroyed model's roll failed."""
    rule = Ability(name="Deadly Demise", text="When this model is destroyed, roll one D6 ...")
    sheet = Ability(name="Deadly Demise D3", text="")
    assert demise_value((rule, sheet)) == "D3"
    assert demise_value((Ability(name="Deadly Demise", text="D6"),)) == "D6"
    assert demise_value((rule,)) == ""  # one, but no value: a new game refuses the army
    assert demise_value((Ability(name="Stealth", text=""),)) is None


def test_a_deadly_demise_with_no_rollable_value_reads_as_before_on_the_sheet() -> None:
    """Second review s14: "" (an ability but no rollable value) was rolled as Deadly Demise 1
    from revision 4; the sheet keeps the old reading instead (a bare name: none)."""
    doc = demo_armies()[0].content_json()
    doc["units"][0]["abilities"] = [{"name": "Deadly Demise", "text": ""}]
    sheet = unit_sheets(army_from_json(doc), "p1", revision=4)[0]
    assert sheet.deadly_demise is None
    doc["units"][0]["abilities"].append({"name": "Deadly Demise D3", "text": ""})
    assert unit_sheets(army_from_json(doc), "p1", revision=4)[0].deadly_demise == "D3"
