"""The append-only event log with a compare-and-set on the game's version."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from vantage.engine.errors import ConflictError
from vantage.store.models import EventRow, GameRow, SeatRow, SnapshotRow


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """One row of the log, decoded to JSON."""

    seq: int
    payload: dict[str, Any]
    actor: str | None


async def append(
    session: AsyncSession,
    game_id: str,
    expected_version: int,
    payloads: Sequence[dict[str, Any]],
    *,
    actor: str | None,
    intent_id: str | None,
    rolls: int,
    now: datetime,
    command: dict[str, Any] | None = None,
    dice: list[int] | None = None,
) -> int:
    """Append events after ``expected_version``: a compare-and-set on ``games.version``.

    The CAS and the unique ``(game_id, seq)`` key make the database the arbiter between
    writers, whatever process they run in; a lost race raises ``ConflictError``.
    """
    new_version = expected_version + len(payloads)
    result = await session.execute(
        update(GameRow)
        .where(GameRow.id == game_id, GameRow.version == expected_version)
        .values(version=new_version, rolls=rolls)
        .execution_options(synchronize_session=False)
    )
    if getattr(result, "rowcount", 1) != 1:
        raise ConflictError(f"game {game_id} moved past version {expected_version}")
    rows = [
        {
            "game_id": game_id,
            "seq": expected_version + i + 1,
            "type": str(payload.get("type", "")),
            "payload": payload,
            "actor": actor,
            "intent_id": intent_id if i == 0 else None,
            "created_at": now,
            "command": command if i == 0 else None,
            "dice": dice if i == 0 else None,
        }
        for i, payload in enumerate(payloads)
    ]
    try:
        await session.execute(insert(EventRow), rows)
    except IntegrityError as exc:  # (game_id, seq) or (game_id, intent_id) already taken
        raise ConflictError(f"game {game_id}: {exc.orig}") from exc
    return new_version


async def read_after(session: AsyncSession, game_id: str, after: int) -> list[StoredEvent]:
    """Every event of a game with ``seq > after``, in order."""
    rows = await session.execute(
        select(EventRow.seq, EventRow.payload, EventRow.actor)
        .where(EventRow.game_id == game_id, EventRow.seq > after)
        .order_by(EventRow.seq)
    )
    return [StoredEvent(seq, payload, actor) for seq, payload, actor in rows.all()]


async def find_intent(session: AsyncSession, game_id: str, intent_id: str) -> int | None:
    """The version at which an intent was already committed (idempotent retries)."""
    row = await session.execute(
        select(EventRow.seq).where(EventRow.game_id == game_id, EventRow.intent_id == intent_id)
    )
    return row.scalar_one_or_none()


async def latest_snapshot(session: AsyncSession, game_id: str) -> SnapshotRow | None:
    """The newest snapshot of a game, if any."""
    row = await session.execute(
        select(SnapshotRow)
        .where(SnapshotRow.game_id == game_id)
        .order_by(SnapshotRow.seq.desc())
        .limit(1)
    )
    return row.scalar_one_or_none()


async def seat_for_token(session: AsyncSession, token_hash: str) -> SeatRow | None:
    """The seat (or spectator link) a token opens."""
    return await session.get(SeatRow, token_hash)


async def versions(session: AsyncSession, game_ids: list[str]) -> dict[str, int]:
    """The current versions of some games."""
    rows = await session.execute(
        select(GameRow.id, GameRow.version).where(GameRow.id.in_(game_ids))
    )
    return dict(rows.all())


async def read_full(session: AsyncSession, game_id: str) -> list[EventRow]:
    """Every row of a game's log, with commands and dice (for export)."""
    rows = await session.execute(
        select(EventRow).where(EventRow.game_id == game_id).order_by(EventRow.seq)
    )
    return list(rows.scalars().all())
