"""The demo game that ``make run`` prepares: a sandbox table with terrain and two forces."""

from __future__ import annotations

from vantage.app.games import CreatedGame, GameService
from vantage.bus.memory import MemoryBus
from vantage.config import Settings
from vantage.engine.errors import Rejection
from vantage.rules.sandbox.presets import demo_table
from vantage.store import event_log
from vantage.store.db import open_database

MARK = {"started_by": "make run"}
"""Stored with the demo game's request, so that only the games ``make run`` made are replaced:
a game made in the lobby from the same Demo preset is the user's (a field every system takes,
``create_options.SHELL_FIELDS``)."""


async def create_demo_game(settings: Settings) -> CreatedGame:
    """Create a sandbox game on the demo table, replacing earlier demo games nobody played."""
    db = open_database(settings.database_url)
    options = {"setup": demo_table(), **MARK}
    request = {"system": "sandbox", **options}
    try:
        async with db.transaction() as session:
            await event_log.delete_unplayed(session, "sandbox", options)
        created = await GameService(db, MemoryBus()).create(request)
    finally:
        await db.dispose()
    assert not isinstance(created, Rejection)
    return created


async def announce_demo_game(settings: Settings) -> None:
    """Create the demo game and print its links."""
    game = await create_demo_game(settings)
    host = "127.0.0.1" if settings.host in ("0.0.0.0", "::") else settings.host
    base = (settings.public_url or f"http://{host}:{settings.port}").rstrip("/")
    lines = ["", "Vantage demo game ready:"]
    for seat in game.seats:
        lines.append(f"  {seat.player}:        {base}/play/{game.id}?token={seat.token}")
    lines.append(f"  spectator: {base}/play/{game.id}?token={game.spectator.token}")
    lines.append(f"  lobby:     {base}/")
    print("\n".join(lines) + "\n", flush=True)  # noqa: T201
