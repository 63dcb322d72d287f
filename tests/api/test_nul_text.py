"""Text no game can store (the NUL character: PostgreSQL's text columns refuse it) is refused
with its path on both databases, never a 500 or a dropped connection."""

from __future__ import annotations

import httpx

from tests.support.client import Seat, create_game, move
from tests.support.server import LiveServer
from vantage.rules.sandbox.presets import demo_table


def _setup(player: str = "p1", unit: str = "u1") -> dict[str, object]:
    return {
        "table": {"width": 60, "depth": 44},
        "players": [player, "p2"],
        "units": [{"id": unit, "player": player}],
        "models": [
            {
                "id": "m1",
                "unit": unit,
                "x": 10,
                "y": 10,
                "base": {"shape": "circle", "diameter_mm": 32},
            }
        ],
    }


def test_a_nul_in_a_new_game_is_refused_at_its_path(live_server: LiveServer) -> None:
    for body, field in (
        ({"system": "sandbox", "setup": _setup(player="p\x001")}, "setup.players[0]"),
        ({"system": "sandbox", "setup": _setup(unit="u\x00")}, "setup.units[0].id"),
        ({"system": "sandbox", "started_by": "x\x00"}, "started_by"),
    ):
        r = httpx.post(f"{live_server.base}/api/games", json=body)
        assert r.status_code == 422, r.text
        assert r.json()["code"] == "request/invalid"
        assert r.json()["detail"]["field"] == field
        assert "NUL" in r.json()["message"]


def test_a_nul_in_an_intent_id_is_refused_and_the_socket_stays(live_server: LiveServer) -> None:
    game = create_game(live_server, {"system": "sandbox", "setup": _setup()})
    with Seat(live_server, game["id"], game["seats"][0]["token"]) as seat:
        seat.recv_until("snapshot")
        seat.send(
            {"type": "intent", "intent_id": "a\x00b", "expected_v": 0, "cmd": move("m1", 12, 12)}
        )
        refusal = seat.recv_until("rejected")
        assert (refusal["code"], refusal["detail"]["field"]) == ("message/invalid", "intent_id")
        assert refusal["intent_id"] == "a\x00b"
        intent = seat.intent(move("m1", 14, 12), 0)
        ack = seat.recv_until("ack")
        assert (ack["intent_id"], ack["v"]) == (intent, 1)


def test_a_game_id_that_no_game_can_have_is_not_found(live_server: LiveServer) -> None:
    game = create_game(live_server, {"system": "sandbox", "setup": demo_table()})
    token = game["seats"][0]["token"]
    for path in ("/api/games/a%00b", "/api/games/a%00b/export", f"/api/games/{game['id']}x"):
        r = httpx.get(f"{live_server.base}{path}", params={"token": token})
        assert (r.status_code, r.json()["code"]) == (404, "game/not_found"), path
    with Seat(live_server, "a%00b", token) as seat:
        assert seat.recv()["code"] == "game/not_found"
