"""Deathmatch geometry: sight area, control zones, eye-point sight and cover.

deathmatch §3.2 (field of view: the open half-plane in front of the base centre), §3.3 (line of
sight from the eye, silhouettes block, forests: 3" in or out, never through), §5.3.4 (cover along
the line between base centres, hard cover within 1" of the source, sources within 1" of the
shooter ignored), §5.4.1 (control zone: in the sight area and within reach of a melee weapon).
"""

from __future__ import annotations

import math

from vantage.engine.table import Model, Table, TerrainPiece
from vantage.geometry.exposure import facing_points
from vantage.geometry.eye import EyeProblem, eye_sight
from vantage.geometry.measure import (
    covered_by_polygon,
    interiors_overlap,
    planar_gap,
    segment_touches,
    support,
)
from vantage.geometry.prisms import (
    GROUND,
    Disc,
    Prism,
    model_shape,
    silhouette,
    terrain_prism,
    terrain_shape,
    vertical_gap,
    viewer_prism,
)
from vantage.geometry.sight import Sight
from vantage.geometry.units import EPS, mm_to_inch
from vantage.rules.common.cover import CoverCause
from vantage.rules.common.measuring import distance, enemies, keywords, within

SILHOUETTE_HEIGHT = mm_to_inch(40)
"""deathmatch §2.1: a model is a 40 mm tall cylinder unless its height is given."""
ALL_ROUND = frozenset({"RUNDUMSICHT", "360"})
SIGHT_BLOCKING = frozenset({"house", "building"})
FORESTS = frozenset({"forest", "woods"})
COVER_TERRAIN = frozenset({"barricade", "obstacle", "crate", "wall", "house", "building"})
STATIONARY = "STATIONARY"


def facing_normal(table: Table, model: Model) -> tuple[float, float] | None:
    """The sight half-plane's normal, or ``None`` for all-round sight."""
    if ALL_ROUND & set(keywords(table, model)):
        return None
    theta = math.radians(model.facing)
    return math.cos(theta), math.sin(theta)


def in_arc(table: Table, observer: Model, target: Model) -> bool:
    """Some point of the target's footprint lies strictly in front of the observer's line."""
    n = facing_normal(table, observer)
    if n is None:
        return True
    reach = support(model_shape(target), n[0], n[1]) - (n[0] * observer.x + n[1] * observer.y)
    return reach > EPS


def in_control_zone(table: Table, holder: Model, other: Model) -> bool:
    """``other`` is in the sight area of ``holder`` and within reach of its melee weapons."""
    if STATIONARY in keywords(table, holder):
        return False
    return in_arc(table, holder, other) and within(
        distance(holder, other, silhouettes=True), holder.melee_range
    )


def engaged(table: Table, a: Model, b: Model) -> bool:
    """Enemy models in melee: one is in the other's control zone."""
    if a.id == b.id or not enemies(table, a, b):
        return False
    return in_control_zone(table, a, b) or in_control_zone(table, b, a)


def eye_problem(table: Table, observer: Model, target: Model) -> EyeProblem:
    """The eye, the sight half-plane and what may block (other silhouettes, houses, forests)."""
    eye = (observer.x, observer.y, observer.z + observer.height)
    blockers = [
        silhouette(m) for m in table.models.values() if m.id not in (observer.id, target.id)
    ]
    blockers += [terrain_prism(t) for t in table.terrain if t.kind in SIGHT_BLOCKING]
    forests = tuple((t.id, terrain_shape(t)) for t in table.terrain if t.kind in FORESTS)
    return EyeProblem(
        eye, facing_normal(table, observer), viewer_prism(target), tuple(blockers), forests
    )


def visible(table: Table, observer: Model, target: Model) -> Sight:
    """Line of sight from the eye to the part of the target in the sight area."""
    if observer.id == target.id:
        p = (observer.x, observer.y, observer.z + observer.height)
        return Sight(True, (p, p))
    return eye_sight(eye_problem(table, observer, target))


def fully_visible(table: Table, observer: Model, target: Model) -> bool:
    """Every sampled point of the target's surface facing the eye is seen from the eye."""
    prob = eye_problem(table, observer, target)
    eye_prism = Prism(Disc(prob.eye[0], prob.eye[1], 0.0), prob.eye[2], prob.eye[2])
    points = facing_points(eye_prism, prob.target)
    if not points:
        return False
    for p in points:
        point = Prism(Disc(p.x, p.y, 0.0), p.z, p.z, target.id)
        sub = EyeProblem(prob.eye, prob.facing, point, prob.blockers, prob.forests, prob.reach)
        if not eye_sight(sub).clear:
            return False
    return True


def cover(table: Table, observer: Model, target: Model) -> tuple[str, CoverCause | None]:
    """``"none"``, ``"cover"`` or ``"hard"`` (deathmatch §5.3.4; cover does not stack), and the
    source that gives it: the target's forest, or the first source on the line of the best
    kind."""
    start, end = (observer.x, observer.y), (target.x, target.y)
    forest = _forest_cover(table, target)
    best, cause = forest[0], (CoverCause(forest[1], "forest") if forest[0] else None)
    for source, d_shooter, d_target in _cover_sources(table, observer, target, start, end):
        if within(d_shooter, 1.0):
            continue
        level = 2 if within(d_target, 1.0) else 1
        if level > best:
            best, cause = level, CoverCause(source, "between")
    return ("none", "cover", "hard")[best], cause


def _cover_sources(
    table: Table,
    observer: Model,
    target: Model,
    start: tuple[float, float],
    end: tuple[float, float],
) -> list[tuple[str, float, float]]:
    """(id, distance to the shooter, distance to the target) of each source the line
    touches."""
    out = []
    for m in table.models.values():
        if m.id in (observer.id, target.id):
            continue
        if segment_touches(model_shape(m), start, end):
            out.append((m.id, distance(m, observer, True), distance(m, target, True)))
    for t in table.terrain:
        tall = t.kind in COVER_TERRAIN and t.height >= 1.0 - EPS
        if tall and segment_touches(terrain_shape(t), start, end):
            out.append((t.id, _terrain_distance(t, observer), _terrain_distance(t, target)))
    return out


def _terrain_distance(piece: TerrainPiece, model: Model) -> float:
    h = planar_gap(terrain_shape(piece), model_shape(model))
    v = vertical_gap((GROUND, piece.height), (model.z, model.z + model.height))
    return math.hypot(h, v)


def _forest_cover(table: Table, target: Model) -> tuple[int, str]:
    """Hard cover (2) wholly in a forest, cover (1) partly in one, and the forest's id (the
    first in table order of the best kind)."""
    best, source = 0, ""
    shape = model_shape(target)
    for t in table.terrain:
        if t.kind not in FORESTS:
            continue
        poly = terrain_shape(t)
        if covered_by_polygon(shape, poly):
            return 2, t.id
        if not best and interiors_overlap(shape, poly):
            best, source = 1, t.id
    return best, source
