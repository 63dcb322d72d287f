"""`make run` prepares a demo game each start; unplayed ones from earlier starts do not pile up."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import func, select

from vantage.app.demo import create_demo_game
from vantage.app.games import GameService
from vantage.bus.memory import MemoryBus
from vantage.config import Settings
from vantage.engine.errors import Rejection
from vantage.rules.sandbox.presets import demo_table
from vantage.store.appends import AppendRequest
from vantage.store.db import open_database
from vantage.store.models import GameRow, SeatRow


async def _count(url: str) -> tuple[int, int]:
    db = open_database(url)
    try:
        async with db.read() as session:
            games = await session.scalar(select(func.count()).select_from(GameRow))
            seats = await session.scalar(select(func.count()).select_from(SeatRow))
    finally:
        await db.dispose()
    return int(games or 0), int(seats or 0)


async def _act_in(url: str, game_id: str) -> None:
    db = open_database(url)
    try:
        async with db.read() as session:
            version = await session.scalar(select(GameRow.version).where(GameRow.id == game_id))
        await db.append(
            AppendRequest(
                game_id=game_id,
                expected_version=int(version or 0),
                payloads=[{"type": "note", "text": "a player was here"}],
                actor="red",
                intent_id="i-1",
                rolls=0,
                now=datetime.now(UTC),
            )
        )
    finally:
        await db.dispose()


async def test_a_new_demo_replaces_unplayed_ones_and_keeps_played_ones(db_url: str) -> None:
    settings = Settings(database_url=db_url)
    first = await create_demo_game(settings)
    second = await create_demo_game(settings)
    assert second.id != first.id
    assert await _count(db_url) == (1, 3), "the unplayed first demo game is gone with its links"

    await _act_in(db_url, second.id)
    third = await create_demo_game(settings)
    assert third.id != second.id
    assert await _count(db_url) == (2, 6), "a demo game somebody played in is kept"


async def test_a_lobby_game_on_the_demo_table_is_not_replaced(db_url: str) -> None:
    """A game made in the lobby from the Demo preset has the demo's set-up; a restart's new demo
    game must not delete it, played or not (only the games `make run` made are its own)."""
    settings = Settings(database_url=db_url)
    db = open_database(db_url)
    try:
        mine = await GameService(db, MemoryBus()).create(
            {"system": "sandbox", "setup": demo_table()}
        )
    finally:
        await db.dispose()
    assert not isinstance(mine, Rejection)
    await create_demo_game(settings)
    await create_demo_game(settings)
    assert await _count(db_url) == (2, 6), "the lobby game and the latest demo game"
