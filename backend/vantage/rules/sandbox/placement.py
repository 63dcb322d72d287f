"""Physical sanity of moving models: ownership, table edges, overlap of bases, and the height a
dropped model comes to rest at (rules decision 28).

These checks hold for every table system; rule systems add their own on top. A move may turn a
model (``to.facing``): the turned base is checked for the table's edge and for overlap exactly
as a moved one.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from shapely.geometry import Polygon

from vantage.engine.errors import Rejection
from vantage.engine.table import Model, Table
from vantage.geometry.units import EPS
from vantage.rules.common.elevation import drop_height, is_level
from vantage.rules.common.overlaps import cached_footprint, overlapping
from vantage.rules.sandbox.commands import ModelMove, MovedModel

MAX_MODELS_PER_MOVE = 500


def check_moves(table: Table, player: str, moves: tuple[ModelMove, ...]) -> Rejection | None:
    """Reject a move that touches another seat's models, leaves the table or overlaps a base."""
    if not moves:
        return Rejection("move/empty", "a move needs at least one model")
    if len(moves) > MAX_MODELS_PER_MOVE:
        return Rejection("move/too_many", f"at most {MAX_MODELS_PER_MOVE} models per move")
    seen: set[str] = set()
    for i, mv in enumerate(moves):
        rejection = _check_one(table, player, mv, seen, i)
        if rejection:
            return rejection
        seen.add(mv.model)
    return _check_overlaps(table, moves)


def _check_one(
    table: Table, player: str, mv: ModelMove, seen: set[str], index: int
) -> Rejection | None:
    field = f"moves[{index}]"
    model = table.models.get(mv.model)
    if model is None:
        return Rejection(
            "move/unknown_model", f"no model {mv.model!r}", {"field": f"{field}.model"}
        )
    label = table.model_label(mv.model)
    if mv.model in seen:
        detail = {"field": field, "model": mv.model}
        return Rejection("move/duplicate_model", f"{label} appears twice", detail)
    if table.owner(mv.model) != player:
        return Rejection(
            "move/not_your_model", f"{label} belongs to another player", {"model": mv.model}
        )
    values = (mv.to.x, mv.to.y, mv.to.facing or 0.0, mv.to.z or 0.0)
    if not all(math.isfinite(v) for v in values):
        return Rejection("move/not_finite", "coordinates must be finite numbers", {"field": field})
    if crossed_edge(table, _new_footprint(table, model, mv)):
        return Rejection("move/off_table", f"{label} would leave the table", {"model": mv.model})
    z = mv.to.z
    if z is not None and not _may_stand(table, model, mv, z):
        words = f'{label} cannot stand {z:g}" up there: no floor of a terrain piece at that height'
        return Rejection("move/no_floor", words, {"model": mv.model, "field": f"{field}.to.z"})
    return None


def _may_stand(table: Table, model: Model, mv: ModelMove, z: float) -> bool:
    """A height a move may name: the ground, a floor under the new centre, or where the model
    would come to rest anyway (its own height, turned where it stands)."""
    if z < -EPS:
        return False
    here = drop_height(model, table, mv.to.x, mv.to.y)
    return abs(z - here) <= EPS or is_level(table, mv.to.x, mv.to.y, z)


def _new_footprint(table: Table, model: Model, mv: ModelMove) -> Polygon:
    return cached_footprint(_moved(table, model, mv))


def end_height(table: Table, model: Model, mv: ModelMove) -> float:
    """The height the move leaves the model at: the one it names (checked to be the ground or a
    floor there), else where the model comes to rest when dropped (``drop_height``)."""
    if mv.to.z is not None:
        return max(0.0, mv.to.z)
    return drop_height(model, table, mv.to.x, mv.to.y)


def _moved(table: Table, model: Model, mv: ModelMove) -> Model:
    return model.placed(mv.to.x, mv.to.y, mv.to.facing, end_height(table, model, mv))


def moved_models(table: Table, moves: Sequence[ModelMove]) -> dict[str, Model]:
    """The moved models at their new places: facing kept where a move gives none, height as
    ``end_height``."""
    return {mv.model: _moved(table, table.models[mv.model], mv) for mv in moves}


def crossed_edge(table: Table, shape: Polygon) -> str | None:
    """The axis (``"x"`` or ``"y"``) along which a footprint reaches past the table's edge, or
    ``None`` when it lies on the table (touching the edge is on it)."""
    minx, miny, maxx, maxy = (float(v) for v in shape.bounds)
    if minx < -EPS or maxx > table.width + EPS:
        return "x"
    if miny < -EPS or maxy > table.depth + EPS:
        return "y"
    return None


def first_off_table(table: Table) -> tuple[int, Model, str] | None:
    """The first model, in table order, whose base reaches past the table's edge: its position,
    the model and the axis (``crossed_edge``); the same test as a drag's ``move/off_table``."""
    for index, model in enumerate(table.models.values()):
        axis = crossed_edge(table, cached_footprint(model))
        if axis is not None:
            return index, model, axis
    return None


def _check_overlaps(table: Table, moves: tuple[ModelMove, ...]) -> Rejection | None:
    """No two bases at the same height may overlap after the move (touching is fine)."""
    for mid, other in overlapping(table, moved_models(table, moves)):
        detail = {"model": mid, "other": other}
        message = f"{table.model_label(mid)} would overlap {table.model_label(other)}"
        return Rejection("move/overlap", message, detail)
    return None


def apply_moves(table: Table, moves: tuple[ModelMove, ...]) -> tuple[MovedModel, ...]:
    """The models' new positions and the distance each centre travelled."""
    out = []
    for mv in moves:
        m = table.models[mv.model]
        facing = m.facing if mv.to.facing is None else mv.to.facing
        z = end_height(table, m, mv)
        dist = math.hypot(mv.to.x - m.x, mv.to.y - m.y)
        out.append(
            MovedModel(
                model=m.id, x=mv.to.x, y=mv.to.y, z=z, facing=facing, distance=round(dist, 4)
            )
        )
    return tuple(out)


def place_all(table: Table, moved: tuple[MovedModel, ...]) -> Mapping[str, Model]:
    """The changed models after a move event."""
    return {
        mm.model: table.models[mm.model].placed(mm.x, mm.y, facing=mm.facing, z=mm.z)
        for mm in moved
    }
