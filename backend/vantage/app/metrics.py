"""Lightweight in-process timings (lila-ws ``Monitor`` in spirit): where an intent's time goes.

Each metric keeps a bounded reservoir of recent samples; ``snapshot`` reports count, p50, p99
and max in milliseconds. Exposed at ``GET /api/metrics`` for operators and benchmarks.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager

RESERVOIR = 20_000


class Metrics:
    """Named timing series and counters."""

    def __init__(self) -> None:
        self._series: dict[str, deque[float]] = {}
        self._counts: dict[str, int] = {}

    @contextmanager
    def timed(self, name: str) -> Iterator[None]:
        """Record how long the block takes under ``name``."""
        start = time.perf_counter()
        try:
            yield
        finally:
            self.record(name, time.perf_counter() - start)

    def record(self, name: str, seconds: float) -> None:
        """Add one sample."""
        series = self._series.get(name)
        if series is None:
            series = self._series[name] = deque(maxlen=RESERVOIR)
        series.append(seconds)

    def count(self, name: str, n: int = 1) -> None:
        """Increment a counter (accepted and rejected intents by code, ...)."""
        self._counts[name] = self._counts.get(name, 0) + n

    def snapshot(self) -> dict[str, object]:
        """Every series as count/p50/p99/max in milliseconds, and every counter."""
        out: dict[str, object] = {}
        for name, series in sorted(self._series.items()):
            ordered = sorted(series)
            n = len(ordered)
            out[name] = {
                "count": n,
                "p50_ms": round(ordered[n // 2] * 1000, 3),
                "p99_ms": round(ordered[min(n - 1, int(n * 0.99))] * 1000, 3),
                "max_ms": round(ordered[-1] * 1000, 3),
            }
        return {"timings": out, "counters": dict(sorted(self._counts.items()))}

    def reset(self) -> None:
        """Forget every sample (benchmarks reset after their warm-up)."""
        self._series.clear()
        self._counts.clear()
