"""Shared fixtures: databases (SQLite always, PostgreSQL started on loopback) and live servers."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.postgres import create_database, postgres_server
from tests.support.server import LiveServer
from vantage.store.migrate import upgrade


@pytest.fixture(scope="session")
def pg_admin_url() -> Iterator[str]:
    """A PostgreSQL server for the whole session (``VANTAGE_TEST_PG_URL`` to use your own)."""
    given = os.environ.get("VANTAGE_TEST_PG_URL")
    if given:
        yield given
        return
    if os.environ.get("VANTAGE_TEST_PG") == "skip":
        pytest.skip("VANTAGE_TEST_PG=skip")
    with postgres_server() as url:
        yield url


def _sqlite_url(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'vantage.db'}"


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A migrated SQLite database in a temporary directory."""
    url = _sqlite_url(tmp_path)
    upgrade(url)
    return url


@pytest.fixture
def pg_url(pg_admin_url: str) -> str:
    """A fresh, migrated PostgreSQL database."""
    url = create_database(pg_admin_url, f"t_{uuid.uuid4().hex[:12]}")
    upgrade(url)
    return url


@pytest.fixture(params=["sqlite", pytest.param("pg", marks=pytest.mark.pg)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each test using this runs on SQLite and on PostgreSQL."""
    if request.param == "sqlite":
        url = _sqlite_url(tmp_path)
        upgrade(url)
        return url
    admin = request.getfixturevalue("pg_admin_url")
    url = create_database(admin, f"t_{uuid.uuid4().hex[:12]}")
    upgrade(url)
    return url


@pytest.fixture(scope="module", params=["sqlite", pytest.param("pg", marks=pytest.mark.pg)])
def live_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    """A real uvicorn server per module and database backend."""
    if request.param == "sqlite":
        url = _sqlite_url(tmp_path_factory.mktemp("live"))
    else:
        admin = request.getfixturevalue("pg_admin_url")
        url = create_database(admin, f"live_{uuid.uuid4().hex[:12]}")
    server = LiveServer(url).start()
    yield server
    server.stop()
