"""wh40k-10e ``disembark`` of a unit that is not embarked, on a real server (input audit s15
#5): the refusal says so instead of ``setup/models``."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.support.client import Seat, create_game
from tests.support.server import LiveServer
from vantage.app.games import GameService
from vantage.bus.memory import MemoryBus
from vantage.rules import find_ruleset
from vantage.rules.wh40k10e import bot
from vantage.store.db import open_database


def _reply(sock: Seat, intent_id: str) -> dict[str, Any]:
    while True:
        msg = sock.recv(timeout=10)
        if msg.get("intent_id") == intent_id:
            return msg


def test_disembarking_a_unit_that_is_not_embarked_says_so(live_server: LiveServer) -> None:
    """wh40k-10e: it was ``setup/models "place every model of the unit exactly once: []"``.
    The game is played by the engine's bot over the socket up to the first Movement phase."""
    game = create_game(live_server, {"system": "wh40k-10e", "layout": "open-field"})
    rules = find_ruleset("wh40k-10e")
    assert rules is not None
    seats = {s["player"]: Seat(live_server, game["id"], s["token"]) for s in game["seats"]}
    loop = asyncio.new_event_loop()
    db = open_database(live_server.database_url)
    try:
        reader = GameService(db, MemoryBus())
        live = loop.run_until_complete(reader.get(game["id"]))
        assert live is not None
        for _ in range(500):
            if live.state.phase == "movement":
                break
            player, cmd = next(
                (p, c) for p in live.state.players if (c := bot.choose(live.state, p)) is not None
            )
            sock = seats[player]
            intent_id = sock.intent(rules.commands.encode(cmd), live.version)
            answer = _reply(sock, intent_id)
            assert answer["type"] == "ack", (cmd, answer)
            loop.run_until_complete(reader.on_remote_commit(game["id"], answer["v"]))
        state = live.state
        assert state.phase == "movement"
        player = state.active
        unit = state.units_of(player)[0]  # on the table
        sock = seats[player]
        places = [{"model": m.id, "x": m.x + 1, "y": m.y} for m in state.models_of(unit)]
        for models in ([], places):
            intent_id = sock.intent({"type": "disembark", "unit": unit, "models": models}, None)
            refusal = _reply(sock, intent_id)
            assert refusal["type"] == "rejected"
            assert (refusal["code"], refusal["message"]) == (
                "transport/not_embarked",
                "that unit is not embarked",
            )
    finally:
        for s in seats.values():
            s.close()
        loop.run_until_complete(db.dispose())
        loop.close()
