"""Answers to bad input that used to be FastAPI's or Python's words (input audit s15, items 4,
5, 6 and 8), on a real server: every one is a documented code with a message saying what is
wrong."""

from __future__ import annotations

import copy
import socket
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.support.client import Seat, create_game
from tests.support.server import LiveServer
from vantage.rules.death_angel.content import demo_pack_json
from vantage.rules.sandbox.presets import demo_table

LONG = "9" * 4301
"""An integer literal one digit over Python's limit for reading integers from text."""


def _post_game(server: LiveServer, content: Any, content_type: str | None) -> httpx.Response:
    headers = {"content-type": content_type} if content_type else {}
    return httpx.post(f"{server.base}/api/games", content=content, headers=headers, timeout=30)


def _invalid(message: str) -> dict[str, Any]:
    return {"code": "request/invalid", "message": message, "detail": {"field": ""}}


@pytest.mark.parametrize(
    ("content", "content_type", "message"),
    [
        (
            b'{"system": "sandbox", "x": "\xff\xfe"}',
            "application/json",
            "the body is not valid JSON: it is not UTF-8 text (byte 28)",
        ),
        (  # counted from the body's start, its byte-order mark too (review s16 r2 #6)
            b'\xef\xbb\xbf{"system": "sandbox", "x": "\xff\xfe"}',
            "application/json",
            "the body is not valid JSON: it is not UTF-8 text (byte 31)",
        ),
        (  # the charset is not honoured: JSON is UTF-8 (RFC 8259 §8.1)
            b'{"system": "sandbox", "x": "caf\xe9"}',
            "application/json; charset=latin-1",
            "the body is not valid JSON: it is not UTF-8 text (byte 31)",
        ),
        (
            b'{"system": "sandbox", "x": ' + LONG.encode() + b"}",
            "application/json",
            "the body holds a number of more than 4300 digits",
        ),
        (
            b"[" * 100_000 + b"]" * 100_000,
            "application/json",
            "the body is nested too deeply (at most 32 levels)",
        ),
        (b"", "application/json", "the request body is empty; send a JSON object"),
        (b"", None, "the request body is empty; send a JSON object"),
    ],
)
def test_bodies_json_cannot_read_are_422_request_invalid(
    live_server: LiveServer, content: bytes, content_type: str | None, message: str
) -> None:
    """They were FastAPI's ``400 http/400 "There was an error parsing the body"`` (and an empty
    body ``"Field required"`` at field ``""``)."""
    r = _post_game(live_server, content, content_type)
    assert (r.status_code, r.json()) == (422, _invalid(message))


def _chunks(head: bytes = b"", tail: bytes = b"") -> Iterator[bytes]:
    """A 9 MiB body sent in chunks, with no Content-Length."""
    yield head
    for _ in range(9):
        yield b" " * (1024 * 1024)
    yield tail


def test_a_chunked_body_over_8_mib_is_413(live_server: LiveServer) -> None:
    """The limit raised inside ``receive()``, and FastAPI's body reader turned it into its 400."""
    too_large = {
        "code": "request/too_large",
        "message": "bodies are limited to 8388608 bytes",
        "detail": {},
    }
    r = _post_game(live_server, _chunks(b"{"), "application/json")
    assert "content-length" not in r.request.headers
    assert (r.status_code, r.json()) == (413, too_large)
    part = (
        b'--xx\r\nContent-Disposition: form-data; name="file"; filename="a.ros"\r\n'
        b"Content-Type: application/octet-stream\r\n\r\n"
    )
    r = httpx.post(
        f"{live_server.base}/api/rosters",
        content=_chunks(part, b"\r\n--xx--\r\n"),
        headers={"content-type": "multipart/form-data; boundary=xx"},
        timeout=30,
    )
    assert (r.status_code, r.json()) == (413, too_large)


@pytest.mark.parametrize("length", [b"abc", b"-1"])
def test_a_content_length_not_a_number_is_refused_by_the_http_server(
    live_server: LiveServer, length: bytes
) -> None:
    """uvicorn (h11) answers before the app sees the request: what docs/protocol.md now says."""
    with socket.create_connection(("127.0.0.1", live_server.port), timeout=10) as s:
        s.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: " + length + b"\r\n\r\n{}"
        )
        answer = s.recv(1000)
    assert answer.startswith(b"HTTP/1.1 400 ")
    assert answer.endswith(b"Invalid HTTP request received.")


@pytest.mark.parametrize(
    ("files", "data", "content"),
    [
        (None, {"file": "abc"}, None),  # a text field of the form
        ({"file": ("", b"abc")}, None, None),  # a part with an empty filename
        (None, None, b"file=abc"),  # a urlencoded form
    ],
)
def test_a_roster_file_that_is_not_a_file_upload_says_so(
    live_server: LiveServer, files: Any, data: Any, content: bytes | None
) -> None:
    """It was pydantic's ``Value error, Expected UploadFile, received: <class 'str'>``."""
    headers = {"content-type": "application/x-www-form-urlencoded"} if content else None
    r = httpx.post(
        f"{live_server.base}/api/rosters",
        files=files,
        data=data,
        content=content,
        headers=headers,
        timeout=20,
    )
    assert r.status_code == 422, r.text
    assert r.json() == {
        "code": "request/invalid",
        "message": "file: must be a file upload (multipart/form-data)",
        "detail": {"field": "file"},
    }


def test_head_of_health_is_200(live_server: LiveServer) -> None:
    """Uptime checkers often ask with HEAD (it was 405)."""
    r = httpx.head(f"{live_server.base}/api/health")
    assert r.status_code == 200 and r.content == b""


def test_an_extra_field_of_a_pack_is_not_a_known_field(live_server: LiveServer) -> None:
    pack = copy.deepcopy(demo_pack_json())
    pack["extra"] = 1
    r = httpx.post(
        f"{live_server.base}/api/games",
        json={"system": "death-angel", "pack": pack},
        timeout=20,
    )
    assert r.status_code == 422, r.text
    assert r.json()["message"] == "pack.extra: is not a known field"
    assert r.json()["detail"]["field"] == "pack.extra"


def _open(server: LiveServer, game: dict[str, Any], seat: int = 0) -> Seat:
    sock = Seat(server, game["id"], game["seats"][seat]["token"])
    assert sock.recv()["type"] == "welcome"
    assert sock.recv()["type"] == "snapshot"
    return sock


def test_extra_fields_of_a_command_are_named_in_words(live_server: LiveServer) -> None:
    """Python's ``unexpected keyword argument`` became ``is not a field of <type>`` (or, for an
    object with no ``type``, ``is not a known field``); the code and the field are as before."""
    game = create_game(live_server, {"system": "sandbox", "setup": demo_table()})
    with _open(live_server, game) as p1:
        p1.intent({"type": "contribute_entropy", "entropy": "abc", "player": "p1"}, None)
        refusal = p1.recv_until("rejected")
        assert refusal["code"] == "intent/invalid_command"
        assert refusal["message"] == "player: is not a field of contribute_entropy"
        assert refusal["detail"]["field"] == "player"
        move = {"model": "w1", "to": {"x": 5, "y": 3}, "hp": 3}
        p1.intent({"type": "move_models", "moves": [move]}, None)
        refusal = p1.recv_until("rejected")
        assert refusal["code"] == "intent/invalid_command"
        assert refusal["message"] == "moves[0].hp: is not a known field"
        assert refusal["detail"]["field"] == "moves[0].hp"


def test_an_oversized_message_is_refused_with_its_id(live_server: LiveServer) -> None:
    """``message/too_large`` carries the ``intent_id`` or ``req_id`` read from the start of the
    message, so the browser's intent or query fails at once instead of timing out."""
    game = create_game(live_server, {"system": "sandbox", "setup": demo_table()})
    with _open(live_server, game) as p1:
        points = [{"x": 1, "y": 1}] * 5000
        p1.send({"type": "query", "req_id": 7, "q": {"type": "unit_check", "positions": points}})
        refusal = p1.recv_until("rejected")
        assert (refusal["code"], refusal.get("req_id")) == ("message/too_large", 7)
        moves = [{"model": "w1", "to": {"x": 5, "y": 3}}] * 3000
        cmd = {"type": "move_models", "moves": moves}
        p1.send({"type": "intent", "intent_id": "big", "expected_v": 0, "cmd": cmd})
        refusal = p1.recv_until("rejected")
        assert (refusal["code"], refusal.get("intent_id")) == ("message/too_large", "big")
        # the id is read only where it comes before the command (every client writes it so)
        p1.send({"cmd": cmd, "type": "intent", "intent_id": "late"})
        refusal = p1.recv_until("rejected")
        assert refusal["code"] == "message/too_large" and "intent_id" not in refusal
        p1.send("x" * 100_000)
        refusal = p1.recv_until("rejected")
        assert refusal["code"] == "message/too_large" and "intent_id" not in refusal
        p1.send({"type": "ping"})
        assert p1.recv_until("pong")["v"] == 0  # the socket stays


def test_an_integer_of_more_than_4300_digits_is_named(live_server: LiveServer) -> None:
    """Valid JSON that Python refuses to read: it was ``message/malformed "not valid JSON"``."""
    game = create_game(live_server, {"system": "sandbox", "setup": demo_table()})
    with _open(live_server, game) as p1:
        p1.send(f'{{"type": "intent", "intent_id": "n1", "expected_v": {LONG}, "cmd": {{}}}}')
        refusal = p1.recv_until("rejected")
        assert refusal == {
            "type": "rejected",
            "intent_id": "n1",
            "code": "message/invalid",
            "message": "expected_v: a number of more than 4300 digits",
            "detail": {"field": "expected_v"},
        }
        move = f'{{"model": "w1", "to": {{"x": -{LONG}, "y": 3}}}}'
        p1.send(
            '{"type": "intent", "intent_id": "n2", "cmd": {"type": "move_models", '
            f'"moves": [{move}]}}}}'
        )
        refusal = p1.recv_until("rejected")
        assert refusal["intent_id"] == "n2" and refusal["code"] == "message/invalid"
        assert refusal["detail"]["field"] == "cmd.moves[0].to.x"
        p1.send(f'{{"type": "query", "req_id": {LONG}, "q": {{}}}}')
        refusal = p1.recv_until("rejected")
        assert refusal["detail"]["field"] == "req_id" and "req_id" not in refusal
        p1.send("[" + LONG + ", oops")  # not JSON at all: malformed, as before
        assert p1.recv_until("rejected")["message"] == "not valid JSON"
        p1.send(LONG)
        assert p1.recv_until("rejected")["message"] == "a message must be a JSON object"


def test_a_message_nested_past_what_the_decoder_reads_says_so(live_server: LiveServer) -> None:
    """It was ``message/malformed "not valid JSON"`` (the decoder's ``RecursionError``)."""
    game = create_game(live_server, {"system": "sandbox", "setup": demo_table()})
    with _open(live_server, game) as p1:
        p1.send('{"type": "ping", "x": ' + "[" * 5000 + "]" * 5000 + "}")
        refusal = p1.recv_until("rejected")
        assert refusal["code"] == "message/malformed"
        assert refusal["message"] == "nested too deeply (at most 32 levels)"


@pytest.mark.parametrize(
    ("content", "content_type", "why"),
    [
        (b"abc", "multipart/form-data", "missing boundary in multipart"),
        (
            b"--yy\r\n\r\nabc\r\n--yy--\r\n",
            "multipart/form-data; boundary=xx",
            "invalid multipart data",
        ),
    ],
)
def test_a_broken_multipart_body_is_422_request_invalid(
    live_server: LiveServer, content: bytes, content_type: str, why: str
) -> None:
    """It was FastAPI's ``400 http/400 "There was an error parsing the body"``."""
    r = httpx.post(
        f"{live_server.base}/api/rosters",
        content=content,
        headers={"content-type": content_type},
        timeout=20,
    )
    assert (r.status_code, r.json()) == (
        422,
        _invalid(f"the body is not valid multipart/form-data: {why}"),
    )
