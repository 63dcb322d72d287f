"""Engines and sessions: SQLite pragmas (WAL, busy timeout, BEGIN IMMEDIATE) or PostgreSQL."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import event, text
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from vantage.store.appends import AppendRequest, GroupCommitter, append_rows, sqlite_writer_engine


@dataclass(frozen=True)
class Database:
    """Session factories: ``write`` takes the database's write lock at BEGIN; ``read`` doesn't."""

    write: async_sessionmaker[AsyncSession]
    read: async_sessionmaker[AsyncSession]
    engines: tuple[AsyncEngine, ...]
    is_sqlite: bool
    committer: GroupCommitter | None = None
    """SQLite only: the single writer thread that commits appends in batches."""
    _write_lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def append(self, req: AppendRequest) -> int:
        """Append events with a compare-and-set; ``ConflictError`` if another writer won."""
        if self.committer is not None:
            return await self.committer.append(req)
        async with self.transaction() as session:
            return await session.run_sync(lambda sync: append_rows(sync.connection(), req))

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncSession]:
        """A write transaction, committed on success.

        SQLite has a single writer: writers of this process queue on an asyncio lock rather
        than in SQLite's busy handler, whose sleeps (up to 100 ms) would become latency spikes.
        PostgreSQL writers go straight in; per-game row locks order them.
        """
        if self.is_sqlite:
            async with self._write_lock, self.write() as session, session.begin():
                yield session
        else:
            async with self.write() as session, session.begin():
                yield session

    async def checkpoint(self) -> None:
        """Copy the SQLite write-ahead log into the database without blocking writers."""
        if not self.is_sqlite:
            return
        async with self.read() as session:
            await session.execute(text("PRAGMA wal_checkpoint(PASSIVE)"))

    async def dispose(self) -> None:
        """Close every pooled connection."""
        if self.committer is not None:
            await self.committer.close()
        for engine in self.engines:
            await engine.dispose()


def open_database(url: str) -> Database:
    """Engines for the URL; SQLite gets a separate writer engine that begins IMMEDIATE."""
    if url.startswith("sqlite"):
        writer = create_async_engine(url, connect_args={"timeout": 30})
        reader = create_async_engine(url, connect_args={"timeout": 30})
        _tune_sqlite(writer, immediate=True)
        _tune_sqlite(reader, immediate=False)
        committer = GroupCommitter(sqlite_writer_engine(sync_url(url)))
        return Database(_sessions(writer), _sessions(reader), (writer, reader), True, committer)
    engine = create_async_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)
    return Database(_sessions(engine), _sessions(engine), (engine,), False)


def _sessions(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, expire_on_commit=False)


def _tune_sqlite(engine: AsyncEngine, *, immediate: bool) -> None:
    """WAL so readers never wait for the writer; the writer takes the lock at BEGIN."""

    @event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # SQLAlchemy's "begin" hook issues BEGIN itself
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute("PRAGMA busy_timeout=30000")
        cur.execute("PRAGMA foreign_keys=ON")
        if immediate:
            # A checkpoint inside a commit fsyncs while every writer waits: 300-600 ms latency
            # spikes under load. Writers never checkpoint; ``Database.checkpoint`` does it aside.
            cur.execute("PRAGMA wal_autocheckpoint=0")
        cur.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _on_begin(conn: Any) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def sync_url(url: str) -> str:
    """The synchronous driver URL for Alembic (aiosqlite -> pysqlite; psycopg stays)."""
    return url.replace("sqlite+aiosqlite", "sqlite", 1)
