"""Content packs: schema, validation errors naming the field, demo coverage, setup requests."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

from tests.death_angel.helpers import PACK, R, fresh
from vantage.engine.context import Viewer
from vantage.engine.errors import Rejection
from vantage.rules import find_ruleset
from vantage.rules.death_angel.content import load_pack, pack_schema
from vantage.rules.death_angel.hooks import (
    ACTION_HOOKS,
    EVENT_HOOKS,
    LOCATION_HOOKS,
    TERRAIN_HOOKS,
    VICTORY_HOOKS,
)
from vantage.rules.death_angel.pack import Location, MoveBox, SpawnBox

FILES = resources.files("vantage.rules.death_angel").joinpath("packs")


def _demo() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FILES.joinpath("demo.json").read_text())
    return data


def test_registered_by_name() -> None:
    assert find_ruleset("death-angel") is not None


def test_schema_file_matches_the_pack_types() -> None:
    assert json.loads(FILES.joinpath("schema.json").read_text()) == pack_schema()


def test_demo_pack_exercises_every_mechanic() -> None:
    actions = [a for t in PACK.teams for a in t.actions]
    assert all(
        sorted(a.kind for a in t.actions) == ["attack", "move_activate", "support"]
        for t in PACK.teams
    )  # §12.24
    assert {a.ability.hook for a in actions if a.ability} == set(ACTION_HOOKS)
    assert {e.ability.hook for e in PACK.events if e.ability} == set(EVENT_HOOKS)
    assert any(e.instinct for e in PACK.events)
    assert {t.activate.hook for t in PACK.terrain if t.activate} == set(TERRAIN_HOOKS)
    assert {t.colour for t in PACK.terrain} == {"red", "orange", "yellow", "green"}
    assert {c.ability.hook for c in PACK.locations if c.ability} == set(LOCATION_HOOKS)
    assert {c.victory.hook for c in PACK.locations if c.victory} == set(VICTORY_HOOKS)
    boxes = [b for e in PACK.events for b in e.boxes]
    assert {(b.colour, b.size) for b in boxes if isinstance(b, SpawnBox)} == {
        (c, s) for c in ("red", "orange", "yellow", "green") for s in ("major", "minor")
    }
    types = {g.type for g in PACK.genestealers}
    assert {(b.genestealer, b.kind) for b in boxes if isinstance(b, MoveBox)} == {
        (t, k) for t in types for k in ("move", "flank")
    }
    lords = {
        str(c.ability.params["broodlord"])
        for c in PACK.locations
        if c.ability and c.ability.hook == "spawn_broodlord"
    }
    assert lords == {b.id for b in PACK.broodlords} and len(lords) == 2
    finals = {label for s in PACK.setups for label in s.recipe[-1:]}
    assert all(isinstance(c, Location) and c.victory for c in PACK.locations if c.label in finals)
    assert sorted(n for s in PACK.setups for n in s.players) == [1, 2, 3, 4, 5, 6]


def _broken(path: list[Any], value: Any) -> dict[str, Any]:
    raw = _demo()
    node = raw
    for key in path[:-1]:
        node = node[key]
    if value is KeyError:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return raw


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (["teams", 0, "marines", 1, "range"], -1, "pack.teams[0].marines[1].range"),
        (["teams", 0, "actions", 0, "kind"], "dance", "pack.teams[0].actions[0].kind"),
        (["teams", 2, "marines", 0, "name"], KeyError, "pack.teams[2].marines[0].name"),
        (
            ["teams", 0, "actions", 0, "ability", "hook"],
            "teleport",
            "pack.teams[0].actions[0].ability.hook",
        ),
        (
            ["teams", 0, "actions", 0, "ability", "params", "bonus"],
            "lots",
            "pack.teams[0].actions[0].ability.params.bonus",
        ),
        (
            ["teams", 0, "actions", 0, "ability", "params", "extra"],
            1,
            "pack.teams[0].actions[0].ability.params.extra",
        ),
        (["locations", 0, "left", 0, "terrain"], "nowhere", "pack.locations[0].left[0].terrain"),
        (
            ["events", 0, "boxes", 1, "genestealer"],
            "tentacle",
            "pack.events[0].boxes[1].genestealer",
        ),
        (["events", 0, "instinct"], True, "pack.events[0].instinct"),
        (["terrain", 1, "id"], "vent-shaft", "pack.terrain[1].id"),
        (["setups", 0, "recipe", 1], "9z", "pack.setups[0].recipe[1]"),
        (["setups", 1, "players", 0], 1, "pack.setups[1].players[0]"),
        (
            ["locations", 9, "ability", "params", "broodlord"],
            "nobody",
            "pack.locations[9].ability.params.broodlord",
        ),
        (
            ["locations", 9, "ability", "trigger"],
            "control_panel",
            "pack.locations[9].ability.trigger",
        ),
        (["broodlords", 0, "types", 1], "wing", "pack.broodlords[0].types[1]"),
        (["die"], [{"value": 1}], "pack.die"),
    ],
)
def test_invalid_pack__rejection_names_the_field(path: list[Any], value: Any, field: str) -> None:
    result = load_pack(_broken(path, value))
    assert isinstance(result, Rejection)
    assert result.code == "setup/invalid"
    assert result.detail["field"] == field, result.message
    assert result.message.startswith(field)


@pytest.mark.parametrize("seats", [0, 7, "4", 2.0, True, None, -1])
def test_setup__seats_must_be_1_to_6(seats: Any) -> None:
    result = R.parse_setup({"seats": seats})
    assert isinstance(result, Rejection)
    assert (result.code, result.detail["field"]) == ("setup/invalid", "seats")


def test_setup__custom_pack_is_used_and_must_suit_the_player_count() -> None:
    raw = _demo()
    raw["id"], raw["title"] = "my-pack", "My Pack"
    s = fresh(2, pack=raw)
    assert s.pack.id == "my-pack"
    small = copy.deepcopy(raw)
    small["teams"] = small["teams"][:4]
    result = R.parse_setup({"seats": 3, "pack": small})
    assert isinstance(result, Rejection) and result.detail["field"] == "pack.teams"
    bad = R.parse_setup({"seats": 3, "pack": "nope"})
    assert isinstance(bad, Rejection) and bad.detail["field"] == "pack"
    assert R.query(s, {"kind": "pack"}, Viewer(None))["id"] == "my-pack"
