"""The roster route parses in a worker thread, so a big file does not stall the event loop."""

from __future__ import annotations

import io
import threading
from pathlib import Path
from typing import Any

import anyio
import pytest
from fastapi import UploadFile

from vantage.api.http import rosters as route

FIXTURES = Path(__file__).resolve().parents[1] / "rosters" / "fixtures"


def test_the_import_runs_off_the_event_loop_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by an audit: a 737 KB file held the event loop for 25 s (no other answers)."""
    threads: list[int] = []
    real = route.import_roster

    def recording(*args: Any) -> Any:
        threads.append(threading.get_ident())
        return real(*args)

    monkeypatch.setattr(route, "import_roster", recording)
    data = (FIXTURES / "glasswright.ros").read_bytes()

    async def call() -> Any:
        loop_thread = threading.get_ident()
        answer = await route.import_roster_file(UploadFile(io.BytesIO(data), filename="g.ros"))
        return loop_thread, answer

    loop_thread, answer = anyio.run(call)
    assert answer["units"]
    assert threads and threads[0] != loop_thread
