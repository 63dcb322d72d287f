"""Sandbox rules: own models only, inside the table, bases never overlap (touching is fine)."""

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

RULES = find_ruleset("sandbox")
assert RULES is not None

# two 32 mm infantry of p1 side by side, one 25 mm model of p2
SETUP: dict[str, Any] = {
    "table": {"width": 20, "depth": 10},
    "players": ["p1", "p2"],
    "units": [
        {"id": "A", "player": "p1", "name": "Alpha Squad"},
        {"id": "B", "player": "p2", "name": "Brutes"},
    ],
    "models": [
        {"id": "a1", "unit": "A", "base": {"shape": "circle", "diameter_mm": 32}, "x": 2, "y": 2},
        {"id": "a2", "unit": "A", "base": {"shape": "circle", "diameter_mm": 32}, "x": 4, "y": 2},
        {
            "id": "b1",
            "unit": "B",
            "base": {"shape": "oval", "length_mm": 60, "width_mm": 35},
            "name": "Brute Boss",
            "x": 10,
            "y": 5,
            "facing": 0,
        },
    ],
}


def _table() -> Table:
    table = RULES.parse_setup({"setup": SETUP})
    assert isinstance(table, Table)
    return table


def _decide(moves: list[dict[str, Any]], player: str | None = "p1") -> Accepted | Rejection:
    cmd = RULES.commands.parse({"type": "move_models", "moves": moves}, "intent/invalid_command")
    assert not isinstance(cmd, Rejection)
    ctx = Ctx(Viewer(player), datetime(2026, 1, 1, tzinfo=UTC), FixedDice([]))
    return RULES.decide(_table(), cmd, ctx)


def _to(model: str, x: float, y: float, facing: float | None = None) -> dict[str, Any]:
    to: dict[str, Any] = {"x": x, "y": y}
    if facing is not None:
        to["facing"] = facing
    return {"model": model, "to": to}


def test_a_legal_move_reports_the_distance() -> None:
    decision = _decide([_to("a1", 5, 6)])
    assert isinstance(decision, Accepted)
    assert decision.events[0].moves[0].distance == pytest.approx(5.0)


@pytest.mark.parametrize(
    ("moves", "player", "code"),
    [
        ([_to("b1", 12, 5)], "p1", "move/not_your_model"),
        ([_to("a1", 5, 5)], None, "intent/spectator"),
        ([_to("zz", 5, 5)], "p1", "move/unknown_model"),
        ([_to("a1", 0.5, 5)], "p1", "move/off_table"),  # radius 0.63"
        ([_to("a1", 19.5, 5)], "p1", "move/off_table"),
        ([_to("a1", 5, 5), _to("a1", 6, 5)], "p1", "move/duplicate_model"),
        ([_to("a1", 3.5, 2)], "p1", "move/overlap"),
        ([_to("a1", 10, 6.1)], "p1", "move/overlap"),  # the oval reaches 0.69" across its facing
        ([], "p1", "move/empty"),
    ],
)
def test_illegal_moves_are_rejected(
    moves: list[dict[str, Any]], player: str | None, code: str
) -> None:
    decision = _decide(moves, player)
    assert isinstance(decision, Rejection)
    assert decision.code == code


@pytest.mark.parametrize(
    ("moves", "message", "detail"),
    [
        (
            [_to("a1", 3.5, 2)],
            "Alpha Squad #1 would overlap Alpha Squad #2",
            {"model": "a1", "other": "a2"},
        ),
        (
            [_to("a1", 10, 6.1)],
            "Alpha Squad #1 would overlap Brute Boss #1 (Brutes)",
            {"model": "a1", "other": "b1"},
        ),
        ([_to("a1", 0.5, 5)], "Alpha Squad #1 would leave the table", {"model": "a1"}),
        ([_to("b1", 12, 5)], "Brute Boss #1 (Brutes) belongs to another player", {"model": "b1"}),
    ],
)
def test_refusals_name_models_readably_and_keep_their_ids(
    moves: list[dict[str, Any]], message: str, detail: dict[str, str]
) -> None:
    decision = _decide(moves)
    assert isinstance(decision, Rejection)
    assert decision.message == message and dict(decision.detail) == detail


def test_bases_may_touch() -> None:
    # 32 mm bases are 1.2598" wide: centres 1.26" apart touch without overlapping
    assert isinstance(_decide([_to("a1", 4 - 1.26, 2)]), Accepted)


def test_oval_rotated_lengthwise_reaches_further() -> None:
    # b1 is 60x35 mm: semi-axes 1.181" along facing (x) and 0.689" across.
    assert isinstance(_decide([_to("a1", 10 - 1.181 - 0.63 - 0.01, 5)]), Accepted)
    assert isinstance(_decide([_to("a1", 10 - 1.181 - 0.63 + 0.05, 5)]), Rejection)


def test_a_unit_moves_in_formation_into_its_own_old_places() -> None:
    # a1 moves into a2's old place while a2 moves on: checked against the new positions
    assert isinstance(_decide([_to("a1", 4, 2), _to("a2", 6, 2)]), Accepted)


def test_state_is_the_fold_of_its_events() -> None:
    table = _table()
    first = _decide([_to("a1", 5, 6)])
    assert isinstance(first, Accepted)
    after = reduce(RULES.evolve, first.events, table)
    assert (after.models["a1"].x, after.models["a1"].y) == (5, 6)
    assert after.models["a2"] == table.models["a2"]
    encoded = [RULES.events.encode(e) for e in first.events]
    assert reduce(RULES.evolve, [RULES.events.decode(e) for e in encoded], table) == after


@pytest.mark.parametrize(
    ("to", "field"),
    [
        ({"x": "10", "y": 5}, "moves[0].to.x"),
        ({"x": True, "y": 5}, "moves[0].to.x"),
        ({"x": 10, "y": 5, "facing": "90"}, "moves[0].to.facing"),
    ],
)
def test_commands_are_read_as_json_without_conversion(to: dict[str, Any], field: str) -> None:
    """A command is read as strictly as a scenario file: a string or a boolean where a number
    belongs is a bad field (named), not a number; integers stand for numbers."""
    bad = RULES.commands.parse(
        {"type": "move_models", "moves": [{"model": "w1", "to": to}]}, "intent/invalid_command"
    )
    assert isinstance(bad, Rejection) and bad.code == "intent/invalid_command"
    assert bad.detail["field"] == field and bad.message == f"{field}: must be a number"
    good = RULES.commands.parse(
        {"type": "move_models", "moves": [{"model": "w1", "to": {"x": 10, "y": 5}}]},
        "intent/invalid_command",
    )
    assert not isinstance(good, Rejection)


def _refusal(setup: dict[str, Any], field: str | None, **detail: str) -> Rejection | None:
    """A new sandbox game's refusal of ``setup``: none when ``field`` is ``None``, else
    ``setup/invalid`` at ``field`` with ``detail``."""
    table = RULES.parse_setup({"setup": setup})
    assert isinstance(table, Table)
    refused = RULES.check_new_setup(table)
    if field is None:
        assert refused is None
        return None
    assert isinstance(refused, Rejection) and refused.code == "setup/invalid"
    assert dict(refused.detail) == {"field": field, **detail}
    return refused


def _setup_with(**changes: Any) -> dict[str, Any]:
    models = [dict(m) for m in SETUP["models"]]
    models[2] = {**models[2], **changes}
    return {**SETUP, "models": models}


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"x": 20 - 1.181 + 0.01}, "setup.models[2].x"),  # the oval's length along x
        ({"x": 1.1}, "setup.models[2].x"),
        ({"y": 0.6}, "setup.models[2].y"),  # 0.689" across its facing
        ({"y": 10.5}, "setup.models[2].y"),
        ({"x": 5, "y": 5, "facing": 90}, None),
        ({"x": 19.3, "y": 1.1, "facing": 90}, "setup.models[2].y"),  # turned: 1.181" along y
    ],
)
def test_a_new_set_up_with_a_base_past_the_edge_is_refused_naming_the_field(
    changes: dict[str, Any], field: str | None
) -> None:
    """As a drag there would be (move/off_table); a stored game's set-up still parses, so games
    made before this check still load and verify."""
    refused = _refusal(_setup_with(**changes), field, model="b1")
    if refused is not None:
        assert refused.message.startswith(f"{field}: Brute Boss #1 (Brutes) would be off the table")


def test_a_base_touching_the_edge_is_on_the_table() -> None:
    setup = RULES.parse_setup({"setup": _setup_with(x=20 - 1.181102, y=10 - 0.688976)})
    assert isinstance(setup, Table) and RULES.check_new_setup(setup) is None


@pytest.mark.parametrize(
    ("marker", "field"),
    [
        ({"x": 0.78, "y": 5}, "setup.objectives[0].x"),  # a 40 mm marker's radius is 0.787"
        ({"x": 10, "y": 9.5}, "setup.objectives[0].y"),
        ({"x": 40 / 25.4 / 2, "y": 5}, None),  # touching the edge
        ({"x": 19, "y": 9, "diameter_mm": 50}, None),
    ],
)
def test_a_new_set_up_with_an_objective_past_the_edge_is_refused(
    marker: dict[str, Any], field: str | None
) -> None:
    """Decision 22: an objective marker lies wholly on the table, as a base must."""
    _refusal({**SETUP, "objectives": [{"id": "o1", **marker}]}, field, objective="o1")


def test_a_new_set_up_with_a_model_below_the_table_is_refused() -> None:
    """``z`` is a height above the table's surface; a scenario file may say anything, but a new
    game may not start with a model under the table (nor may a move put one there)."""
    setup = RULES.parse_setup({"setup": _setup_with(z=-0.5)})
    assert isinstance(setup, Table)
    refused = RULES.check_new_setup(setup)
    assert isinstance(refused, Rejection) and refused.code == "setup/invalid"
    assert dict(refused.detail) == {"field": "setup.models[2].z", "model": "b1"}
    assert "below the table's surface" in refused.message
    on_ground = RULES.parse_setup({"setup": _setup_with(z=0)})
    assert isinstance(on_ground, Table) and RULES.check_new_setup(on_ground) is None
    below = RULES.commands.parse(
        {"type": "move_models", "moves": [{"model": "w1", "to": {"x": 10, "y": 5, "z": -5}}]},
        "intent/invalid_command",
    )
    assert isinstance(below, Rejection) and below.detail["field"] == "moves[0].to.z"


@pytest.mark.parametrize("system", ["sandbox", "wh40k-9e", "wh40k-8e", "deathmatch"])
def test_every_preset_passes_the_new_set_up_checks(system: str) -> None:
    """Decisions 20 and 22: bases on the table and apart, terrain on the table."""
    from vantage.rules.sandbox.presets import PRESETS

    rules = find_ruleset(system)
    assert rules is not None
    for _title, make in PRESETS.values():
        setup = rules.parse_setup({"setup": make(system)})
        assert isinstance(setup, Table) and rules.check_new_setup(setup) is None


INCH_32MM = 32 / 25.4
"""A 32 mm base's diameter in inches: centres this far apart are tangent."""


def _new_table(setup: dict[str, Any], system: str = "sandbox") -> Rejection | None:
    rules = find_ruleset(system)
    assert rules is not None
    table = rules.parse_setup({"setup": setup})
    assert isinstance(table, Table)
    return rules.check_new_setup(table)


def _with_a2_at(**where: Any) -> dict[str, Any]:
    models = [dict(m) for m in SETUP["models"]]
    models[1] = {**models[1], **where}
    return {**SETUP, "models": models}


@pytest.mark.parametrize("system", ["sandbox", "wh40k-9e", "wh40k-8e", "deathmatch"])
def test_a_new_set_up_with_overlapping_bases_is_refused_naming_the_later_model(
    system: str,
) -> None:
    """Rules decision 22: the later model of the pair is the bad field, the earlier is named."""
    refused = _new_table(_with_a2_at(x=3), system)
    assert isinstance(refused, Rejection) and refused.code == "setup/invalid"
    assert dict(refused.detail) == {"field": "setup.models[1]", "model": "a2", "other": "a1"}
    assert refused.message == (
        "setup.models[1]: Alpha Squad #2 would overlap Alpha Squad #1 (setup.models[0]); "
        "bases may touch but not overlap"
    )


@pytest.mark.parametrize(
    "where",
    [
        {"x": 2 + INCH_32MM},  # tangent along x: the footprints share one corner
        {"x": 2, "y": 2 + INCH_32MM},  # tangent along y
        {"x": 2 + INCH_32MM * 0.6, "y": 2 + INCH_32MM * 0.8},  # tangent on a diagonal
        {"x": 2, "y": 2, "z": 3},  # right above a1, on a floor
    ],
)
def test_tangent_bases_and_bases_at_other_heights_are_accepted(where: dict[str, Any]) -> None:
    assert _new_table(_with_a2_at(**where)) is None


def test_square_bases_sharing_an_edge_are_accepted() -> None:
    """Hull bases side by side touch along a whole edge: no shared area, no overlap."""
    square = {"shape": "hull", "points": [[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]]}
    setup = _with_a2_at(x=6, base=square)
    setup["models"] = [*setup["models"], {**setup["models"][1], "id": "a3", "x": 7}]
    assert _new_table(setup) is None
    setup["models"][3]["x"] = 6.99  # a3 pushed 0.01" into a2
    refused = _new_table(setup)
    assert isinstance(refused, Rejection) and refused.detail["field"] == "setup.models[3]"


@pytest.mark.parametrize("dx", [INCH_32MM - 0.05, INCH_32MM - 0.001, INCH_32MM, 1.26, 2.0])
def test_a_set_up_overlaps_exactly_where_a_drag_would(dx: float) -> None:
    """The set-up check and the drag's ``move/overlap`` share one test (``bases_overlap``)."""
    drag = _decide([_to("a1", 4 - dx, 2)])
    refused = _new_table(_with_a2_at(x=2 + dx))
    dragged_onto = isinstance(drag, Rejection) and drag.code == "move/overlap"
    assert dragged_onto == (refused is not None)
    assert dragged_onto == (dx < INCH_32MM)


def test_the_first_overlap_in_table_order_is_named() -> None:
    """With several overlapping pairs the smallest later position is refused."""
    setup = _with_a2_at(x=3)  # a2 overlaps a1
    setup["models"] = [
        *setup["models"],
        {**SETUP["models"][0], "id": "a3", "x": 10.2, "y": 5},  # a3 overlaps b1
    ]
    refused = _new_table(setup)
    assert isinstance(refused, Rejection) and refused.detail["field"] == "setup.models[1]"


SQUARE_PIECE = {"id": "t1", "kind": "ruins", "name": "Chapel ruin", "height": 3}


def _with_terrain(*polygon: tuple[float, float]) -> dict[str, Any]:
    piece = {**SQUARE_PIECE, "polygon": [list(p) for p in polygon]}
    other = {"id": "t0", "kind": "crater", "polygon": [[5, 5], [7, 5], [6, 7]]}
    return {**SETUP, "terrain": [other, piece]}


@pytest.mark.parametrize(
    ("polygon", "field", "corner"),
    [
        (((18, 1), (20.5, 1), (20.5, 3), (18, 3)), "setup.terrain[1].polygon[1]", "(20.5, 1)"),
        (((-1, 4), (2, 4), (2, 6), (-1, 6)), "setup.terrain[1].polygon[0]", "(-1, 4)"),
        (((5, 8), (7, 8), (7, 10.001), (5, 10.001)), "setup.terrain[1].polygon[2]", "(7, 10.001)"),
        (((25, 1), (27, 1), (27, 3)), "setup.terrain[1].polygon[0]", "(25, 1)"),  # wholly off
    ],
)
def test_a_new_set_up_with_terrain_past_the_edge_is_refused(
    polygon: tuple[tuple[float, float], ...], field: str, corner: str
) -> None:
    refused = _new_table(_with_terrain(*polygon))
    assert isinstance(refused, Rejection) and refused.code == "setup/invalid"
    assert dict(refused.detail) == {"field": field, "terrain": "t1"}
    assert refused.message.startswith(
        f"{field}: Chapel ruin would reach past the table's edge: its corner {corner} "
    )


@pytest.mark.parametrize(
    "polygon",
    [
        ((0, 0), (20, 0), (20, 10), (0, 10)),  # the whole table, edges on its edges
        ((18, 8), (20, 8), (20, 10), (18, 10)),  # in a corner
        ((0, 4), (1, 3), (1, 5)),
        ((19, 4), (20 + 1e-7, 4), (19, 6)),  # within the 1e-6" tolerance
    ],
)
def test_terrain_on_the_table_edge_is_accepted(polygon: tuple[tuple[float, float], ...]) -> None:
    assert _new_table(_with_terrain(*polygon)) is None


def test_a_piece_without_a_name_is_named_by_kind_and_id() -> None:
    setup = _with_terrain((18, 1), (21, 1), (21, 3))
    setup["terrain"][1] = {k: v for k, v in setup["terrain"][1].items() if k != "name"}
    refused = _new_table(setup)
    assert isinstance(refused, Rejection) and "ruins (t1) would reach past" in refused.message


def test_a_base_past_the_edge_is_named_before_an_overlap_and_terrain() -> None:
    """The order of decision 22: models off the table, overlapping bases, terrain off."""
    setup = _with_terrain((18, 1), (21, 1), (21, 3))
    assert _new_table(setup) is not None
    setup["models"] = [dict(m) for m in SETUP["models"]]
    setup["models"][1]["x"] = 3
    refused = _new_table(setup)
    assert isinstance(refused, Rejection) and refused.detail["field"] == "setup.models[1]"
    setup["models"][2]["x"] = 19.9
    refused = _new_table(setup)
    assert isinstance(refused, Rejection) and refused.detail["field"] == "setup.models[2].x"


def test_stored_and_scenario_tables_are_not_checked() -> None:
    """Only ``check_new_setup`` refuses: ``parse_setup`` (stored games, exports) and
    ``parse_scenario`` still read overlapping bases and terrain past the edge."""
    from vantage.scenario.schema import parse_scenario

    setup = _with_terrain((18, 1), (21, 1), (21, 3))
    setup["models"] = [dict(m) for m in SETUP["models"]]
    setup["models"][1]["x"] = 3
    assert isinstance(RULES.parse_setup({"setup": setup}), Table)
    scenario = parse_scenario({"format": "vantage-scenario/1", "system": "sandbox", **setup})
    assert len(scenario.table.models) == 3 and len(scenario.table.terrain) == 2
