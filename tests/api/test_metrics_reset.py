"""Anyone may read the server's metrics; only a client on the server's machine may clear them
(found by a security audit: any visitor could wipe them with ``?reset=true``)."""

from __future__ import annotations

import asyncio

import httpx

from vantage.api.app import create_app
from vantage.config import Settings


def test_only_a_local_client_may_reset_the_metrics(sqlite_url: str) -> None:
    async def run() -> None:
        app = create_app(Settings(database_url=sqlite_url))
        async with app.router.lifespan_context(app):
            for host, reset_status in (("203.0.113.9", 403), ("127.0.0.1", 200)):
                transport = httpx.ASGITransport(app=app, client=(host, 50000))
                async with httpx.AsyncClient(transport=transport, base_url="http://v") as http:
                    assert (await http.get("/api/metrics")).status_code == 200
                    r = await http.get("/api/metrics", params={"reset": "true"})
                    assert r.status_code == reset_status, host
                    if reset_status == 403:
                        assert r.json()["code"] == "metrics/local_only"

    asyncio.run(run())
