"""Every client message, parsed in exactly one place (lila-ws ``ClientOut.parse``)."""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from vantage.engine.codec import first_error, reject_nonfinite
from vantage.engine.errors import Rejection


class _Msg(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False, strict=True)


class IntentMsg(_Msg):
    """Ask the server to change the game."""

    type: Literal["intent"]
    intent_id: str = Field(min_length=1, max_length=80)
    expected_v: int | None = Field(default=None, ge=0)
    cmd: dict[str, Any]


class QueryMsg(_Msg):
    """Ask a read-only question (measure, line of sight...)."""

    type: Literal["query"]
    req_id: int | str
    q: dict[str, Any]


class PingMsg(_Msg):
    """Keep-alive; the answer carries the current version."""

    type: Literal["ping"]


ClientMessage = Annotated[IntentMsg | QueryMsg | PingMsg, Field(discriminator="type")]
_ADAPTER: TypeAdapter[IntentMsg | QueryMsg | PingMsg] = TypeAdapter(ClientMessage)
KNOWN_TYPES = ("intent", "query", "ping")


def parse_client_message(text: str, max_bytes: int) -> IntentMsg | QueryMsg | PingMsg | Rejection:
    """Decode one websocket text frame into a message, or a rejection with a stable code."""
    if len(text) > max_bytes or len(text.encode()) > max_bytes:
        return Rejection("message/too_large", f"messages are limited to {max_bytes} bytes")
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError):
        return Rejection("message/malformed", "not valid JSON")
    if not isinstance(raw, dict):
        return Rejection("message/malformed", "a message must be a JSON object")
    kind = raw.get("type")
    if kind not in KNOWN_TYPES:
        return Rejection(
            "message/unknown_type", f"unknown message type {kind!r}", {"known": list(KNOWN_TYPES)}
        )
    bad = reject_nonfinite(raw)
    if bad:
        return Rejection("message/invalid", f"{bad}: must be a finite number", {"field": bad})
    try:
        return _ADAPTER.validate_python(raw)
    except ValidationError as exc:
        path, msg = first_error(exc, raw)
        return Rejection("message/invalid", f"{path}: {msg}", {"field": path})


def rejected(rejection: Rejection, **ids: Any) -> str:
    """The ``rejected`` message for a rejection (with ``intent_id`` or ``req_id`` if known)."""
    body = {
        "type": "rejected",
        **{k: v for k, v in ids.items() if v is not None},
        **rejection.to_json(),
    }
    return json.dumps(body)
