"""Socket limits per link and per game, and games forgotten while idle, on a real server
(SQLite and PostgreSQL; audit findings 6 and 7)."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from tests.support.client import Seat, create_game, move
from tests.support.postgres import create_database
from tests.support.server import LiveServer
from vantage.rules.sandbox.presets import demo_table

CLOSE_TOO_MANY = 4429
LIMITS = {
    "VANTAGE_SOCKETS_PER_SPECTATOR_LINK": "3",
    "VANTAGE_SOCKETS_PER_GAME": "12",
    "VANTAGE_GAME_IDLE_SECONDS": "0.5",
}
"""Seats keep the default of 8; a short idle time lets the test see a game forgotten."""


@pytest.fixture(scope="module", params=["sqlite", pytest.param("pg", marks=pytest.mark.pg)])
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    if request.param == "sqlite":
        url = f"sqlite+aiosqlite:///{Path(tmp_path_factory.mktemp('limits')) / 'v.db'}"
    else:
        admin = request.getfixturevalue("pg_admin_url")
        url = create_database(admin, f"limits_{uuid.uuid4().hex[:12]}")
    live = LiveServer(url, env=LIMITS).start()
    yield live
    live.stop()


def _open(server: LiveServer, game: dict[str, Any], token: str) -> Seat:
    seat = Seat(server, game["id"], token)
    assert seat.recv()["type"] == "welcome"
    return seat


def _refused(server: LiveServer, game: dict[str, Any], token: str) -> dict[str, Any]:
    seat = Seat(server, game["id"], token)
    refusal = seat.recv()
    with pytest.raises(ConnectionClosed) as closed:
        seat.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == CLOSE_TOO_MANY
    seat.close()
    return refusal


def _metrics(server: LiveServer) -> dict[str, Any]:
    data: dict[str, Any] = httpx.get(f"{server.base}/api/metrics", timeout=10).json()
    return data


def test_the_ninth_socket_of_a_seat_is_refused_and_the_first_eight_still_play(
    server: LiveServer,
) -> None:
    game = create_game(server, {"system": "sandbox", "setup": demo_table()})
    p1_token = game["seats"][0]["token"]
    with ExitStack() as stack:
        eight = [stack.enter_context(_open(server, game, p1_token)) for _ in range(8)]
        for seat in eight:
            assert seat.recv()["type"] == "snapshot"
        refusal = _refused(server, game, p1_token)
        assert refusal["type"] == "rejected" and refusal["code"] == "connection/too_many"
        assert refusal["detail"] == {"limit": 8, "scope": "seat"}
        # the other seat is not counted against this one
        p2 = stack.enter_context(_open(server, game, game["seats"][1]["token"]))
        assert p2.recv()["type"] == "snapshot"
        intent_id = eight[-1].intent(move("w1", 10.0, 9.0), expected_v=0)
        assert eight[-1].recv_until("ack") == {"type": "ack", "intent_id": intent_id, "v": 1}
        for seat in [*eight[:-1], p2]:  # the mover had its event before its ack
            assert seat.recv_until("event")["v"] == 1
    # once they are closed, the seat may connect again
    with _open(server, game, p1_token) as again:
        assert again.recv()["v"] == 1


def test_the_spectator_link_and_the_game_have_their_own_caps(server: LiveServer) -> None:
    game = create_game(server, {"system": "sandbox", "setup": demo_table()})
    spectator = game["spectator"]["token"]
    p1, p2 = (s["token"] for s in game["seats"])
    with ExitStack() as stack:
        watching = [stack.enter_context(_open(server, game, spectator)) for _ in range(3)]
        snapshots = [seat.recv() for seat in watching]
        assert all(s == snapshots[0] and s["type"] == "snapshot" for s in snapshots)
        assert _refused(server, game, spectator)["detail"] == {"limit": 3, "scope": "spectator"}
        for token in [p1] * 8 + [p2]:
            stack.enter_context(_open(server, game, token))
        assert _refused(server, game, p2)["detail"] == {"limit": 12, "scope": "game"}


def test_a_forgotten_game_reloads_with_its_state_and_version_and_plays_on(
    server: LiveServer,
) -> None:
    game = create_game(server, {"system": "sandbox", "setup": demo_table()})
    p1, p2 = (s["token"] for s in game["seats"])
    with _open(server, game, p1) as seat:
        seat.recv()
        seat.intent(move("w1", 10.0, 9.0), expected_v=0)
        seat.recv_until("ack")
        seat.intent(move("w2", 12.0, 9.0), expected_v=1)
        seat.recv_until("ack")
    with _open(server, game, p2) as seat:
        held = seat.recv()
    assert held["v"] == 2
    deadline = time.monotonic() + 30
    while _metrics(server)["games_held"] and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _metrics(server)["games_held"] == 0, "the idle games were not forgotten"
    with _open(server, game, p2) as p2_seat, _open(server, game, p1) as p1_seat:
        reloaded = p2_seat.recv()
        assert reloaded == held  # the same version and the same view of the state
        assert p1_seat.recv()["v"] == 2
        intent_id = p1_seat.intent(move("w1", 10.0, 14.0), expected_v=2)
        assert p1_seat.recv_until("ack") == {"type": "ack", "intent_id": intent_id, "v": 3}
        assert p2_seat.recv_until("event")["v"] == 3


def test_one_client_address_holds_at_most_its_cap_over_all_games(tmp_path: Path) -> None:
    """Security audit s14 #2: games are free to create, so the per-link and per-game caps did
    not bound one client (2,720 sockets over 10 games). The cap per client address counts every
    game; a socket closed frees its place."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'v.db'}"
    live = LiveServer(url, env={"VANTAGE_SOCKETS_PER_CLIENT": "5"}).start()
    try:
        games = [create_game(live, {"system": "sandbox"}) for _ in range(3)]
        links = [(g, t) for g in games for t in (g["seats"][0]["token"], g["spectator"]["token"])]
        with ExitStack() as stack:
            held = [stack.enter_context(_open(live, game, token)) for game, token in links[:5]]
            assert _metrics(live)["sockets"] == 5
            refusal = _refused(live, games[2], games[2]["seats"][1]["token"])
            assert refusal["code"] == "connection/too_many"
            assert refusal["detail"] == {"limit": 5, "scope": "client"}
            held[0].close()
            deadline = time.monotonic() + 10
            while _metrics(live)["sockets"] > 4 and time.monotonic() < deadline:
                time.sleep(0.05)
            with _open(live, games[2], games[2]["seats"][1]["token"]) as again:
                assert again.recv()["type"] == "snapshot"
    finally:
        live.stop()
