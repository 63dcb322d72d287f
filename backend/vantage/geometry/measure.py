"""Exact measuring between footprints in the plan (scenario-format "Conventions", ``h_gap``).

Circles and polygons are measured in closed form; ellipses through support functions: for two
convex figures A and B, ``max over unit u of (min u.B - max u.A)`` is their distance when they are
apart and minus their penetration depth when they overlap. Near its maximum that function of the
direction has a single peak, so sampling it and refining the best sample by golden-section search
gives the distance to better than 1e-9 inch.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from functools import lru_cache

import shapely
from shapely.geometry import LineString, Point, Polygon

from vantage.geometry.prisms import Disc, Ellipse, Poly, Shape, bbox, make_poly

_SAMPLES = 72
_GOLDEN = (math.sqrt(5) - 1) / 2
_REFINE_STEPS = 70


def support(shape: Shape, ux: float, uy: float) -> float:
    """The support function ``max over p in shape of u.p`` (of the convex hull for polygons)."""
    if isinstance(shape, Disc):
        return ux * shape.cx + uy * shape.cy + shape.r * math.hypot(ux, uy)
    if isinstance(shape, Ellipse):
        c, s = math.cos(shape.angle), math.sin(shape.angle)
        along, across = ux * c + uy * s, -ux * s + uy * c
        return ux * shape.cx + uy * shape.cy + math.hypot(shape.a * along, shape.b * across)
    return max(ux * x + uy * y for x, y in shape.points)


def maximise_on_circle(f: Callable[[float], float], samples: int = _SAMPLES) -> tuple[float, float]:
    """``(max, argmax)`` of a function of an angle with one peak near its maximum."""
    step = 2 * math.pi / samples
    best_t, best = 0.0, -math.inf
    for i in range(samples):
        t = i * step
        v = f(t)
        if v > best:
            best, best_t = v, t
    lo, hi = best_t - step, best_t + step
    x1, x2 = hi - _GOLDEN * (hi - lo), lo + _GOLDEN * (hi - lo)
    f1, f2 = f(x1), f(x2)
    for _ in range(_REFINE_STEPS):
        if f1 < f2:
            lo, x1, f1 = x1, x2, f2
            x2 = lo + _GOLDEN * (hi - lo)
            f2 = f(x2)
        else:
            hi, x2, f2 = x2, x1, f1
            x1 = hi - _GOLDEN * (hi - lo)
            f1 = f(x1)
    t = (lo + hi) / 2
    v = f(t)
    return (v, t) if v >= best else (best, best_t)


def convex_separation(a: Shape, b: Shape) -> float:
    """Signed separation of two convex figures: distance if apart, minus penetration if not."""
    if isinstance(a, Disc) and isinstance(b, Disc):
        return math.hypot(a.cx - b.cx, a.cy - b.cy) - a.r - b.r
    if isinstance(a, Disc) and isinstance(b, Poly) and b.convex:
        return _disc_poly_separation(a, b)
    if isinstance(b, Disc) and isinstance(a, Poly) and a.convex:
        return _disc_poly_separation(b, a)

    def gap_along(t: float) -> float:
        ux, uy = math.cos(t), math.sin(t)
        return -support(b, -ux, -uy) - support(a, ux, uy)

    return maximise_on_circle(gap_along)[0]


def _disc_poly_separation(d: Disc, poly: Poly) -> float:
    """Closed form: distance from the centre to the convex polygon minus the radius, or (centre
    inside) minus the radius plus the centre's depth."""
    pts = poly.points
    n = len(pts)
    if n == 1:
        return math.hypot(d.cx - pts[0][0], d.cy - pts[0][1]) - d.r
    dist = math.inf
    depth = math.inf
    inside = n >= 3
    for i in range(n if n >= 3 else 1):
        (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % n]
        ex, ey = x1 - x0, y1 - y0
        ll = ex * ex + ey * ey
        s = 0.0 if ll == 0 else max(0.0, min(1.0, ((d.cx - x0) * ex + (d.cy - y0) * ey) / ll))
        dist = min(dist, math.hypot(d.cx - x0 - s * ex, d.cy - y0 - s * ey))
        if ll > 0:
            side = ((d.cx - x0) * ey - (d.cy - y0) * ex) / math.sqrt(ll)  # > 0: outside
            inside = inside and side <= 0
            depth = min(depth, -side)
    return -(d.r + depth) if inside else dist - d.r


def _segments(poly: Poly) -> Iterable[Poly]:
    pts = poly.points
    for i in range(len(pts)):
        yield Poly(points=(pts[i], pts[(i + 1) % len(pts)]), convex=True)


def planar_gap(a: Shape, b: Shape) -> float:
    """``h_gap``: the distance between two footprints in the plan, 0 when they touch or overlap."""
    if isinstance(a, Poly) and isinstance(b, Poly):
        return float(shapely.distance(_polygon(a), _polygon(b)))
    if isinstance(a, Poly):
        a, b = b, a
    if isinstance(a, Disc) and isinstance(b, Poly):
        if b.convex and len(b.points) >= 3:  # closed form (cover asks this for hundreds of points)
            return max(0.0, _disc_poly_separation(a, b))
        d = float(shapely.distance(_polygon(b), Point(a.cx, a.cy)))
        return max(0.0, d - a.r)
    if isinstance(b, Poly) and not b.convex and not isinstance(a, Poly):
        if _poly_contains(b, a.cx, a.cy):
            return 0.0
        return max(0.0, min(convex_separation(a, edge) for edge in _segments(b)))
    return max(0.0, convex_separation(a, b))


@lru_cache(maxsize=4096)
def _polygon(poly: Poly) -> Polygon:
    """The shapely polygon of a footprint (cached: terrain footprints are asked again and again)."""
    return Polygon(poly.points)


def point_gap(shape: Shape, x: float, y: float) -> float:
    """The plan distance from a point to a footprint (0 inside)."""
    return planar_gap(Disc(x, y, 0.0), shape)


def interiors_overlap(a: Shape, b: Shape, eps: float = 1e-6) -> bool:
    """Whether the two footprints share interior points (touching does not count)."""
    if isinstance(a, Poly) and isinstance(b, Poly):
        inter = shapely.intersection(Polygon(a.points), Polygon(b.points))
        return float(inter.area) > eps * eps
    if isinstance(a, Poly):
        a, b = b, a
    if isinstance(b, Poly) and not b.convex and not isinstance(a, Poly):
        if any(convex_separation(a, edge) < -eps for edge in _segments(b)):
            return True
        return _poly_contains(b, a.cx, a.cy) or contains_in_round(a, b.points[0])
    return convex_separation(a, b) < -eps


def contains_in_round(shape: Disc | Ellipse, p: tuple[float, float]) -> bool:
    """Whether a disc or ellipse contains a point strictly."""
    if isinstance(shape, Disc):
        return math.hypot(p[0] - shape.cx, p[1] - shape.cy) < shape.r
    c, s = math.cos(shape.angle), math.sin(shape.angle)
    dx, dy = p[0] - shape.cx, p[1] - shape.cy
    return math.hypot((dx * c + dy * s) / shape.a, (-dx * s + dy * c) / shape.b) < 1.0


def _poly_contains(poly: Poly, x: float, y: float) -> bool:
    return bool(shapely.contains_xy(Polygon(poly.points), x, y))


def covered_by_polygon(shape: Shape, zone: Poly, eps: float = 1e-6) -> bool:
    """Whether the footprint lies inside a polygon (its boundary may touch the polygon's)."""
    if isinstance(shape, Disc):  # quick reject: a covered disc's box lies in the zone's box
        sx0, sy0, sx1, sy1 = bbox(shape)  # (a disc wider than eps fits no grown corner's tip)
        zx0, zy0, zx1, zy1 = bbox(zone)
        slack = 2 * eps
        if sx0 < zx0 - slack or sy0 < zy0 - slack or sx1 > zx1 + slack or sy1 > zy1 + slack:
            return False
    if isinstance(shape, Poly):
        grown = Polygon(zone.points).buffer(eps, join_style="mitre")
        return bool(grown.covers(Polygon(shape.points)))
    cx, cy = shape.cx, shape.cy
    if not shapely.intersects_xy(Polygon(zone.points), cx, cy):
        return False
    return all(convex_separation(shape, edge) >= -eps for edge in _segments(zone))


def boundary_points(shape: Shape, count: int) -> list[tuple[float, float]]:
    """Points on the footprint's boundary: polygon vertices, or ``count`` points of a round rim."""
    if isinstance(shape, Poly):
        return list(shape.points)
    a, b, angle = (
        (shape.r, shape.r, 0.0) if isinstance(shape, Disc) else (shape.a, shape.b, shape.angle)
    )
    c, s = math.cos(angle), math.sin(angle)
    out = []
    for i in range(count):
        t = 2 * math.pi * i / count
        u, v = a * math.cos(t), b * math.sin(t)
        out.append((shape.cx + u * c - v * s, shape.cy + u * s + v * c))
    return out


def rim_point(shape: Disc | Ellipse, t: float) -> tuple[float, float]:
    """The point of a round rim at parameter angle ``t``."""
    a, b, angle = (
        (shape.r, shape.r, 0.0) if isinstance(shape, Disc) else (shape.a, shape.b, shape.angle)
    )
    c, s = math.cos(angle), math.sin(angle)
    u, v = a * math.cos(t), b * math.sin(t)
    return shape.cx + u * c - v * s, shape.cy + u * s + v * c


def farthest_gap(shape: Shape, to_point_gap: Callable[[float, float], float]) -> float:
    """The largest value over the footprint of a convex distance-like function of a point.

    A convex function takes its maximum over a figure at an extreme point: a polygon's vertex or
    a point of a round rim (found by sampling the rim and refining the best sample).
    """
    if isinstance(shape, Poly):
        return max(to_point_gap(x, y) for x, y in shape.points)
    round_shape = shape
    return maximise_on_circle(lambda t: to_point_gap(*rim_point(round_shape, t)), 360)[0]


def farthest_gap_to(shape: Shape, target: Shape) -> float:
    """The largest plan distance from a point of ``shape`` to ``target`` (0 when covered).

    A round base against a convex target in closed form: for convex ``P`` the distance from a
    point ``p`` outside it is ``max over unit n of (n.p - h_P(n))``, so over a disc of centre
    ``c`` and radius ``r`` the largest distance is ``max(0, r + s(c))`` with ``s`` the signed
    distance from ``c`` to ``P`` (negative inside). Other figures: the distance is
    1-Lipschitz, so ``gap(centre) + circumradius`` accepts at once when it is small enough to
    settle the caller's question; otherwise the rim or vertices are searched
    (:func:`farthest_gap`)."""
    if isinstance(shape, Disc):
        if isinstance(target, Disc):
            return max(
                0.0, math.hypot(shape.cx - target.cx, shape.cy - target.cy) + shape.r - target.r
            )
        if isinstance(target, Poly) and target.convex and len(target.points) >= 3:
            return max(0.0, shape.r + _disc_poly_separation(Disc(shape.cx, shape.cy, 0.0), target))
    return farthest_gap(shape, lambda x, y: point_gap(target, x, y))


def farthest_gap_bound(shape: Shape, target: Shape) -> float:
    """An upper bound on :func:`farthest_gap_to`: the centre's gap plus the circumradius
    (the distance to a set is 1-Lipschitz)."""
    if isinstance(shape, Poly):
        return farthest_gap_to(shape, target)
    cx, cy = shape.cx, shape.cy
    reach = shape.r if isinstance(shape, Disc) else max(shape.a, shape.b)
    return point_gap(target, cx, cy) + reach


def segment_shape(p: tuple[float, float], q: tuple[float, float]) -> Poly:
    """A segment as a degenerate convex polygon (for support-function measuring)."""
    return Poly(points=(p, q), convex=True)


def polygon_of(points: Iterable[tuple[float, float]]) -> Poly:
    """A query polygon (a zone) as an oriented footprint."""
    return make_poly(list(points))


def segment_touches(shape: Shape, p: tuple[float, float], q: tuple[float, float]) -> bool:
    """Whether a plan segment meets the closed footprint (touching counts)."""
    if isinstance(shape, Poly):
        return bool(shapely.intersects(Polygon(shape.points), LineString([p, q])))
    return convex_separation(shape, segment_shape(p, q)) <= 1e-9
