"""ORM tables. Every change here ships an Alembic revision in ``migrations/versions``."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, LargeBinary, String, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    """Declarative base; ``Base.metadata`` is Alembic's target."""


metadata = Base.metadata


class GameRow(Base):
    """A game: its system, its set-up, its current version and its dice seed."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    system: Mapped[str] = mapped_column(String(40))
    setup: Mapped[dict[str, Any]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, default=0)
    rolls: Mapped[int] = mapped_column(Integer, default=0)
    seed: Mapped[bytes] = mapped_column(LargeBinary(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SeatRow(Base):
    """A secret link to a game: a player's seat, or the spectator link (``player`` null)."""

    __tablename__ = "seats"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    player: Mapped[str | None] = mapped_column(String(40), nullable=True)


class EventRow(Base):
    """One event of a game's log; ``(game_id, seq)`` is unique and gap-free."""

    __tablename__ = "game_events"
    __table_args__ = (
        UniqueConstraint("game_id", "actor", "intent_id", name="uq_game_events_actor_intent"),
    )

    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    type: Mapped[str] = mapped_column(String(60))
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    actor: Mapped[str | None] = mapped_column(String(40), nullable=True)
    intent_id: Mapped[str | None] = mapped_column(String(80), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    command: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The command that produced this batch of events (first event of the batch only)."""
    dice: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    """The die results that command rolled, in order (first event of the batch only)."""


class SnapshotRow(Base):
    """The folded state of a game at some version, to shorten replays."""

    __tablename__ = "game_snapshots"

    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
