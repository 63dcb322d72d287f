"""An export of a game in progress shows each viewer what the live stream shows them: a hidden
event is its version alone, without who made it or when (SQLite)."""

from __future__ import annotations

from typing import Any

from tests.app.dice_duel import DiceDuel
from vantage.app.games import Ack, GameService
from vantage.bus.memory import MemoryBus
from vantage.engine.context import Viewer
from vantage.engine.errors import Rejection
from vantage.rules import register
from vantage.store.db import open_database


class SecretDuel(DiceDuel):
    """The dice duel with secret rolls: each player sees only their own until the end."""

    name = "test-secret-duel"

    def redact(self, event: Any, state_after: Any, viewer: Viewer) -> dict[str, Any] | None:
        return self.events.encode(event) if viewer.player == event.player else None


register(SecretDuel())


async def test_a_hidden_event_is_exported_as_its_version_alone(sqlite_url: str) -> None:
    service = GameService(open_database(sqlite_url), MemoryBus())
    created = await service.create({"system": "test-secret-duel"})
    assert not isinstance(created, Rejection)
    ack = await service.submit(created.id, Viewer("p1"), "r1", None, {"type": "roll"})
    assert isinstance(ack, Ack)

    own = await service.export(created.id, Viewer("p1"))
    assert not isinstance(own, Rejection)
    assert own["events"][-1]["actor"] == "p1" and own["events"][-1]["e"]["type"] == "rolled"
    for viewer in (Viewer("p2"), Viewer(None)):
        doc = await service.export(created.id, viewer)
        assert not isinstance(doc, Rejection) and not doc["over"]
        assert doc["events"][-1] == {"v": ack.v}
