"""A database URL written the usual way (no driver) gets the async driver the app runs on, so
`VANTAGE_DATABASE_URL=sqlite:///games.db` or a `postgresql://` URL from a host works as given."""

from __future__ import annotations

import pytest

from vantage.config import Settings


@pytest.mark.parametrize(
    ("given", "used"),
    [
        ("sqlite:///games.db", "sqlite+aiosqlite:///games.db"),
        ("postgresql://v:pw@db:5432/v", "postgresql+psycopg://v:pw@db:5432/v"),
        ("postgres://v:pw@db/v", "postgresql+psycopg://v:pw@db/v"),
        ("sqlite+aiosqlite:///games.db", "sqlite+aiosqlite:///games.db"),
        ("postgresql+psycopg://db/v", "postgresql+psycopg://db/v"),
    ],
)
def test_plain_urls_get_the_async_driver(given: str, used: str) -> None:
    assert Settings(database_url=given).database_url == used


def test_the_environment_is_read_the_same_way(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VANTAGE_DATABASE_URL", "sqlite:///from-env.db")
    settings = Settings()
    assert settings.database_url == "sqlite+aiosqlite:///from-env.db" and settings.is_sqlite
