"""Rooms: this process's sockets per game, each sent its own view of every event (lila pattern)."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from vantage.app.live import LiveGame
from vantage.engine.context import Viewer
from vantage.engine.errors import Rejection
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
    client: str | None = None
    """The address the socket came from (``None`` when the server was not told)."""


@dataclass(slots=True)
class Room:
    """The members of one game in this process."""

    members: set[Member] = field(default_factory=set)


@dataclass(frozen=True, slots=True)
class SocketLimits:
    """How many sockets this process keeps open per seat link, per spectator link, per game, per
    client address over all games, and in all (``Settings.sockets_*``); one more is refused with
    ``connection/too_many``. Games cost nothing to create, so only the last two bound what one
    client can hold (security audit s14 #2: 2,720 sockets from one client over 10 games)."""

    per_seat: int = 8
    per_spectator_link: int = 256
    per_game: int = 320
    per_client: int = 512
    total: int = 8192


class RoomHub:
    """Every room of this process; the game service calls ``deliver`` after each commit."""

    def __init__(self, limits: SocketLimits | None = None) -> None:
        self._rooms: dict[str, Room] = {}
        self.limits = limits or SocketLimits()
        self._by_client: dict[str, int] = {}
        self._total = 0

    def refusal(self, game_id: str, viewer: Viewer, client: str | None = None) -> Rejection | None:
        """Why one more socket of this viewer, from this client address, may not join the game
        now, or ``None``. Check it and ``join`` without awaiting in between, so two sockets
        cannot both take the last place."""
        room = self._rooms.get(game_id)
        members = room.members if room else set()
        same_link = sum(1 for m in members if m.viewer.player == viewer.player)
        cap = self.limits.per_spectator_link if viewer.is_spectator else self.limits.per_seat
        link = "spectator link" if viewer.is_spectator else "seat"
        if same_link >= cap:
            return Rejection(
                "connection/too_many",
                f"this {link} already has {cap} open connections; close one first",
                {"limit": cap, "scope": "spectator" if viewer.is_spectator else "seat"},
            )
        if len(members) >= self.limits.per_game:
            return Rejection(
                "connection/too_many",
                f"this game already has {self.limits.per_game} open connections",
                {"limit": self.limits.per_game, "scope": "game"},
            )
        if client is not None and self._by_client.get(client, 0) >= self.limits.per_client:
            return Rejection(
                "connection/too_many",
                f"your address already has {self.limits.per_client} open connections to this "
                "server; close some first",
                {"limit": self.limits.per_client, "scope": "client"},
            )
        if self._total >= self.limits.total:
            return Rejection(
                "connection/too_many",
                f"the server already has {self.limits.total} open connections; try again later",
                {"limit": self.limits.total, "scope": "server"},
            )
        return None

    def join(self, game: LiveGame, member: Member) -> None:
        """Add a socket (call under the game's lock, after sending it the catch-up)."""
        members = self._rooms.setdefault(game.id, Room()).members
        if member in members:
            return
        members.add(member)
        self._total += 1
        if member.client is not None:
            self._by_client[member.client] = self._by_client.get(member.client, 0) + 1

    def leave(self, game_id: str, member: Member) -> None:
        """Remove a socket; an empty room goes away."""
        room = self._rooms.get(game_id)
        if room is None or member not in room.members:
            return
        room.members.discard(member)
        self._total -= 1
        if member.client is not None:
            left = self._by_client.get(member.client, 0) - 1
            if left > 0:
                self._by_client[member.client] = left
            else:
                self._by_client.pop(member.client, None)
        if not room.members:
            del self._rooms[game_id]

    def total_members(self) -> int:
        """How many sockets this process holds in all."""
        return self._total

    def client_members(self, client: str) -> int:
        """How many sockets this process holds from one client address."""
        return self._by_client.get(client, 0)

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
            if member.overflowed:  # its socket is closing: it catches up when it reconnects
                continue
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


def snapshot_message(game: LiveGame, viewer: Viewer) -> str:
    """The ``snapshot`` message for this viewer's view of the game now; projected and encoded
    once per version and view, however many sockets open (a full table is about 1 MB)."""
    cached = game.snapshots.get(viewer.player)
    if cached is not None and cached[0] == game.version:
        return cached[1]
    if any(v != game.version for v, _ in game.snapshots.values()):
        game.snapshots.clear()  # the older versions' strings are never sent again
    state = game.ruleset.project(game.state, viewer)
    text = json.dumps({"type": "snapshot", "v": game.version, "state": state})
    game.snapshots[viewer.player] = (game.version, text)
    return text


def event_message(game: LiveGame, v: int, event: Any, state_after: Any, viewer: Viewer) -> str:
    """The ``event`` message for a viewer: the redacted event, or a stub keeping ``v``."""
    shown = redacted_payload(game, event, state_after, viewer)
    if shown is None:
        return json.dumps({"type": "event", "v": v})
    return json.dumps({"type": "event", "v": v, "e": shown})
