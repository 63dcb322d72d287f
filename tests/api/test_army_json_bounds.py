"""An army sent as JSON with a new game is held to the importer's bounds and answers with the
bad field's path (bad-input audit s15: a model count of a billion had filled the server's
memory, a loadout total of a billion had held a set-up thread, and every army error named only
``armies.p1``)."""

from __future__ import annotations

import copy
import json
from typing import Any

import httpx
import pytest

from tests.support.server import LiveServer


@pytest.fixture(scope="module")
def demo_army(live_server: LiveServer) -> dict[str, Any]:
    armies = httpx.get(f"{live_server.base}/api/armies/demo", timeout=10).json()
    army = armies[0]["army"] if "army" in armies[0] else armies[0]
    assert army["units"][0]["models"][0]["count"] >= 1
    return army


def _create(live_server: LiveServer, army: dict[str, Any] | str) -> httpx.Response:
    text = army if isinstance(army, str) else json.dumps(army)
    body = '{"system": "wh40k-10e", "armies": {"p1": ' + text + ', "p2": {"demo": 1}}}'
    headers = {"content-type": "application/json"}
    # a hang is a failure: the refusal must come at once
    return httpx.post(f"{live_server.base}/api/games", content=body, headers=headers, timeout=10)


def _changed(army: dict[str, Any], change: Any) -> dict[str, Any]:
    out = copy.deepcopy(army)
    change(out)
    return out


def _set_group(key: str, value: Any) -> Any:
    def change(army: dict[str, Any]) -> None:
        army["units"][0]["models"][0][key] = value

    return change


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (_set_group("count", 1_000_000_000), "armies.p1.units[0].models[0].count"),
        (_set_group("count", 1001), "armies.p1.units[0].models[0].count"),
        (_set_group("count", 1.5), "armies.p1.units[0].models[0].count"),
        (
            _set_group("loadout", [{"weapon": "x", "total": 1_000_000_000}]),
            "armies.p1.units[0].models[0].loadout[0].total",
        ),
        (
            _set_group("loadout", [{"weapon": "x", "total": 2.7}]),
            "armies.p1.units[0].models[0].loadout[0].total",
        ),
        (
            _set_group("loadout", [{"weapon": "x", "total": 0}]),
            "armies.p1.units[0].models[0].loadout[0].total",
        ),
        (lambda a: a["units"][0].update(id=5), "armies.p1.units[0].id"),
        (lambda a: a.update(units="x"), "armies.p1.units"),
        (lambda a: a.update(format="other/2"), "armies.p1.format"),
    ],
)
def test_a_bad_army_field_is_refused_at_its_path(
    live_server: LiveServer, demo_army: dict[str, Any], change: Any, field: str
) -> None:
    r = _create(live_server, _changed(demo_army, change))
    assert r.status_code == 422, r.text
    assert (r.json()["code"], r.json()["detail"]["field"]) == ("setup/invalid", field), r.text


def test_a_unit_and_an_army_are_bounded_as_the_importer_bounds_them(
    live_server: LiveServer, demo_army: dict[str, Any]
) -> None:
    def big_unit(army: dict[str, Any]) -> None:
        group = army["units"][0]["models"][0]
        army["units"][0]["models"] = [dict(group, count=600), dict(group, count=600)]

    r = _create(live_server, _changed(demo_army, big_unit))
    assert r.status_code == 422 and r.json()["detail"]["field"] == "armies.p1.units[0].models"

    def big_army(army: dict[str, Any]) -> None:
        unit = army["units"][0]
        group = dict(unit["models"][0], count=1000)
        army["units"] = [dict(unit, id=f"u{i}", models=[group]) for i in range(3)]

    r = _create(live_server, _changed(demo_army, big_army))
    assert r.status_code == 422 and r.json()["detail"]["field"] == "armies.p1.units[2]"


def test_an_integer_too_large_for_a_float_is_refused_not_a_server_error(
    live_server: LiveServer, demo_army: dict[str, Any]
) -> None:
    text = json.dumps(demo_army).replace('"points": ', '"points": ' + "9" * 400 + ', "x": ', 1)
    r = _create(live_server, text)
    assert r.status_code == 422, r.text
    assert r.json()["detail"]["field"] == "armies.p1.points"
