"""A per-socket token bucket (lila-ws ``RateLimit``)."""

from __future__ import annotations

import time


class TokenBucket:
    """Allows ``rate`` messages a second with bursts of ``burst``."""

    def __init__(self, rate: float, burst: float) -> None:
        self._rate = rate
        self._burst = burst
        self._tokens = burst
        self._at = time.monotonic()

    def take(self) -> bool:
        """Spend one token; ``False`` when the socket is over its rate."""
        now = time.monotonic()
        self._tokens = min(self._burst, self._tokens + (now - self._at) * self._rate)
        self._at = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True
