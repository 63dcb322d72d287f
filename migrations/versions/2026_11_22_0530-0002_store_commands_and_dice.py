"""Keep each intent's command and the dice it rolled on its first event (for verification).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22 05:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_events") as batch:
        batch.add_column(sa.Column("command", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("dice", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_events") as batch:
        batch.drop_column("dice")
        batch.drop_column("command")
