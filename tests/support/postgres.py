"""A throw-away PostgreSQL server on loopback for the test session (Debian's binaries)."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def pg_bin() -> Path | None:
    """The newest installed PostgreSQL's bin directory."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def free_port() -> int:
    """A free TCP port on loopback."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_user(cmd: list[str], user: str | None) -> list[str]:
    return ["runuser", "-u", user, "--", *cmd] if user else cmd


@contextmanager
def postgres_server() -> Iterator[str]:
    """Start a server in a temporary directory; yield its admin URL (database ``postgres``)."""
    bindir = pg_bin()
    if bindir is None:
        raise RuntimeError("PostgreSQL is not installed (make test installs it)")
    user = "postgres" if os.geteuid() == 0 else None
    root = Path(tempfile.mkdtemp(prefix="vantage-pg-"))
    data = root / "data"
    if user:
        pw = pwd.getpwnam(user)
        os.chown(root, pw.pw_uid, pw.pw_gid)
    port = free_port()
    subprocess.run(
        _as_user(
            [
                str(bindir / "initdb"),
                "-D",
                str(data),
                "-U",
                "vantage",
                "--auth=trust",
                "-E",
                "UTF8",
                "--no-sync",
            ],
            user,
        ),
        check=True,
        capture_output=True,
    )
    opts = f"-c listen_addresses=127.0.0.1 -p {port} -k {root} -c fsync=off -c max_connections=200"
    subprocess.run(
        _as_user(
            [
                str(bindir / "pg_ctl"),
                "-D",
                str(data),
                "-l",
                str(root / "log"),
                "-o",
                opts,
                "-w",
                "start",
            ],
            user,
        ),
        check=True,
        capture_output=True,
    )
    try:
        _wait(port)
        yield f"postgresql+psycopg://vantage@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            _as_user([str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"], user),
            capture_output=True,
        )
        shutil.rmtree(root, ignore_errors=True)


def _wait(port: int) -> None:
    for _ in range(100):
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise RuntimeError("PostgreSQL did not start")


def create_database(admin_url: str, name: str) -> str:
    """Create an empty database; return its URL."""
    import psycopg

    plain = admin_url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return admin_url.rsplit("/", 1)[0] + f"/{name}"
