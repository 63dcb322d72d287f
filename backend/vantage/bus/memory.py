"""The in-process bus of the embedded mode.

In one process every commit is delivered to local sockets directly by the game service, so the
embedded bus has nothing to carry; it exists so both modes share one code path.
"""

from __future__ import annotations

from vantage.bus.base import Listener


class MemoryBus:
    """A single process needs no doorbell; the app refuses it with several workers."""

    cross_process = False

    async def start(self, listener: Listener) -> None:
        """Nothing to subscribe to."""

    async def publish(self, game_id: str, version: int) -> None:
        """Local sockets were already told; there is no other process."""

    async def close(self) -> None:
        """Nothing to release."""
