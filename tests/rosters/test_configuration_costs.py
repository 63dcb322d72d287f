"""A configuration choice's costs are checked as a unit's are (army audit s14 left them unread).

Battle Size, Detachment and the like land in ``configuration``; their points of "ninety" or a
total below 0 were imported without a word while the same on a unit was ``roster/bad_value``.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from tests.rosters.test_values import UNIT, _doc
from vantage.rosters import Army, RosterError, import_roster

CONFIG: dict[str, Any] = {
    "id": "c",
    "name": "Detachment",
    "entryId": "e-det",
    "number": 1,
    "type": "upgrade",
    "categories": [{"id": "k", "name": "Configuration"}],
    "selections": [{"id": "c1", "name": "Ember Host", "entryId": "e-host", "type": "upgrade"}],
    "costs": [{"name": "pts", "typeId": "points", "value": 0}],
}
FIELD = "roster.forces[0].selections[0]"


def _import(config: dict[str, Any]) -> Army | RosterError:
    return import_roster("v.json", json.dumps(_doc(config, copy.deepcopy(UNIT))).encode())


def _config(value: object, where: str = "own") -> dict[str, Any]:
    config = copy.deepcopy(CONFIG)
    cost = [{"name": "pts", "typeId": "points", "value": value}]
    if where == "own":
        config["costs"] = cost
    else:  # on the option chosen under it
        config["selections"][0]["costs"] = cost
    return config


def test_a_configuration_with_good_costs_imports() -> None:
    army = _import(_config(0))
    assert isinstance(army, Army), army
    assert army.configuration == ("Detachment: Ember Host",)
    # a discounting option under it is fine while the choice's total is not below 0
    config = _config(10)
    config["selections"][0]["costs"] = [{"name": "pts", "typeId": "points", "value": -5}]
    assert isinstance(_import(config), Army)


@pytest.mark.parametrize("value", ["ninety", "", "NaN", "1e999", True])
@pytest.mark.parametrize("where", ["own", "option"])
def test_a_cost_that_is_not_a_number_is_refused_naming_the_selection(
    value: object, where: str
) -> None:
    result = _import(_config(value, where))
    assert isinstance(result, RosterError), result
    assert result.code == "roster/bad_value"
    field = f"{FIELD}.costs[0].value" if where == "own" else f"{FIELD}.selections[0].costs[0].value"
    assert result.detail["field"] == field
    named = "upgrade 'Detachment'" if where == "own" else "upgrade 'Ember Host'"
    assert result.message.startswith(f"v.json: {named}: {field}: must be a number of points")


def test_a_cost_beyond_the_limit_is_refused() -> None:
    result = _import(_config(2_000_000))
    assert isinstance(result, RosterError) and result.code == "roster/bad_value"
    assert result.detail["field"] == f"{FIELD}.costs[0].value"


@pytest.mark.parametrize("where", ["own", "option"])
def test_a_configuration_below_0_points_is_refused_naming_it(where: str) -> None:
    result = _import(_config(-50, where))
    assert isinstance(result, RosterError), result
    assert result.code == "roster/bad_value" and result.detail["field"] == FIELD
    assert result.message == (
        f"v.json: {FIELD}: upgrade 'Detachment' costs -50 points; never below 0"
    )


def test_a_units_bad_cost_names_the_unit_too() -> None:
    unit = copy.deepcopy(UNIT)
    unit["costs"] = [{"name": "pts", "typeId": "points", "value": "ninety"}]
    result = import_roster("v.json", json.dumps(_doc(unit)).encode())
    assert isinstance(result, RosterError)
    assert result.message.startswith("v.json: unit 'Unit A': roster.forces[0].selections[0].costs")


def test_units_chosen_under_a_configuration_are_checked_as_units() -> None:
    """A unit under a top-level upgrade keeps its own check (its total below 0 names it)."""
    config = _config(0)
    unit = copy.deepcopy(UNIT)
    unit["costs"] = [{"name": "pts", "typeId": "points", "value": -10}]
    config["selections"].append(unit)
    result = _import(config)
    assert isinstance(result, RosterError)
    assert "unit 'Unit A' costs -10 points" in result.message
