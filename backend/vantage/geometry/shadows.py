"""Shadows of obstacles on a horizontal plane, cast from a point (docs/geometry.md, "Heights
that matter: the shadow search").

From a point ``Q = (q, zq)``, the points ``X = (p, za)`` of the plane ``z = za`` whose segment
``XQ`` passes through the interior of an obstacle prism ``P x (lo, hi)`` form its *shadow*.
Writing the segment's points as ``q + (p - q) / mu`` at heights ``zq + (za - zq) / mu`` with
``mu >= 1``, the segment is inside the prism where its plan point is in ``P`` and its height in
``(lo, hi)``: an interval of ``mu``. The shadow is the union of the copies of ``P`` scaled about
``q`` by the factors of that interval; for a convex ``P`` it is convex (a point between
``mu1 x1`` and ``mu2 x2`` is a scaled convex combination of ``x1`` and ``x2``), the hull of the
two extreme copies. A plan wall (10th-edition ruins) is a prism of unbounded height.

Round footprints are replaced by polygons: an *inner* one (inscribed, so its shadow lies inside
the true shadow: used to prove blocking) and an *outer* one (circumscribed: used to look for a
clear segment, which is then checked exactly). Non-convex footprints are cut into triangles; a
segment through the interior of a triangle is inside the footprint, so the triangles' shadows
prove blocking, and a segment missing every closed triangle misses the footprint.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry import Polygon

from vantage.geometry.prisms import Poly, Prism, Shape, to_polygon

F = NDArray[np.float64]
ROUND_SIDES = 32
INSIDE = 1e-9


@dataclass(frozen=True, slots=True)
class Ring:
    """A convex counter-clockwise ring and a circle around it (centre and radius)."""

    pts: F
    cx: float
    cy: float
    radius: float


def ring_of(pts: F) -> Ring:
    """The ring with its vertex centroid and farthest vertex as the circle around it."""
    c = pts.mean(axis=0)
    radius = float(np.sqrt(((pts - c) ** 2).sum(axis=1).max()))
    return Ring(pts, float(c[0]), float(c[1]), radius)


@dataclass(frozen=True, slots=True)
class Part:
    """A convex piece of an obstacle: a ring inside it, a ring around it, its heights, and for a
    wall that can be seen into, the wall's whole closed footprint (a target point there is
    exempt from the wall)."""

    inner: Ring
    outer: Ring
    lo: float
    hi: float
    exempt: Polygon | None = None


def prism_parts(prism: Prism) -> list[Part]:
    """The convex pieces of an obstacle prism."""
    return [Part(i, o, prism.lo, prism.hi) for i, o in _rings(prism.shape)]


def wall_parts(shape: Poly, see_into: bool) -> list[Part]:
    """The convex pieces of a plan wall (blocks at every height)."""
    exempt = Polygon(shape.points) if see_into else None
    return [Part(i, o, -math.inf, math.inf, exempt) for i, o in _rings(shape)]


def _rings(shape: Shape) -> list[tuple[Ring, Ring]]:
    if not isinstance(shape, Poly):
        inner = ring_of(_ring(to_polygon(shape, ROUND_SIDES)))
        outer = ring_of(_ring(to_polygon(shape, ROUND_SIDES, outer=True)))
        return [(inner, outer)]
    return [(ring, ring) for ring in _convex_pieces(shape)]


@lru_cache(maxsize=4096)
def _convex_pieces(shape: Poly) -> tuple[Ring, ...]:
    if shape.convex:
        return (ring_of(np.asarray(shape.points, dtype=np.float64)),)
    triangles = shapely.constrained_delaunay_triangles(Polygon(shape.points))
    return tuple(ring_of(_ring(t)) for t in shapely.get_parts(triangles))


def _ring(poly: Polygon) -> F:
    """The polygon's vertices, counter-clockwise, without the closing repeat."""
    ring = np.asarray(poly.exterior.coords, dtype=np.float64)[:-1]
    x, y = ring[:, 0], ring[:, 1]
    area = float(np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y))
    return ring if area > 0 else ring[::-1].copy()


def mu_range(zq: float, za: float, lo: float, hi: float) -> tuple[float, float] | None:
    """The scale factors ``mu >= 1`` at which the segment from height ``za`` (``mu = 1``) to
    height ``zq`` (``mu -> inf``) is strictly between ``lo`` and ``hi``; ``None`` if none."""
    d = za - zq
    if abs(d) < 1e-12:
        return (1.0, math.inf) if lo < za < hi else None
    # heights zq + d * s for s = 1 / mu in (0, 1]
    s_lo, s_hi = (lo - zq) / d, (hi - zq) / d
    if d < 0:
        s_lo, s_hi = s_hi, s_lo
    s_min, s_max = max(s_lo, 0.0), min(s_hi, 1.0)
    if s_max <= s_min:
        return None
    return 1.0 / s_max, (math.inf if s_min <= 0.0 else 1.0 / s_min)


def shadow(
    ring: Ring, q: tuple[float, float], mus: tuple[float, float], reach: float
) -> Polygon | None:
    """The shadow of a convex ring for the scale factors ``mus`` about ``q``, cut to the disc
    of radius ``reach`` around ``q`` (``None`` when ``q`` is on the ring's boundary and the
    shadow is unbounded: the caller decides)."""
    qa = np.asarray(q, dtype=np.float64)
    mu0, mu1 = mus
    if math.isinf(mu1):
        gap = _gap_at_least(ring, q)
        if gap <= INSIDE:
            if _strictly_inside(ring.pts, q):
                return _box(q, reach)
            return None
        mu1 = max(mu0, reach / gap)
    pts = np.concatenate([qa + mu0 * (ring.pts - qa), qa + mu1 * (ring.pts - qa)])
    return shapely.convex_hull(shapely.multipoints(pts))


def _box(q: tuple[float, float], reach: float) -> Polygon:
    x, y = q
    return shapely.box(x - reach, y - reach, x + reach, y + reach)


def _gap_at_least(ring: Ring, q: tuple[float, float]) -> float:
    """A lower bound of the distance from ``q`` to the ring: the gap to the circle around it
    (enough to cut an unbounded shadow), or the exact distance when ``q`` is near."""
    gap = math.hypot(q[0] - ring.cx, q[1] - ring.cy) - ring.radius
    return gap if gap > 1e-3 else _distance(ring.pts, q)


def _distance(ring: F, q: tuple[float, float]) -> float:
    """Distance from ``q`` to a convex counter-clockwise ring (0 inside)."""
    a = ring
    e = np.roll(ring, -1, axis=0) - a
    w = np.asarray(q, dtype=np.float64) - a
    if float(np.min(e[:, 0] * w[:, 1] - e[:, 1] * w[:, 0])) >= 0.0:
        return 0.0
    t = np.clip((w * e).sum(axis=1) / np.maximum((e * e).sum(axis=1), 1e-300), 0.0, 1.0)
    d = w - t[:, None] * e
    return float(np.sqrt(np.min((d * d).sum(axis=1))))


def _strictly_inside(ring: F, q: tuple[float, float]) -> bool:
    """Inside the convex counter-clockwise ring, farther than ``INSIDE`` from its edges."""
    e = np.roll(ring, -1, axis=0) - ring
    w = np.asarray(q, dtype=np.float64) - ring
    cross = (e[:, 0] * w[:, 1] - e[:, 1] * w[:, 0]) / np.maximum(np.hypot(e[:, 0], e[:, 1]), 1e-300)
    return bool(float(np.min(cross)) > INSIDE)
