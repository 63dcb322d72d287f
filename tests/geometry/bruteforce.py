"""An independent brute-force line-of-sight checker (test helper, not used by the engine).

Segments are checked with shapely against polygon footprints (round footprints as fine inscribed
polygons); candidate segments join dense point samples of the two prisms. It can only *find*
clear segments, so it is used to check that the exact search never misses one, and to confirm
that every witness the exact search returns really is clear.
"""

from __future__ import annotations

import math

import shapely
from shapely.geometry import LineString, Point, Polygon

from vantage.geometry.prisms import Prism, to_polygon
from vantage.geometry.sight import SightProblem, find_clear_segment

SLACK = 1e-6


def _poly(prism_shape: object) -> Polygon:
    return to_polygon(prism_shape, 256)  # type: ignore[arg-type]


def segment_clear(
    prob: SightProblem, p: tuple[float, float, float], q: tuple[float, float, float]
) -> bool:
    """Whether the 3D segment p-q is clear of every obstacle interior and wall (independent)."""
    plan = LineString([p[:2], q[:2]]) if p[:2] != q[:2] else None
    length = math.dist(p[:2], q[:2])
    for b in prob.blockers:
        poly = _poly(b.shape).buffer(-SLACK)
        if plan is None:
            if (
                poly.contains(Point(p[:2]))
                and min(p[2], q[2]) < b.hi - SLACK
                and max(p[2], q[2]) > b.lo + SLACK
            ):
                return False
            continue
        inter = plan.intersection(poly)
        for piece in getattr(inter, "geoms", [inter]):
            if piece.is_empty or piece.length <= 0:
                continue
            ts = [math.dist(p[:2], c) / length for c in piece.coords]
            for t0, t1 in ((min(ts), max(ts)),):
                z0 = p[2] + (q[2] - p[2]) * t0
                z1 = p[2] + (q[2] - p[2]) * t1
                above = z0 >= b.hi - SLACK and z1 >= b.hi - SLACK
                below = z0 <= b.lo + SLACK and z1 <= b.lo + SLACK
                if not (above or below):
                    return False
    if plan is not None:
        for w in prob.walls:
            poly = Polygon(w.shape.points)
            if plan.intersection(poly.buffer(-SLACK)).length > 0:
                if w.see_into and poly.buffer(SLACK).covers(Point(q[:2])):
                    continue
                return False
    return True


def prism_samples(
    prism: Prism, rim: int, heights: int, inner: int = 0
) -> list[tuple[float, float, float]]:
    """Points on the rim at several heights, plus a grid of inner points of the top face."""
    poly = _poly(prism.shape)
    ring = list(poly.exterior.coords)[:-1]
    step = max(1, len(ring) // rim)
    rim_pts = ring[::step]
    zs = [prism.lo + (prism.hi - prism.lo) * k / max(1, heights - 1) for k in range(heights)]
    pts = [(x, y, z) for x, y in rim_pts for z in zs]
    if inner:
        x0, y0, x1, y1 = poly.bounds
        for i in range(inner):
            for j in range(inner):
                x = x0 + (x1 - x0) * (i + 0.5) / inner
                y = y0 + (y1 - y0) * (j + 0.5) / inner
                if shapely.contains_xy(poly, x, y):
                    pts.append((x, y, prism.hi))
    return pts


def brute_visible(prob: SightProblem, rim: int = 24, heights: int = 3) -> bool:
    """Whether some sampled segment is clear."""
    a = prism_samples(prob.observer, rim, heights, inner=3)
    b = prism_samples(prob.target, rim, heights, inner=3)
    return any(segment_clear(prob, p, q) for p in a for q in b)


def assert_exact(prob: SightProblem, rim: int, heights: int) -> None:
    """The exact search against the brute force: a witness must be clear; "blocked" must leave
    the brute force without a clear segment."""
    sight = find_clear_segment(prob)
    if sight.clear:
        assert sight.segment is not None
        assert segment_clear(prob, *sight.segment)
    else:
        assert not brute_visible(prob, rim=rim, heights=heights)
        assert sight.blocking
