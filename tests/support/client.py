"""Small helpers for talking to a live server over HTTP and real websockets."""

from __future__ import annotations

import itertools
import json
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from tests.support.server import LiveServer

_ids = itertools.count(1)


def create_game(server: LiveServer, body: dict[str, Any]) -> dict[str, Any]:
    """Create a game and return the answer (seats and spectator links)."""
    r = httpx.post(f"{server.base}/api/games", json=body, timeout=10)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


class Seat:
    """A websocket connection for one token, with helpers to send and receive JSON."""

    def __init__(
        self, server: LiveServer, game_id: str, token: str, since: int | None = None
    ) -> None:
        url = f"{server.ws_base}/ws/games/{game_id}?token={token}"
        if since is not None:
            url += f"&since={since}"
        # unbounded queue: a seat that does not read for a while must still close promptly
        self._cm = connect(url, open_timeout=10, max_size=2**24, max_queue=None, close_timeout=2)
        self.ws: ClientConnection = self._cm.__enter__()

    def recv(self, timeout: float = 5) -> dict[str, Any]:
        """The next message."""
        data: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        return data

    def recv_until(self, kind: str, timeout: float = 5) -> dict[str, Any]:
        """Skip messages until one of this type."""
        while True:
            msg = self.recv(timeout)
            if msg["type"] == kind:
                return msg

    def send(self, msg: dict[str, Any] | str) -> None:
        """Send a JSON message (or raw text)."""
        self.ws.send(msg if isinstance(msg, str) else json.dumps(msg))

    def intent(self, cmd: dict[str, Any], expected_v: int | None) -> str:
        """Send an intent; return its id."""
        intent_id = f"i{next(_ids)}"
        self.send({"type": "intent", "intent_id": intent_id, "expected_v": expected_v, "cmd": cmd})
        return intent_id

    def close(self) -> None:
        """Close the connection."""
        self._cm.__exit__(None, None, None)

    def __enter__(self) -> Seat:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def move(model: str, x: float, y: float) -> dict[str, Any]:
    """A one-model move command."""
    return {"type": "move_models", "moves": [{"model": model, "to": {"x": x, "y": y}}]}


class Queries:
    """Table queries over one seat (``{"type": "query"}``), each reply found by its ``req_id``
    (events that arrive in between are skipped)."""

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        self.req = 0

    def reply(self, q: dict[str, Any]) -> dict[str, Any]:
        """The server's reply to one query: an ``answer`` or a ``rejected`` message."""
        self.req += 1
        self.seat.send({"type": "query", "req_id": self.req, "q": q})
        while True:
            msg = self.seat.recv(timeout=10)
            if msg.get("req_id") == self.req:
                return msg
