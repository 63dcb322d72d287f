"""`make run` prepares a demo game each start: the refereed 10th-edition game between the two
demo armies (the README's headline); unplayed ones from earlier starts do not pile up."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import func, select

from vantage.app.demo import MARK, announce_demo_game, create_demo_game
from vantage.app.games import Ack, GameService
from vantage.bus.memory import MemoryBus
from vantage.config import Settings
from vantage.engine.context import Viewer
from vantage.engine.errors import Rejection
from vantage.rosters import demo_armies
from vantage.rules.sandbox.presets import demo_table
from vantage.store.appends import AppendRequest
from vantage.store.db import open_database
from vantage.store.models import GameRow, SeatRow


async def _stored(url: str, game_id: str) -> tuple[str, dict[str, object]]:
    db = open_database(url)
    try:
        async with db.read() as session:
            row = (
                await session.execute(
                    select(GameRow.system, GameRow.setup).where(GameRow.id == game_id)
                )
            ).one()
    finally:
        await db.dispose()
    return row[0], dict(row[1])


async def _create(url: str, request: dict[str, object]) -> str:
    db = open_database(url)
    try:
        made = await GameService(db, MemoryBus()).create(request)
    finally:
        await db.dispose()
    assert not isinstance(made, Rejection)
    return made.id


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


async def test_the_demo_is_a_refereed_10th_edition_game_between_the_two_demo_armies(
    db_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Audit s16 C #2: the demo was a sandbox table that referees nothing, while the README leads
    with the complete 10th-edition game."""
    settings = Settings(database_url=db_url, port=8123)
    game = await create_demo_game(settings)
    assert game.system == "wh40k-10e"
    assert [s.player for s in game.seats] == ["p1", "p2"]
    system, setup = await _stored(db_url, game.id)
    assert system == "wh40k-10e"
    demos = [army.content_json() for army in demo_armies()]
    assert setup["armies"] == {"p1": demos[0], "p2": demos[1]}
    assert setup["layout"] == "ruined-city" and setup["strict"] is True
    assert setup["started_by"] == MARK["started_by"]

    await announce_demo_game(settings)
    out = capsys.readouterr().out
    assert "10th edition" in out
    links = [line.split()[0] for line in out.splitlines() if "http://" in line]
    assert links == ["p1:", "p2:", "spectator:", "lobby:"]
    assert "  lobby:     http://127.0.0.1:8123/\n" in out


async def test_an_unplayed_sandbox_demo_of_an_earlier_version_is_cleared_too(db_url: str) -> None:
    """Before the demo was a 10th-edition game it was a sandbox on the demo table: an unplayed
    one left by an earlier `make run` goes with the next start, a lobby sandbox stays."""
    await _create(db_url, {"system": "sandbox", "setup": demo_table(), **MARK})
    await _create(db_url, {"system": "sandbox", "setup": demo_table()})
    await create_demo_game(Settings(database_url=db_url))
    assert await _count(db_url) == (2, 6), "the lobby sandbox game and the new demo game"


async def test_a_lobby_10th_edition_game_with_the_demo_options_is_not_replaced(db_url: str) -> None:
    """The lobby's untouched 10th-edition form sends the demo's own options (no mark)."""
    await _create(
        db_url,
        {
            "system": "wh40k-10e",
            "armies": {"p1": {"demo": 0}, "p2": {"demo": 1}},
            "layout": "ruined-city",
            "battle_size": "incursion",
            "strict": True,
        },
    )
    await create_demo_game(Settings(database_url=db_url))
    await create_demo_game(Settings(database_url=db_url))
    assert await _count(db_url) == (2, 6), "the lobby game and the latest demo game"


async def test_an_unplayed_demo_of_an_earlier_release_is_cleared_whatever_its_options(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Review s16 B #4: old demos were matched on their whole stored set-up, which holds the
    rules revision and the demo armies: each revision bump left one behind."""
    import vantage.rules.wh40k10e.setup as setup

    settings = Settings(database_url=db_url)
    with monkeypatch.context() as m:  # the previous release's `make run`
        m.setattr(setup, "RULES_REVISION", setup.RULES_REVISION - 1)
        await create_demo_game(settings)
    await create_demo_game(settings)
    assert await _count(db_url) == (1, 3)


async def test_a_demo_only_opened_is_replaced(db_url: str) -> None:
    """Opening a seat link mixes in the player's entropy: that is no play (review s16 C1: every
    opened demo was kept, and they piled up)."""
    settings = Settings(database_url=db_url)
    first = await create_demo_game(settings)
    db = open_database(db_url)
    try:
        opened = await GameService(db, MemoryBus()).submit(
            first.id, Viewer("p1"), "e1", None, {"type": "contribute_entropy", "entropy": "abc"}
        )
    finally:
        await db.dispose()
    assert isinstance(opened, Ack), opened
    await create_demo_game(settings)
    assert await _count(db_url) == (1, 3)
