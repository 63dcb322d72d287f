"""The append-only event log with a compare-and-set on the game's version."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, exists, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from vantage.store.appends import AppendRequest, append_rows
from vantage.store.models import EventRow, GameRow, SeatRow, SnapshotRow


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """One row of the log, decoded to JSON."""

    seq: int
    payload: dict[str, Any]
    actor: str | None


async def append(session: AsyncSession, req: AppendRequest) -> int:
    """Append within an async session's transaction (PostgreSQL, tests); see ``append_rows``."""
    return await session.run_sync(lambda sync: append_rows(sync.connection(), req))


async def read_after(session: AsyncSession, game_id: str, after: int) -> list[StoredEvent]:
    """Every event of a game with ``seq > after``, in order."""
    rows = await session.execute(
        select(EventRow.seq, EventRow.payload, EventRow.actor)
        .where(EventRow.game_id == game_id, EventRow.seq > after)
        .order_by(EventRow.seq)
    )
    return [StoredEvent(seq, payload, actor) for seq, payload, actor in rows.all()]


async def find_intent(
    session: AsyncSession, game_id: str, actor: str | None, intent_id: str
) -> tuple[int, dict[str, Any] | None] | None:
    """The version this seat's intent brought the game to (its batch's last event, as the first
    ack said), and the command it sent (idempotent retries). Only a batch's first row holds its
    intent id, and every batch after the opening one has an intent id."""
    row = await session.execute(
        select(EventRow.seq, EventRow.command).where(
            EventRow.game_id == game_id,
            EventRow.actor == actor,
            EventRow.intent_id == intent_id,
        )
    )
    found = row.one_or_none()
    if found is None:
        return None
    first, command = found
    after = await session.execute(
        select(func.min(EventRow.seq)).where(
            EventRow.game_id == game_id, EventRow.seq > first, EventRow.intent_id.is_not(None)
        )
    )
    following = after.scalar_one_or_none()
    if following is None:
        last = await session.execute(
            select(func.max(EventRow.seq)).where(EventRow.game_id == game_id)
        )
        return last.scalar_one(), command
    return following - 1, command


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


async def delete_unplayed(session: AsyncSession, marked: Mapping[str, Any]) -> int:
    """Delete the games whose stored set-up holds every key and value of ``marked`` and in which
    no player acted but to mix in their dice entropy (the game page does that on opening).

    Returns how many were deleted; their seats, events and snapshots go with them.
    """
    kind = func.coalesce(EventRow.command["type"].as_string(), "")  # JSON null: no command
    acted = exists().where(
        EventRow.game_id == GameRow.id,
        EventRow.actor.is_not(None),
        kind != "contribute_entropy",
    )
    marks = [GameRow.setup[k].as_string() == v for k, v in marked.items() if isinstance(v, str)]
    rows = await session.execute(select(GameRow.id, GameRow.setup).where(~acted, *marks))
    ids = [
        game_id
        for game_id, stored in rows
        if isinstance(stored, dict) and all(stored.get(k) == v for k, v in marked.items())
    ]
    for table in (SeatRow, EventRow, SnapshotRow):
        await session.execute(delete(table).where(table.game_id.in_(ids)))
    await session.execute(delete(GameRow).where(GameRow.id.in_(ids)))
    return len(ids)
