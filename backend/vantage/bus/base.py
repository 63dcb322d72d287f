"""The bus port (broadcaster's URL-scheme pattern, a few lines per adapter)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol

Listener = Callable[[str, int], Awaitable[None]]
"""Called with (game id, version) for every notification."""


class Bus(Protocol):
    """Publish "game G reached version V" to every process; deliver to local listeners."""

    cross_process: bool

    async def start(self, listener: Listener) -> None:
        """Begin delivering notifications to ``listener``."""
        ...

    async def publish(self, game_id: str, version: int) -> None:
        """Notify every process (this one included) that a game moved on."""
        ...

    async def close(self) -> None:
        """Stop delivering and release connections."""
        ...
