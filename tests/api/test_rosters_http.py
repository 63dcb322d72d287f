"""POST /api/rosters on a real server: the three formats agree; hostile files are 422."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

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
