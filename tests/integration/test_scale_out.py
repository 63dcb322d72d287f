"""Scale-out: two server processes on one PostgreSQL, Redis carrying the doorbell between them.

A move sent to one process reaches a player connected to the other, and the log stays single.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.client import Seat, create_game, move
from tests.support.postgres import create_database, free_port
from tests.support.server import LiveServer
from vantage.rules.sandbox.presets import demo_table


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed (make test installs it)")
    port = free_port()
    workdir = Path(tempfile.mkdtemp(prefix="vantage-redis-"))
    proc = subprocess.Popen(
        [
            binary,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(workdir),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        time.sleep(0.3)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(10)
        shutil.rmtree(workdir, ignore_errors=True)


@pytest.mark.pg
def test_a_move_on_one_process_reaches_a_player_on_another(
    pg_admin_url: str, redis_url: str
) -> None:
    url = create_database(pg_admin_url, f"scale_{uuid.uuid4().hex[:12]}")
    env = {"VANTAGE_BUS_URL": redis_url}
    a, b = LiveServer(url, env=env).start(), LiveServer(url, env=env).start()
    try:
        game = create_game(a, {"system": "sandbox", "setup": demo_table()})
        with (
            Seat(a, game["id"], game["seats"][0]["token"]) as p1,
            Seat(b, game["id"], game["seats"][1]["token"]) as p2,
        ):
            assert p1.recv()["type"] == "welcome" and p2.recv()["type"] == "welcome"
            p1.recv(), p2.recv()  # snapshots
            p1.intent(move("w1", 10.0, 9.0), expected_v=0)
            assert p1.recv_until("ack")["v"] == 1
            seen = p2.recv_until("event", timeout=5)
            assert seen["v"] == 1 and seen["e"]["moves"][0]["model"] == "w1"
            # and the other way round: process b writes, process a's player sees it
            p2.intent(move("a1", 14.0, 36.0), expected_v=1)
            assert p2.recv_until("ack")["v"] == 2
            assert p1.recv_until("event", timeout=5)["v"] == 2
            # a stale write (a1 moved since v1) through the other process is refused
            p2.intent(move("a1", 16.0, 36.0), expected_v=1)
            assert p2.recv_until("rejected")["code"] == "intent/stale_version"
    finally:
        a.stop()
        b.stop()
