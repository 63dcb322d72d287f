"""The command line on a database that is not migrated: a clear word, not a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _vantage(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "VANTAGE_DATABASE_URL": f"sqlite+aiosqlite:///{db}", "VANTAGE_PORT": "1"}
    return subprocess.run(
        [sys.executable, "-m", "vantage", *args],
        env=env,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_serve_on_a_database_with_no_tables_says_to_migrate(tmp_path: Path) -> None:
    """Found by a newcomer audit: ``vantage serve --demo`` crashed with "no such table"."""
    done = _vantage(tmp_path / "new.db", "serve", "--demo")
    assert done.returncode == 1
    assert "run `vantage migrate` first" in done.stderr
    assert "Traceback" not in done.stderr


def test_migrate_says_what_it_did(tmp_path: Path) -> None:
    first = _vantage(tmp_path / "new.db", "migrate")
    assert first.returncode == 0 and first.stdout.startswith("database migrated from empty to ")
    again = _vantage(tmp_path / "new.db", "migrate")
    assert again.returncode == 0 and again.stdout.startswith("database is up to date")


def test_a_setting_the_server_cannot_run_with_is_named(tmp_path: Path) -> None:
    """A send queue smaller than a catch-up would close every reconnecting client for a resync,
    and it would reconnect for ever (review): refused at start, by its variable's name."""
    env = {**os.environ, "VANTAGE_SEND_QUEUE_SIZE": "100"}
    done = subprocess.run(
        [sys.executable, "-m", "vantage", "migrate"],
        env={**env, "VANTAGE_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'v.db'}"},
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("invalid setting: ")
    assert "VANTAGE_SEND_QUEUE_SIZE must be at least VANTAGE_REPLAY_WINDOW + 16" in done.stderr
    assert "Traceback" not in done.stderr
