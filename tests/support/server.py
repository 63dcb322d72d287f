"""A real uvicorn server in a subprocess, for websocket, browser and benchmark runs."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tests.support.postgres import free_port

REPO = Path(__file__).resolve().parents[2]


class LiveServer:
    """``vantage serve`` on a free loopback port with a given database; restartable."""

    def __init__(
        self, database_url: str, port: int | None = None, env: dict[str, str] | None = None
    ) -> None:
        self.database_url = database_url
        self.port = port or free_port()
        self.env = env or {}
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        """The server's HTTP base URL."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        """The server's websocket base URL."""
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> LiveServer:
        """Migrate, start and wait until healthy."""
        env = {**os.environ, "VANTAGE_DATABASE_URL": self.database_url, **self.env}
        subprocess.run(
            [sys.executable, "-m", "vantage", "migrate"],
            env=env,
            check=True,
            capture_output=True,
            cwd=REPO,
        )
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "vantage", "serve", "--port", str(self.port)],
            env=env,
            cwd=REPO,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                raise RuntimeError(f"server exited: {err[-2000:]}")
            try:
                with urllib.request.urlopen(f"{self.base}/api/health", timeout=1) as r:
                    if r.status == 200:
                        return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("server did not become healthy")

    def stop(self) -> None:
        """Stop the server (SIGTERM, then SIGKILL)."""
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None

    def restart(self) -> None:
        """Stop and start again on the same port and database."""
        self.stop()
        self.start()
