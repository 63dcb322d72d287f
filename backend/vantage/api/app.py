"""The app factory: wire settings -> database, bus, game service, rooms -> routes."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from vantage import __version__
from vantage.api.access_log import install_token_redaction
from vantage.api.deps import Services
from vantage.api.errors import install_error_handlers
from vantage.api.http import games, health, metrics, rosters, systems
from vantage.api.limits import BodyLimit
from vantage.api.malloc import keep_heap_memory
from vantage.api.static import mount_frontend
from vantage.api.ws import endpoint
from vantage.app.games import GameService
from vantage.app.query_pool import QueryPool
from vantage.app.rooms import RoomHub, SocketLimits
from vantage.bus import open_bus
from vantage.config import Settings
from vantage.store.db import Database, open_database

log = logging.getLogger(__name__)
POLL_SECONDS = 2.0
CHECKPOINT_SECONDS = 2.0
EVICT_SECONDS = 30.0


GC_THRESHOLDS = (10_000, 20, 20)
"""Collector thresholds of the server (CPython's default is 700, 10, 10)."""


def tune_runtime() -> None:
    """Start-up: warm numpy's lazy import of ``numpy.ma`` (~17 ms on the first ``np.unique``,
    else paid inside the first sight query), move every object alive after start-up to the
    collector's permanent generation (``gc.freeze``: never scanned again), and collect less
    often. A collection of the older generations scans the geometry memo caches (10-70 ms);
    the answers are cached pure values, so fewer collections only delay freeing cycles. The C
    allocator keeps freed memory for reuse (``api.malloc``).
    ``bench/geometry_queries.py`` applies the same policy (docs/performance-geometry.md).
    Once per process (tests start many apps)."""
    if gc.get_freeze_count():
        return
    keep_heap_memory()
    import numpy as np

    np.unique(np.zeros(2))
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def create_app(settings: Settings | None = None) -> FastAPI:
    """A Vantage server for these settings; nothing connects until the app starts."""
    settings = settings or Settings()
    _refuse_memory_bus_with_workers(settings)
    install_token_redaction()  # seat tokens never reach the access log (security audit s14 #6)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        tune_runtime()
        install_token_redaction()  # again, should the server's log set-up have come after
        db = open_database(settings.database_url)
        bus = open_bus(settings.bus_url)
        queries = QueryPool(
            settings.query_workers, settings.queries_per_game, settings.query_games_per_client
        )
        service = GameService(db, bus, queries=queries)
        rooms = RoomHub(
            SocketLimits(
                per_seat=settings.sockets_per_seat,
                per_spectator_link=settings.sockets_per_spectator_link,
                per_game=settings.sockets_per_game,
                per_client=settings.sockets_per_client,
                total=sockets_that_fit(settings.sockets_total),
            )
        )
        service.on_commit(rooms.deliver)
        await bus.start(service.on_remote_commit)
        app.state.services = Services(settings, db, bus, service, rooms)
        tasks = [asyncio.create_task(_evict_idle_games(service, rooms, settings))]
        if db.is_sqlite:
            tasks.append(asyncio.create_task(_checkpoint_wal(db)))
        if bus.cross_process:
            tasks.append(asyncio.create_task(_poll_versions(service)))
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            await bus.close()
            service.close()
            await db.dispose()

    app = FastAPI(title="Vantage", version=__version__, lifespan=lifespan)
    install_error_handlers(app)
    app.add_middleware(BodyLimit)
    for router in (
        health.router,
        systems.router,
        games.router,
        rosters.router,
        metrics.router,
        endpoint.router,
    ):
        app.include_router(router)
    mount_frontend(app, settings.static_dir)
    return app


FILES_KEPT_FREE = 256
"""Open files kept out of the socket cap: the database, HTTP requests, logs."""


def sockets_that_fit(wanted: int) -> int:
    """``VANTAGE_SOCKETS_TOTAL``, lowered to fit this process's open-file limit: past it
    ``accept`` fails for everyone, so the cap must refuse first (security audit s14 #2)."""
    try:
        import resource

        soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, OSError, ValueError):
        return wanted
    if soft == resource.RLIM_INFINITY or soft - FILES_KEPT_FREE >= wanted:
        return wanted
    fits = max(1, soft - FILES_KEPT_FREE)
    log.warning(
        "VANTAGE_SOCKETS_TOTAL=%d lowered to %d to fit the open-file limit (%d)", wanted, fits, soft
    )
    return fits


def _refuse_memory_bus_with_workers(settings: Settings) -> None:
    workers = int(os.environ.get("WEB_CONCURRENCY", "1") or "1")
    if workers > 1 and settings.bus_url.startswith("memory://"):
        raise RuntimeError(
            "VANTAGE_BUS_URL=memory:// cannot fan out across several workers; use redis://"
        )


async def _checkpoint_wal(db: Database) -> None:
    """Keep SQLite's write-ahead log short, off the writers' path."""
    while True:
        await asyncio.sleep(CHECKPOINT_SECONDS)
        try:
            await db.checkpoint()
        except Exception:
            log.warning("WAL checkpoint failed", exc_info=True)


async def _evict_idle_games(service: GameService, rooms: RoomHub, settings: Settings) -> None:
    """Now and then, forget the games no socket here has watched for a while (audit finding 7:
    every game ever created or opened stayed in memory)."""
    idle = settings.game_idle_seconds
    while True:
        await asyncio.sleep(min(EVICT_SECONDS, max(0.2, idle / 4)))
        try:
            service.evict_idle(lambda g: rooms.watchers(g) > 0, idle, settings.max_idle_games)
        except Exception:
            log.warning("evicting idle games failed", exc_info=True)


async def _poll_versions(service: GameService) -> None:
    """A lost bus message only delays an update: re-check held games' versions now and then."""
    while True:
        await asyncio.sleep(POLL_SECONDS)
        try:
            await service.poll_remote_commits()
        except Exception:
            log.warning("version poll failed", exc_info=True)
