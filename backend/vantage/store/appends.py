"""Appending to the event log: one compare-and-set append, and SQLite's group commit.

``append_rows`` is the one implementation of an append (synchronous SQLAlchemy Core): the CAS on
``games.version``, the event rows, an optional snapshot. PostgreSQL runs it through an async
session; SQLite runs it in ``GroupCommitter``'s single writer thread, where every append waiting
at that moment is committed in one transaction, each under its own savepoint, for one thread
hop per batch instead of several per append.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event, insert, update
from sqlalchemy.exc import IntegrityError

from vantage.engine.errors import ConflictError
from vantage.store.models import EventRow, GameRow, SnapshotRow

MAX_BATCH = 256


@dataclass(frozen=True, slots=True)
class AppendRequest:
    """Events to append after ``expected_version``, with what verification needs."""

    game_id: str
    expected_version: int
    payloads: Sequence[dict[str, Any]]
    actor: str | None
    intent_id: str | None
    rolls: int
    now: datetime
    command: dict[str, Any] | None = None
    dice: list[int] | None = None
    snapshot: dict[str, Any] | None = None


def append_rows(conn: Connection, req: AppendRequest) -> int:
    """The compare-and-set append; raises ``ConflictError`` when another writer got there first.

    The CAS and the unique ``(game_id, seq)`` key make the database the arbiter between writers,
    whatever process they run in.
    """
    new_version = req.expected_version + len(req.payloads)
    result = conn.execute(
        update(GameRow)
        .where(GameRow.id == req.game_id, GameRow.version == req.expected_version)
        .values(version=new_version, rolls=req.rolls)
    )
    if result.rowcount != 1:
        raise ConflictError(f"game {req.game_id} moved past version {req.expected_version}")
    rows = [
        {
            "game_id": req.game_id,
            "seq": req.expected_version + i + 1,
            "type": str(payload.get("type", "")),
            "payload": payload,
            "actor": req.actor,
            "intent_id": req.intent_id if i == 0 else None,
            "created_at": req.now,
            "command": req.command if i == 0 else None,
            "dice": req.dice if i == 0 else None,
        }
        for i, payload in enumerate(req.payloads)
    ]
    try:
        conn.execute(insert(EventRow), rows)
        if req.snapshot is not None:
            conn.execute(
                insert(SnapshotRow).values(game_id=req.game_id, seq=new_version, state=req.snapshot)
            )
    except IntegrityError as exc:  # (game_id, seq) or (game_id, actor, intent_id) already taken
        raise ConflictError(f"game {req.game_id}: {exc.orig}") from exc
    return new_version


def sqlite_writer_engine(sync_url: str) -> Engine:
    """A synchronous SQLite engine for the writer thread: WAL, no auto-checkpoint, BEGIN
    IMMEDIATE (see ``store.db`` for why)."""
    engine = create_engine(
        sync_url,
        connect_args={"timeout": 30, "check_same_thread": False},
        pool_size=1,
        max_overflow=0,
    )

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None
        for pragma in (
            "journal_mode=WAL",
            "synchronous=NORMAL",
            "busy_timeout=30000",
            "foreign_keys=ON",
            "wal_autocheckpoint=0",
        ):
            dbapi_conn.execute(f"PRAGMA {pragma}")

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


class GroupCommitter:
    """SQLite's single writer: appends queue up and are committed together in one thread."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="vantage-writer")
        self._queue: asyncio.Queue[tuple[AppendRequest, asyncio.Future[int]]] | None = None
        self._task: asyncio.Task[None] | None = None

    async def append(self, req: AppendRequest) -> int:
        """Queue an append and wait until its batch is committed."""
        if self._queue is None:
            self._queue = asyncio.Queue()
            self._task = asyncio.create_task(self._run(self._queue))
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        await self._queue.put((req, future))
        return await future

    async def _run(self, queue: asyncio.Queue[tuple[AppendRequest, asyncio.Future[int]]]) -> None:
        loop = asyncio.get_running_loop()
        while True:
            batch = [await queue.get()]
            while not queue.empty() and len(batch) < MAX_BATCH:
                batch.append(queue.get_nowait())
            try:
                results = await loop.run_in_executor(
                    self._thread, self._write, [req for req, _ in batch]
                )
            except Exception as exc:  # the whole transaction failed: every append fails
                results = [exc] * len(batch)
            for (_, future), result in zip(batch, results, strict=True):
                if future.done():
                    continue
                if isinstance(result, BaseException):
                    future.set_exception(result)
                else:
                    future.set_result(result)

    def _write(self, batch: list[AppendRequest]) -> list[int | Exception]:
        """One transaction for the batch; each append under its own savepoint."""
        results: list[int | Exception] = []
        with self._engine.begin() as conn:
            for req in batch:
                try:
                    with conn.begin_nested():
                        results.append(append_rows(conn, req))
                except ConflictError as exc:
                    results.append(exc)
        return results

    async def close(self) -> None:
        """Stop the writer task and thread, and release the connection."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self._thread.shutdown(wait=True)
        self._engine.dispose()
