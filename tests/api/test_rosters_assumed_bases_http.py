"""POST /api/rosters says which bases it assumed from base_sizes.json (walkthrough s15/h4 #16
"Imported bases": Cog Walker 60 mm via ``*walker*`` was filled in silently), as a derived field
``assumed_bases`` like ``missing_bases``: not part of the army JSON nor of its digest."""

from __future__ import annotations

import json
from pathlib import Path

import httpx

from tests.support.server import LiveServer
from vantage.rosters.army_json import army_from_json

FIXTURES = Path(__file__).resolve().parents[1] / "rosters" / "fixtures"


def _post(server: LiveServer, bases: dict[str, object] | None = None) -> dict:
    path = FIXTURES / "glasswright.ros"
    extra = {"data": {"bases": json.dumps(bases)}} if bases is not None else {}
    r = httpx.post(
        f"{server.base}/api/rosters",
        files={"file": (path.name, path.read_bytes())},
        timeout=20,
        **extra,  # type: ignore[arg-type]
    )
    assert r.status_code == 200, r.text
    return r.json()


def test_the_import_lists_the_bases_it_assumed_and_by_which_rule(live_server: LiveServer) -> None:
    army = _post(live_server)
    assumed = {a["model"]: a for a in army["assumed_bases"]}
    assert assumed["Glint Rider"]["base"] == {"shape": "oval", "length_mm": 90, "width_mm": 52}
    assert assumed["Glint Rider"]["rule"] == "keywords MOUNTED"
    assert assumed["Luminarch Veyra"]["rule"] == "keywords CHARACTER INFANTRY"
    assert assumed["Shard Warden"]["base"] == {"shape": "circle", "diameter_mm": 32}
    # The model with no base the table knows is asked, not assumed.
    assert "Prism Strider" not in assumed
    assert [m["model"] for m in army["missing_bases"]] == ["Prism Strider"]
    # A derived field: the army read back is the same army, with the same digest.
    assert army_from_json(army).digest() == army["digest"]


def test_a_base_the_player_gave_is_not_listed_as_assumed(live_server: LiveServer) -> None:
    plain = _post(live_server)
    army = _post(live_server, {"Glint Rider": {"length_mm": 100, "width_mm": 60}})
    assert "Glint Rider" not in {a["model"] for a in army["assumed_bases"]}
    assert len(army["assumed_bases"]) == len(plain["assumed_bases"]) - 1
