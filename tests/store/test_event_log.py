"""The event log on SQLite and PostgreSQL: gap-free versions, one winner per version, replay."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest
from sqlalchemy import inspect as sa_inspect
from sqlalchemy import select

from vantage.app.games import Ack, GameService
from vantage.bus.memory import MemoryBus
from vantage.engine.context import Viewer
from vantage.engine.errors import ConflictError, Rejection
from vantage.rules.sandbox.presets import demo_table
from vantage.store import event_log
from vantage.store.db import open_database
from vantage.store.migrate import downgrade, upgrade
from vantage.store.models import EventRow

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def _move(model: str, x: float, y: float = 9.0) -> dict[str, object]:
    return {"type": "move_models", "moves": [{"model": model, "to": {"x": x, "y": y}}]}


async def _new_game(service: GameService) -> str:
    created = await service.create({"system": "sandbox", "setup": demo_table()})
    assert not isinstance(created, Rejection)
    return created.id


async def test_two_appends_at_the_same_version_one_wins(db_url: str) -> None:
    db = open_database(db_url)
    try:
        game_id = await _new_game(GameService(db, MemoryBus()))
        payload = {"type": "models_moved", "player": "p1", "moves": []}
        async with db.transaction() as s:
            await event_log.append(
                s, game_id, 0, [payload], actor="p1", intent_id="a", rolls=0, now=NOW
            )
        with pytest.raises(ConflictError):
            async with db.transaction() as s:
                # a writer whose view of the game is stale still expects version 0
                await event_log.append(
                    s, game_id, 0, [payload], actor="p2", intent_id="b", rolls=0, now=NOW
                )
        async with db.read() as s:
            events = await event_log.read_after(s, game_id, 0)
        assert [(e.seq, e.actor) for e in events] == [(1, "p1")]
    finally:
        await db.dispose()


async def test_concurrent_services_never_fork_the_log(db_url: str) -> None:
    """Two services (as two processes would) racing on one game: every ack has its own
    version, the log is gap-free, and a writer that keeps losing is told to retry."""
    db_a, db_b = open_database(db_url), open_database(db_url)
    try:
        a, b = GameService(db_a, MemoryBus()), GameService(db_b, MemoryBus())
        game_id = await _new_game(a)
        await b.get(game_id)
        p1 = Viewer("p1")
        results = await asyncio.gather(
            *[
                svc.submit(game_id, p1, f"i{i}", None, _move(f"w{i % 5 + 1}", 5.0 + 3 * i, 20.0))
                for i, svc in enumerate([a, b] * 4)
            ]
        )
        acks = [r.v for r in results if isinstance(r, Ack)]
        others = [r for r in results if not isinstance(r, Ack)]
        assert all(isinstance(r, Rejection) and r.code == "intent/conflict" for r in others)
        assert len(acks) >= 4 and len(set(acks)) == len(acks)
        async with db_a.read() as s:
            seqs = (
                (
                    await s.execute(
                        select(EventRow.seq)
                        .where(EventRow.game_id == game_id)
                        .order_by(EventRow.seq)
                    )
                )
                .scalars()
                .all()
            )
        assert list(seqs) == list(range(1, len(acks) + 1))
        assert sorted(acks) == list(seqs)
    finally:
        await db_a.dispose()
        await db_b.dispose()


async def test_replay_from_the_log_equals_the_live_state(db_url: str) -> None:
    db = open_database(db_url)
    try:
        live = GameService(db, MemoryBus())
        game_id = await _new_game(live)
        for i in range(5):
            r = await live.submit(game_id, Viewer("p1"), f"r{i}", i, _move("w1", 8.0 + i))
            assert not isinstance(r, Rejection)
        fresh = GameService(db, MemoryBus())
        replayed = await fresh.get(game_id)
        held = await live.get(game_id)
        assert replayed is not None and held is not None
        assert replayed.version == held.version == 5
        assert replayed.state == held.state
    finally:
        await db.dispose()


def test_migrations_upgrade_and_downgrade(db_url: str) -> None:
    """``db_url`` arrives migrated to head; go down to base and up again."""
    from sqlalchemy import create_engine

    from vantage.store.db import sync_url

    downgrade(db_url, "base")
    engine = create_engine(sync_url(db_url))
    assert set(sa_inspect(engine).get_table_names()) <= {"alembic_version"}
    upgrade(db_url)
    tables = set(sa_inspect(create_engine(sync_url(db_url))).get_table_names())
    assert {"games", "seats", "game_events", "game_snapshots"} <= tables
    engine.dispose()
