"""Rules revisions (rules decision E16): each new game stores the revision it is created under and
the demo pack itself; a stored game without them is revision 1 with the demo pack, and keeps the
rules it was played under, so its log re-decides the same and its export still verifies."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest

from tests.death_angel.helpers import R, fresh
from vantage.app.games import Ack, GameService
from vantage.app.verify import verify_export
from vantage.bus.memory import MemoryBus
from vantage.engine.context import Viewer
from vantage.engine.errors import Rejection
from vantage.rules import find_ruleset
from vantage.rules.death_angel.bot import choose
from vantage.rules.death_angel.content import demo_pack, demo_pack_json
from vantage.rules.death_angel.state import RULES_REVISION, STATE_CODEC
from vantage.store.db import open_database


def test_a_new_game_is_stamped_with_this_codes_rules_revision_and_the_demo_pack() -> None:
    """The server stores the revision (and the demo pack itself) with a new game's request; a
    client cannot give a revision (it is no option of a new game)."""
    assert RULES_REVISION == 4
    assert "rules_revision" not in (R.create_options or ())
    stamped = dict(R.new_game_options({"seats": 3}))
    assert stamped == {"seats": 3, "rules_revision": 4, "pack": demo_pack_json()}
    assert json.loads(json.dumps(stamped)) == stamped  # stored as JSON
    setup = R.parse_setup(json.loads(json.dumps(stamped)))
    assert not isinstance(setup, Rejection) and setup.revision == 4
    assert setup.pack is demo_pack()  # the stamped demo pack shares the demo pack's index
    custom = copy.deepcopy(demo_pack_json())
    custom["title"] = "Mine"
    kept = dict(R.new_game_options({"pack": custom}))
    assert kept == {"pack": custom, "rules_revision": 4}  # a custom pack is stored as given
    state = R.initial_state(R.parse_setup(stamped))
    assert state.rules_revision == 4 and state.since(2) and state.since(4)


def test_a_stored_request_without_a_revision_is_revision_1() -> None:
    for request in ({}, {"seats": 2}, {"seats": 2, "rules_revision": 1}):
        setup = R.parse_setup(request)
        assert not isinstance(setup, Rejection) and setup.revision == 1
        assert setup.pack is demo_pack()
        state = R.initial_state(setup)
        assert state.rules_revision == 1 and not state.since(2)


@pytest.mark.parametrize("bad", [0, RULES_REVISION + 1, -1, "2", True, 1.5, None])
def test_a_revision_outside_1_to_4_is_refused_naming_the_field(bad: object) -> None:
    refused = R.parse_setup({"seats": 2, "rules_revision": bad})
    assert isinstance(refused, Rejection) and refused.code == "setup/invalid"
    assert refused.detail == {"field": "rules_revision"}
    assert refused.message == "rules_revision: must be a whole number from 1 to 4"


def test_a_snapshot_without_the_revision_decodes_as_revision_1() -> None:
    """A state stored before revisions has no ``rules_revision``: it is revision 1 (the default
    is 1, not the current revision), and a new state's revision round-trips."""
    state = fresh(2)
    assert state.rules_revision == RULES_REVISION
    doc = STATE_CODEC.encode(state)
    assert doc["rules_revision"] == RULES_REVISION
    assert STATE_CODEC.decode(doc).rules_revision == RULES_REVISION
    del doc["rules_revision"]
    old = STATE_CODEC.decode(doc)
    assert old.rules_revision == 1 and not old.since(2)


# ---- Whole bot games through the server, exported and verified --------------------------------


SEED = bytes(range(32))
"""The bot games' dice: with a seed of chance a game could end before the bot played a Support
action, and the empty pool these tests are about was never met (a fresh-clone run, s15)."""


@pytest.fixture(autouse=True)
def _fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("vantage.app.games.new_seed", lambda: SEED)


async def _bot_game(url: str, request: dict[str, Any]) -> dict[str, Any]:
    """Create a game through the service, play it to the end with the bot on every seat and
    return its full export (seed revealed)."""
    service = GameService(open_database(url), MemoryBus())
    try:
        created = await service.create({"system": "death-angel", **request})
        assert not isinstance(created, Rejection), created
        seats = [s.player for s in created.seats if s.player is not None]
        for i in range(3000):
            moves = []
            for player in seats:
                seen = await service.view(created.id, Viewer(player))
                assert not isinstance(seen, Rejection)
                cmd = choose(seen[1], player)
                if cmd is not None:
                    moves.append((player, seen[0], cmd))
            if not moves:
                break
            player, v, cmd = moves[0]
            ack = await service.submit(created.id, Viewer(player), f"i{i}", v, cmd)
            assert isinstance(ack, Ack), (cmd, ack)
        doc = await service.export(created.id, Viewer(None))
        assert isinstance(doc, dict) and doc["over"] is True
        return doc
    finally:
        service.close()


def _no_token_pack() -> dict[str, Any]:
    """The demo pack with no support token at all: every Support action finds the pool empty."""
    pack = copy.deepcopy(demo_pack_json())
    pack["support_tokens"] = 0
    return pack


def _types(doc: dict[str, Any]) -> list[str]:
    return [e["e"]["type"] for e in doc["events"]]


async def test_a_bot_game_of_this_revision_verifies_and_asks_nothing_of_an_empty_pool(
    sqlite_url: str,
) -> None:
    doc = await _bot_game(sqlite_url, {"seats": 1, "pack": _no_token_pack()})
    assert doc["setup"]["rules_revision"] == RULES_REVISION == 4
    types = _types(doc)
    assert "support_pool_empty" in types and "support_given" not in types
    # E17's events (pool_ran_out, location_ability_used) come where the bot's game has such an
    # ability: test_actions.py and test_travel.py pin them; here the whole game verifies
    verdict = verify_export(doc)
    assert verdict.ok, verdict.problem
    default = await _bot_game(sqlite_url, {"seats": 1})  # the demo pack travels with the game
    assert default["setup"] == {"seats": 1, "rules_revision": 4, "pack": demo_pack_json()}
    assert verify_export(default).ok


async def test_a_bot_game_of_revision_2_verifies_without_the_revision_3_events(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game stored under revision 2 keeps its rules: no ``pool_ran_out`` nor
    ``location_ability_used`` (E17), and its export verifies."""
    monkeypatch.setattr(R, "new_game_options", lambda options: {**options, "rules_revision": 2})
    doc = await _bot_game(sqlite_url, {"seats": 1, "pack": _no_token_pack()})
    monkeypatch.undo()
    assert doc["setup"]["rules_revision"] == 2
    types = _types(doc)
    assert "support_pool_empty" in types
    assert "pool_ran_out" not in types and "location_ability_used" not in types
    verdict = verify_export(doc)
    assert verdict.ok, verdict.problem


async def test_a_bot_game_of_revision_1_verifies_and_keeps_the_question(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game stored before revisions (the server did not stamp its request) is decided by the
    rules of revision 1: the empty pool is still asked about (E15), and its export verifies."""
    ruleset = find_ruleset("death-angel")
    assert ruleset is R
    monkeypatch.setattr(R, "new_game_options", lambda options: options)
    doc = await _bot_game(sqlite_url, {"seats": 1, "pack": _no_token_pack()})
    assert "rules_revision" not in doc["setup"]
    types = _types(doc)
    assert "support_given" in types and "support_pool_empty" not in types
    assert all(
        e["e"]["placed"] is False for e in doc["events"] if e["e"]["type"] == "support_given"
    )
    verdict = verify_export(doc)
    assert verdict.ok, verdict.problem
    monkeypatch.undo()  # today's server still verifies it as revision 1
    assert verify_export(doc).ok
    # the stored revision is what decides: read as revision 2, the first question is not asked
    relabelled = {**doc, "setup": {**doc["setup"], "rules_revision": 2}}
    verdict = verify_export(relabelled)
    differs = re.fullmatch(r"event v=(\d+): the rules give a different event", verdict.problem)
    assert not verdict.ok and differs, verdict.problem
    first = next(e for e in doc["events"] if e["v"] == int(differs[1]))
    assert first["e"]["type"] == "support_given" and first["e"]["placed"] is False
