"""Operational timings and counters of this process."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from vantage.api.deps import ServicesDep
from vantage.api.errors import rejection_response
from vantage.engine.errors import Rejection

router = APIRouter()


LOOPBACK = ("127.0.0.1", "::1")


@router.get("/api/metrics")
async def metrics(request: Request, services: ServicesDep, reset: bool = False) -> Any:
    """Intent timings (lock wait, decide, commit, fan-out, total) and counts by outcome; only a
    client on this machine may reset them (a benchmark between runs)."""
    if reset and (request.client is None or request.client.host not in LOOPBACK):
        refusal = Rejection("metrics/local_only", "only a client on the server's machine may reset")
        return rejection_response(refusal, 403)
    snapshot = services.games.metrics.snapshot()
    snapshot["sockets"] = services.rooms.total_members()
    snapshot["games_held"] = services.games.held_games()
    if reset:
        services.games.metrics.reset()
    return snapshot
