"""An intent id is unique per seat, not per game: two seats may both send "i1".

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-27 11:00:00
"""

from __future__ import annotations

from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_events") as batch:
        batch.drop_constraint("uq_game_events_intent", type_="unique")
        batch.create_unique_constraint(
            "uq_game_events_actor_intent", ["game_id", "actor", "intent_id"]
        )


def downgrade() -> None:
    with op.batch_alter_table("game_events") as batch:
        batch.drop_constraint("uq_game_events_actor_intent", type_="unique")
        batch.create_unique_constraint("uq_game_events_intent", ["game_id", "intent_id"])
