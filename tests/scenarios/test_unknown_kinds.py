"""A terrain kind the system does not name is still answered (rules decision 4) but named on
standard error, so a typo ("forst" for woods) in a scenario file does not pass unnoticed."""

from __future__ import annotations

import json
from typing import Any

import pytest

from vantage.scenario.run import run_text


def _scenario(system: str, kinds: list[str]) -> str:
    terrain: list[dict[str, Any]] = [
        {"id": f"t{i}", "kind": k, "polygon": [[10, 10], [12, 10], [12, 12], [10, 12]], "height": 3}
        for i, k in enumerate(kinds)
    ]
    return json.dumps(
        {
            "format": "vantage-scenario/1",
            "system": system,
            "table": {"width": 44, "depth": 30},
            "players": ["p1", "p2"],
            "units": [{"id": "A", "player": "p1"}, {"id": "B", "player": "p2"}],
            "models": [
                {
                    "id": "a",
                    "unit": "A",
                    "base": {"shape": "circle", "diameter_mm": 32},
                    "x": 5,
                    "y": 11,
                },
                {
                    "id": "b",
                    "unit": "B",
                    "base": {"shape": "circle", "diameter_mm": 32},
                    "x": 20,
                    "y": 11,
                },
            ],
            "terrain": terrain,
            "queries": [{"id": "v", "type": "visible", "observer": "a", "target": "b"}],
        }
    )


def test_a_misspelt_kind_is_answered_as_an_opaque_prism_and_named_on_stderr() -> None:
    code, out, err = run_text(_scenario("wh40k-10e", ["woods", "forst"]))
    assert code == 0
    assert json.loads(out) == {"results": {"v": False}}  # the unknown piece blocks
    lines = err.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(
        "warning: terrain[1].kind: 'forst' is not a terrain category of wh40k-10e ("
    )
    assert lines[0].endswith("read as an opaque prism that gives no cover")
    code, out, err = run_text(_scenario("wh40k-10e", ["woods"]))
    assert (code, json.loads(out), err) == (0, {"results": {"v": True}}, "")


def test_deathmatch_reads_an_unknown_kind_as_blocking_nothing() -> None:
    code, out, err = run_text(_scenario("deathmatch", ["ruins"]))
    assert code == 0 and json.loads(out)["results"]["v"] is True
    assert "read as terrain that neither blocks sight nor gives cover" in err


@pytest.mark.parametrize(
    ("system", "kinds"),
    [
        (
            "wh40k-10e",
            ["ruins", "woods", "crater", "barricade", "obstacle", "debris", "hill", "building"],
        ),
        (
            "wh40k-9e",
            [
                "ruins",
                "woods",
                "crater",
                "barricade",
                "obstacle",
                "hill",
                "building",
                "wall",
                "container",
            ],
        ),
        ("wh40k-8e", ["ruins", "woods", "crater", "barricade", "obstacle", "hill", "building"]),
        (
            "deathmatch",
            [
                "house",
                "building",
                "forest",
                "woods",
                "barricade",
                "obstacle",
                "crate",
                "wall",
                "water",
            ],
        ),
        ("sandbox", ["anything"]),
    ],
)
def test_the_kinds_each_system_names_give_no_warning(system: str, kinds: list[str]) -> None:
    code, _out, err = run_text(_scenario(system, kinds))
    assert (code, err) == (0, "")
