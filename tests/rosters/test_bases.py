"""The base-size table and the player's overrides."""

from __future__ import annotations

from typing import Any

import pytest

from vantage.geometry.shapes import CircleBase, OvalBase
from vantage.rosters import Army, BaseTable, ModelGroup, Unit, default_base_table, resolve_bases

TABLE: dict[str, Any] = {
    "format": "vantage-base-sizes/1",
    "by_entry_id": {"e-7": {"shape": "circle", "diameter_mm": 50}},
    "by_name": [{"pattern": "*walker*", "base": {"shape": "circle", "diameter_mm": 60}}],
    "by_keywords": [
        {"keywords": ["CHARACTER", "INFANTRY"], "base": {"shape": "circle", "diameter_mm": 40}},
        {"keywords": ["infantry"], "base": {"shape": "circle", "diameter_mm": 32}},
        {"keywords": ["BIKE"], "base": {"shape": "oval", "length_mm": 75, "width_mm": 42}},
    ],
}


def _army(*groups: tuple[str, str, tuple[str, ...]]) -> Army:
    units = tuple(
        Unit(
            id=f"u{i}",
            name=name,
            keywords=kws,
            models=(ModelGroup(name=name, count=1, entry_id=eid),),
        )
        for i, (name, eid, kws) in enumerate(groups)
    )
    return Army(name="t", edition="wh40k-10e", units=units)


def _bases(army: Army) -> list[object]:
    return [g.base for u in army.units for g in u.models]


def test_lookup_order_entry_id_then_name_then_keywords() -> None:
    table = BaseTable.from_json(TABLE)
    army = _army(
        ("Big Walker", "e-7", ("INFANTRY",)),
        ("Old Walker", "e-8", ("INFANTRY",)),
        ("Captain", "e-9", ("INFANTRY", "CHARACTER")),
        ("Trooper", "e-10", ("INFANTRY",)),
        ("Rider", "e-11", ("BIKE",)),
        ("Tank", "e-12", ("VEHICLE",)),
    )
    assert _bases(resolve_bases(army, table=table)) == [
        CircleBase(diameter_mm=50),
        CircleBase(diameter_mm=60),
        CircleBase(diameter_mm=40),
        CircleBase(diameter_mm=32),
        OvalBase(length_mm=75, width_mm=42),
        None,
    ]


def test_overrides_win_by_entry_id_or_any_case_name() -> None:
    army = _army(("Trooper", "e-10", ("INFANTRY",)), ("Tank", "e-12", ("VEHICLE",)))
    resolved = resolve_bases(army, {"TROOPER": 25, "e-12": 160}, BaseTable.from_json(TABLE))
    assert _bases(resolved) == [CircleBase(diameter_mm=25), CircleBase(diameter_mm=160)]
    assert resolved.missing_bases() == []


def test_resolving_again_keeps_known_bases_and_fills_answers() -> None:
    army = resolve_bases(_army(("Trooper", "e-10", ("INFANTRY",)), ("Tank", "e-12", ())))
    assert [m["model"] for m in army.missing_bases()] == ["Tank"]
    again = resolve_bases(army, {"tank": 100})
    assert _bases(again) == [CircleBase(diameter_mm=32), CircleBase(diameter_mm=100)]


@pytest.mark.parametrize("size", [0, -1, float("nan"), float("inf"), 5000])
def test_bad_overrides_are_refused(size: float) -> None:
    with pytest.raises(ValueError, match="diameter"):
        resolve_bases(_army(("Tank", "e-12", ())), {"Tank": size})
    with pytest.raises(ValueError, match="length and width"):
        resolve_bases(_army(("Tank", "e-12", ())), {"Tank": (170.0, size)})


def test_an_oval_answer_gives_an_oval_base() -> None:
    """Army audit s14 #8: a vehicle on an oval could only be answered with a round size."""
    army = resolve_bases(_army(("Tank", "e-12", ())), {"tank": (170.0, 105.0)})
    assert _bases(army)[-1] == OvalBase(length_mm=170, width_mm=105)


def test_the_shipped_table_loads_and_covers_infantry() -> None:
    table = default_base_table()
    assert table.lookup("x", "Anyone", frozenset({"INFANTRY"})) == CircleBase(diameter_mm=32)
    assert table.lookup("x", "Anyone", frozenset({"VEHICLE"})) is None


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ({}, "format"),
        ({**TABLE, "by_name": {}}, "lists"),
        ({**TABLE, "by_name": [{"base": {}}]}, "pattern"),
        ({**TABLE, "by_keywords": [{"keywords": "INFANTRY", "base": {}}]}, "keywords"),
        (
            {**TABLE, "by_entry_id": {"e": {"shape": "circle", "diameter_mm": -3}}},
            "by_entry_id.e.diameter_mm",
        ),
        ({**TABLE, "by_entry_id": {"e": {"shape": "hex"}}}, "by_entry_id.e.shape"),
    ],
)
def test_a_malformed_table_names_the_problem(doc: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        BaseTable.from_json(doc)
