"""The HTTP API on a real server: creating games, views, and bad input (never a 500)."""

from __future__ import annotations

import httpx
import pytest

from tests.support.client import create_game
from tests.support.server import LiveServer
from vantage.rules.sandbox.presets import demo_table


def test_health_and_openapi(live_server: LiveServer) -> None:
    assert httpx.get(f"{live_server.base}/api/health").json() == {"status": "ok"}
    assert httpx.get(f"{live_server.base}/openapi.json").status_code == 200


def test_create_game_gives_two_seats_and_a_spectator(live_server: LiveServer) -> None:
    game = create_game(live_server, {"system": "sandbox", "setup": demo_table()})
    assert [s["player"] for s in game["seats"]] == ["p1", "p2"]
    tokens = {s["token"] for s in game["seats"]} | {game["spectator"]["token"]}
    assert len(tokens) == 3
    assert game["seats"][0]["url"].endswith(f"/play/{game['id']}?token={game['seats'][0]['token']}")
    view = httpx.get(
        f"{live_server.base}/api/games/{game['id']}", params={"token": game["spectator"]["token"]}
    ).json()
    assert view["v"] == 0 and view["viewer"] == {"player": None, "role": "spectator"}
    assert len(view["state"]["models"]) == len(demo_table()["models"])


def test_create_game_without_setup_is_an_empty_table(live_server: LiveServer) -> None:
    game = create_game(live_server, {"system": "sandbox"})
    view = httpx.get(
        f"{live_server.base}/api/games/{game['id']}", params={"token": game["seats"][0]["token"]}
    ).json()
    assert view["state"]["table"] == {"width": 60, "depth": 44}
    assert view["state"]["models"] == []
    assert view["viewer"] == {"player": "p1", "role": "player"}


def test_wrong_token_is_403_and_unknown_game_404(live_server: LiveServer) -> None:
    game = create_game(live_server, {"system": "sandbox"})
    r = httpx.get(f"{live_server.base}/api/games/{game['id']}", params={"token": "nope"})
    assert (r.status_code, r.json()["code"]) == (403, "auth/bad_token")
    r = httpx.get(f"{live_server.base}/api/games/gmissing", params={"token": "nope"})
    assert (r.status_code, r.json()["code"]) == (404, "game/not_found")


def _bad_model_setup() -> dict[str, object]:
    setup = demo_table()
    setup["models"][3]["base"] = {"shape": "circle", "diameter_mm": -5}  # type: ignore[index]
    return setup


def _small_table(a2_x: float = 8, piece: list[list[float]] | None = None) -> dict[str, object]:
    """A 30"×20" table with two 32 mm models at y = 5 (a1 at x = 5) and maybe one ruin."""
    base = {"shape": "circle", "diameter_mm": 32}
    return {
        "table": {"width": 30, "depth": 20},
        "players": ["p1"],
        "units": [{"id": "A", "player": "p1", "name": "Alpha Squad"}],
        "models": [
            {"id": "a1", "unit": "A", "base": base, "x": 5, "y": 5},
            {"id": "a2", "unit": "A", "base": base, "x": a2_x, "y": 5},
        ],
        "terrain": []
        if piece is None
        else [{"id": "t1", "kind": "ruins", "name": "Chapel ruin", "polygon": piece}],
    }


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"system": "chess"}, "system"),
        ({"system": "sandbox", "setup": _bad_model_setup()}, "setup.models[3].base.diameter_mm"),
        ({"system": "sandbox", "setup": {"table": {"width": 60}}}, "setup.table.depth"),
        (
            {
                "system": "sandbox",
                "setup": {
                    "table": {"width": 60, "depth": 44},
                    "players": ["p1"],
                    "units": [{"id": "A", "player": "p9"}],
                },
            },
            "setup.units[0].player",
        ),
        ({"system": "sandbox", "setup": "a string"}, "setup"),
        # a base past the table's edge, as a drag there would be refused
        (
            {
                "system": "deathmatch",
                "setup": {
                    "table": {"width": 30, "depth": 20},
                    "players": ["p1"],
                    "units": [{"id": "A", "player": "p1"}],
                    "models": [
                        {
                            "id": "a1",
                            "unit": "A",
                            "base": {"shape": "circle", "diameter_mm": 32},
                            "x": 5,
                            "y": 5,
                        },
                        {
                            "id": "a2",
                            "unit": "A",
                            "base": {"shape": "circle", "diameter_mm": 32},
                            "x": 5,
                            "y": 19.5,
                        },
                    ],
                },
            },
            "setup.models[1].y",
        ),
        # two bases overlapping, and terrain past the edge (rules decision 22)
        ({"system": "wh40k-9e", "setup": _small_table(a2_x=5.5)}, "setup.models[1]"),
        (
            {"system": "wh40k-8e", "setup": _small_table(piece=[[25, 2], [31, 2], [31, 8]])},
            "setup.terrain[0].polygon[1]",
        ),
        # found by fuzzing: each was a 500
        ({"system": "wh40k-10e", "battle_size": []}, "battle_size"),
        ({"system": "wh40k-10e", "battle_size": {}}, "battle_size"),
        ({"system": "wh40k-10e", "objectives": ["place"]}, "objectives"),
    ],
)
def test_invalid_setup_is_422_naming_the_field(
    live_server: LiveServer, body: dict[str, object], field: str
) -> None:
    r = httpx.post(f"{live_server.base}/api/games", json=body)
    assert r.status_code == 422
    assert r.json()["detail"]["field"] == field
    assert field in r.json()["message"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{not json", "the body is not valid JSON (at character 1)"),
        (b"[1,2]", "the body must be a JSON object"),
        (b"null", "the body must be a JSON object"),
        (b"\xff\xfe", "the body is not valid JSON (at character 0)"),
    ],
)
def test_malformed_bodies_are_422_not_500(
    live_server: LiveServer, content: bytes, message: str
) -> None:
    """The body as a whole is named (field ""), in words: not pydantic's "[1]" or "valid
    dictionary"."""
    r = httpx.post(
        f"{live_server.base}/api/games",
        content=content,
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 422
    assert r.json() == {"code": "request/invalid", "message": message, "detail": {"field": ""}}


@pytest.mark.parametrize(
    "content",
    [
        b'{"system": "sandbox", "x": NaN}',
        b'{"system": "death-angel", "note": {"deep": [Infinity]}}',
        b'{"system": "death-angel", "seats": 1e999}',
    ],
)
def test_non_finite_numbers_anywhere_are_refused(live_server: LiveServer, content: bytes) -> None:
    """A request is stored with its game and exported as JSON, which has no NaN: such a number,
    even in a field the system ignores, is refused and named (fuzzing found the export's 500)."""
    r = httpx.post(
        f"{live_server.base}/api/games",
        content=content,
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 422, r.text
    assert r.json()["detail"]["field"] in ("x", "note.deep[0]", "seats")
    assert "finite" in r.json()["message"]


def test_huge_body_is_413(live_server: LiveServer) -> None:
    r = httpx.post(
        f"{live_server.base}/api/games",
        content=b"x" * (9 * 1024 * 1024),
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 413


def test_pages_are_served(live_server: LiveServer) -> None:
    for path in ("/", "/play/gsomething"):
        r = httpx.get(f"{live_server.base}{path}")
        assert r.status_code == 200 and "<" in r.text


@pytest.mark.parametrize("system", ["sandbox", "wh40k-9e", "wh40k-8e", "deathmatch"])
def test_overlapping_bases_are_422_naming_both_models(live_server: LiveServer, system: str) -> None:
    """Rules decision 22, on every table system with a free set-up."""
    r = httpx.post(
        f"{live_server.base}/api/games",
        json={"system": system, "setup": _small_table(a2_x=5.5)},
    )
    assert (r.status_code, r.json()["code"]) == (422, "setup/invalid")
    assert r.json()["detail"] == {"field": "setup.models[1]", "model": "a2", "other": "a1"}
    assert "Alpha Squad #2 would overlap Alpha Squad #1" in r.json()["message"]


def test_tangent_bases_and_terrain_on_the_edge_are_accepted(live_server: LiveServer) -> None:
    """Bases whose centres are exactly a diameter apart touch; a piece whose corners lie on the
    table's edges is on the table."""
    edge_piece = [[0, 0], [30, 0], [30, 2], [0, 2]]
    setup = _small_table(a2_x=5 + 32 / 25.4, piece=edge_piece)
    game = create_game(live_server, {"system": "deathmatch", "setup": setup})
    view = httpx.get(
        f"{live_server.base}/api/games/{game['id']}", params={"token": game["seats"][0]["token"]}
    ).json()
    assert len(view["state"]["models"]) == 2 and len(view["state"]["terrain"]) == 1


def test_terrain_partly_off_the_table_is_422_naming_the_piece(live_server: LiveServer) -> None:
    r = httpx.post(
        f"{live_server.base}/api/games",
        json={"system": "sandbox", "setup": _small_table(piece=[[20, 18], [24, 18], [24, 21]])},
    )
    assert (r.status_code, r.json()["code"]) == (422, "setup/invalid")
    assert r.json()["detail"] == {"field": "setup.terrain[0].polygon[2]", "terrain": "t1"}
    assert "Chapel ruin would reach past the table's edge" in r.json()["message"]


def test_every_preset_offered_is_accepted(live_server: LiveServer) -> None:
    """Each preset ``GET /api/setups`` offers (the demo game of ``make run`` among them)
    creates a game under the new-set-up checks (rules decisions 20 and 22)."""
    systems = httpx.get(f"{live_server.base}/api/systems").json()
    tried = 0
    for system in (s["name"] for s in systems if s["table"]):
        presets = httpx.get(f"{live_server.base}/api/setups", params={"system": system}).json()
        for preset in presets:
            create_game(live_server, {"system": system, "setup": preset["setup"]})
            tried += 1
    assert tried >= 8  # empty and demo for sandbox, 9th, 8th, Deathmatch
