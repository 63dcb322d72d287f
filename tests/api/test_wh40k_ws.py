"""A whole 10th-edition game between two scripted clients over real websockets.

Every intent travels the real protocol from each player's own socket; the scripted players
decide from the authoritative state, read back from the database as the game goes on. At the
end the seed is revealed and the exported game verifies.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.client import Seat, create_game
from tests.support.server import LiveServer
from vantage.app.games import GameService
from vantage.bus.memory import MemoryBus
from vantage.rules import find_ruleset
from vantage.rules.wh40k10e import bot
from vantage.store.db import open_database

MAX_COMMANDS = 6000


def _answer(sock: Seat, intent_id: str) -> dict[str, Any]:
    while True:
        msg = sock.recv(timeout=20)
        if msg.get("intent_id") == intent_id and msg["type"] in ("ack", "rejected"):
            return msg


@pytest.mark.slow
def test_two_scripted_clients_play_five_rounds_to_a_result(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'w40.db'}"
    server = LiveServer(url).start()
    loop = asyncio.new_event_loop()
    db = open_database(url)
    try:
        game = create_game(server, {"system": "wh40k-10e", "layout": "open-field"})
        rules = find_ruleset("wh40k-10e")
        assert rules is not None
        seats = {s["player"]: Seat(server, game["id"], s["token"]) for s in game["seats"]}
        reader = GameService(db, MemoryBus())
        live = loop.run_until_complete(reader.get(game["id"]))
        assert live is not None
        mid_game_export_checked = False
        for _ in range(MAX_COMMANDS):
            if live.state.result is not None:
                break
            player, cmd = next(
                (p, c) for p in live.state.players if (c := bot.choose(live.state, p)) is not None
            )
            sock = seats[player]
            answer = _answer(sock, sock.intent(rules.commands.encode(cmd), live.version))
            assert answer["type"] == "ack", (cmd, answer)
            loop.run_until_complete(reader.on_remote_commit(game["id"], answer["v"]))
            if not mid_game_export_checked and live.state.round == 2:
                r = httpx.get(
                    f"{server.base}/api/games/{game['id']}/export",
                    params={"token": game["spectator"]["token"]},
                    timeout=20,
                )
                assert r.status_code == 200 and r.json()["dice"]["seed"] is None
                mid_game_export_checked = True
        assert live.state.result is not None, "the game did not end"
        assert mid_game_export_checked
        exported = httpx.get(
            f"{server.base}/api/games/{game['id']}/export",
            params={"token": game["seats"][1]["token"]},
            timeout=30,
        ).json()
        assert exported["over"] and exported["dice"]["seed"]
        path = tmp_path / "game.json"
        path.write_text(json.dumps(exported))
        verdict = subprocess.run(
            [sys.executable, "-m", "vantage", "verify", str(path)], capture_output=True, text=True
        )
        assert verdict.returncode == 0, verdict.stderr
        for sock in seats.values():
            sock.close()
    finally:
        loop.run_until_complete(db.dispose())
        loop.close()
        server.stop()
