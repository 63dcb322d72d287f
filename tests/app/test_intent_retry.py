"""A retried intent gets its first answer's ``ack`` even when the server has restarted since (its
recent-intents cache is empty): the log is asked before the retry is refused (on SQLite and on
PostgreSQL)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import update

import tests.app.two_events  # noqa: F401  (registers the test system)
from vantage.app.games import Ack, GameService
from vantage.bus.memory import MemoryBus
from vantage.engine.context import Viewer
from vantage.engine.errors import Rejection
from vantage.rules.sandbox.presets import demo_table
from vantage.store.db import open_database
from vantage.store.models import EventRow


def _move(model: str, x: float, y: float) -> dict[str, Any]:
    return {"type": "move_models", "moves": [{"model": model, "to": {"x": x, "y": y}}]}


async def test_a_retry_after_a_restart_is_acknowledged_not_refused(db_url: str) -> None:
    first = GameService(open_database(db_url), MemoryBus())
    created = await first.create({"system": "sandbox", "setup": demo_table()})
    assert not isinstance(created, Rejection)
    p1 = Viewer("p1")
    assert await first.submit(created.id, p1, "r1", 0, _move("w1", 10, 9)) == Ack(1)
    assert await first.submit(created.id, p1, "r2", 1, _move("w2", 12, 9)) == Ack(2)

    restarted = GameService(open_database(db_url), MemoryBus())  # nothing cached
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
    reused = await GameService(open_database(db_url), MemoryBus()).submit(
        created.id, p1, "r1", None, _move("w1", 30, 9)
    )
    assert isinstance(reused, Rejection) and reused.code == "intent/id_reused"
    assert reused.detail == {"v": 1}


async def test_a_retry_of_a_command_of_two_events_gets_the_same_ack_after_a_restart(
    db_url: str,
) -> None:
    """Review s16 B #1: the log holds the intent id on the batch's first event, and a retry
    after a restart was acked at that version, not at the last one as the first answer was (and
    ``intent/id_reused``'s ``detail.v`` read 2 or 1 by where it was found)."""
    first = GameService(open_database(db_url), MemoryBus())
    made = await first.create({"system": "test-two-events"})
    assert not isinstance(made, Rejection)
    p1 = Viewer("p1")
    assert await first.submit(made.id, p1, "i1", None, {"type": "step", "n": 1}) == Ack(2)
    assert await first.submit(made.id, Viewer("p2"), "i9", None, {"type": "step"}) == Ack(4)
    cached = await first.submit(made.id, p1, "i1", None, {"type": "step", "n": 2})
    restarted = GameService(open_database(db_url), MemoryBus())
    assert await restarted.submit(made.id, p1, "i1", None, {"type": "step", "n": 1}) == Ack(2)
    assert await restarted.submit(made.id, Viewer("p2"), "i9", None, {"type": "step"}) == Ack(4)
    logged = await GameService(open_database(db_url), MemoryBus()).submit(
        made.id, p1, "i1", None, {"type": "step", "n": 2}
    )
    assert isinstance(cached, Rejection) and isinstance(logged, Rejection)
    assert cached.code == logged.code == "intent/id_reused"
    assert cached.detail == logged.detail == {"v": 2}


async def test_a_retry_of_a_command_an_older_release_logged_is_still_a_retry(
    db_url: str,
) -> None:
    """Review s16 B #2: the logged command, written by a codec that did not write a field yet
    (here no ``z``, as before heights came), was compared with the retry as today's codec writes
    it, and the retry was refused ``intent/id_reused``."""
    first = GameService(open_database(db_url), MemoryBus())
    made = await first.create({"system": "sandbox", "setup": demo_table()})
    assert not isinstance(made, Rejection)
    p1 = Viewer("p1")
    assert await first.submit(made.id, p1, "r1", 0, _move("w1", 10, 9)) == Ack(1)
    older = {"type": "move_models", "moves": [{"model": "w1", "to": {"x": 10.0, "y": 9.0}}]}
    db = open_database(db_url)
    async with db.transaction() as session:
        await session.execute(
            update(EventRow)
            .where(EventRow.game_id == made.id, EventRow.intent_id == "r1")
            .values(command=older)
        )
    await db.dispose()
    restarted = GameService(open_database(db_url), MemoryBus())
    assert await restarted.submit(made.id, p1, "r1", 0, _move("w1", 10, 9)) == Ack(1)
    other = await restarted.submit(made.id, p1, "r1", 0, _move("w1", 11, 9))
    assert isinstance(other, Rejection) and other.code == "intent/id_reused"


async def test_the_recent_intents_cache_keeps_a_digest_not_the_command(db_url: str) -> None:
    """Review s16 B #3: it kept each whole command (a 500-model move is some 370 KB of Python
    objects), up to 1024 a game."""
    service = GameService(open_database(db_url), MemoryBus())
    made = await service.create({"system": "sandbox", "setup": demo_table()})
    assert not isinstance(made, Rejection)
    assert await service.submit(made.id, Viewer("p1"), "r1", 0, _move("w1", 10, 9)) == Ack(1)
    game = service.cached(made.id)
    assert game is not None
    _, kept = game.intents[("p1", "r1")]
    assert isinstance(kept, str) and len(kept) == 64
