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
    """Intent timings (lock wait, decide, commit, fan-out, total) and counts by outcome, for a
    client on this machine only, who may also reset them (a benchmark between runs). The counts
    by refusal code told anyone polling them which rule a secret 10e Battle Formations
    declaration broke (security audit s14 #4), so nobody else may read them either."""
    if request.client is None or request.client.host not in LOOPBACK:
        refusal = Rejection(
            "metrics/local_only", "only a client on the server's machine may read the metrics"
        )
        return rejection_response(refusal, 403)
    snapshot = services.games.metrics.snapshot()
    snapshot["sockets"] = services.rooms.total_members()
    snapshot["games_held"] = services.games.held_games()
    if reset:
        services.games.metrics.reset()
    return snapshot
