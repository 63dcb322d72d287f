"""The area a footprint sweeps as it translates along a path (wh40k-10th §2.5 E, §11 item 17).

Exact in the plan for every base shape: a disc swept along a segment is a capsule (a distance
test); an ellipse or a convex figure swept along a segment overlaps a polygon exactly when it
overlaps, at its start, the polygon's Minkowski difference with the segment, i.e. one of the
parallelograms each polygon edge sweeps backwards along the segment, or the polygon holds its
centre; a hull (any polygon) is swept with polygon unions. "Overlaps" means sharing interior
points: touching does not count.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import shapely
from shapely.geometry import LineString, Point, Polygon

from vantage.geometry.measure import convex_separation
from vantage.geometry.prisms import Disc, Ellipse, Poly, Shape

EPS = 1e-6
XY = tuple[float, float]


def swept_overlaps(shape: Shape, path: Sequence[XY], zone: Poly) -> bool:
    """Whether ``shape``, standing at ``path[0]`` and translated (not turned) through the
    rest of ``path``, shares interior points with the polygon ``zone`` at any moment."""
    area = Polygon(zone.points)
    if len(path) < 2:
        path = [path[0], path[0]]
    if isinstance(shape, Disc):
        return float(LineString(path).distance(area)) < shape.r - EPS
    x0, y0 = path[0]
    for (px, py), (qx, qy) in itertools.pairwise(path):
        dx, dy = px - x0, py - y0  # where the shape is at the segment's start
        moved = _translated(shape, dx, dy)
        step = (qx - px, qy - py)
        if isinstance(moved, Poly):
            if _hull_swept(moved, step).intersection(area).area > EPS * EPS:
                return True
        elif _round_swept(moved, step, zone, area):
            return True
    return False


def _round_swept(shape: Ellipse | Disc, step: XY, zone: Poly, area: Polygon) -> bool:
    if area.contains(Point(shape.cx, shape.cy)):
        return True
    sx, sy = step
    pts = zone.points
    for i, (ax, ay) in enumerate(pts):
        bx, by = pts[(i + 1) % len(pts)]
        band = Poly(
            points=((ax, ay), (bx, by), (bx - sx, by - sy), (ax - sx, ay - sy)), convex=True
        )
        if convex_separation(shape, band) < -EPS:
            return True
    return False


def _hull_swept(hull: Poly, step: XY) -> Polygon:
    sx, sy = step
    pts = hull.points
    parts = [Polygon(pts), Polygon([(x + sx, y + sy) for x, y in pts])]
    for i, (ax, ay) in enumerate(pts):
        bx, by = pts[(i + 1) % len(pts)]
        quad = Polygon([(ax, ay), (bx, by), (bx + sx, by + sy), (ax + sx, ay + sy)])
        if quad.area > 0:
            parts.append(quad)
    return shapely.union_all(parts)


def _translated(shape: Shape, dx: float, dy: float) -> Shape:
    if isinstance(shape, Disc):
        return Disc(shape.cx + dx, shape.cy + dy, shape.r)
    if isinstance(shape, Ellipse):
        return Ellipse(shape.cx + dx, shape.cy + dy, shape.a, shape.b, shape.angle)
    return Poly(points=tuple((x + dx, y + dy) for x, y in shape.points), convex=shape.convex)
