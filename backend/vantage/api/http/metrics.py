"""Operational timings and counters of this process."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from vantage.api.deps import ServicesDep

router = APIRouter()


@router.get("/api/metrics")
async def metrics(services: ServicesDep, reset: bool = False) -> dict[str, Any]:
    """Intent timings (lock wait, decide, commit, fan-out, total) and counts by outcome."""
    snapshot = services.games.metrics.snapshot()
    snapshot["sockets"] = services.rooms.total_members()
    snapshot["games_held"] = services.games.held_games()
    if reset:
        services.games.metrics.reset()
    return snapshot
