"""Two players and a spectator on a real server over real websockets (SQLite and PostgreSQL)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from tests.support.client import Seat, create_game, move
from tests.support.server import LiveServer
from vantage.rules.sandbox.presets import demo_table


@pytest.fixture
def game(live_server: LiveServer) -> dict[str, Any]:
    return create_game(live_server, {"system": "sandbox", "setup": demo_table()})


def _join(server: LiveServer, game: dict[str, Any], token: str, since: int | None = None) -> Seat:
    seat = Seat(server, game["id"], token, since)
    welcome = seat.recv()
    assert welcome["type"] == "welcome"
    return seat


def _tokens(game: dict[str, Any]) -> tuple[str, str, str]:
    return game["seats"][0]["token"], game["seats"][1]["token"], game["spectator"]["token"]


def _version(server: LiveServer, game: dict[str, Any]) -> int:
    token = game["spectator"]["token"]
    v: int = httpx.get(f"{server.base}/api/games/{game['id']}?token={token}").json()["v"]
    return v


def test_move_reaches_both_players_and_spectator(
    live_server: LiveServer, game: dict[str, Any]
) -> None:
    t1, t2, ts = _tokens(game)
    with (
        _join(live_server, game, t1) as p1,
        _join(live_server, game, t2) as p2,
        _join(live_server, game, ts) as spec,
    ):
        for seat in (p1, p2, spec):
            assert seat.recv()["type"] == "snapshot"
        intent_id = p1.intent(move("w1", 10.0, 9.0), expected_v=0)
        event = p1.recv_until("event")
        ack = p1.recv_until("ack")
        assert ack == {"type": "ack", "intent_id": intent_id, "v": 1}
        for seat in (p2, spec):
            seen = seat.recv_until("event")
            assert seen == event
        moved = event["e"]["moves"][0]
        assert (moved["model"], moved["x"], moved["y"], moved["distance"]) == ("w1", 10.0, 9.0, 3.0)


def test_spectator_cannot_act(live_server: LiveServer, game: dict[str, Any]) -> None:
    _, _, ts = _tokens(game)
    with _join(live_server, game, ts) as spec:
        spec.recv()
        intent_id = spec.intent(move("w1", 10.0, 9.0), expected_v=0)
        rejected = spec.recv_until("rejected")
        assert (rejected["code"], rejected["intent_id"]) == ("intent/spectator", intent_id)
    assert _version(live_server, game) == 0


def test_player_cannot_move_opponents_model(live_server: LiveServer, game: dict[str, Any]) -> None:
    _, t2, _ = _tokens(game)
    with _join(live_server, game, t2) as p2:
        p2.recv()
        p2.intent(move("w1", 10.0, 9.0), expected_v=0)
        assert p2.recv_until("rejected")["code"] == "move/not_your_model"
    assert _version(live_server, game) == 0


def test_stale_expected_version_is_rejected(live_server: LiveServer, game: dict[str, Any]) -> None:
    """A move made before another move of the same model is stale: it was meant for a model
    that is no longer where its player saw it."""
    t1, _, _ = _tokens(game)
    with _join(live_server, game, t1) as p1:
        p1.recv()
        p1.intent(move("w1", 10.0, 9.0), expected_v=0)
        p1.recv_until("ack")
        p1.intent(move("w1", 12.0, 9.0), expected_v=0)
        rejected = p1.recv_until("rejected")
        assert rejected["code"] == "intent/stale_version"
        assert rejected["detail"]["current"] == 1
    assert _version(live_server, game) == 1


def test_moves_of_different_models_made_at_once_both_go_through(
    live_server: LiveServer, game: dict[str, Any]
) -> None:
    """Two players drop at the same moment: the later move, made at version 0, moves other
    models than the first, so it is decided on the table as it is now (a free table's moves
    commute) instead of being refused as stale."""
    t1, t2, _ = _tokens(game)
    with _join(live_server, game, t1) as p1, _join(live_server, game, t2) as p2:
        p1.recv(), p2.recv()
        p1.intent(move("w1", 10.0, 9.0), expected_v=0)
        assert p1.recv_until("ack")["v"] == 1
        p2.intent(move("a1", 20.0, 30.0), expected_v=0)
        assert p2.recv_until("ack")["v"] == 2
        moved = p1.recv_until("event", timeout=5)
        while moved["v"] != 2:
            moved = p1.recv_until("event", timeout=5)
        assert moved["e"]["moves"][0]["model"] == "a1"
    assert _version(live_server, game) == 2


def test_an_intent_made_before_an_entropy_contribution_is_not_stale(
    live_server: LiveServer, game: dict[str, Any]
) -> None:
    """The opponent opening the game adds dice entropy (v1); a move decided at v0 still goes
    through, but one decided before another move of the same model does not."""
    t1, t2, _ = _tokens(game)
    with _join(live_server, game, t1) as p1, _join(live_server, game, t2) as p2:
        p1.recv(), p2.recv()
        p2.intent({"type": "contribute_entropy", "entropy": "opponent's luck"}, expected_v=0)
        assert p2.recv_until("ack")["v"] == 1
        p1.intent(move("w1", 10.0, 9.0), expected_v=0)
        assert p1.recv_until("ack")["v"] == 2
        p1.intent(move("w1", 12.0, 9.0), expected_v=1)
        rejected = p1.recv_until("rejected")
        assert rejected["code"] == "intent/stale_version"
        assert rejected["detail"] == {"current": 2, "expected": 1}
    assert _version(live_server, game) == 2


def test_reconnect_with_since_returns_exactly_the_missed_events(
    live_server: LiveServer, game: dict[str, Any]
) -> None:
    t1, t2, _ = _tokens(game)
    with _join(live_server, game, t1) as p1:
        p1.recv()
        for i, (model, x) in enumerate([("w1", 10.0), ("w2", 12.0), ("w3", 14.0)]):
            p1.intent(move(model, x, 9.0), expected_v=i)
            p1.recv_until("ack")
    with _join(live_server, game, t2, since=1) as p2:
        got = [p2.recv(), p2.recv()]
        assert [m["v"] for m in got] == [2, 3]
        assert [m["e"]["moves"][0]["model"] for m in got] == ["w2", "w3"]
        p2.send({"type": "ping"})
        assert p2.recv() == {"type": "pong", "v": 3}  # nothing else was sent before the pong


def test_intent_retry_is_idempotent(live_server: LiveServer, game: dict[str, Any]) -> None:
    t1, _, _ = _tokens(game)
    with _join(live_server, game, t1) as p1:
        p1.recv()
        cmd = {"type": "intent", "intent_id": "same", "expected_v": 0, "cmd": move("w1", 10, 9)}
        p1.send(cmd)
        assert p1.recv_until("ack")["v"] == 1
        p1.send(cmd)
        assert p1.recv_until("ack")["v"] == 1
    assert _version(live_server, game) == 1


def test_an_intent_id_sent_again_with_another_command_is_refused(
    live_server: LiveServer, game: dict[str, Any]
) -> None:
    """Audit s16 B #3: it got the first command's ack, though the new command was never
    decided (a client that reused ids by mistake believed its move was made)."""
    t1, _, _ = _tokens(game)
    with _join(live_server, game, t1) as p1:
        p1.recv()
        p1.send({"type": "intent", "intent_id": "same", "cmd": move("w1", 10, 9)})
        assert p1.recv_until("ack")["v"] == 1
        p1.send({"type": "intent", "intent_id": "same", "cmd": move("w1", 20, 9)})
        refused = p1.recv_until("rejected")
        assert (refused["code"], refused["intent_id"], refused["detail"]) == (
            "intent/id_reused",
            "same",
            {"v": 1},
        )
        p1.send({"type": "intent", "intent_id": "same", "expected_v": 0, "cmd": move("w1", 10, 9)})
        assert p1.recv_until("ack")["v"] == 1  # the same command again is still a retry
    assert _version(live_server, game) == 1


def test_two_seats_may_use_the_same_intent_id(
    live_server: LiveServer, game: dict[str, Any]
) -> None:
    """An intent id is the seat's own: the second seat's "same" is a new command, not a retry of
    the first seat's (which would ack an old version and drop the move)."""
    t1, t2, _ = _tokens(game)
    with _join(live_server, game, t1) as p1, _join(live_server, game, t2) as p2:
        p1.recv()
        p2.recv()
        p1.send({"type": "intent", "intent_id": "same", "expected_v": 0, "cmd": move("w1", 10, 9)})
        assert p1.recv_until("ack")["v"] == 1
        assert p2.recv_until("event")["e"]["moves"][0]["model"] == "w1"
        p2.send({"type": "intent", "intent_id": "same", "expected_v": 1, "cmd": move("a1", 30, 30)})
        event = p2.recv_until("event")
        assert event["e"]["moves"][0]["model"] == "a1"
        assert p2.recv_until("ack") == {"type": "ack", "intent_id": "same", "v": 2}
        p2.send({"type": "intent", "intent_id": "same", "expected_v": 1, "cmd": move("a1", 30, 30)})
        assert p2.recv_until("ack")["v"] == 2  # its own retry is still idempotent
    assert _version(live_server, game) == 2


BAD_INPUTS = [
    ("not json at all", "message/malformed"),
    ("[1, 2, 3]", "message/malformed"),
    ('{"type": "teleport"}', "message/unknown_type"),
    ('{"type": "intent", "intent_id": "x"}', "message/invalid"),
    ("x" * 100_000, "message/too_large"),
    (
        '{"type": "intent", "intent_id": "n", "expected_v": 0, "cmd": {"type": "move_models", '
        '"moves": [{"model": "w1", "to": {"x": NaN, "y": 3}}]}}',
        "message/invalid",
    ),
    (
        '{"type": "intent", "intent_id": "o", "expected_v": 0, "cmd": {"type": "move_models", '
        '"moves": [{"model": "w1", "to": {"x": 500, "y": 3}}]}}',
        "move/off_table",
    ),
    (
        '{"type": "intent", "intent_id": "u", "expected_v": 0, "cmd": {"type": "move_models", '
        '"moves": [{"model": "nobody", "to": {"x": 5, "y": 3}}]}}',
        "move/unknown_model",
    ),
    (
        '{"type": "intent", "intent_id": "c", "expected_v": 0, "cmd": {"type": "fly"}}',
        "intent/invalid_command",
    ),
    (
        '{"type": "intent", "intent_id": "v", "expected_v": 0, "cmd": {"type": "move_models", '
        '"moves": [{"model": "w1", "to": {"x": 11.8, "y": 6}}]}}',
        "move/overlap",
    ),
    # found by fuzzing: a height or facing this large made later distances infinite
    (
        '{"type": "intent", "intent_id": "z", "expected_v": 0, "cmd": {"type": "move_models", '
        '"moves": [{"model": "w1", "to": {"x": 12, "y": 7, "z": 1e308}}]}}',
        "intent/invalid_command",
    ),
    (
        '{"type": "intent", "intent_id": "f", "expected_v": 0, "cmd": {"type": "move_models", '
        '"moves": [{"model": "w1", "to": {"x": 12, "y": 7, "facing": 1e308}}]}}',
        "intent/invalid_command",
    ),
    ('{"type": "intent", "intent_id": "t", "expected_v": 0, "cmd": {}}', "intent/invalid_command"),
    ('{"type": "query", "req_id": true, "q": {"type": "measure"}}', "message/invalid"),
    # found by an audit: these dropped the connection, or were echoed back changed
    ('{"type": "intent", "intent_id": "l", "cmd": {"type": ["x"]}}', "intent/invalid_command"),
    ('{"type": "intent", "intent_id": "d", "cmd": {"type": {"a": 1}}}', "intent/invalid_command"),
    (
        '{"type": "intent", "intent_id": "n", "cmd": ' + "[" * 900 + "]" * 900 + "}",
        "message/invalid",
    ),
    (
        '{"type": "intent", "intent_id": "s", "expected_v": 0, "cmd": {"type": "move_models", '
        '"moves": [{"model": "\\ud800", "to": {"x": 5, "y": 3}}]}}',
        "message/invalid",
    ),
    ('{"type": "query", "req_id": 9007199254740993, "q": {"type": "measure"}}', "message/invalid"),
]


@pytest.mark.parametrize(("text", "code"), BAD_INPUTS)
def test_bad_input_is_rejected_and_the_connection_survives(
    live_server: LiveServer, game: dict[str, Any], text: str, code: str
) -> None:
    t1, _, _ = _tokens(game)
    with _join(live_server, game, t1) as p1:
        p1.recv()
        p1.send(text)
        assert p1.recv_until("rejected")["code"] == code
        p1.send({"type": "ping"})
        assert p1.recv_until("pong")["v"] == 0
    assert _version(live_server, game) == 0


@pytest.mark.parametrize(
    ("text", "ids", "field"),
    [
        (
            '{"type": "intent", "intent_id": "n1", "expected_v": 0, "cmd": {"type": "move_models",'
            ' "moves": [{"model": "w1", "to": {"x": NaN, "y": 3}}]}}',
            {"intent_id": "n1"},
            "cmd.moves[0].to.x",
        ),
        (
            '{"type": "intent", "intent_id": "n2", "expected_v": -1, "cmd": {}}',
            {"intent_id": "n2"},
            "expected_v",
        ),
        (
            '{"type": "query", "req_id": 7, "q": {"type": "measure"}, "extra": 1}',
            {"req_id": 7},
            "extra",
        ),
        ('{"type": "query", "req_id": {"a": 1}, "q": {}}', {}, "req_id"),
    ],
)
def test_a_refused_message_carries_its_request_id_when_it_has_a_valid_one(
    live_server: LiveServer, game: dict[str, Any], text: str, ids: dict[str, Any], field: str
) -> None:
    """The client can tell which of its requests failed; the field is named as sent (not
    ``req_id.int``, the name of a type the id could have had)."""
    t1, _, _ = _tokens(game)
    with _join(live_server, game, t1) as p1:
        p1.recv()
        p1.send(text)
        refused = p1.recv_until("rejected")
        assert refused["code"] == "message/invalid"
        assert {k: refused[k] for k in ("intent_id", "req_id") if k in refused} == ids
        assert refused["detail"]["field"] == field


def test_binary_frames_are_rejected(live_server: LiveServer, game: dict[str, Any]) -> None:
    t1, _, _ = _tokens(game)
    with _join(live_server, game, t1) as p1:
        p1.recv()
        p1.ws.send(b"\x00\x01")
        assert p1.recv_until("rejected")["code"] == "message/malformed"


def test_wrong_token_and_unknown_game_close_the_socket(
    live_server: LiveServer, game: dict[str, Any]
) -> None:
    for game_id, token, code in [(game["id"], "wrong", 4403), ("gnothere", "x", 4404)]:
        seat = Seat(live_server, game_id, token)
        assert seat.recv()["type"] == "rejected"
        with pytest.raises(ConnectionClosed) as closed:
            seat.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == code


def test_a_link_too_long_to_read_is_refused_at_once(
    live_server: LiveServer, game: dict[str, Any]
) -> None:
    """A request line over the websocket library's 8 KiB gets its 414 answer, not a silent
    wait for the client's own timeout (uvicorn left the refusal unsent)."""
    url = f"{live_server.ws_base}/ws/games/{game['id']}?token={'x' * 9000}"
    with pytest.raises(InvalidStatus) as refused:
        connect(url, open_timeout=3).close()
    assert refused.value.response.status_code == 414


@pytest.mark.parametrize("req_id", ["1.5", "true", "null", "[1]", '{"a": 1}'])
def test_a_bad_req_id_is_told_both_types_it_may_have(
    live_server: LiveServer, game: dict[str, Any], req_id: str
) -> None:
    """It said "must be a whole number", though a string is as good (audit s16 B #2)."""
    t1, _, _ = _tokens(game)
    with _join(live_server, game, t1) as p1:
        p1.recv()
        p1.send(f'{{"type": "query", "req_id": {req_id}, "q": {{"type": "measure"}}}}')
        refused = p1.recv_until("rejected")
        assert (refused["code"], refused["message"]) == (
            "message/invalid",
            "req_id: must be a whole number or a string",
        )


@pytest.mark.parametrize(
    ("since", "seen"), [("3", 3), (" 12 ", 12), ("\u0663", None), ("-1", None)]
)
def test_since_is_read_in_ascii_digits_only(since: str, seen: int | None) -> None:
    """Audit s16 B #4: Arabic-Indic digits were read as a version (harmless, not meant)."""
    from vantage.api.ws.endpoint import _version

    assert _version(since) == seen
