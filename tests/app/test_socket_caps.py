"""The process-wide socket caps: per client address over all games, and in all (security audit
s14 #2), counted as sockets join and leave."""

from __future__ import annotations

from typing import Any

from vantage.api.app import FILES_KEPT_FREE, sockets_that_fit
from vantage.app.rooms import Member, RoomHub, SocketLimits
from vantage.engine.context import Viewer


class _Game:
    def __init__(self, game_id: str) -> None:
        self.id = game_id


def _join(hub: RoomHub, game_id: str, client: str | None) -> Member:
    viewer = Viewer(player=None)
    assert hub.refusal(game_id, viewer, client) is None
    member = Member(viewer=viewer, send=lambda _text: True, client=client)
    game: Any = _Game(game_id)
    hub.join(game, member)
    return member


def test_a_client_address_is_capped_over_all_games_and_freed_on_leave() -> None:
    hub = RoomHub(SocketLimits(per_client=3, total=100))
    held = [_join(hub, f"g{i}", "10.0.0.1") for i in range(3)]
    refusal = hub.refusal("g9", Viewer(player=None), "10.0.0.1")
    assert refusal is not None and refusal.detail == {"limit": 3, "scope": "client"}
    assert hub.refusal("g9", Viewer(player=None), "10.0.0.2") is None  # another address
    hub.leave("g0", held[0])
    hub.leave("g0", held[0])  # a second leave changes nothing
    assert hub.client_members("10.0.0.1") == 2 and hub.total_members() == 2
    _join(hub, "g9", "10.0.0.1")


def test_the_process_total_is_capped() -> None:
    hub = RoomHub(SocketLimits(per_client=100, total=2))
    _join(hub, "a", "10.0.0.1")
    _join(hub, "b", None)
    refusal = hub.refusal("c", Viewer(player=None), "10.0.0.3")
    assert refusal is not None and refusal.detail == {"limit": 2, "scope": "server"}


def test_the_total_fits_the_open_file_limit() -> None:
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert sockets_that_fit(10) == 10
    if soft != resource.RLIM_INFINITY:
        assert sockets_that_fit(soft * 2) == soft - FILES_KEPT_FREE
