"""A request body size limit (ASGI middleware): large bodies get 413 before they are read."""

from __future__ import annotations

import json

from starlette.exceptions import HTTPException
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
        # uvicorn (h11) answers a Content-Length that is not a whole number itself (400) before
        # the app sees the request; this check is for other servers.
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_bytes):
            await send_too_large(send, self.max_bytes)
            return
        seen = 0
        started = False

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.max_bytes:
                raise BodyTooLargeError(self.max_bytes)
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, limited, watched)
        except BodyTooLargeError:  # raised where no exception handler answered it
            if not started:
                await send_too_large(send, self.max_bytes)


class BodyTooLargeError(HTTPException):
    """A body (sent in chunks, no Content-Length) grew past the limit as it was read. An
    ``HTTPException``, so FastAPI's body reader lets it through (any other exception there
    became its generic ``400 "There was an error parsing the body"``, input audit s15 #4) and
    the app's handler answers it ``413 request/too_large`` (``api.errors``)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, too_large_message(limit))
        self.limit = limit


def too_large_message(limit: int) -> str:
    """The words of a ``request/too_large`` answer."""
    return f"bodies are limited to {limit} bytes"


async def send_too_large(send: Send, limit: int) -> None:
    """Answer ``413 request/too_large`` straight from the middleware."""
    body = json.dumps(
        {"code": "request/too_large", "message": too_large_message(limit), "detail": {}}
    ).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": body})
