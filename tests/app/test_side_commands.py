"""Side commands (dice entropy, the 10e offers settings) are accepted at any time, so a seat
sending them in a loop grew its game's log without limit (security audit s14 #3: 286 events/s
from one seat). The live server now refuses what changes nothing and a long run of them; the
rules' decision is unchanged, so stored games still verify (rules decision R38)."""

from __future__ import annotations

from typing import Any

import tests.app.dice_duel  # noqa: F401  (registers the test system)
from vantage.app.games import Ack, GameService
from vantage.app.shell_commands import SIDE_RUN
from vantage.app.verify import verify_export
from vantage.bus.memory import MemoryBus
from vantage.engine.context import Viewer
from vantage.engine.errors import Rejection
from vantage.store.db import open_database


def _entropy(text: str) -> dict[str, Any]:
    return {"type": "contribute_entropy", "entropy": text}


async def _events(service: GameService, game_id: str) -> int:
    doc = await service.export(game_id, Viewer(None))
    assert not isinstance(doc, Rejection)
    return len(doc["events"])


async def test_the_dice_say_whose_entropy_waits_for_a_roll(sqlite_url: str) -> None:
    """The page's "Add my entropy" mirrors the server (review s16 F #2: read from the log, it
    was wrong after a paused attack resumed): ``entropy_pending`` in the view's and welcome's
    ``dice``, not in the export (this process's memory)."""
    from vantage.app.export import live_dice

    db = open_database(sqlite_url)
    service = GameService(db, MemoryBus())
    created = await service.create({"system": "test-dice-duel"})
    assert not isinstance(created, Rejection)
    gid = created.id
    game = await service.get(gid)
    assert game is not None and live_dice(game)["entropy_pending"] == []
    assert isinstance(await service.submit(gid, Viewer("p1"), "e1", None, _entropy("a")), Ack)
    assert live_dice(game)["entropy_pending"] == ["p1"]
    assert isinstance(await service.submit(gid, Viewer("p2"), "e1", None, _entropy("b")), Ack)
    assert live_dice(game)["entropy_pending"] == ["p1", "p2"]
    assert isinstance(await service.submit(gid, Viewer("p1"), "r0", None, {"type": "roll"}), Ack)
    assert live_dice(game)["entropy_pending"] == []
    doc = await service.export(gid, Viewer("p1"))
    assert not isinstance(doc, Rejection) and "entropy_pending" not in doc["dice"]
    await db.dispose()


async def test_one_entropy_string_per_player_between_rolls(sqlite_url: str) -> None:
    service = GameService(open_database(sqlite_url), MemoryBus())
    created = await service.create({"system": "test-dice-duel"})
    assert not isinstance(created, Rejection)
    gid = created.id
    assert isinstance(await service.submit(gid, Viewer("p1"), "e1", None, _entropy("a")), Ack)
    again = await service.submit(gid, Viewer("p1"), "e2", None, _entropy("b"))
    assert isinstance(again, Rejection) and again.code == "dice/entropy_pending"
    # the other player's own contribution is not limited by it
    assert isinstance(await service.submit(gid, Viewer("p2"), "e1", None, _entropy("c")), Ack)
    # a retry of the accepted intent still gets its ack
    assert isinstance(await service.submit(gid, Viewer("p1"), "e1", None, _entropy("a")), Ack)
    assert await _events(service, gid) == 2
    roll = await service.submit(gid, Viewer("p1"), "r0", None, {"type": "roll"})
    assert isinstance(roll, Ack), roll
    assert isinstance(await service.submit(gid, Viewer("p1"), "e3", None, _entropy("d")), Ack)
    for i in range(1, 4):
        ack = await service.submit(
            gid, Viewer(("p1", "p2")[i % 2]), f"r{i}", None, {"type": "roll"}
        )
        assert isinstance(ack, Ack), ack
    doc = await service.export(gid, Viewer("p1"))
    assert not isinstance(doc, Rejection) and doc["over"] is True
    assert verify_export(doc).ok
    # once the game is over every command is refused game/over, a pending entropy or a long run
    # of side commands notwithstanding (review s14: those codes came first)
    game = service.cached(gid)
    assert game is not None
    game.entropy_at["p1"] = game.rolls
    game.side_run["p2"] = SIDE_RUN
    for player in ("p1", "p2"):
        late = await service.submit(gid, Viewer(player), "late", None, _entropy("z"))
        assert isinstance(late, Rejection) and late.code == "game/over", late


async def test_10e_offers_set_to_what_they_are_and_long_runs_are_refused(sqlite_url: str) -> None:
    service = GameService(open_database(sqlite_url), MemoryBus())
    created = await service.create({"system": "wh40k-10e"})
    assert not isinstance(created, Rejection)
    gid = created.id
    start = await _events(service, gid)

    async def offers(kind: str, on: bool, n: int) -> Ack | Rejection:
        cmd = {"type": f"{kind}_offers", "offer": on}
        return await service.submit(gid, Viewer("p1"), f"{kind}{n}", None, cmd)

    same = await offers("reroll", True, 0)  # on by default
    assert isinstance(same, Rejection) and same.code == "settings/unchanged"
    same = await offers("reaction", True, 0)
    assert isinstance(same, Rejection) and same.code == "settings/unchanged"
    accepted = [await offers("reroll", i % 2 == 1, i + 1) for i in range(SIDE_RUN)]
    assert all(isinstance(a, Ack) for a in accepted), accepted
    over = await offers("reaction", False, 99)
    assert isinstance(over, Rejection) and over.code == "intent/too_many_settings"
    assert await _events(service, gid) == start + SIDE_RUN
    # the opponent is not held back by it
    other = await service.submit(
        gid, Viewer("p2"), "x", None, {"type": "reroll_offers", "offer": False}
    )
    assert isinstance(other, Ack)
