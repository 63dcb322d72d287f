"""The doorbell between processes: "game G is now at version V". Losing one only delays."""

from __future__ import annotations

from vantage.bus.base import Bus, Listener
from vantage.bus.memory import MemoryBus


def open_bus(url: str) -> Bus:
    """The bus adapter for a URL scheme: ``memory://`` or ``redis://``."""
    if url.startswith("memory://"):
        return MemoryBus()
    if url.startswith(("redis://", "rediss://")):
        from vantage.bus.redis import RedisBus

        return RedisBus(url)
    raise ValueError(f"unsupported VANTAGE_BUS_URL scheme: {url.split(':', 1)[0]!r}")


__all__ = ["Bus", "Listener", "MemoryBus", "open_bus"]
