"""Liveness."""

from __future__ import annotations

from fastapi import APIRouter, Response

router = APIRouter()


@router.get("/api/health")
async def health() -> dict[str, str]:
    """The server is up."""
    return {"status": "ok"}


@router.head("/api/health")
async def health_head() -> Response:
    """The server is up (uptime checkers often ask with ``HEAD``; input audit s15 #8)."""
    return Response(status_code=200, media_type="application/json")
