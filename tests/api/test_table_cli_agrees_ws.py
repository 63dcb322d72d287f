"""One set-up, two interfaces: ``vantage scenario run`` and a live table game's websocket
queries answer the same for the same positions (scenario-format.md, opening: "the same file must
give the same answers through the CLI, through the server's query messages, and in the browser's
tools"). The Deathmatch fighters give no ``height``, so both must stand them 40 mm tall
(scenario-format.md, Deathmatch; deathmatch.md §3.3 [L271]); games once used the engine's 1.6".
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.support.client import Seat, create_game
from tests.support.server import LiveServer
from vantage.rules.common.deathmatch import SILHOUETTE_HEIGHT

R15 = 15 / 25.4  # a 30 mm base's radius in inches

SETUP: dict[str, Any] = {
    "table": {"width": 32, "depth": 24},
    "players": ["p1", "p2"],
    "units": [
        {"id": "D", "player": "p1", "name": "Heroes"},
        {"id": "E", "player": "p2", "name": "Foes"},
    ],
    "models": [
        # d1 on the ground; e1 on the house's floor 3" up, its base 0.5" across from d1's
        {"id": "d1", "unit": "D", "base": {"shape": "circle", "diameter_mm": 30}, "x": 2, "y": 5},
        {
            "id": "e1",
            "unit": "E",
            "base": {"shape": "circle", "diameter_mm": 30},
            "x": 2 + 2 * R15 + 0.5,
            "y": 5,
            "z": 3,
            "facing": 180,
            "melee_range": 2,
        },
        # in the open, facing each other 1" apart; d3 turned away from e2
        {
            "id": "d2",
            "unit": "D",
            "base": {"shape": "circle", "diameter_mm": 30},
            "x": 14,
            "y": 12,
            "melee_range": 1,
        },
        {
            "id": "e2",
            "unit": "E",
            "base": {"shape": "circle", "diameter_mm": 30},
            "x": 15 + 2 * R15,
            "y": 12,
            "facing": 180,
        },
        {
            "id": "d3",
            "unit": "D",
            "base": {"shape": "circle", "diameter_mm": 30},
            "x": 14,
            "y": 20,
            "facing": 270,
        },
    ],
    "terrain": [
        {
            "id": "h1",
            "kind": "house",
            "polygon": [[3, 3], [7, 3], [7, 7], [3, 7]],
            "height": 3,
            "floors": [3],
        },
        {"id": "f1", "kind": "forest", "polygon": [[20, 8], [24, 8], [24, 16], [20, 16]]},
    ],
    "objectives": [],
}

QUERIES: list[dict[str, Any]] = [
    {"id": "dist_up", "type": "distance", "a": "d1", "b": "e1"},
    {"id": "within_up", "type": "within", "a": "d1", "b": "e1", "range": 1.5},
    {"id": "dist_flat", "type": "distance", "a": "d2", "b": "e2"},
    {"id": "seen_up", "type": "visible", "observer": "d1", "target": "e1"},
    {"id": "seen_down", "type": "visible", "observer": "e1", "target": "d1"},
    {"id": "seen_flat", "type": "visible", "observer": "d2", "target": "e2"},
    {"id": "cover_flat", "type": "cover", "observer": "d2", "target": "e2"},
    {"id": "arc_d3", "type": "in_arc", "observer": "d3", "target": "e2"},
    {"id": "melee", "type": "engagement", "a": "d2", "b": "e2"},
    {"id": "melee_up", "type": "engagement", "a": "e1", "b": "d1"},
]


def _cli_answers(tmp_path: Path) -> dict[str, Any]:
    path = tmp_path / "scenario.json"
    path.write_text(
        json.dumps(
            {"format": "vantage-scenario/1", "system": "deathmatch", **SETUP, "queries": QUERIES}
        )
    )
    run = subprocess.run(
        [sys.executable, "-m", "vantage.cli", "scenario", "run", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    results: dict[str, Any] = json.loads(run.stdout)["results"]
    return results


def _ask(seat: Seat, q: dict[str, Any], req_id: int) -> Any:
    seat.send({"type": "query", "req_id": req_id, "q": q})
    while True:
        msg = seat.recv()
        if msg.get("req_id") == req_id:
            assert msg["type"] != "error", msg
            return msg["a"]


def test_cli_and_a_live_deathmatch_table_give_the_same_answers(
    live_server: LiveServer, tmp_path: Path
) -> None:
    cli = _cli_answers(tmp_path)
    # 0.5" across; up from the top of d1's 40 mm silhouette to e1's base 3" up
    assert cli["dist_up"] == pytest.approx((0.5**2 + (3 - SILHOUETTE_HEIGHT) ** 2) ** 0.5, abs=1e-4)
    game = create_game(live_server, {"system": "deathmatch", "setup": SETUP})
    with Seat(live_server, game["id"], game["seats"][0]["token"]) as seat:
        seat.recv_until("snapshot")
        for i, q in enumerate(QUERIES, start=1):
            asked = {k: v for k, v in q.items() if k != "id"}
            live = _ask(seat, asked, i)
            expected = cli[q["id"]]
            if isinstance(expected, float):
                assert live == pytest.approx(expected, abs=1e-4), q["id"]
            else:
                assert live == expected, q["id"]
        # the ruler's measure (the browser's tool) gives the same distance
        ruler = _ask(seat, {"type": "measure", "a": "d1", "b": "e1"}, 99)
        assert ruler["distance"] == pytest.approx(cli["dist_up"], abs=1e-4)


@pytest.mark.parametrize("system", ["deathmatch", "wh40k-9e", "wh40k-8e", "sandbox"])
def test_a_game_table_has_the_scenario_interfaces_heights(system: str) -> None:
    """Each table system's game reads a set-up as ``scenario run`` does (its defaults
    included): every model stands as tall in both."""
    from vantage.rules import find_ruleset
    from vantage.scenario.queries import with_system_defaults
    from vantage.scenario.schema import parse_scenario

    rules = find_ruleset(system)
    assert rules is not None
    game_table = rules.parse_setup({"setup": SETUP})
    raw = {"format": "vantage-scenario/1", "system": system, **SETUP, "queries": []}
    cli_table = with_system_defaults(parse_scenario(raw)).table
    heights = {m.id: m.height for m in game_table.models.values()}
    assert heights == {m.id: m.height for m in cli_table.models.values()}
    if system == "deathmatch":
        assert set(heights.values()) == {SILHOUETTE_HEIGHT}
