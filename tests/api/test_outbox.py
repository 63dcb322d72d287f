"""A socket whose reader is too slow is closed for a resync at once, and sent nothing more
(found by a docs audit: it was sent later events past the lost one, so versions skipped, and was
closed only when its client next spoke)."""

from __future__ import annotations

import asyncio

from vantage.api.ws.endpoint import CLOSE_RESYNC, Outbox


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
