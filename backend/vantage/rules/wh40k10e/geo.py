"""The 10th-edition geometry the rules use, over ``rules.common.systems`` (wh40k-10th §4, §11).

Unit-level helpers follow the digest's DECISION: unit U is within X of V when any model of U is
within X of any model of V (§4.1).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache

from vantage.engine.table import Model, Objective, Table
from vantage.geometry.measure import covered_by_polygon, interiors_overlap, polygon_of
from vantage.geometry.prisms import model_shape
from vantage.geometry.shapes import Base, CircleBase, HullBase, semi_axes
from vantage.geometry.units import EPS
from vantage.rules.common.measuring import distance, farthest_from_model, h_gap, v_gap, within
from vantage.rules.common.systems import geometry_for

GEOMETRY = geometry_for("wh40k-10e")
ER_H = 1.0
ER_V = 5.0


@lru_cache(maxsize=256)
def radii(base: Base) -> tuple[float, float]:
    """The smallest and largest distance from a model's position to its footprint's rim."""
    if isinstance(base, HullBase):
        far = max(math.hypot(x, y) for x, y in base.points)
        return 0.0, far
    a, b = semi_axes(base)
    return min(a, b), max(a, b)


def radius(model: Model) -> float:
    """The largest distance from the model's position to its footprint's rim."""
    return radii(model.base)[1]


def h_within(a: Model, b: Model, limit: float) -> bool:
    """``h_gap(a, b) <= limit``, exact, with quick answers from the bases' radii."""
    d = math.hypot(a.x - b.x, a.y - b.y)
    ra, rb = radii(a.base), radii(b.base)
    if d - ra[1] - rb[1] > limit + EPS:
        return False
    if d - ra[0] - rb[0] <= limit + EPS and not _hull(a, b):
        return True
    return within(h_gap(a, b), limit)


def _hull(a: Model, b: Model) -> bool:
    return isinstance(a.base, HullBase) or isinstance(b.base, HullBase)


def overlap(a: Model, b: Model) -> bool:
    """The footprints' interiors overlap (touching is fine)."""
    d = math.hypot(a.x - b.x, a.y - b.y)
    ra, rb = radii(a.base), radii(b.base)
    if d >= ra[1] + rb[1] - EPS:
        return False
    if isinstance(a.base, CircleBase) and isinstance(b.base, CircleBase):
        return d < ra[0] + rb[0] - EPS
    return interiors_overlap(model_shape(a), model_shape(b))


def dist_within(a: Model, b: Model, limit: float) -> bool:
    """``distance(a, b) <= limit`` (3D closest points), with quick answers."""
    dz = v_gap(a, b)
    if dz > limit + EPS:
        return False
    if dz <= EPS:
        return h_within(a, b, limit)
    d = math.hypot(a.x - b.x, a.y - b.y)
    if d - radius(a) - radius(b) > limit + EPS:
        return False
    return within(distance(a, b), limit)


def engaged(a: Model, b: Model) -> bool:
    """Within Engagement Range: 1" horizontally and 5" vertically (§4.2); owners not checked."""
    return within(v_gap(a, b), ER_V) and h_within(a, b, ER_H)


def units_within(table: Table, a: str, b: str, limit: float) -> bool:
    """Some model of ``a`` within ``limit`` of some model of ``b`` (§4.1 DECISION)."""
    bs = table.unit_models(b)
    return any(dist_within(x, y, limit) for x in table.unit_models(a) for y in bs)


def enemy_models(table: Table, player: str) -> list[Model]:
    """Every model on the table not owned by ``player``."""
    return [m for m in table.models.values() if table.units[m.unit].player != player]


def units_engaged(table: Table, a: str, b: str) -> bool:
    """Any model of ``a`` within Engagement Range of any model of ``b``."""
    bs = table.unit_models(b)
    return any(engaged(x, y) for x in table.unit_models(a) for y in bs)


def engaged_enemies(table: Table, unit: str) -> set[str]:
    """The enemy units within Engagement Range of ``unit``."""
    player = table.units[unit].player
    mine = table.unit_models(unit)
    if not mine:
        return set()
    out: set[str] = set()
    for other in enemy_models(table, player):
        if other.unit not in out and any(engaged(m, other) for m in mine):
            out.add(other.unit)
    return out


def unit_distance(table: Table, a: str, b: str) -> float:
    """The shortest distance between any two models of the units (§4.1 DECISION)."""
    best = math.inf
    for x in table.unit_models(a):
        for y in table.unit_models(b):
            best = min(best, distance(x, y))
    return best


def model_unit_distance(table: Table, model: Model, unit: str) -> float:
    """The shortest distance from one model to any model of a unit."""
    return min((distance(model, y) for y in table.unit_models(unit)), default=math.inf)


def coherent(table: Table, unit: str) -> bool:
    """Unit coherency (§3.4)."""
    return GEOMETRY.coherent(table, unit)


def breaking(table: Table, unit: str) -> tuple[str, ...]:
    """Models that break coherency, in unit order."""
    return GEOMETRY.coherency(table, unit).breaking


class _Cache:
    """Answers about one table object (states share it until a model moves)."""

    table: Table | None = None
    answers: dict[tuple[str, str, str], bool] = {}  # noqa: RUF012


def _cached(kind: str, table: Table, a: str, b: str, compute: object) -> bool:
    if _Cache.table is not table:
        _Cache.table = table
        _Cache.answers = {}
    key = (kind, a, b)
    if key not in _Cache.answers:
        _Cache.answers[key] = bool(compute())  # type: ignore[operator]
    return _Cache.answers[key]


def visible(table: Table, observer: Model, target: Model) -> bool:
    """Model visible (§4.3); answers are kept while the table does not change."""
    return _cached(
        "see",
        table,
        observer.id,
        target.id,
        lambda: GEOMETRY.visible(table, observer.id, target.id).clear,
    )


def has_cover(table: Table, observer: Model, target: Model) -> bool:
    """Benefit of cover from terrain against this observer (§2.5)."""
    return _cached(
        "cover",
        table,
        observer.id,
        target.id,
        lambda: GEOMETRY.cover(table, observer.id, target.id),
    )


def in_objective_range(model: Model, obj: Objective) -> bool:
    """3" horizontally and 5" vertically of the marker (§2.3)."""
    return _obj_range(model, obj)


def _obj_range(model: Model, obj: Objective) -> bool:
    from vantage.rules.common.measuring import marker_gaps

    h, v = marker_gaps(model, obj)
    return within(h, 3.0) and within(v, 5.0)


def control(table: Table) -> dict[str, str | None]:
    """Every marker's controller (or ``None``), summing OC; battle-shocked units count 0."""
    return {obj.id: GEOMETRY.objective_control(table, obj.id) for obj in table.objectives}


def wholly_within_zone(model: Model, zone: Iterable[tuple[float, float]]) -> bool:
    """The footprint lies inside the polygon (§4.1 DECISION)."""
    return covered_by_polygon(model_shape(model), polygon_of(zone))


def wholly_within_model(model: Model, other: Model, rng: float) -> bool:
    """Every point of the footprint within ``rng`` of the other model."""
    return within(farthest_from_model(model, other), rng)


def zone_gap(model: Model, zone: Iterable[tuple[float, float]]) -> float:
    """The horizontal gap between a footprint and a polygon (0 when they meet)."""
    from vantage.geometry.measure import planar_gap

    return planar_gap(model_shape(model), polygon_of(zone))


def within_distance(a: Model, b: Model, rng: float) -> bool:
    """``distance(a, b) <= rng`` (3D closest points, §4.1 DECISION)."""
    return dist_within(a, b, rng)
