"""Input no game can store or answer is refused with its path on both databases, never a 500 or
a dropped connection: the NUL character (PostgreSQL's text columns refuse it), unpaired
surrogates (no UTF-8 answer carries them), nesting deeper than any request needs."""

from __future__ import annotations

import json

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


def _nested(levels: int) -> str:
    """A list nested ``levels`` deep, as JSON text (deeper than ``json.dumps`` goes)."""
    return "[" * levels + "]" * levels


def test_surrogates_deep_nesting_and_odd_marks_are_refused_at_their_path(
    live_server: LiveServer,
) -> None:
    """Found by an audit: these were 500s, one of them (a surrogate in ``started_by``) for
    every later export of the game."""
    for body, field in (
        ({"system": "sandbox", "\ud800": 1}, "\\ud800"),
        ({"system": "sandbox", "setup": _setup(player="\ud800")}, "setup.players[0]"),
        ({"system": "sandbox", "started_by": "\udfff"}, "started_by"),
        ({"system": "sandbox", "started_by": {"who": "me"}}, "started_by"),
        ('{"system": "sandbox", "started_by": ' + _nested(945) + "}", "started_by" + "[0]" * 32),
        (
            '{"system": "sandbox", "setup": {"units": ' + _nested(960) + "}}",
            "setup.units" + "[0]" * 31,
        ),
        ({"system": "wh40k-10e", "armies": {"p3": {"demo": 0}}}, "armies.p3"),
        ({"system": "wh40k-10e", "armies": {"p1": {"demo": True}}}, "armies.p1.demo"),
    ):
        # surrogates as \\ud800 escapes, as a browser may send them
        text = body if isinstance(body, str) else json.dumps(body)
        headers = {"content-type": "application/json"}
        r = httpx.post(f"{live_server.base}/api/games", content=text, headers=headers)
        assert r.status_code == 422, (field, r.text)
        assert r.json()["detail"]["field"] == field
