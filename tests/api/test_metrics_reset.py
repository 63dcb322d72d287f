"""Only a client on the server's machine may read or clear the server's metrics (found by
security audits: any visitor could wipe them with ``?reset=true``, and the counts by refusal
code told the opponent which rule a secret 10e Battle Formations declaration broke)."""

from __future__ import annotations

import asyncio

import httpx

from vantage.api.app import create_app
from vantage.config import Settings


def test_only_a_local_client_may_read_or_reset_the_metrics(sqlite_url: str) -> None:
    async def run() -> None:
        app = create_app(Settings(database_url=sqlite_url))
        async with app.router.lifespan_context(app):
            for host, status in (("203.0.113.9", 403), ("127.0.0.1", 200), ("::1", 200)):
                transport = httpx.ASGITransport(app=app, client=(host, 50000))
                async with httpx.AsyncClient(transport=transport, base_url="http://v") as http:
                    for params in ({}, {"reset": "true"}):
                        r = await http.get("/api/metrics", params=params)
                        assert r.status_code == status, (host, params)
                        if status == 403:
                            assert r.json()["code"] == "metrics/local_only"
                            assert "counters" not in r.json()
                        else:
                            assert "counters" in r.json()

    asyncio.run(run())
