"""The demo game that ``make run`` prepares: a refereed 10th-edition game (Only War) between the
two demo armies on the ruined city, the lobby's own defaults for that system."""

from __future__ import annotations

from typing import Any

from vantage.app.games import CreatedGame, GameService
from vantage.bus.memory import MemoryBus
from vantage.config import Settings
from vantage.engine.errors import Rejection
from vantage.store import event_log
from vantage.store.db import open_database

MARK = {"started_by": "make run"}
"""Stored with the demo game's request, so that only the games ``make run`` made are replaced,
whatever their options were (a rules revision or a demo army changed since): a game made in
the lobby with the same options is the user's (a field every system takes,
``create_options.SHELL_FIELDS``)."""

SYSTEM = "wh40k-10e"
"""The demo's system: the README's headline, the complete refereed game."""

OPTIONS: dict[str, Any] = {
    "armies": {"p1": {"demo": 0}, "p2": {"demo": 1}},
    "layout": "ruined-city",
    "battle_size": "incursion",
    "strict": True,
}
"""The demo game's options: what the lobby's 10th-edition form sends untouched."""


async def create_demo_game(settings: Settings) -> CreatedGame:
    """Create the demo game, replacing earlier demo games nobody played."""
    db = open_database(settings.database_url)
    options = {**OPTIONS, **MARK}
    try:
        async with db.transaction() as session:  # any system's: earlier releases made sandboxes
            await event_log.delete_unplayed(session, MARK)
        created = await GameService(db, MemoryBus()).create({"system": SYSTEM, **options})
    finally:
        await db.dispose()
    assert not isinstance(created, Rejection)
    return created


async def announce_demo_game(settings: Settings) -> None:
    """Create the demo game and print its links."""
    game = await create_demo_game(settings)
    host = "127.0.0.1" if settings.host in ("0.0.0.0", "::") else settings.host
    base = (settings.public_url or f"http://{host}:{settings.port}").rstrip("/")
    lines = ["", "Vantage demo game ready (Warhammer 40,000 10th edition, the two demo armies):"]
    for seat in game.seats:
        lines.append(f"  {seat.player}:        {base}/play/{game.id}?token={seat.token}")
    lines.append(f"  spectator: {base}/play/{game.id}?token={game.spectator.token}")
    lines.append(f"  lobby:     {base}/")
    print("\n".join(lines) + "\n", flush=True)  # noqa: T201
