"""A request body size limit (ASGI middleware): large bodies get 413 before they are read."""

from __future__ import annotations

import json

from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 8 * 1024 * 1024


class BodyLimit:
    """Refuse HTTP bodies over ``max_bytes`` (declared or streamed)."""

    def __init__(self, app: ASGIApp, max_bytes: int = MAX_BODY) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_bytes):
            await _too_large(send, self.max_bytes)
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.max_bytes:
                raise _TooLargeError
            return message

        try:
            await self.app(scope, limited, send)
        except _TooLargeError:
            await _too_large(send, self.max_bytes)


class _TooLargeError(Exception):
    pass


async def _too_large(send: Send, limit: int) -> None:
    body = json.dumps(
        {
            "code": "request/too_large",
            "message": f"bodies are limited to {limit} bytes",
            "detail": {},
        }
    ).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": body})
