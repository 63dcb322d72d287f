"""A retried intent gets its first answer's ``ack`` even when the server has restarted since (its
recent-intents cache is empty): the log is asked before the retry is refused (SQLite)."""

from __future__ import annotations

from typing import Any

from vantage.app.games import Ack, GameService
from vantage.bus.memory import MemoryBus
from vantage.engine.context import Viewer
from vantage.engine.errors import Rejection
from vantage.rules.sandbox.presets import demo_table
from vantage.store.db import open_database


def _move(model: str, x: float, y: float) -> dict[str, Any]:
    return {"type": "move_models", "moves": [{"model": model, "to": {"x": x, "y": y}}]}


async def test_a_retry_after_a_restart_is_acknowledged_not_refused(sqlite_url: str) -> None:
    first = GameService(open_database(sqlite_url), MemoryBus())
    created = await first.create({"system": "sandbox", "setup": demo_table()})
    assert not isinstance(created, Rejection)
    p1 = Viewer("p1")
    assert await first.submit(created.id, p1, "r1", 0, _move("w1", 10, 9)) == Ack(1)
    assert await first.submit(created.id, p1, "r2", 1, _move("w2", 12, 9)) == Ack(2)

    restarted = GameService(open_database(sqlite_url), MemoryBus())  # nothing cached
    retry = await restarted.submit(created.id, p1, "r1", 0, _move("w1", 10, 9))
    assert retry == Ack(1)  # not intent/stale_version: it was committed at version 1
    again = await restarted.submit(created.id, p1, "r2", 1, _move("w2", 12, 9))
    assert again == Ack(2)
    # another seat's "r1", and a new intent, both made at v0 for a model moved since: stale
    other_seat = await restarted.submit(created.id, Viewer("p2"), "r1", 0, _move("w1", 20, 30))
    assert isinstance(other_seat, Rejection) and other_seat.code == "intent/stale_version"
    fresh = await restarted.submit(created.id, p1, "r3", 0, _move("w2", 14, 9))
    assert isinstance(fresh, Rejection) and fresh.code == "intent/stale_version"
    # "r1" again with another command, as the log says: refused, not acked (audit s16 B #3)
    reused = await GameService(open_database(sqlite_url), MemoryBus()).submit(
        created.id, p1, "r1", None, _move("w1", 30, 9)
    )
    assert isinstance(reused, Rejection) and reused.code == "intent/id_reused"
    assert reused.detail == {"v": 1}
