"""POST /api/rosters on a real server: the three formats agree; hostile files are 422."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.server import LiveServer

FIXTURES = Path(__file__).resolve().parents[1] / "rosters" / "fixtures"


def _post(server: LiveServer, name: str, data: bytes, bases: str | None = None) -> httpx.Response:
    extra = {"data": {"bases": bases}} if bases is not None else {}
    return httpx.post(
        f"{server.base}/api/rosters", files={"file": (name, data)}, timeout=20, **extra
    )  # type: ignore[arg-type]


def test_the_same_list_in_three_formats_gives_the_same_army(live_server: LiveServer) -> None:
    armies = [
        _post(live_server, p.name, p.read_bytes()).json()
        for p in sorted(FIXTURES.glob("glasswright.*"))
    ]
    assert len(armies) == 3
    assert all(a["digest"] == armies[0]["digest"] for a in armies)
    assert armies[0]["units"]


@pytest.mark.parametrize(
    ("name", "data", "code"),
    [
        (
            "evil.ros",
            b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaa">]><roster>&a;</roster>',
            "roster/unsafe_xml",
        ),
        ("empty.ros", b"", "roster/empty"),
        ("noise.rosz", b"\x00\x01\x02garbage", "roster/not_a_roster"),
        ("broken.rosz", b"PK\x03\x04garbage", "roster/bad_zip"),
        ("list.json", b'{"hello": "world"}', "roster/not_a_roster"),
    ],
)
def test_hostile_or_broken_files_are_422(
    live_server: LiveServer, name: str, data: bytes, code: str
) -> None:
    r = _post(live_server, name, data)
    assert r.status_code == 422
    assert r.json()["code"] == code


def test_zip_bomb_is_refused(live_server: LiveServer) -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("bomb.ros", b"<" + b"a" * (64 * 1024 * 1024))
    r = _post(live_server, "bomb.rosz", buf.getvalue())
    assert r.status_code == 422
    assert r.json()["code"] in ("roster/too_large", "roster/bad_zip")


def test_bad_base_answers_are_422(live_server: LiveServer) -> None:
    data = (FIXTURES / "glasswright.ros").read_bytes()
    assert _post(live_server, "g.ros", data, bases="[1]").status_code == 422


def test_demo_armies_are_listed(live_server: LiveServer) -> None:
    armies = httpx.get(f"{live_server.base}/api/armies/demo").json()
    assert len(armies) == 2
    assert all(not a["missing_bases"] for a in armies)


@pytest.mark.parametrize(
    ("bases", "field"),
    [
        ('{"a": 1e999}', "bases.a"),  # infinity
        ('{"a": NaN}', "bases.a"),
        ('{"a": -1}', "bases.a"),
        ('{"a": 0}', "bases.a"),
        ('{"a": 32, "b": 2001}', "bases.b"),
        ('{"a": true}', "bases.a"),
        ('{"a": "32"}', "bases.a"),
        ('{"a": 1' + "0" * 400 + "}", "bases.a"),  # an integer too large for a float
        ('{"a": {"length_mm": 170}}', "bases.a"),  # an oval needs both
        ('{"a": {"length_mm": 170, "width_mm": 0}}', "bases.a"),
        ('{"a": {"length_mm": 170, "width_mm": 105, "x": 1}}', "bases.a"),
        ("[1]", "bases"),
        ("not json", "bases"),
        ("[" * 3000 + "]" * 3000, "bases"),
    ],
)
def test_a_bad_base_answer_is_refused_naming_it(
    live_server: LiveServer, bases: str, field: str
) -> None:
    """Found by an audit: the field's type alone was checked (request/invalid, not roster/...)."""
    data = (FIXTURES / "glasswright.ros").read_bytes()
    r = _post(live_server, "g.ros", data, bases=bases)
    assert r.status_code == 422
    body = r.json()
    assert body["code"] == "request/invalid" and body["detail"]["field"] == field
    assert body["message"].startswith(f"{field}: ")


def test_good_base_answers_are_used(live_server: LiveServer) -> None:
    data = (FIXTURES / "glasswright.ros").read_bytes()
    plain = _post(live_server, "g.ros", data).json()
    name = plain["units"][0]["models"][0]["name"]
    r = _post(live_server, "g.ros", data, bases=json.dumps({name: 60, "unused": 0.5}))
    assert r.status_code == 200, r.text
    assert r.json()["units"][0]["models"][0]["base"]["diameter_mm"] == 60
    # an oval answer (army audit s14 #8: a vehicle could only be given a round base)
    oval = {name: {"length_mm": 170, "width_mm": 105}}
    r = _post(live_server, "g.ros", data, bases=json.dumps(oval))
    assert r.status_code == 200, r.text
    assert r.json()["units"][0]["models"][0]["base"] == {
        "shape": "oval",
        "length_mm": 170,
        "width_mm": 105,
    }


@pytest.mark.parametrize(
    ("roster", "field"),
    [
        ({"forces": "x"}, "roster.forces"),
        ({"forces": 3}, "roster.forces"),
        ({"forces": ["x"]}, "roster.forces[0]"),
        ({"forces": [{"selections": "x"}]}, "roster.forces[0].selections"),
        (
            {"forces": [{"selections": [{"profiles": [1]}]}]},
            "roster.forces[0].selections[0].profiles[0]",
        ),
        ({"costs": True}, "roster.costs"),
    ],
)
def test_a_new_recruit_roster_of_the_wrong_shape_is_refused_naming_the_field(
    live_server: LiveServer, roster: dict[str, Any], field: str
) -> None:
    """Found by an audit: ``"forces": "x"`` gave 200 and an empty army."""
    r = _post(live_server, "a.json", json.dumps({"roster": roster}).encode())
    assert r.status_code == 422
    body = r.json()
    assert body["code"] == "roster/not_a_roster" and body["detail"]["field"] == field
    assert field in body["message"]


def test_null_containers_and_unknown_keys_are_still_accepted(live_server: LiveServer) -> None:
    doc = json.loads((FIXTURES / "glasswright.json").read_bytes())
    doc["roster"]["costLimits"] = None
    doc["roster"]["newKey"] = ["text", 1]
    r = _post(live_server, "g.json", json.dumps(doc).encode())
    assert r.status_code == 200, r.text
    assert r.json()["units"]


def test_an_unpaired_surrogate_is_422_naming_the_field_not_500(live_server: LiveServer) -> None:
    """Found by an audit: the import succeeded and serialising the answer failed (500)."""
    r = _post(live_server, "s.json", b'{"roster":{"name":"\\ud800x","id":"r"}}')
    assert r.status_code == 422, r.text
    body = r.json()
    assert body["code"] == "roster/bad_value"
    assert body["detail"]["field"] == "roster.name"
    assert "roster.name: must be valid text" in body["message"]


def test_an_unpaired_surrogate_in_a_base_answer_is_422(live_server: LiveServer) -> None:
    data = (FIXTURES / "glasswright.ros").read_bytes()
    r = _post(live_server, "g.ros", data, bases='{"\\ud800": 32}')
    assert r.status_code == 422, r.text
    body = r.json()
    assert body["code"] == "request/invalid" and body["detail"]["field"] == "bases.\\ud800"
    assert body["message"] == "bases.\\ud800: must be valid text"


@pytest.mark.parametrize(
    ("number", "message"),
    [
        ("five", "must be a whole number >= 1, not 'five'"),
        (0, "must be a whole number >= 1, not '0'"),
        (2.7, "must be a whole number >= 1, not '2.7'"),
        ([5], "must be text or a number"),
    ],
)
def test_a_bad_model_number_is_422_naming_the_field(
    live_server: LiveServer, number: Any, message: str
) -> None:
    """Found by an audit: a model number of "five", 0 or 2.7 silently became 1 or 2 models."""
    doc = json.loads((FIXTURES / "glasswright.json").read_bytes())
    unit = doc["roster"]["forces"][0]["selections"][2]
    unit["selections"][0]["number"] = number
    r = _post(live_server, "g.json", json.dumps(doc).encode())
    assert r.status_code == 422, r.text
    body = r.json()
    field = "roster.forces[0].selections[2].selections[0].number"
    assert body["code"] == "roster/bad_value" and body["detail"]["field"] == field
    assert body["message"].endswith(f"{field}: {message}")


def test_a_file_over_4_mib_of_leading_spaces_is_too_large(live_server: LiveServer) -> None:
    """Found by an audit: the route read 4 MiB + 1 of spaces and answered roster/empty."""
    data = b" " * (5 * 1024 * 1024) + (FIXTURES / "glasswright.ros").read_bytes()
    r = _post(live_server, "g.ros", data)
    assert r.status_code == 422 and r.json()["code"] == "roster/too_large"


def test_a_game_of_an_army_with_a_base_unknown_is_refused_until_given(
    live_server: LiveServer,
) -> None:
    """Found by an audit: the API made a game of such an army, and the vehicle whose base the
    import asked for stood on a 32 mm base. The page asks; the API now refuses, naming it."""
    data = (FIXTURES / "glasswright.ros").read_bytes()
    army = _post(live_server, "g.ros", data).json()
    missing = army["missing_bases"][0]
    unit = next(i for i, u in enumerate(army["units"]) if u["id"] == missing["unit_id"])
    demo = {"demo": 0}
    body = {"system": "wh40k-10e", "armies": {"p1": demo, "p2": army}}
    r = httpx.post(f"{live_server.base}/api/games", json=body, timeout=20)
    assert r.status_code == 422, r.text
    assert r.json()["code"] == "setup/invalid"
    assert r.json()["detail"]["field"] == f"armies.p2.units[{unit}].models[0].base"
    assert missing["model"] in r.json()["message"]
    answers = {m["model"]: 100 for m in army["missing_bases"]}
    given = _post(live_server, "g.ros", data, bases=json.dumps(answers)).json()
    assert given["missing_bases"] == []
    body["armies"]["p2"] = given
    r = httpx.post(f"{live_server.base}/api/games", json=body, timeout=20)
    assert r.status_code == 201, r.text
