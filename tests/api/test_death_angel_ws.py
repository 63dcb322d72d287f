"""Whole Death Angel games between scripted clients over real websockets (1, 4 and 6 players),
then the exported game verifies from its revealed seed."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.client import Seat
from tests.support.server import LiveServer
from vantage.rules.death_angel.bot import choose

MAX_COMMANDS = 4000


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    url = f"sqlite+aiosqlite:///{tmp_path_factory.mktemp('da') / 'da.db'}"
    live = LiveServer(url).start()
    yield live
    live.stop()


def _view(http: httpx.Client, game_id: str, token: str) -> dict[str, Any]:
    r = http.get(f"/api/games/{game_id}", params={"token": token})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def _play(server: LiveServer, seats: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """Every seat is a bot with its own socket; returns the final view and the game links."""
    with httpx.Client(base_url=server.base, timeout=20) as http:
        game = http.post("/api/games", json={"system": "death-angel", "seats": seats}).json()
        links = {s["player"]: s["token"] for s in game["seats"]}
        sockets = {p: Seat(server, game["id"], t) for p, t in links.items()}
        try:
            for sock in sockets.values():
                assert sock.recv()["type"] == "welcome"
            public = _view(http, game["id"], game["spectator"]["token"])
            for n in range(MAX_COMMANDS):
                if public["state"]["outcome"]:
                    return public, game
                waiting = public["state"]["pending"]["players"]
                assert waiting, "nobody can act, but the game is not over"
                for player in waiting:
                    view = _view(http, game["id"], links[player])
                    cmd = choose(view["state"], player)
                    if cmd is None:
                        continue
                    expected = None if cmd["type"] == "select_actions" else view["v"]
                    answer = _answer(sockets[player], sockets[player].intent(cmd, expected))
                    assert answer["type"] == "ack", (n, cmd, answer)
                    break
                else:
                    raise AssertionError(f"no waiting player had a command: {waiting}")
                public = _view(http, game["id"], game["spectator"]["token"])
            raise AssertionError("the game did not end")
        finally:
            for sock in sockets.values():
                sock.close()


def _answer(sock: Seat, intent_id: str) -> dict[str, Any]:
    while True:
        msg = sock.recv(timeout=10)
        if msg["type"] in ("ack", "rejected") and msg.get("intent_id") == intent_id:
            return msg


@pytest.mark.slow
@pytest.mark.parametrize("seats", [1, 4, 6])
def test_scripted_clients_play_a_whole_game(server: LiveServer, seats: int, tmp_path: Path) -> None:
    final, game = _play(server, seats)
    assert final["state"]["outcome"] in ("won", "lost")
    token = game["spectator"]["token"]
    exported = httpx.get(
        f"{server.base}/api/games/{game['id']}/export", params={"token": token}, timeout=20
    ).json()
    assert exported["over"] and exported["dice"]["seed"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(exported))
    verdict = subprocess.run(
        [sys.executable, "-m", "vantage", "verify", str(path)], capture_output=True, text=True
    )
    assert verdict.returncode == 0, verdict.stderr
