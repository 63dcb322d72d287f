"""POST /api/rosters with a hull answer: a model with no base (a vehicle) measured to its hull
(wh40k-10th §3.3), given as ``{"shape": "hull", "length_mm": L, "width_mm": W}``."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from tests.support.server import LiveServer

FIXTURES = Path(__file__).resolve().parents[1] / "rosters" / "fixtures"


def _post(server: LiveServer, bases: str) -> httpx.Response:
    data = (FIXTURES / "glasswright.ros").read_bytes()
    return httpx.post(
        f"{server.base}/api/rosters",
        files={"file": ("g.ros", data)},
        data={"bases": bases},
        timeout=20,
    )


def test_a_hull_answer_gives_a_rectangle_hull(live_server: LiveServer) -> None:
    r = _post(
        live_server,
        json.dumps({"Prism Strider": {"shape": "hull", "length_mm": 127, "width_mm": 50.8}}),
    )
    assert r.status_code == 200, r.text
    army = r.json()
    assert army["missing_bases"] == []
    strider = next(g for u in army["units"] for g in u["models"] if g["name"] == "Prism Strider")
    assert strider["base"] == {
        "shape": "hull",
        "points": [[-2.5, -1], [2.5, -1], [2.5, 1], [-2.5, 1]],
    }


@pytest.mark.parametrize(
    "answer",
    [
        {"shape": "hull", "length_mm": 120},
        {"shape": "hull", "length_mm": 120, "width_mm": 0},
        {"shape": "hull", "length_mm": 120, "width_mm": 2001},
        {"shape": "hull", "length_mm": 120, "width_mm": True},
        {"shape": "hull", "length_mm": 120, "width_mm": 70, "x": 1},
        {"shape": "oval", "length_mm": 120, "width_mm": 70},
        {"shape": "hull", "points": [[0, 0], [1, 0], [0, 1]]},
    ],
)
def test_a_bad_hull_answer_is_refused_naming_it(live_server: LiveServer, answer: object) -> None:
    r = _post(live_server, json.dumps({"Prism Strider": answer}))
    assert r.status_code == 422
    body = r.json()
    assert body["code"] == "request/invalid"
    assert body["detail"]["field"] == "bases.Prism Strider"
    assert '"shape": "hull"' in body["message"]
