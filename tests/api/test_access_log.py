"""Seat tokens never reach the server's log (security audit s14 #6: uvicorn's access log held
561 request lines with a seat's token, enough to act for that seat)."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import httpx
from websockets.sync.client import connect

from tests.support.postgres import free_port
from tests.support.server import REPO
from vantage.api.access_log import RedactTokens, redact


def test_the_served_log_names_no_token(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'v.db'}"
    env = {**os.environ, "VANTAGE_DATABASE_URL": url}
    subprocess.run([sys.executable, "-m", "vantage", "migrate"], env=env, check=True, cwd=REPO)
    port = free_port()
    log = tmp_path / "server.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "vantage", "serve", "--port", str(port)],
            env=env,
            cwd=REPO,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"{base}/api/health", timeout=1):
                    break
            except OSError:
                assert time.monotonic() < deadline, log.read_text()
                time.sleep(0.1)
        game = httpx.post(f"{base}/api/games", json={"system": "sandbox"}, timeout=30).json()
        gid, token = game["id"], game["seats"][0]["token"]
        spectator = game["spectator"]["token"]
        assert httpx.get(f"{base}/api/games/{gid}", params={"token": token}).status_code == 200
        httpx.get(f"{base}/api/games/{gid}/export?since=0&token={spectator}")
        httpx.get(f"{base}/play/{gid}?token={token}")
        with connect(f"ws://127.0.0.1:{port}/ws/games/{gid}?token={token}") as ws:
            assert '"welcome"' in str(ws.recv(timeout=5))
        with connect(f"ws://127.0.0.1:{port}/ws/games/{gid}?token=wrong-{token}") as ws:
            ws.recv(timeout=5)
        time.sleep(0.3)
    finally:
        proc.terminate()
        proc.wait(10)
    text = log.read_text()
    assert f"/api/games/{gid}?token=…" in text  # the access log is still written
    assert f'"WebSocket /ws/games/{gid}?token=…"' in text
    assert token not in text and spectator not in text, text


def test_the_filter_keeps_everything_but_the_token_value() -> None:
    assert (
        redact("GET /x?since=3&token=abc-_9&b=1 HTTP/1.1") == "GET /x?since=3&token=…&b=1 HTTP/1.1"
    )
    assert redact("/play/g1?TOKEN=abc") == "/play/g1?TOKEN=…"
    assert redact("/api/games?mytoken=abc") == "/api/games?mytoken=abc"  # another parameter
    record = logging.LogRecord(
        "uvicorn.access",
        logging.INFO,
        __file__,
        1,
        '%s - "%s %s HTTP/%s" %d',
        ("127.0.0.1:5", "GET", "/api/games/g/export?token=s3cret", "1.1", 200),
        None,
    )
    assert RedactTokens().filter(record)
    assert "s3cret" not in record.getMessage() and "token=…" in record.getMessage()
