"""The game websocket: authenticate, catch up, then read intents and write events."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect, WebSocketState

from vantage.api.deps import Services
from vantage.api.ws.protocol import (
    BadMessage,
    IntentMsg,
    PingMsg,
    QueryMsg,
    parse_client_message,
    rejected,
)
from vantage.api.ws.rate_limit import TokenBucket
from vantage.app.export import live_dice
from vantage.app.live import LiveGame
from vantage.app.rooms import Member, event_message, snapshot_message
from vantage.engine.context import Viewer
from vantage.engine.errors import Rejection

router = APIRouter()
log = logging.getLogger(__name__)
CLOSE_BAD_TOKEN = 4403
CLOSE_NOT_FOUND = 4404
CLOSE_RESYNC = 4008
CLOSE_TOO_MANY = 4429
MAX_QUERIES_IN_FLIGHT = 4


class Outbox:
    """A bounded send queue and the task that drains it into the socket."""

    def __init__(self, ws: WebSocket, size: int) -> None:
        self._ws = ws
        self._queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=size)
        self.task = asyncio.create_task(self._drain())
        self._resync: asyncio.Task[None] | None = None

    def put(self, text: str) -> bool:
        """Queue a message; ``False`` once the client is too slow. The socket is then closed at
        once with 4008 and nothing more is sent (the client reconnects and catches up; a later
        event sent after a lost one would skip a version)."""
        if self._resync is not None:
            return False
        try:
            self._queue.put_nowait(text)
            return True
        except asyncio.QueueFull:
            self._resync = asyncio.create_task(self._close_for_resync())
            return False

    async def _close_for_resync(self) -> None:
        self.task.cancel()
        with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
            await self._ws.close(code=CLOSE_RESYNC)

    async def _drain(self) -> None:
        with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
            while (text := await self._queue.get()) is not None:
                await self._ws.send_text(text)

    async def close(self) -> None:
        """Stop after what is queued."""
        with contextlib.suppress(asyncio.QueueFull):
            self._queue.put_nowait(None)
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(self.task, timeout=2)
        self.task.cancel()
        if self._resync is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(self._resync, timeout=2)


@router.websocket("/ws/games/{game_id}")
async def game_socket(ws: WebSocket, game_id: str, token: str = "", since: str = "") -> None:
    """One viewer's live connection to a game (docs/protocol.md "Websocket"). A ``since`` that
    is not a whole number is treated as absent: the viewer gets a snapshot, as for one out of
    range."""
    services: Services = ws.app.state.services
    viewer = await services.games.viewer_for(game_id, token)
    await ws.accept()
    if isinstance(viewer, Rejection):
        code = CLOSE_NOT_FOUND if viewer.code == "game/not_found" else CLOSE_BAD_TOKEN
        await ws.send_text(rejected(viewer))
        await ws.close(code=code)
        return
    game = await services.games.get(game_id)
    if game is None:
        await ws.close(code=CLOSE_NOT_FOUND)
        return
    joined = await _join(ws, services, game, viewer, _version(since))
    if isinstance(joined, Rejection):  # over a socket limit (docs/protocol.md, "Limits")
        await ws.send_text(rejected(joined))
        await ws.close(code=CLOSE_TOO_MANY)
        return
    outbox, member = joined
    try:
        await _read_loop(ws, services, game_id, viewer, outbox, member)
    finally:
        services.rooms.leave(game_id, member)
        await outbox.close()


async def _join(
    ws: WebSocket, services: Services, game: LiveGame, viewer: Viewer, since: int | None
) -> tuple[Outbox, Member] | Rejection:
    """Under the game's lock: refuse a socket over the limits, else send it the catch-up and
    join it to the room (no await between the check and the join)."""
    async with services.games.lock(game.id):
        client = ws.client.host if ws.client else None
        refusal = services.rooms.refusal(game.id, viewer, client)
        if refusal is not None:
            return refusal
        game = services.games.cached(game.id) or game  # the held copy, if it was reloaded
        outbox = Outbox(ws, services.settings.send_queue_size)
        member = Member(viewer=viewer, send=outbox.put, client=client)
        _send_catch_up(outbox, game, viewer, since, services.settings.replay_window)
        member.sent_v = game.version
        services.rooms.join(game, member)
        return outbox, member


def _send_catch_up(
    outbox: Outbox, game: LiveGame, viewer: Viewer, since: int | None, window: int
) -> None:
    role = "spectator" if viewer.is_spectator else "player"
    outbox.put(
        json.dumps(
            {
                "type": "welcome",
                "game": game.id,
                "system": game.ruleset.name,
                "viewer": {"player": viewer.player, "role": role},
                "v": game.version,
                "dice": live_dice(game),
            }
        )
    )
    entries = None
    if since is not None and 0 <= since <= game.version and game.version - since <= window:
        entries = game.since(since)
    if entries is None:
        outbox.put(snapshot_message(game, viewer))
        return
    for e in entries:
        outbox.put(event_message(game, e.v, e.event, e.state_after, viewer))


async def _read_loop(
    ws: WebSocket, services: Services, game_id: str, viewer: Viewer, outbox: Outbox, member: Member
) -> None:
    bucket = TokenBucket(
        services.settings.messages_per_second, services.settings.messages_per_second * 2
    )
    limit = services.settings.max_message_bytes
    queries: set[asyncio.Task[None]] = set()
    try:
        while ws.client_state == WebSocketState.CONNECTED:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            if member.overflowed:  # the outbox has closed the socket with 4008
                return
            text = message.get("text")
            if text is None:
                outbox.put(rejected(Rejection("message/malformed", "send JSON text frames")))
                continue
            msg = parse_client_message(text, limit)
            if not bucket.take():
                refusal = Rejection("message/rate_limited", "too many messages")
                outbox.put(rejected(refusal, **_ids(msg)))
            elif isinstance(msg, QueryMsg):
                _start_query(services, game_id, viewer, msg, outbox, queries, member.client)
            else:
                outbox.put(await _answer_or_fail(services, game_id, viewer, msg))
    finally:
        for task in queries:
            task.cancel()


def _version(since: str) -> int | None:
    """The version a reconnecting client has seen, or ``None`` (not a whole number in ASCII
    digits: ``int`` would read "٣" as 3)."""
    text = since.strip()
    return int(text) if text.isascii() and text.isdecimal() and len(text) <= 18 else None


def _ids(msg: IntentMsg | QueryMsg | PingMsg | Rejection | BadMessage) -> dict[str, Any]:
    """The id a refusal must carry so the client can match it to its request."""
    if isinstance(msg, BadMessage):
        return msg.ids
    if isinstance(msg, IntentMsg):
        return {"intent_id": msg.intent_id}
    if isinstance(msg, QueryMsg):
        return {"req_id": msg.req_id}
    return {}


def _start_query(
    services: Services,
    game_id: str,
    viewer: Viewer,
    msg: QueryMsg,
    outbox: Outbox,
    running: set[asyncio.Task[None]],
    client: str | None = None,
) -> None:
    """Answer a query without holding up this socket's next messages (intents stay ordered)."""
    if len(running) >= MAX_QUERIES_IN_FLIGHT:
        busy = Rejection("query/busy", f"at most {MAX_QUERIES_IN_FLIGHT} queries at a time")
        outbox.put(rejected(busy, req_id=msg.req_id))
        return

    async def run() -> None:
        try:
            outbox.put(await _answer(services, game_id, viewer, msg, client))
        except Exception:  # a bug: logged with its traceback, and the asker still hears back
            log.exception("query %r of game %s failed", msg.q.get("type"), game_id)
            failed = Rejection("query/failed", "the server could not answer this question")
            outbox.put(rejected(failed, req_id=msg.req_id))

    task = asyncio.create_task(run())
    running.add(task)
    task.add_done_callback(running.discard)


async def _answer_or_fail(
    services: Services,
    game_id: str,
    viewer: Viewer,
    msg: IntentMsg | PingMsg | Rejection | BadMessage,
) -> str:
    """The answer to an intent or a ping; a bug is logged with its traceback and refused as
    ``intent/failed``, and the connection stays up (the game's state is untouched: the cache
    changes only after the log has the events)."""
    try:
        return await _answer(services, game_id, viewer, msg)
    except Exception:
        log.exception("message of game %s failed", game_id)
        failed = Rejection("intent/failed", "the server could not carry this out")
        return rejected(failed, **_ids(msg))


async def _answer(
    services: Services,
    game_id: str,
    viewer: Viewer,
    msg: IntentMsg | QueryMsg | PingMsg | Rejection | BadMessage,
    client: str | None = None,
) -> str:
    if isinstance(msg, Rejection):
        return rejected(msg)
    if isinstance(msg, BadMessage):
        return rejected(msg.rejection, **msg.ids)
    if isinstance(msg, PingMsg):
        game = await services.games.get(game_id)
        return json.dumps({"type": "pong", "v": game.version if game else 0})
    if isinstance(msg, QueryMsg):
        answer = await services.games.query(game_id, viewer, msg.q, client)
        if isinstance(answer, Rejection):
            return rejected(answer, req_id=msg.req_id)
        return json.dumps({"type": "answer", "req_id": msg.req_id, "a": answer})
    result = await services.games.submit(game_id, viewer, msg.intent_id, msg.expected_v, msg.cmd)
    if isinstance(result, Rejection):
        return rejected(result, intent_id=msg.intent_id)
    return json.dumps(_ack(msg.intent_id, result.v))


def _ack(intent_id: str, v: int) -> dict[str, Any]:
    return {"type": "ack", "intent_id": intent_id, "v": v}
