"""The demo game that ``make run`` prepares: a refereed 10th-edition game (Only War) between the
two demo armies on the ruined city, the lobby's own defaults for that system."""

from __future__ import annotations

from typing import Any

from vantage.app.games import CreatedGame, GameService
from vantage.bus.memory import MemoryBus
from vantage.config import Settings
from vantage.engine.errors import Rejection
from vantage.rules import find_ruleset
from vantage.rules.sandbox.presets import demo_table
from vantage.store import event_log
from vantage.store.db import open_database

MARK = {"started_by": "make run"}
"""Stored with the demo game's request, so that only the games ``make run`` made are replaced:
a game made in the lobby with the same options is the user's (a field every system takes,
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


def earlier_demos() -> list[tuple[str, dict[str, Any]]]:
    """The demo games earlier versions made (a sandbox on the demo table), each by its system and
    stored options: cleared too when unplayed."""
    return [("sandbox", {"setup": demo_table(), **MARK})]


def stored_options(system: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` as the server stores them for a new game of ``system`` (a 10th-edition game
    stores its rules revision and each demo army itself), so that they compare equal."""
    ruleset = find_ruleset(system)
    assert ruleset is not None
    return dict(ruleset.new_game_options(options))


async def create_demo_game(settings: Settings) -> CreatedGame:
    """Create the demo game, replacing earlier demo games nobody played."""
    db = open_database(settings.database_url)
    options = {**OPTIONS, **MARK}
    try:
        async with db.transaction() as session:
            await event_log.delete_unplayed(session, SYSTEM, stored_options(SYSTEM, options))
            for system, earlier in earlier_demos():
                await event_log.delete_unplayed(session, system, earlier)
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
