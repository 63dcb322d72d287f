"""Creating games of every system: a field the system does not take (a typo, a
sandbox-style ``setup``, a ``name``) is refused 422 naming it, not stored and ignored (found by an
adversarial audit); every field the lobby sends is still accepted."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.support.server import LiveServer
from vantage.app.create_options import MAX_FIELD_NAME
from vantage.engine.errors import Rejection
from vantage.rules import find_ruleset

LONG = "n" * 200_000


def _create(server: LiveServer, body: dict[str, Any]) -> httpx.Response:
    return httpx.post(f"{server.base}/api/games", json=body, timeout=30)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"system": "wh40k-10e", "setup": {"table": {"width": 0}}}, "setup"),
        ({"system": "wh40k-10e", "stict": False}, "stict"),
        ({"system": "wh40k-10e", "strict": True, "name": LONG}, "name"),
        ({"system": "death-angel", "setup": "x"}, "setup"),
        ({"system": "death-angel", "seats": 2, "seat": 3}, "seat"),
        ({"system": "death-angel", "name": LONG}, "name"),
        ({"system": "sandbox", "name": LONG}, "name"),
        ({"system": "wh40k-9e", "setup": None, "seats": 2}, "seats"),
        ({"system": "deathmatch", "armies": {}}, "armies"),
    ],
)
def test_an_option_the_system_does_not_take_is_422_naming_it(
    live_server: LiveServer, body: dict[str, Any], field: str
) -> None:
    r = _create(live_server, body)
    assert r.status_code == 422, r.text
    answer = r.json()
    assert answer["code"] == "request/invalid" and answer["detail"] == {"field": field}
    assert answer["message"].startswith(f"{field}: not an option of a {body['system']} game")
    assert len(r.content) < 1000  # a huge value is not echoed back


def test_a_huge_unknown_field_name_is_quoted_short(live_server: LiveServer) -> None:
    r = _create(live_server, {"system": "death-angel", LONG: 1})
    assert r.status_code == 422
    field = r.json()["detail"]["field"]
    assert field == "n" * MAX_FIELD_NAME + "…" and len(r.content) < 1000


def test_a_bad_value_is_still_setup_invalid(live_server: LiveServer) -> None:
    r = _create(live_server, {"system": "wh40k-10e", "strict": "yes"})
    assert (r.status_code, r.json()["code"], r.json()["detail"]["field"]) == (
        422,
        "setup/invalid",
        "strict",
    )


@pytest.mark.parametrize(
    "body",
    [
        # what the lobby sends (frontend/src/ui/home-page.tsx, wh40k/new-game-options.tsx)
        {
            "system": "wh40k-10e",
            "armies": {"p1": {"demo": 0}, "p2": {"demo": 1}},
            "layout": "open-field",
            "strict": False,
            "battle_size": "strike_force",
        },
        # and every other documented option (docs/wh40k10e.md "Creating a game")
        {"system": "wh40k-10e", "objectives": "layout", "starting_cp": 3, "layout": "ruined-city"},
        {"system": "wh40k-10e"},
        {"system": "death-angel", "seats": 3},
        {"system": "death-angel"},
    ],
)
def test_every_documented_option_is_accepted(live_server: LiveServer, body: dict[str, Any]) -> None:
    r = _create(live_server, body)
    assert r.status_code == 201, r.text


@pytest.mark.parametrize(
    ("system", "stored"),
    [
        ("wh40k-10e", {"strict": True, "note": "old"}),
        ("death-angel", {"seats": 2, "name": "x"}),
        ("sandbox", {"name": "x"}),
    ],
)
def test_a_stored_games_extra_fields_do_not_lock_it_out(
    system: str, stored: dict[str, Any]
) -> None:
    """``parse_setup`` also reads stored games and exports: only a new game is refused, by
    ``GameService.create`` before it parses the request."""
    ruleset = find_ruleset(system)
    assert ruleset is not None
    setup = ruleset.parse_setup(stored)
    assert not isinstance(setup, Rejection) and ruleset.check_new_setup(setup) is None
