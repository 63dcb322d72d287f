"""Games leave the memory cache when no socket watches them for a while and come back from the
database unchanged (audit finding 7); one snapshot string per version and view (finding 6)."""

from __future__ import annotations

from typing import Any

from vantage.app.games import Ack, GameService
from vantage.app.rooms import snapshot_message
from vantage.app.shell_commands import parse_command
from vantage.bus.memory import MemoryBus
from vantage.engine.context import Viewer
from vantage.engine.errors import Rejection
from vantage.rules.sandbox.presets import demo_table
from vantage.store.db import open_database


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _move(model: str, x: float, y: float) -> dict[str, Any]:
    return {"type": "move_models", "moves": [{"model": model, "to": {"x": x, "y": y}}]}


def _unwatched(_game_id: str) -> bool:
    return False


async def _new(service: GameService) -> str:
    created = await service.create({"system": "sandbox", "setup": demo_table()})
    assert not isinstance(created, Rejection)
    return created.id


async def test_an_idle_game_is_forgotten_and_reloads_with_the_same_state(sqlite_url: str) -> None:
    clock = Clock()
    service = GameService(open_database(sqlite_url), MemoryBus(), monotonic=clock)
    game_id = await _new(service)
    p1 = Viewer("p1")
    assert await service.submit(game_id, p1, "a", 0, _move("w1", 10, 9)) == Ack(1)
    before = await service.get(game_id)
    assert before is not None
    state, version, rolls = before.state, before.version, before.rolls

    clock.now += 59
    assert service.evict_idle(_unwatched, idle_seconds=60, keep=100) == 0  # not idle long enough
    clock.now += 1
    assert service.evict_idle(_unwatched, idle_seconds=60, keep=100) == 1
    assert service.cached(game_id) is None and service.held_games() == 0

    after = await service.get(game_id)
    assert after is not None and after is not before
    assert (after.state, after.version, after.rolls) == (state, version, rolls)
    # it plays on from there, and a retry of the intent before the eviction is still known
    assert await service.submit(game_id, p1, "b", 1, _move("w2", 12, 9)) == Ack(2)
    assert await service.submit(game_id, p1, "a", 0, _move("w1", 10, 9)) == Ack(1)


async def test_a_game_whose_lock_is_held_stays(sqlite_url: str) -> None:
    service = GameService(open_database(sqlite_url), MemoryBus(), monotonic=Clock())
    game_id = await _new(service)
    async with service.lock(game_id):
        assert service.evict_idle(_unwatched, idle_seconds=0, keep=0) == 0
    assert service.evict_idle(_unwatched, idle_seconds=0, keep=0) == 1


async def test_beyond_the_kept_number_the_least_recently_used_go_first(sqlite_url: str) -> None:
    clock = Clock()
    service = GameService(open_database(sqlite_url), MemoryBus(), monotonic=clock)
    ids = []
    for _ in range(3):
        ids.append(await _new(service))
        clock.now += 1
    await service.get(ids[0])  # the first is now the most recently used
    assert service.evict_idle(_unwatched, idle_seconds=3600, keep=1) == 2
    assert [service.cached(g) is not None for g in ids] == [True, False, False]


async def test_a_submit_waiting_while_its_game_is_forgotten_commits_to_the_held_copy(
    sqlite_url: str,
) -> None:
    """The copy a submit fetched before taking the lock may have been forgotten (and another
    loaded) meanwhile: it decides and commits on the copy held once it has the lock."""
    service = GameService(open_database(sqlite_url), MemoryBus(), monotonic=Clock())
    game_id = await _new(service)
    stale = await service.get(game_id)
    assert stale is not None
    service.evict_idle(_unwatched, idle_seconds=0, keep=0)
    fresh = await service.get(game_id)
    assert fresh is not None and fresh is not stale
    command = parse_command(stale, _move("w1", 10, 9))
    assert await service._submit_locked(stale, Viewer("p1"), "x", 0, command) == Ack(1)
    assert (fresh.version, stale.version) == (1, 0)


async def test_every_socket_at_one_version_shares_one_snapshot_string(sqlite_url: str) -> None:
    service = GameService(open_database(sqlite_url), MemoryBus())
    game_id = await _new(service)
    game = await service.get(game_id)
    assert game is not None
    spectator, p1 = Viewer(None), Viewer("p1")
    first = snapshot_message(game, spectator)
    assert snapshot_message(game, spectator) is first
    assert snapshot_message(game, p1) is not first
    assert await service.submit(game_id, p1, "a", 0, _move("w1", 10, 9)) == Ack(1)
    after = snapshot_message(game, spectator)
    assert after is not first and '"v": 1' in after
    assert set(game.snapshots) == {None}  # the older version's strings were dropped
    # held while no socket watches it, it keeps no strings for nobody (review)
    assert service.evict_idle(_unwatched, idle_seconds=3600, keep=100) == 0
    assert service.cached(game_id) is game and game.snapshots == {}


async def test_idle_time_counts_from_when_the_last_socket_left(sqlite_url: str) -> None:
    """Found by review: a game watched for an hour with nothing played was forgotten at the
    first pass after its last socket left; a pass now sees a watched game as used."""
    clock = Clock()
    service = GameService(open_database(sqlite_url), MemoryBus(), monotonic=clock)
    game_id = await _new(service)
    clock.now += 3600
    assert service.evict_idle(lambda g: True, idle_seconds=60, keep=100) == 0  # watched
    clock.now += 30  # the last socket left since that pass
    assert service.evict_idle(_unwatched, idle_seconds=60, keep=100) == 0
    assert service.cached(game_id) is not None
    clock.now += 30
    assert service.evict_idle(_unwatched, idle_seconds=60, keep=100) == 1


async def _stored_with_army(sqlite_url: str, group: dict[str, object]) -> tuple[GameService, str]:
    """A 10e game whose stored request is then given p1's army with this model group, as a
    request sent by hand to the API before the army JSON bounds could have stored it."""
    from sqlalchemy import update

    from vantage.store.models import GameRow

    db = open_database(sqlite_url)
    service = GameService(db, MemoryBus(), monotonic=Clock())
    created = await service.create({"system": "wh40k-10e"})
    assert not isinstance(created, Rejection)
    army = {
        "name": "x",
        "edition": "10e",
        "units": [{"id": "u", "name": "u", "models": [{"name": "m", "base": _BASE, **group}]}],
    }
    async with db.transaction() as session:
        stored = (await session.get(GameRow, created.id)).setup  # type: ignore[union-attr]
        await session.execute(
            update(GameRow)
            .where(GameRow.id == created.id)
            .values(setup={**stored, "armies": {"p1": army, "p2": {"demo": 1}}})
        )
    assert service.evict_idle(_unwatched, idle_seconds=0, keep=0) == 1
    return service, created.id


_BASE = {"shape": "circle", "diameter_mm": 32}


async def test_a_stored_game_whose_set_up_no_longer_parses_is_not_found_not_a_crash(
    sqlite_url: str,
) -> None:
    """An army beyond the army JSON bounds (1,000 models to a unit; bad-input audit s15) is
    refused when its game loads: the game answers as not found (and is logged), never an
    exception."""
    service, game_id = await _stored_with_army(sqlite_url, {"count": 1001})
    assert await service.get(game_id) is None


async def test_a_stored_army_keeps_the_loadout_totals_it_was_played_with(sqlite_url: str) -> None:
    """A total of 0 or 2.7 is refused for a new game only: a stored game still loads (review
    s15), reading 2.7 as 2 as it always did."""
    loadout = [{"weapon": "w", "total": 0}, {"weapon": "v", "total": 2.7}]
    service, game_id = await _stored_with_army(sqlite_url, {"count": 2, "loadout": loadout})
    assert await service.get(game_id) is not None
