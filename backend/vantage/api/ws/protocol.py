"""Every client message, parsed in exactly one place (lila-ws ``ClientOut.parse``)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from vantage.engine.codec import first_error, unstorable
from vantage.engine.errors import Rejection

SAFE_INT = 2**53
"""Request ids are echoed back: an integer id must be one JavaScript holds exactly."""


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
    req_id: Annotated[int, Field(gt=-SAFE_INT, lt=SAFE_INT)] | Annotated[str, Field(max_length=80)]
    q: dict[str, Any]


class PingMsg(_Msg):
    """Keep-alive; the answer carries the current version."""

    type: Literal["ping"]


ClientMessage = Annotated[IntentMsg | QueryMsg | PingMsg, Field(discriminator="type")]
_ADAPTER: TypeAdapter[IntentMsg | QueryMsg | PingMsg] = TypeAdapter(ClientMessage)
KNOWN_TYPES = ("intent", "query", "ping")


@dataclass(frozen=True, slots=True)
class BadMessage:
    """A message refused as it was read, with the request id it carried when that id is itself
    valid (so the client can tell which of its requests failed)."""

    rejection: Rejection
    ids: dict[str, Any] = field(default_factory=dict)


def _request_ids(raw: dict[str, Any]) -> dict[str, Any]:
    """The ``intent_id`` of an intent or the ``req_id`` of a query, when valid by itself."""
    intent_id, req_id = raw.get("intent_id"), raw.get("req_id")
    if raw.get("type") == "intent" and isinstance(intent_id, str) and 0 < len(intent_id) <= 80:
        return {"intent_id": intent_id}
    if raw.get("type") == "query" and (
        (isinstance(req_id, int) and not isinstance(req_id, bool) and abs(req_id) < SAFE_INT)
        or (isinstance(req_id, str) and len(req_id) <= 80)
    ):
        return {"req_id": req_id}
    return {}


def parse_client_message(
    text: str, max_bytes: int
) -> IntentMsg | QueryMsg | PingMsg | Rejection | BadMessage:
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
    bad = unstorable(raw)
    if bad:
        path, why = bad
        refusal = Rejection("message/invalid", f"{path}: {why}", {"field": path})
        return BadMessage(refusal, _request_ids(raw))
    try:
        return _ADAPTER.validate_python(raw)
    except ValidationError as exc:
        path, msg = first_error(exc, raw)
        refusal = Rejection("message/invalid", f"{path}: {msg}", {"field": path})
        return BadMessage(refusal, _request_ids(raw))


def rejected(rejection: Rejection, **ids: Any) -> str:
    """The ``rejected`` message for a rejection (with ``intent_id`` or ``req_id`` if known)."""
    body = {
        "type": "rejected",
        **{k: v for k, v in ids.items() if v is not None},
        **rejection.to_json(),
    }
    return json.dumps(body)
