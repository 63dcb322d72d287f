"""Whole-path checks for every kind of move (wh40k-10th §4.4, §2.4, §11 items 15-18).

A path is the model's waypoints; the base is swept along them in steps of ``STEP`` inches and
checked at every step: enemy bases crossed, Engagement Range entered, friendly MONSTERS and
VEHICLES crossed, woods touched. The distance is the centre's path (a round base that only
translates moves that far) plus turning (largest radius × angle) plus climbing: the height
change, and for terrain taller than 2" that the path crosses without ending on it, up and
down again (INFANTRY and BEAST go through ruins; FLY models measure through the air).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from shapely.geometry import LineString, Point, Polygon

from vantage.engine.table import Model, Table
from vantage.geometry.measure import interiors_overlap
from vantage.geometry.prisms import model_shape, terrain_shape
from vantage.geometry.sweeps import swept_overlaps
from vantage.rules.wh40k10e import floors, geo
from vantage.rules.wh40k10e.commands import PathIn

STEP = 0.25
TALL = 2.0


@dataclass(slots=True)
class Sweep:
    """What one model's path did."""

    length: float = 0.0
    crossed_enemy: bool = False
    crossed_big_friend: bool = False
    entered_er: set[str] = field(default_factory=set)
    """Enemy units whose Engagement Range the path entered (start position excluded)."""
    woods: bool = False
    end: Model | None = None
    climb: float = 0.0
    """How much of ``length`` is climbing: the height changes counted (§2.4), or for FLY what
    the diagonal through the air adds to the plan path (§4.4)."""


def points(model: Model, path: PathIn) -> list[tuple[float, float]]:
    """The polyline from the model's position through the waypoints."""
    return [(model.x, model.y), *[(float(x), float(y)) for x, y in path.path]]


def sweep(
    table: Table, model: Model, path: PathIn, keywords: Sequence[str], *, exact_woods: bool = True
) -> Sweep:
    """Measure and check one model's path against the table as it stands (``exact_woods``
    false: woods by the circle of the base's largest radius, as rules revision 1 did; R38)."""
    pts = points(model, path)
    out = Sweep()
    fly = "FLY" in keywords
    big = bool({"MONSTER", "VEHICLE"} & set(keywords))
    player = table.units[model.unit].player
    near = _nearby(table, model, pts)
    z_end = model.z if path.z is None else path.z
    for x, y in _samples(pts):
        ghosts = _ghosts(table, model, x, y, z_end)
        ghost = ghosts[0]
        for other in near:
            enemy = table.units[other.unit].player != player
            if geo.overlap(ghost, other):
                if enemy:
                    out.crossed_enemy = True
                elif (
                    big
                    and not fly
                    and {"MONSTER", "VEHICLE"} & set(table.units[other.unit].keywords)
                ):
                    out.crossed_big_friend = True
            if enemy and all(geo.engaged(g, other) for g in ghosts):
                out.entered_er.add(other.unit)
    facing = model.facing if path.facing is None else path.facing
    out.end = model.placed(pts[-1][0], pts[-1][1], facing=facing, z=z_end)
    if "FLY" in keywords:
        # through the air: the straight diagonal of the climb and the plan path (§4.4 FLY)
        flat = _length(pts)
        out.length = math.hypot(flat, z_end - model.z) + _turn(model, facing)
        out.climb = math.hypot(flat, z_end - model.z) - flat
    else:
        out.climb = _climb(table, model, pts, z_end, keywords)
        out.length = _length(pts) + _turn(model, facing) + out.climb
    out.woods = (
        over_woods(table, model, pts, facing) if exact_woods else _near_woods(table, model, pts)
    )
    return out


def _near_woods(table: Table, model: Model, pts: list[tuple[float, float]]) -> bool:
    """Revision 1's woods test (R5 before R36): the path buffered by the base's largest radius
    meets a woods footprint."""
    if len(pts) < 2:
        return False
    swept = LineString(pts).buffer(geo.radius(model))
    return any(t.kind == "woods" and swept.intersects(_poly(t.polygon)) for t in table.terrain)


def over_woods(table: Table, model: Model, pts: list[tuple[float, float]], facing: float) -> bool:
    """Whether the base moves over any part of a woods footprint (§2.5 E): its real footprint at
    its facing swept along the path, then turned at the end to its new facing (rules decisions
    R5, R36); touching the woods' edge is not moving over it."""
    woods = [t for t in table.terrain if t.kind == "woods" and len(t.polygon) >= 3]
    if not woods:
        return False
    line = LineString(pts) if len(pts) > 1 else Point(pts[0])
    reach = geo.radius(model)
    for t in woods:
        if line.distance(_poly(t.polygon)) >= reach:
            continue  # not even the base's largest radius reaches it
        zone = terrain_shape(t)
        if swept_overlaps(model_shape(model), pts, zone):
            return True
        end = model.placed(pts[-1][0], pts[-1][1])
        turns = _turning(model.facing, facing) if model.base.shape != "circle" else []
        if any(
            interiors_overlap(model_shape(end.placed(end.x, end.y, facing=f)), zone) for f in turns
        ):
            return True
    return False


def _turning(start: float, end: float) -> list[float]:
    """The facings a base passes through turning the short way from ``start`` to ``end``,
    every degree at most, the end included (none when it does not turn)."""
    turn = (end - start + 180) % 360 - 180
    if abs(turn) < 1e-9:
        return []
    n = max(1, math.ceil(abs(turn)))
    return [start + turn * i / n for i in range(1, n + 1)]


def _ghosts(table: Table, model: Model, x: float, y: float, z_end: float) -> list[Model]:
    """The model at ``(x, y)`` at each height it may have there while climbing from its start
    to its end height: each of the two with something to stand on at that height (the ground,
    or a surface of a piece under the point), else the start height. A step is in Engagement
    Range only if it is at every such height: the climb can be made where it keeps out of it
    (wh40k-10th §4.2, §2.5 F; the vertical gap is convex in height, so the two ends decide)."""
    ghost = model.placed(x, y)
    if abs(z_end - model.z) <= floors.LEVEL_EPS:
        return [ghost]
    ends = [ghost, model.placed(x, y, z=z_end)]
    standing = [g for g in ends if floors.at_ground(g) or floors.surfaces_under(table, g)]
    return standing or [ghost]


def _nearby(table: Table, model: Model, pts: list[tuple[float, float]]) -> list[Model]:
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    reach = geo.radius(model) + 8.0
    return [
        m
        for m in table.models.values()
        if m.unit != model.unit
        and min(xs) - reach <= m.x <= max(xs) + reach
        and min(ys) - reach <= m.y <= max(ys) + reach
    ]


def _samples(pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    for (x0, y0), (x1, y1) in itertools.pairwise(pts):
        n = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0) / STEP))
        out.extend((x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n) for i in range(1, n + 1))
    return out


def _length(pts: list[tuple[float, float]]) -> float:
    return sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in itertools.pairwise(pts))


def _turn(model: Model, facing: float) -> float:
    """Rotating a non-round base: its largest radius times the angle (§12 item 33 DECISION)."""
    turn = abs((facing - model.facing + 180) % 360 - 180)
    if turn < 1e-9 or model.base.shape == "circle":
        return 0.0
    return geo.radius(model) * math.radians(turn)


def _poly(polygon: Sequence[tuple[float, float]]) -> Polygon:
    return Polygon(polygon)


def _climb(
    table: Table,
    model: Model,
    pts: list[tuple[float, float]],
    z_end: float,
    keywords: Sequence[str],
) -> float:
    """Vertical distance: the height change, plus over-and-down for tall terrain crossed."""
    extra = abs(z_end - model.z)
    if "FLY" in keywords or len(pts) < 2:
        return extra
    line = LineString(pts)
    through_ruins = bool({"INFANTRY", "BEAST"} & set(keywords))
    for piece in table.terrain:
        if piece.height <= TALL or (through_ruins and piece.kind == "ruins"):
            continue
        if piece.kind in ("woods", "crater"):
            continue
        poly = _poly(piece.polygon)
        if not line.intersects(poly) or line.touches(poly):
            continue
        ends_on = poly.contains(Point(pts[-1])) or poly.contains(Point(pts[0]))
        if not ends_on:
            extra += 2 * piece.height
    return extra


def on_objective(table: Table, model: Model) -> str | None:
    """The marker a model's base stands on, if any (moves cannot end on one, §2.3)."""
    from vantage.rules.common.measuring import marker_disc

    shape = model_shape(model)
    for obj in table.objectives:
        if interiors_overlap(shape, marker_disc(obj)):
            return obj.id
    return None
