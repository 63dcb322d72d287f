"""A socket whose reader is too slow is closed for a resync at once, and sent nothing more
(found by a docs audit: it was sent later events past the lost one, so versions skipped, and was
closed only when its client next spoke)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from starlette.websockets import WebSocket

from vantage.api.ws.endpoint import CLOSE_RESYNC, Outbox, _read_loop
from vantage.app.rooms import Member
from vantage.config import Settings
from vantage.engine.context import Viewer


class StalledSocket:
    """A websocket whose client reads nothing: a send never completes."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed_with: int | None = None
        self._never = asyncio.Event()

    async def send_text(self, text: str) -> None:
        self.sent.append(text)
        await self._never.wait()

    async def close(self, code: int = 1000) -> None:
        self.closed_with = code


def test_a_full_outbox_closes_the_socket_for_a_resync_and_takes_nothing_more() -> None:
    async def run() -> StalledSocket:
        ws = StalledSocket()
        outbox = Outbox(ws, 2)  # type: ignore[arg-type]
        assert outbox.put("e1")
        await asyncio.sleep(0)  # the drain takes e1 and stalls sending it
        assert outbox.put("e2") and outbox.put("e3")
        assert not outbox.put("e4")  # full: the client must resync
        assert not outbox.put("e5")  # and nothing after the lost event is queued
        await asyncio.sleep(0.01)
        await outbox.close()
        return ws

    ws = asyncio.run(run())
    assert ws.closed_with == CLOSE_RESYNC
    assert ws.sent == ["e1"]


def test_a_message_after_the_resync_close_ends_the_read_loop_quietly() -> None:
    """Found by review: a client that spoke before reading the 4008 close made the read loop
    close the socket a second time, and Starlette's error came out as a traceback."""

    async def run() -> list[str]:
        inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        await inbox.put({"type": "websocket.connect"})
        never = asyncio.Event()
        sent: list[str] = []

        async def receive() -> dict[str, Any]:
            return await inbox.get()

        async def send(message: dict[str, Any]) -> None:
            sent.append(message["type"])
            if message["type"] == "websocket.send":
                await never.wait()  # the client reads nothing

        scope = {"type": "websocket", "path": "/", "headers": [], "query_string": b""}
        ws = WebSocket(scope, receive, send)
        await ws.accept()
        outbox = Outbox(ws, 1)
        member = Member(viewer=Viewer("p1"), send=outbox.put)
        outbox.put("e1")
        await asyncio.sleep(0)
        outbox.put("e2")
        member.overflowed = not member.send("e3")  # as RoomHub.deliver does
        await asyncio.sleep(0.01)  # the outbox closes the socket for a resync
        await inbox.put({"type": "websocket.receive", "text": '{"type": "ping"}'})
        services = SimpleNamespace(settings=Settings())
        await _read_loop(ws, services, "g", Viewer("p1"), outbox, member)  # type: ignore[arg-type]
        await outbox.close()
        return sent

    assert asyncio.run(run()) == ["websocket.accept", "websocket.send", "websocket.close"]
