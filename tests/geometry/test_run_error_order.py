"""``run_file`` names the bad field that comes first in the file (scenario-format "Conventions":
"the first bad field by its JSON path"), whatever check finds it: a value of the wrong type, an
id that names nothing, a duplicate, a polygon that crosses itself, a query's own field. A missing
field is noticed at the end of its object. Integers too large for a float are refused where they
stand, never with a traceback."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from tests.geometry.test_run_errors import BASE

from vantage.scenario.run import run_file

BOW_TIE = [[0, 0], [2, 2], [2, 0], [0, 2]]
DISTANCE = {"id": "q", "type": "distance", "a": "a", "b": "b"}


def _run(tmp_path: Path, doc: dict[str, Any] | str) -> tuple[int, str]:
    path = tmp_path / "s.json"
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc))
    code, out, err = run_file(str(path))
    assert out == "" and err.count("\n") == 1, (out, err)
    return code, err.strip()


def _doc(**changes: Any) -> dict[str, Any]:
    return {**copy.deepcopy(BASE), "queries": [DISTANCE], **changes}


def _bad_model(index: int, **fields: Any) -> list[dict[str, Any]]:
    models = copy.deepcopy(BASE["models"])
    models[index].update(fields)
    return list(models)


def _cases() -> list[tuple[str, dict[str, Any], str]]:
    bad_x = _bad_model(1, x="bad")
    units_p9 = [{**BASE["units"][0], "player": "p9"}, BASE["units"][1]]
    model0_unit_z = copy.deepcopy(bad_x)
    model0_unit_z[0]["unit"] = "Z"
    hull0 = copy.deepcopy(bad_x)
    hull0[0]["base"] = {"shape": "hull", "points": BOW_TIE}
    ruin = {"id": "r", "kind": "ruins", "polygon": BOW_TIE, "height": 3}
    return [
        (
            "unknown player before a later type error",
            _doc(units=units_p9, models=bad_x),
            "units[0].player: unknown player 'p9'",
        ),
        (
            "unknown unit before a later type error",
            _doc(models=model0_unit_z),
            "models[0].unit: unknown unit 'Z'",
        ),
        (
            "duplicate players before a model's type error",
            _doc(players=["p1", "p1"], models=bad_x),
            "players: player ids must be unique",
        ),
        (
            "a crossed hull before a later model's type error",
            _doc(models=hull0),
            "models[0].base.points: must be a simple polygon with an area",
        ),
        (
            "a crossed terrain polygon before a query without a type",
            _doc(terrain=[ruin], queries=[{"id": "q", "a": "a", "b": "b"}]),
            "terrain[0].polygon: must be a simple polygon with an area",
        ),
        (
            "a query's unknown model before the next query's missing type",
            _doc(queries=[{**DISTANCE, "b": "nope"}, {"id": "q2"}]),
            "queries[0].b: unknown model 'nope'",
        ),
        (
            "a bad system before a NaN further down",
            _doc(system="bogus", models=_bad_model(1, x=float("nan"))),
            "system: must be one of 'wh40k-10e', 'wh40k-9e', 'wh40k-8e', 'deathmatch', "
            "'death-angel' or 'sandbox'",
        ),
        (
            "within a model, the file's order of fields",
            _doc(
                models=[
                    {
                        "x": "bad",
                        "id": 5,
                        **{k: v for k, v in BASE["models"][0].items() if k not in ("x", "id")},
                    },
                    BASE["models"][1],
                ]
            ),
            "models[0].x: must be a number",
        ),
        (
            "queries written before a bad model",
            {
                **{k: v for k, v in BASE.items() if k != "models"},
                "queries": [{"id": "q"}],
                "models": _bad_model(0, x="bad"),
            },
            "queries[0].type: is required",
        ),
        (
            "a missing field is noticed at its object's end",
            {"system": "sandbox", "table": {"width": 60}},
            "table.depth: is required",
        ),
    ]


@pytest.mark.parametrize(
    ("doc", "message"), [c[1:] for c in _cases()], ids=[c[0] for c in _cases()]
)
def test_the_first_bad_field_in_the_file_is_named(
    tmp_path: Path, doc: dict[str, Any], message: str
) -> None:
    assert _run(tmp_path, doc) == (2, message)


@pytest.mark.parametrize(
    ("query", "path"),
    [
        ({"id": "q", "type": "within", "a": "a", "b": "b", "range": "<BIG>"}, "queries[0].range"),
        ({"id": "q", "type": "setup_legal", "model": "a", "x": "<BIG>", "y": 1}, "queries[0].x"),
        (
            {
                "id": "q",
                "type": "wholly_within",
                "model": "a",
                "zone": [[0, 0], ["<BIG>", 0], [0, 9]],
            },
            "queries[0].zone[1][0]",
        ),
    ],
)
@pytest.mark.parametrize("digits", [400, 5000])
def test_integers_too_large_for_a_float_are_refused_where_they_stand(
    tmp_path: Path, query: dict[str, Any], path: str, digits: int
) -> None:
    text = json.dumps(_doc(queries=[query])).replace('"<BIG>"', "1" * digits)
    assert _run(tmp_path, text) == (2, f"{path}: must be a finite number")


def test_a_large_integer_in_the_table_is_refused_too(tmp_path: Path) -> None:
    text = json.dumps(_doc(models=_bad_model(0, x="<BIG>"))).replace('"<BIG>"', "-" + "9" * 5000)
    assert _run(tmp_path, text) == (2, "models[0].x: must be a finite number")


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"models": _bad_model(0, base={"shape": "circle", "diameter_mm": 0})},
            "models[0].base.diameter_mm: must be > 0",
        ),
        ({"table": {"width": 0.5, "depth": 44}}, "table.width: must be >= 1"),
        (
            {"models": _bad_model(0, base={"shape": "hull", "points": [[0, 0], [1, 1]]})},
            "models[0].base.points: must have at least 3 items",
        ),
        ({"queries": [{"id": "", "type": "distance"}]}, "queries[0].id: must not be empty"),
    ],
)
def test_messages_say_the_limit_as_people_write_it(
    tmp_path: Path, changes: dict[str, Any], message: str
) -> None:
    assert _run(tmp_path, _doc(**changes)) == (2, message)


@pytest.mark.parametrize("text", ["[]", "null", "3"])
def test_a_file_that_is_not_an_object_names_the_root(tmp_path: Path, text: str) -> None:
    assert _run(tmp_path, text) == (2, "$: must be a JSON object")


def test_a_list_over_its_limit_is_named_without_reading_each_element(tmp_path: Path) -> None:
    """5,001 bad models: the list is named, and its elements are not read one by one (a set-up
    of 200,000 such elements once took seconds to refuse, stalling the server)."""
    doc = _doc(models=[{"id": 1}] * 5001)
    assert _run(tmp_path, doc) == (2, "models: must have at most 5000 items")
