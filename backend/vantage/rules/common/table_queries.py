"""Read-only questions about a live table (the websocket ``query`` message), for every table
system, answered by the same geometry as the scenario runner and the rules.

- Any query type of the scenario format (``{"type": "distance", "a": .., "b": ..}``, ...).
- ``{"type": "measure", "a": <model id | {"x", "y"}>, "b": <model id | {"x", "y"}>}``:
  the distance with the two closest points, for the ruler.
- ``{"type": "sight", "observer": id, "target": id}``: visible, fully visible and cover in one
  answer, with the witness (a clear segment, or the ids of what blocks) and what gives the cover
  (``cover_from``: the terrain piece or model, its name and why, or ``null``).
- ``{"type": "unit_check", "unit": id, "positions": {model id: {"x", "y", "facing"?}}}``:
  coherency (with the models that break it), the enemy models in engagement range, the models
  whose bases would overlap another's (``overlapping``: both of each pair) and those whose base
  would reach past the table's edge (``off_table``), for a unit placed (and turned, where a
  ``facing`` is given) at those positions, each at the height a drop there leaves it
  (``drop_height``): live feedback while dragging or turning, by the rules the server applies
  on drop.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shapely.geometry import Point
from shapely.ops import nearest_points

from vantage.engine.codec import REACH, is_coordinate
from vantage.engine.errors import Rejection
from vantage.engine.table import Table, terrain_label
from vantage.geometry.shapes import footprint
from vantage.rules.common.cover import CoverCause
from vantage.rules.common.elevation import drop_height
from vantage.rules.common.overlaps import cached_footprint as shape_of
from vantage.rules.common.overlaps import overlapping
from vantage.rules.common.systems import geometry_for
from vantage.rules.sandbox.placement import crossed_edge
from vantage.scenario.queries import answer_query
from vantage.scenario.schema import Scenario, ScenarioError

MAX_UNIT_POSITIONS = 500
XY = tuple[float, float]


def answer_table_query(system: str, table: Table, q: Mapping[str, Any]) -> Any | Rejection:
    """Answer one query against the table, or reject it with the bad field named."""
    kind = q.get("type")
    try:
        if kind == "measure":
            return _measure(system, table, q)
        if kind == "sight":
            return _sight(system, table, q)
        if kind == "unit_check":
            return _unit_check(system, table, q)
        scenario = Scenario(system=system, table=table, queries=({**q, "id": "q"},))
        return answer_query(scenario, {**q, "id": "q"}, 0)
    except ScenarioError as exc:
        field = exc.path.removeprefix("queries[0].")
        return Rejection("query/invalid", f"{field}: {exc.message}", {"field": field})


def _point_or_model(table: Table, q: Mapping[str, Any], key: str) -> str | XY:
    value = q.get(key)
    if isinstance(value, str) and value in table.models:
        return value
    if isinstance(value, Mapping):
        x, y = value.get("x"), value.get("y")
        if is_coordinate(x) and is_coordinate(y):
            return float(x), float(y)
    raise ScenarioError(key, f"must be a model id or a point {{x, y}} within {REACH:g} inches")


def _measure(system: str, table: Table, q: Mapping[str, Any]) -> dict[str, Any]:
    """Base edge to base edge (or point), with the closest points for drawing the ruler."""
    a, b = _point_or_model(table, q, "a"), _point_or_model(table, q, "b")
    rules = geometry_for(system)
    if isinstance(a, str) and isinstance(b, str):
        h, v = rules.gaps(table, a, b)
        dist = rules.distance(table, a, b)
    else:  # to or from a point on the table: a plan distance
        dist = _plan_distance(table, a, b)
        h, v = dist, 0.0
    pa, pb = nearest_points(_shape(table, a), _shape(table, b))
    return {
        "distance": round(dist, 6),
        "h_gap": round(h, 6),
        "v_gap": round(v, 6),
        "from": [round(pa.x, 4), round(pa.y, 4)],
        "to": [round(pb.x, 4), round(pb.y, 4)],
    }


def _shape(table: Table, ref: str | XY) -> Any:
    if isinstance(ref, str):
        m = table.models[ref]
        return footprint(m.base, m.x, m.y, m.facing)
    return Point(ref)


def _plan_distance(table: Table, a: str | XY, b: str | XY) -> float:
    return float(_shape(table, a).distance(_shape(table, b)))


def _model(table: Table, q: Mapping[str, Any], key: str) -> str:
    value = q.get(key)
    if not isinstance(value, str) or value not in table.models:
        raise ScenarioError(key, f"unknown model {value!r}")
    return value


def _sight(system: str, table: Table, q: Mapping[str, Any]) -> dict[str, Any]:
    observer, target = _model(table, q, "observer"), _model(table, q, "target")
    rules = geometry_for(system)
    seen = rules.visible(table, observer, target)
    full = seen.clear and rules.fully_visible(table, observer, target)
    cover, cause = rules.cover_and_cause(table, observer, target) if seen.clear else (None, None)
    segment = [list(p) for p in seen.segment] if seen.segment else None
    return {
        "visible": seen.clear,
        "fully_visible": full,
        "cover": cover,
        "cover_from": _cover_from(table, cause),
        "in_arc": rules.in_arc(table, observer, target),
        "segment": segment,
        "blocking": list(seen.blocking),
    }


def _cover_from(table: Table, cause: CoverCause | None) -> dict[str, str] | None:
    """What gives the cover, for the table's words: its id, its name and why."""
    if cause is None:
        return None
    return {"id": cause.source, "name": source_name(table, cause.source), "why": cause.why}


def source_name(table: Table, source: str) -> str:
    """A terrain piece's or model's name as players read it (its kind or id when unnamed)."""
    piece = next((p for p in table.terrain if p.id == source), None)
    if piece is not None:
        return terrain_label(piece)
    return table.model_label(source)


def _unit_check(system: str, table: Table, q: Mapping[str, Any]) -> dict[str, Any]:
    unit = q.get("unit")
    if not isinstance(unit, str) or unit not in table.units:
        raise ScenarioError("unit", f"unknown unit {unit!r}")
    positions = q.get("positions", {})  # absent: the unit where it stands
    if not isinstance(positions, Mapping) or len(positions) > MAX_UNIT_POSITIONS:
        raise ScenarioError("positions", "must map model ids to {x, y}")
    moved = {}
    for model_id, pos in positions.items():
        model = table.models.get(model_id)
        if model is None or model.unit != unit or not isinstance(pos, Mapping):
            raise ScenarioError(f"positions.{model_id}", "must be a model of the unit")
        x, y, facing = pos.get("x"), pos.get("y"), pos.get("facing", model.facing)
        if not (is_coordinate(x) and is_coordinate(y) and is_coordinate(facing)):
            raise ScenarioError(
                f"positions.{model_id}", f"needs x and y (and a facing) within {REACH:g} inches"
            )
        x, y = float(x), float(y)
        moved[model_id] = model.placed(x, y, float(facing), drop_height(model, table, x, y))
    placed = table.with_models(moved)
    rules = geometry_for(system)
    coherency = rules.coherency(placed, unit)
    mine = [m.id for m in placed.unit_models(unit)]
    others = [m for m in placed.models.values() if m.unit != unit]
    engaged = sorted(
        {o.id for o in others for m in mine if rules.engaged(placed, placed.models[m], o)}
    )
    return {
        "coherent": coherency.coherent,
        "breaking": list(coherency.breaking),
        "engaged_with": engaged,
        "overlapping": sorted({mid for pair in overlapping(table, moved) for mid in pair}),
        "off_table": sorted(mid for mid, m in moved.items() if crossed_edge(table, shape_of(m))),
    }
