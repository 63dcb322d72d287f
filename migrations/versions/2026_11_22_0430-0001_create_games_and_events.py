"""Create games, seats, the event log and snapshots.

Revision ID: 0001
Revises:
Create Date: 2026-11-22 04:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("system", sa.String(40), nullable=False),
        sa.Column("setup", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("rolls", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("seed", sa.LargeBinary(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("game_id", sa.String(40), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("player", sa.String(40), nullable=True),
    )
    op.create_index("ix_seats_game_id", "seats", ["game_id"])
    op.create_table(
        "game_events",
        sa.Column("game_id", sa.String(40), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("type", sa.String(60), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("actor", sa.String(40), nullable=True),
        sa.Column("intent_id", sa.String(80), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "intent_id", name="uq_game_events_intent"),
    )
    op.create_table(
        "game_snapshots",
        sa.Column("game_id", sa.String(40), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("state", sa.JSON(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("game_snapshots")
    op.drop_table("game_events")
    op.drop_index("ix_seats_game_id", table_name="seats")
    op.drop_table("seats")
    op.drop_table("games")
