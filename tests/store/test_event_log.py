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
from vantage.store.appends import AppendRequest
from vantage.store.db import open_database
from vantage.store.migrate import downgrade, upgrade
from vantage.store.models import EventRow

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def _move(model: str, x: float, y: float = 9.0) -> dict[str, object]:
    return {"type": "move_models", "moves": [{"model": model, "to": {"x": x, "y": y}}]}


def _req(game_id: str, actor: str, intent_id: str, payload: dict[str, object]) -> AppendRequest:
    return AppendRequest(
        game_id=game_id,
        expected_version=0,
        payloads=[payload],
        actor=actor,
        intent_id=intent_id,
        rolls=0,
        now=NOW,
    )


async def _new_game(service: GameService) -> str:
    created = await service.create({"system": "sandbox", "setup": demo_table()})
    assert not isinstance(created, Rejection)
    return created.id


async def test_two_appends_at_the_same_version_one_wins(db_url: str) -> None:
    db = open_database(db_url)
    try:
        game_id = await _new_game(GameService(db, MemoryBus()))
        payload = {"type": "models_moved", "player": "p1", "moves": []}
        assert await db.append(_req(game_id, "p1", "a", payload)) == 1
        with pytest.raises(ConflictError):
            # a writer whose view of the game is stale still expects version 0
            await db.append(_req(game_id, "p2", "b", payload))
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


async def test_sqlite_writers_leave_checkpoints_to_the_background(sqlite_url: str) -> None:
    """Commits never checkpoint (no fsync stalls for writers); ``checkpoint`` empties the log."""
    from sqlalchemy import text

    db = open_database(sqlite_url)
    try:
        service = GameService(db, MemoryBus())
        game_id = await _new_game(service)
        for i in range(20):
            assert isinstance(
                await service.submit(
                    game_id, Viewer("p1"), f"c{i}", None, _move("w1", 8.0 + i % 2)
                ),
                Ack,
            )
        async with db.transaction() as s:
            assert (await s.execute(text("PRAGMA wal_autocheckpoint"))).scalar() == 0
        await db.checkpoint()
        async with db.read() as s:
            busy, logged, copied = (await s.execute(text("PRAGMA wal_checkpoint(PASSIVE)"))).one()
        assert busy == 0 and logged == copied
    finally:
        await db.dispose()


async def test_a_conflict_in_a_batch_fails_alone(db_url: str) -> None:
    """Appends committed together: the loser of a race fails, its batch-mates are kept."""
    db = open_database(db_url)
    try:
        service = GameService(db, MemoryBus())
        racing, calm = await _new_game(service), await _new_game(service)
        payload = {"type": "models_moved", "player": "p1", "moves": []}
        results = await asyncio.gather(
            db.append(_req(racing, "p1", "x", payload)),
            db.append(_req(racing, "p2", "y", payload)),
            db.append(_req(calm, "p1", "z", payload)),
            return_exceptions=True,
        )
        assert sorted(map(type, results[:2]), key=str) == sorted([int, ConflictError], key=str)
        assert results[2] == 1
        async with db.read() as s:
            assert len(await event_log.read_after(s, racing, 0)) == 1
            assert len(await event_log.read_after(s, calm, 0)) == 1
    finally:
        await db.dispose()
