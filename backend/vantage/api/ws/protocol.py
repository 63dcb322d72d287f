"""Every client message, parsed in exactly one place (lila-ws ``ClientOut.parse``)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from vantage.engine.codec import (
    INT_DIGITS,
    MAX_DEPTH,
    first_error,
    first_refused,
    is_long_integer_error,
    unstorable,
)
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
        refusal = Rejection("message/too_large", f"messages are limited to {max_bytes} bytes")
        return BadMessage(refusal, _request_ids(_leading_fields(text)))
    try:
        raw = json.loads(text)
    except RecursionError:  # the decoder recurses once per level (about 1000 at most)
        return Rejection("message/malformed", _TOO_DEEP)
    except ValueError as exc:
        if not is_long_integer_error(exc):
            return Rejection("message/malformed", "not valid JSON")
        return _long_integer(text)
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
        if path == "req_id" and msg in _ONE_OF_REQ_ID:  # pydantic names the union's first type
            msg = "must be a whole number or a string"
        refusal = Rejection("message/invalid", f"{path}: {msg}", {"field": path})
        return BadMessage(refusal, _request_ids(raw))


_ONE_OF_REQ_ID = ("must be a whole number", "must be a string")


_TOO_DEEP = f"nested too deeply (at most {MAX_DEPTH} levels)"


class _LongInteger:
    """Stands for an integer literal of more than ``INT_DIGITS`` digits while a message that
    held one is read again to name it."""


def _read_integer(digits: str) -> int | _LongInteger:
    return _LongInteger() if len(digits.lstrip("-")) > INT_DIGITS else int(digits)


def _long_integer(text: str) -> Rejection | BadMessage:
    """A message that is valid JSON but holds an integer Python will not read (more than 4300
    digits; ``json.loads`` raised ``ValueError``, input audit s15 #4): read it again with such
    integers set aside, and refuse it ``message/invalid`` naming the number, with the message's
    id. Only such a message pays for the second reading."""
    try:
        raw = json.loads(text, parse_int=_read_integer)
    except RecursionError:
        return Rejection("message/malformed", _TOO_DEEP)
    except ValueError:
        return Rejection("message/malformed", "not valid JSON")
    if not isinstance(raw, dict):
        return Rejection("message/malformed", "a message must be a JSON object")
    why = f"a number of more than {INT_DIGITS} digits"
    found = first_refused(raw, lambda leaf: why if isinstance(leaf, _LongInteger) else None)
    where, why = found or ("$", why)  # (a nesting too deep before the number is named instead)
    refusal = Rejection("message/invalid", f"{where}: {why}", {"field": where})
    return BadMessage(refusal, _request_ids(raw))


SCAN_CHARS = 4096
"""How far into an oversized message its ``type`` and id are looked for."""
_DECODER = json.JSONDecoder()


def _leading_fields(text: str) -> dict[str, Any]:
    """The top-level ``type``, ``intent_id`` and ``req_id`` of a message too large to read,
    found among its first ``SCAN_CHARS`` characters (every client writes them before the
    command or question), so its ``message/too_large`` can name the request it refuses
    (input audit s15 #6). A bounded scan: the members are read in order, each within the first
    ``SCAN_CHARS`` characters, and it stops at the first that does not fit or does not parse."""
    head = text[:SCAN_CHARS]
    found: dict[str, Any] = {}
    pos = _skip_space(head, 0)
    if not head.startswith("{", pos):
        return found
    pos += 1
    while len(found) < 2:
        pos = _skip_space(head, pos)
        try:
            key, pos = _DECODER.raw_decode(head, pos)
            pos = _skip_space(head, pos)
            if not isinstance(key, str) or not head.startswith(":", pos):
                break
            value, pos = _DECODER.raw_decode(head, _skip_space(head, pos + 1))
        except (ValueError, RecursionError):
            break
        if key in ("type", "intent_id", "req_id"):
            found.setdefault(key, value)
        pos = _skip_space(head, pos)
        if not head.startswith(",", pos):
            break
        pos += 1
    return found


def _skip_space(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t\n\r":
        pos += 1
    return pos


def rejected(rejection: Rejection, **ids: Any) -> str:
    """The ``rejected`` message for a rejection (with ``intent_id`` or ``req_id`` if known)."""
    body = {
        "type": "rejected",
        **{k: v for k, v in ids.items() if v is not None},
        **rejection.to_json(),
    }
    return json.dumps(body)
