"""Refereed tables: turning a model is a move (edge and overlap checked at the new facing), and a
dropped model comes to rest on the ground or a floor under it (rules decisions 27 and 28)."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import reduce
from typing import Any

import pytest

from vantage.engine.context import Ctx, Viewer
from vantage.engine.decision import Accepted
from vantage.engine.dice import FixedDice
from vantage.engine.errors import Rejection
from vantage.engine.table import Table
from vantage.rules import find_ruleset
from vantage.rules.common.table_queries import answer_table_query
from vantage.rules.sandbox.commands import ModelsMoved

TABLE_SYSTEMS = ("sandbox", "wh40k-9e", "wh40k-8e", "deathmatch")
OVAL = {"shape": "oval", "length_mm": 60, "width_mm": 35}  # 1.181" along, 0.689" across facing
ROUND = {"shape": "circle", "diameter_mm": 32}  # radius 0.63"

SETUP: dict[str, Any] = {
    "table": {"width": 30, "depth": 20},
    "players": ["p1", "p2"],
    "units": [
        {"id": "A", "player": "p1", "name": "Riders"},
        {"id": "B", "player": "p2", "name": "Brutes"},
    ],
    "models": [
        # an oval lengthwise along x, 1" clear of b1 across its width only
        {"id": "a1", "unit": "A", "base": OVAL, "x": 5, "y": 5, "facing": 0},
        {"id": "b1", "unit": "B", "base": ROUND, "x": 5, "y": 7.2},
        # an oval near the bottom edge: 0.689" across fits at y = 1, 1.181" along does not
        {"id": "a2", "unit": "A", "base": OVAL, "x": 15, "y": 1, "facing": 0},
        # on a ruin's upper floor (z 5.5), and one on the ground inside the same ruin
        {"id": "a3", "unit": "A", "base": ROUND, "x": 22, "y": 12, "z": 5.5},
        {"id": "a4", "unit": "A", "base": ROUND, "x": 25, "y": 12},
        # on top of a 3" hill
        {"id": "a5", "unit": "A", "base": ROUND, "x": 6, "y": 16, "z": 3},
        # hovering where no terrain is (a scenario may place anything anywhere)
        {"id": "a6", "unit": "A", "base": ROUND, "x": 12, "y": 12, "z": 4},
    ],
    "terrain": [
        {
            "id": "ruin",
            "kind": "ruins",
            "polygon": [[20, 10], [28, 10], [28, 16], [20, 16]],
            "height": 8,
            "floors": [3, 5.5],
        },
        {
            "id": "ruin2",
            "kind": "ruins",
            "polygon": [[20, 2], [28, 2], [28, 7], [20, 7]],
            "height": 8,
            "floors": [4],
        },
        {
            "id": "hill",
            "kind": "hill",
            "polygon": [[2, 14], [10, 14], [10, 19], [2, 19]],
            "height": 3,
        },
    ],
}


def _rules(system: str) -> Any:
    rules = find_ruleset(system)
    assert rules is not None
    return rules


def _table(system: str = "sandbox") -> Table:
    table = _rules(system).parse_setup({"setup": SETUP})
    assert isinstance(table, Table)
    return table


def _to(model: str, x: float, y: float, **more: float) -> dict[str, Any]:
    return {"model": model, "to": {"x": x, "y": y, **more}}


def _decide(
    moves: list[dict[str, Any]], player: str | None = "p1", system: str = "sandbox"
) -> Accepted | Rejection:
    rules = _rules(system)
    cmd = rules.commands.parse({"type": "move_models", "moves": moves}, "intent/invalid_command")
    assert not isinstance(cmd, Rejection)
    ctx = Ctx(Viewer(player), datetime(2026, 1, 1, tzinfo=UTC), FixedDice([]))
    return rules.decide(_table(system), cmd, ctx)  # type: ignore[no-any-return]


def _moved(decision: Accepted | Rejection) -> dict[str, Any]:
    assert isinstance(decision, Accepted), decision
    (event,) = decision.events
    assert isinstance(event, ModelsMoved)
    return {m.model: m for m in event.moves}


# -- turning --------------------------------------------------------------------------------


@pytest.mark.parametrize("system", TABLE_SYSTEMS)
def test_a_turn_in_place_is_a_move_that_changes_only_the_facing(system: str) -> None:
    moved = _moved(_decide([_to("a1", 5, 5, facing=45)], system=system))["a1"]
    assert (moved.x, moved.y, moved.z, moved.facing, moved.distance) == (5, 5, 0, 45, 0)
    decision = _decide([_to("a1", 5, 5, facing=45)], system=system)
    assert isinstance(decision, Accepted)
    after = reduce(_rules(system).evolve, decision.events, _table(system))
    assert after.models["a1"].facing == 45


@pytest.mark.parametrize("system", TABLE_SYSTEMS)
def test_turning_an_oval_into_a_neighbour_is_refused_as_an_overlap(system: str) -> None:
    # along x, a1 reaches y 5 + 0.689; b1's base starts at 7.2 - 0.63 = 6.57: apart. Turned to
    # 90 it reaches 5 + 1.181 = 6.181: still apart; moved 0.5" closer and turned, it overlaps.
    assert isinstance(_decide([_to("a1", 5, 5.5)], system=system), Accepted)
    refused = _decide([_to("a1", 5, 5.5, facing=90)], system=system)
    assert isinstance(refused, Rejection) and refused.code == "move/overlap"
    assert dict(refused.detail) == {"model": "a1", "other": "b1"}


@pytest.mark.parametrize("system", TABLE_SYSTEMS)
def test_turning_an_oval_past_the_table_edge_is_refused(system: str) -> None:
    refused = _decide([_to("a2", 15, 1, facing=90)], system=system)
    assert isinstance(refused, Rejection) and refused.code == "move/off_table"
    assert isinstance(_decide([_to("a2", 15, 1, facing=180)], system=system), Accepted)


@pytest.mark.parametrize(
    ("player", "code"), [("p2", "move/not_your_model"), (None, "intent/spectator")]
)
def test_only_the_owner_may_turn_a_model(player: str | None, code: str) -> None:
    refused = _decide([_to("a1", 5, 5, facing=90)], player=player)
    assert isinstance(refused, Rejection) and refused.code == code


# -- heights on a drop ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("model", "to", "z"),
    [
        ("a3", (10, 9), 0.0),  # off the ruin onto open ground: down to the ground
        ("a3", (24, 14), 5.5),  # elsewhere in the same ruin: its floor is there, it stays up
        ("a3", (24, 4), 4.0),  # into a ruin whose floors are 4 only: the floor below 5.5
        ("a5", (4, 15), 3.0),  # across the hill top
        ("a5", (12, 15), 0.0),  # off the hill
        ("a4", (24, 14), 0.0),  # on the ground inside a ruin: a drag never climbs
        ("a6", (13, 12), 0.0),  # a hovering model, put down on open ground
        ("a6", (12, 12), 4.0),  # turned where it stands: keeps its height
    ],
)
def test_a_dropped_model_comes_to_rest_on_the_ground_or_a_floor_under_it(
    model: str, to: tuple[float, float], z: float
) -> None:
    assert _moved(_decide([_to(model, *to)]))[model].z == z


def test_a_move_may_name_a_floor_under_the_model_but_not_thin_air() -> None:
    assert _moved(_decide([_to("a4", 24, 14, z=3)]))["a4"].z == 3
    assert _moved(_decide([_to("a3", 22, 12, z=0)]))["a3"].z == 0
    refused = _decide([_to("a4", 24, 14, z=4)])
    assert isinstance(refused, Rejection) and refused.code == "move/no_floor"
    assert dict(refused.detail) == {"model": "a4", "field": "moves[0].to.z"}
    refused = _decide([_to("a3", 10, 9, z=5.5)])
    assert isinstance(refused, Rejection) and refused.code == "move/no_floor"


def test_a_model_dropped_to_the_ground_is_checked_for_overlap_there() -> None:
    """Hovering 4" up, a6 overlaps nothing; put down on b1's spot it would stand on b1's base."""
    refused = _decide([_to("a6", 5, 7.5)])
    assert isinstance(refused, Rejection) and refused.code == "move/overlap"
    assert dict(refused.detail) == {"model": "a6", "other": "b1"}
    # over the ruin a3 keeps its floor (5.5): it may stand above a4, who is on the ground
    assert _moved(_decide([_to("a3", 25, 12.5)]))["a3"].z == 5.5


def test_old_events_replay_to_the_height_they_carry() -> None:
    """An event logged before decision 28 (a model kept its floor height on open ground) replays
    to the same state: ``evolve`` applies the event's ``z``, it does not decide again."""
    rules = _rules("deathmatch")
    old = rules.events.decode(
        {
            "type": "models_moved",
            "player": "p1",
            "moves": [{"model": "a3", "x": 10, "y": 9, "z": 5.5, "facing": 0, "distance": 12.37}],
        }
    )
    after = rules.evolve(_table("deathmatch"), old)
    assert (after.models["a3"].x, after.models["a3"].z) == (10, 5.5)


# -- the drag check while turning -------------------------------------------------------------


def test_unit_check_turns_models_and_reports_overlap_and_the_edge() -> None:
    table = _table()
    q = {"type": "unit_check", "unit": "A", "positions": {"a1": {"x": 5, "y": 5.5, "facing": 90}}}
    answer = answer_table_query("sandbox", table, q)
    assert answer["overlapping"] == ["a1", "b1"] and answer["off_table"] == []
    q = {"type": "unit_check", "unit": "A", "positions": {"a2": {"x": 15, "y": 1, "facing": 90}}}
    assert answer_table_query("sandbox", table, q)["off_table"] == ["a2"]
    q = {"type": "unit_check", "unit": "A", "positions": {"a2": {"x": 15, "y": 1}}}
    assert answer_table_query("sandbox", table, q)["off_table"] == []


@pytest.mark.parametrize("field", ["x", "y", "facing"])
def test_a_number_too_large_for_a_float_is_refused_not_raised(field: str) -> None:
    """A 400-digit integer from a client's JSON: a query/invalid answer, not an OverflowError."""
    place: dict[str, Any] = {"x": 5, "y": 5.5, "facing": 90, field: 10**400}
    q = {"type": "unit_check", "unit": "A", "positions": {"a1": place}}
    answer = answer_table_query("sandbox", _table(), q)
    assert isinstance(answer, Rejection) and answer.code == "query/invalid"
    measure = {"type": "measure", "a": "a1", "b": {"x": 10**400, "y": 1}}
    answer = answer_table_query("sandbox", _table(), measure)
    assert isinstance(answer, Rejection) and answer.code == "query/invalid"


def test_unit_check_drops_models_to_the_height_a_drop_would() -> None:
    """a3 carried off its floor onto a4's spot outside the ruin would meet a ground model there."""
    table = _table()
    q = {"type": "unit_check", "unit": "B", "positions": {"b1": {"x": 22, "y": 12}}}
    assert answer_table_query("sandbox", table, q)["overlapping"] == []  # a3 is 5.5" up
    moved = table.with_models({"b1": table.models["b1"].placed(12, 14)})
    q = {"type": "unit_check", "unit": "A", "positions": {"a6": {"x": 12, "y": 14}}}
    assert answer_table_query("sandbox", moved, q)["overlapping"] == ["a6", "b1"]


def test_deathmatch_control_zone_follows_the_facing_being_turned_to() -> None:
    """b1 (reach 1") stands 1.5" in front of a1's centre when a1 faces +y; a1 with a 1" melee
    reach engages it facing it, not facing away."""
    setup = {
        **SETUP,
        "models": [
            {**SETUP["models"][0], "base": ROUND, "melee_range": 1, "facing": 90},
            {**SETUP["models"][1], "y": 6.9},
        ],
    }
    table = _rules("deathmatch").parse_setup({"setup": setup})
    assert isinstance(table, Table)
    at = {"x": 5, "y": 5}
    facing_it = {"type": "unit_check", "unit": "A", "positions": {"a1": {**at, "facing": 90}}}
    away = {"type": "unit_check", "unit": "A", "positions": {"a1": {**at, "facing": 270}}}
    assert answer_table_query("deathmatch", table, facing_it)["engaged_with"] == ["b1"]
    assert answer_table_query("deathmatch", table, away)["engaged_with"] == []


def test_unit_check_refuses_a_facing_that_is_not_a_number() -> None:
    q = {"type": "unit_check", "unit": "A", "positions": {"a1": {"x": 5, "y": 5, "facing": "n"}}}
    refused = answer_table_query("sandbox", _table(), q)
    assert isinstance(refused, Rejection) and refused.detail["field"] == "positions.a1"
