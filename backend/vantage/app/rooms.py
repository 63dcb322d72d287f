"""Rooms: this process's sockets per game, each sent its own view of every event (lila pattern)."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from vantage.app.live import LiveGame
from vantage.engine.context import Viewer
from vantage.engine.fairness import EntropyContributed

log = logging.getLogger(__name__)
Send = Callable[[str], bool]
"""Queue one encoded message for a socket; ``False`` when its queue is full."""


@dataclass(eq=False, slots=True)
class Member:
    """One socket in a room: its viewer, its send queue and the last version it was sent."""

    viewer: Viewer
    send: Send
    sent_v: int = 0
    overflowed: bool = False


@dataclass(slots=True)
class Room:
    """The members of one game in this process."""

    members: set[Member] = field(default_factory=set)


class RoomHub:
    """Every room of this process; the game service calls ``deliver`` after each commit."""

    def __init__(self) -> None:
        self._rooms: dict[str, Room] = {}

    def join(self, game: LiveGame, member: Member) -> None:
        """Add a socket (call under the game's lock, after sending it the catch-up)."""
        self._rooms.setdefault(game.id, Room()).members.add(member)

    def leave(self, game_id: str, member: Member) -> None:
        """Remove a socket; an empty room goes away."""
        room = self._rooms.get(game_id)
        if room is None:
            return
        room.members.discard(member)
        if not room.members:
            del self._rooms[game_id]

    def total_members(self) -> int:
        """How many sockets this process holds in all."""
        return sum(len(room.members) for room in self._rooms.values())

    def watchers(self, game_id: str) -> int:
        """How many sockets this process holds for a game."""
        room = self._rooms.get(game_id)
        return len(room.members) if room else 0

    async def deliver(self, game: LiveGame, before: int) -> None:
        """Send every member the events after ``before`` that it has not had, redacted for it."""
        room = self._rooms.get(game.id)
        if room is None:
            return
        entries = game.since(before) or []
        encoded: dict[str | None, list[tuple[int, str]]] = {}
        for member in list(room.members):
            key = member.viewer.player
            if key not in encoded:
                encoded[key] = [
                    (e.v, event_message(game, e.v, e.event, e.state_after, member.viewer))
                    for e in entries
                ]
            for v, text in encoded[key]:
                if v <= member.sent_v:
                    continue
                if not member.send(text):
                    member.overflowed = True
                    break
                member.sent_v = v


def redacted_payload(
    game: LiveGame, event: Any, state_after: Any, viewer: Viewer
) -> dict[str, Any] | None:
    """An event as this viewer may see it, or ``None`` when it is hidden from them."""
    if isinstance(event, EntropyContributed):
        return game.encode(event)
    return game.ruleset.redact(event, state_after, viewer)


def event_message(game: LiveGame, v: int, event: Any, state_after: Any, viewer: Viewer) -> str:
    """The ``event`` message for a viewer: the redacted event, or a stub keeping ``v``."""
    shown = redacted_payload(game, event, state_after, viewer)
    if shown is None:
        return json.dumps({"type": "event", "v": v})
    return json.dumps({"type": "event", "v": v, "e": shown})
