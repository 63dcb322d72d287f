"""Creating Death Angel games: 1 to 6 seats, anything else is a 422 naming the field."""

from __future__ import annotations

import httpx
import pytest

from tests.support.server import LiveServer


@pytest.mark.parametrize("seats", [1, 6])
def test_seat_count_gives_that_many_links(live_server: LiveServer, seats: int) -> None:
    r = httpx.post(f"{live_server.base}/api/games", json={"system": "death-angel", "seats": seats})
    assert r.status_code == 201
    assert [s["player"] for s in r.json()["seats"]] == [f"p{i + 1}" for i in range(seats)]
    assert r.json()["spectator"]["token"]


@pytest.mark.parametrize("seats", [0, 7, -1, "two", 2.5, None, True])
def test_other_seat_counts_are_422(live_server: LiveServer, seats: object) -> None:
    r = httpx.post(f"{live_server.base}/api/games", json={"system": "death-angel", "seats": seats})
    assert r.status_code == 422, r.text
    assert r.json()["detail"]["field"] == "seats"
