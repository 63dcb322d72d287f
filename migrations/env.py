"""Alembic environment: the database URL comes from Vantage's settings (or -x url=...)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine, pool

from vantage.config import Settings
from vantage.store.db import sync_url
from vantage.store.models import metadata

config = context.config


def _url() -> str:
    given = context.get_x_argument(as_dictionary=True).get("url")
    configured = config.attributes.get("url")
    return sync_url(given or configured or Settings().database_url)


def run_migrations_offline() -> None:
    """Emit SQL without a connection."""
    context.configure(url=_url(), target_metadata=metadata, literal_binds=True,
                      render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    """Run against a live connection (render_as_batch for SQLite's ALTER limits)."""
    engine = create_engine(_url(), poolclass=pool.NullPool)
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
