"""Apply Alembic migrations from code (``vantage migrate`` and ``make run``)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, pool

from vantage.store.db import sync_url

REPO = Path(__file__).resolve().parents[3]


def alembic_config(url: str) -> Config:
    """An Alembic config for this repository's ``migrations/`` and the given database."""
    cfg = Config(str(REPO / "alembic.ini"))
    cfg.set_main_option("script_location", str(REPO / "migrations"))
    cfg.attributes["url"] = url
    return cfg


def upgrade(url: str, revision: str = "head") -> None:
    """Migrate the database up to ``revision``."""
    command.upgrade(alembic_config(url), revision)


def downgrade(url: str, revision: str = "base") -> None:
    """Migrate the database down to ``revision``."""
    command.downgrade(alembic_config(url), revision)


def revisions(url: str) -> tuple[str | None, str | None]:
    """The database's migration revision (``None``: never migrated) and the code's head."""
    head = ScriptDirectory.from_config(alembic_config(url)).get_current_head()
    engine = create_engine(sync_url(url), poolclass=pool.NullPool)
    try:
        with engine.connect() as connection:
            current = MigrationContext.configure(connection).get_current_revision()
    finally:
        engine.dispose()
    return current, head
