"""Redis pub/sub adapter for scale-out: at-most-once, which a doorbell tolerates."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from redis.asyncio import Redis

from vantage.bus.base import Listener

CHANNEL = "vantage:games"
log = logging.getLogger(__name__)


class RedisBus:
    """Publishes ``game_id:version`` on one channel; every process listens to it."""

    cross_process = True

    def __init__(self, url: str) -> None:
        self._redis = Redis.from_url(url)
        self._task: asyncio.Task[None] | None = None

    async def start(self, listener: Listener) -> None:
        """Subscribe and deliver in a background task (re-subscribing after errors)."""
        self._task = asyncio.create_task(self._listen(listener))

    async def _listen(self, listener: Listener) -> None:
        while True:
            try:
                pubsub = self._redis.pubsub()
                await pubsub.subscribe(CHANNEL)
                async for message in pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    game_id, _, version = message["data"].decode().rpartition(":")
                    await listener(game_id, int(version))
            except asyncio.CancelledError:
                raise
            except Exception:  # a lost connection: the periodic version poll covers the gap
                log.warning("redis bus listener failed; retrying", exc_info=True)
                await asyncio.sleep(1.0)

    async def publish(self, game_id: str, version: int) -> None:
        """Publish; a failure is logged, not raised (the log is the truth)."""
        try:
            await self._redis.publish(CHANNEL, f"{game_id}:{version}")
        except Exception:
            log.warning("redis publish failed", exc_info=True)

    async def close(self) -> None:
        """Stop listening and close the connection."""
        if self._task:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await self._redis.aclose()
