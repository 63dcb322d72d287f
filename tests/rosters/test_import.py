"""Importing one invented roster exported as .ros, .rosz and New Recruit .json."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from vantage.rosters import Army, RosterError, import_roster

EXPORTS = ("glasswright.ros", "glasswright.rosz", "glasswright.json")


def _import(name: str) -> Army:
    result = import_roster(name, (Path(__file__).parent / "fixtures" / name).read_bytes())
    assert isinstance(result, Army), result
    return result


@pytest.fixture(scope="module")
def army() -> dict[str, Any]:
    return _import("glasswright.ros").to_json()


def _unit(army: dict[str, Any], name: str) -> dict[str, Any]:
    return next(u for u in army["units"] if u["name"] == name)


def _weapon(unit: dict[str, Any], name: str) -> dict[str, Any]:
    return next(w for w in unit["weapons"] if w["name"] == name)


@pytest.mark.parametrize("name", EXPORTS[1:])
def test_every_export_gives_the_same_army(name: str) -> None:
    reference = _import("glasswright.ros")
    other = _import(name)
    assert other == reference
    assert other.to_json() == reference.to_json()
    assert other.digest() == reference.digest()


def test_the_wire_form_is_plain_json(army: dict[str, Any]) -> None:
    assert json.loads(json.dumps(army)) == army


def test_roster_header(army: dict[str, Any]) -> None:
    assert army["name"] == "Glasswright Muster"
    assert army["edition"] == "wh40k-10e"
    assert army["faction"] == "Glasswright Cohort"
    assert army["points"] == 585
    assert army["points_limit"] == 1000
    assert army["warnings"] == []


def test_configuration_is_kept_for_display_not_as_units(army: dict[str, Any]) -> None:
    assert army["configuration"] == [
        "Battle Size: Incursion (1000 Point limit)",
        "Detachment: Refraction Host",
    ]
    names = [u["name"] for u in army["units"]]
    assert names == ["Shard Wardens", "Luminarch Veyra", "Prism Strider", "Glint Riders"]


def test_mixed_unit_models_profiles_and_loadouts(army: dict[str, Any]) -> None:
    unit = _unit(army, "Shard Wardens")
    assert unit["keywords"] == ["INFANTRY", "BATTLELINE"]
    assert unit["faction_keywords"] == ["GLASSWRIGHT COHORT"]
    assert unit["points"] == 100
    trooper, sergeant = unit["models"]
    assert (trooper["name"], trooper["count"]) == ("Shard Warden", 4)
    assert trooper["profile"] == {
        "name": "Shard Warden",
        **{"M": '6"', "T": "4", "SV": "3+", "W": "2", "LD": "6+", "OC": "2"},
    }
    assert sergeant["profile"]["W"] == "3"
    assert trooper["loadout"] == [
        {"weapon": "Prism carbine", "total": 4},
        {"weapon": "Close combat weapon", "total": 4},
    ]
    assert sergeant["loadout"] == [
        {"weapon": "Arc pistol", "total": 1},
        {"weapon": "Shard blade", "total": 1},
    ]
    assert {a["name"] for a in unit["abilities"]} == {"Refracted Guard", "Deep Strike"}


def test_weapon_characteristics_and_parsed_abilities(army: dict[str, Any]) -> None:
    carbine = _weapon(_unit(army, "Shard Wardens"), "Prism carbine")
    assert carbine == {
        "name": "Prism carbine",
        "kind": "ranged",
        "group": None,
        "RANGE": '24"',
        "A": "2",
        "BS": "3+",
        "S": "4",
        "AP": "-1",
        "D": "1",
        "keywords": ["Rapid Fire 1"],
        "abilities": [{"name": "RAPID FIRE", "value": 1}],
    }
    ccw = _weapon(_unit(army, "Shard Wardens"), "Close combat weapon")
    assert (ccw["kind"], ccw["WS"], ccw["keywords"], ccw["abilities"]) == ("melee", "3+", [], [])
    glaive = _weapon(_unit(army, "Luminarch Veyra"), "Veyra's glaive")
    assert glaive["abilities"] == [
        {"name": "ANTI", "keyword": "INFANTRY", "threshold": 4},
        {"name": "DEVASTATING WOUNDS"},
    ]
    cannon = _weapon(_unit(army, "Prism Strider"), "Twin refractor cannon")
    assert {"name": "SUSTAINED HITS", "value": "D3"} in cannon["abilities"]


def test_multi_profile_weapon_keeps_its_group(army: dict[str, Any]) -> None:
    hero = _unit(army, "Luminarch Veyra")
    lances = [w for w in hero["weapons"] if w["group"] == "Sunlance"]
    assert [w["name"] for w in lances] == ["Sunlance - focused", "Sunlance - dispersed"]
    assert lances[0]["abilities"] == [{"name": "MELTA", "value": 2}]


def test_single_model_unit_and_numeric_id(army: dict[str, Any]) -> None:
    hero = _unit(army, "Luminarch Veyra")
    assert hero["id"] == "1795"  # a number in the New Recruit export
    assert [(m["name"], m["count"]) for m in hero["models"]] == [("Luminarch Veyra", 1)]
    assert hero["abilities"] == [{"name": "Invulnerable Save", "text": "4+"}]  # hidden one dropped


def test_nested_wargear_totals_and_wargear_points(army: dict[str, Any]) -> None:
    riders = _unit(army, "Glint Riders")
    assert riders["points"] == 210
    (group,) = riders["models"]
    assert group["count"] == 3
    assert group["loadout"] == [
        {"weapon": "Needle lance", "total": 2},
        {"weapon": "Splinter launcher", "total": 1},
    ]
    assert riders["abilities"][0]["name"] == "Mirror shield"


def test_custom_name_and_other_profiles(army: dict[str, Any]) -> None:
    strider = _unit(army, "Prism Strider")
    assert strider["custom_name"] == "Old Glimmer"
    assert strider["abilities"] == [{"name": "Transport", "text": "Capacity: 6 Infantry models"}]


def test_bases_from_the_table_and_the_ones_still_missing(army: dict[str, Any]) -> None:
    bases = {(u["name"], m["name"]): m["base"] for u in army["units"] for m in u["models"]}
    assert bases["Shard Wardens", "Shard Warden"] == {"shape": "circle", "diameter_mm": 32}
    assert bases["Luminarch Veyra", "Luminarch Veyra"] == {"shape": "circle", "diameter_mm": 40}
    assert bases["Glint Riders", "Glint Rider"] == {
        "shape": "oval",
        "length_mm": 90,
        "width_mm": 52,
    }
    assert bases["Prism Strider", "Prism Strider"] is None
    assert army["missing_bases"] == [
        {"unit_id": "s-u3", "unit": "Prism Strider", "model": "Prism Strider", "entry_id": "e-300"}
    ]


def test_the_players_answers_fill_missing_bases(ros_bytes: bytes) -> None:
    army = import_roster("list.ros", ros_bytes, {"e-300": 130, "shard warden sergeant": 40.0})
    assert isinstance(army, Army)
    assert army.missing_bases() == []
    doc = army.to_json()
    strider = _unit(doc, "Prism Strider")["models"][0]
    assert (strider["base"], strider["base_missing"]) == (
        {"shape": "circle", "diameter_mm": 130},
        False,
    )
    assert _unit(doc, "Shard Wardens")["models"][1]["base"]["diameter_mm"] == 40


def test_a_bad_base_answer_is_an_error_value(ros_bytes: bytes) -> None:
    result = import_roster("list.ros", ros_bytes, {"e-300": -5})
    assert isinstance(result, RosterError)
    assert result.code == "roster/bad_base"
    assert "e-300" in result.message


def test_unknown_game_system_imports_generically_with_a_warning(ros_bytes: bytes) -> None:
    data = ros_bytes.replace(b"sys-352e-adc2-7639-d6a9", b"sys-other").replace(
        b"Warhammer 40,000 10th Edition", b"Skirmish Deluxe"
    )
    army = import_roster("other.ros", data)
    assert isinstance(army, Army)
    assert army.edition == "unknown"
    assert "Skirmish Deluxe" in army.warnings[0]
    assert len(army.units) == 4


def test_edition_falls_back_to_the_system_name(ros_bytes: bytes) -> None:
    data = ros_bytes.replace(b"sys-352e-adc2-7639-d6a9", b"sys-renamed")
    army = import_roster("renamed.ros", data)
    assert isinstance(army, Army) and army.edition == "wh40k-10e"


NESTED = b"""<roster id="r" name="Nested" gameSystemId="28ec-711c-d87f-3aeb">
 <forces><force id="f1" catalogueName="Outer"><forces><force id="f2" catalogueName="Inner">
  <selections>
   <selection id="u1" name="Old Walker" entryId="w" number="1" type="unit">
    <profiles><profile id="p" name="Old Walker" typeName="Unit"><characteristics>
     <characteristic name="M">6"</characteristic><characteristic name="Save">3+</characteristic>
    </characteristics></profile></profiles>
    <costs><cost name="pts" typeId="points" value="40"/></costs>
   </selection>
   <selection id="u2" name="Pair" entryId="pr" number="1" type="unit">
    <selections>
     <selection id="m1" name="Lefty" entryId="l" number="1" type="model"/>
     <selection id="m2" name="Righty" entryId="r" number="1" type="model"/>
     <selection id="g" name="Shared gun" entryId="sg" number="1" type="upgrade">
      <profiles><profile id="pg" name="Shared gun" typeName="Weapon"><characteristics>
       <characteristic name="Range">24"</characteristic>
       <characteristic name="Type">Heavy 2</characteristic>
      </characteristics></profile></profiles>
     </selection>
    </selections>
   </selection>
  </selections>
 </force></forces></force></forces>
</roster>"""


def test_nested_forces_older_editions_and_unassigned_wargear() -> None:
    army = import_roster("nested.ros", NESTED)
    assert isinstance(army, Army)
    assert (army.edition, army.faction, army.points) == ("wh40k-9e", "Outer", 40)
    walker, pair = army.units
    (group,) = walker.models
    assert (group.name, group.count) == ("Old Walker", 1)
    assert group.profile is not None and group.profile.stats == (("M", '6"'), ("SAVE", "3+"))
    assert group.base is not None  # the shipped table knows "*walker*"
    assert [g.name for g in pair.models] == ["Lefty", "Righty"]
    assert [c.to_json() for c in pair.unassigned] == [{"weapon": "Shared gun", "total": 1}]
    assert pair.weapons[0].stats == (("RANGE", '24"'), ("TYPE", "Heavy 2"))
    assert army.warnings == ("Pair: no stat profile for some models",)
