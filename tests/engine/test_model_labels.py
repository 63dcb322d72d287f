"""How refusals name models to players: names, not raw ids (ids stay in the detail)."""

from __future__ import annotations

import pytest

from vantage.engine.table import Model, Table, Unit, model_label
from vantage.geometry.shapes import CircleBase

BASE = CircleBase(diameter_mm=32)


def _model(mid: str, name: str = "") -> Model:
    return Model(id=mid, unit="A", base=BASE, x=5, y=5, name=name)


@pytest.mark.parametrize(
    ("mid", "model_name", "unit_name", "label"),
    [
        ("i2", "Intercessor", "Squad Alpha", "Intercessor #2 (Squad Alpha)"),
        ("w1", "", "Iron Warden Squad", "Iron Warden Squad #1"),
        ("p1-cap-1", "Captain", "Captain", "Captain #1"),
        ("boss", "Boss", "", "Boss"),
        ("sarge", "Sergeant", "Squad Alpha", "Sergeant (Squad Alpha)"),
        ("w1", "", "", "w1"),
    ],
)
def test_a_model_is_named_by_its_names_and_the_number_of_its_id(
    mid: str, model_name: str, unit_name: str, label: str
) -> None:
    unit = Unit(id="A", player="p1", name=unit_name)
    assert model_label(_model(mid, model_name), unit) == label


def test_the_table_names_its_models_and_passes_unknown_ids_through() -> None:
    table = Table(
        width=20,
        depth=20,
        players=("p1",),
        units={"A": Unit(id="A", player="p1", name="Squad Alpha")},
        models={"a3": _model("a3")},
    )
    assert table.model_label("a3") == "Squad Alpha #3"
    assert table.model_label("zz") == "zz"
