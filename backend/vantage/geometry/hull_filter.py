"""Which footprints meet the sight hull of two round bases, decided in closed form with a margin.

``geometry.sight.relevant`` keeps the obstacles that meet ``H``: the convex hull of the two
bases' circumscribed 32-gons, grown by 1e-7 (a shapely polygon). For two discs of radii
``r1, r2`` and centres ``c1, c2``, ``H`` lies between two capsules around the centre segment
``c1 c2``: it contains the capsule of radius ``min(r1, r2)`` (it contains both discs and is
convex) and lies inside the capsule of radius ``max(r1, r2) / cos(pi / 32) + 1e-7`` (the
32-gons' vertices are at that radius). So, with ``d`` the plan distance from a footprint to the
centre segment:

* ``d < min(r1, r2) - MARGIN``: the footprint meets the inner capsule, hence ``H``;
* ``d > max(r1, r2) / cos(pi / 32) + MARGIN``: it misses the outer capsule, hence ``H``;
* otherwise undecided (the caller asks shapely, as before).

A disc footprint is tested by its centre and radius, as the shapely test does
(``distance(H, centre) <= r + 1e-9``), with the same capsule bounds. Ellipses are left to the
shapely test (it also asks their bounding box, which the capsules do not).
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray

from vantage.geometry.prisms import Disc, Poly, Shape

F = NDArray[np.float64]
MARGIN = 1e-6
"""Inches: footprints closer than this to either capsule's boundary are left to shapely."""
_OUTER = 1.0 / math.cos(math.pi / 32)


def capsule_meets(o: Disc, t: Disc, shapes: list[Shape]) -> list[bool | None]:
    """For each footprint: meets the sight hull of the two discs, misses it, or ``None``."""
    r_in = min(o.r, t.r)
    r_out = max(o.r, t.r) * _OUTER + 1e-7
    out: list[bool | None] = [None] * len(shapes)
    rounds = [i for i, s in enumerate(shapes) if isinstance(s, Disc)]
    polys = [i for i, s in enumerate(shapes) if isinstance(s, Poly)]
    if rounds:
        cx = np.array([_disc(shapes[i]).cx for i in rounds])
        cy = np.array([_disc(shapes[i]).cy for i in rounds])
        reach = np.array([_disc(shapes[i]).r for i in rounds])
        d = _point_segment(cx, cy, o.cx, o.cy, t.cx, t.cy)
        _settle(out, rounds, d - reach, r_in, r_out)
    if polys:
        d = _poly_segment([shapes[i] for i in polys], o.cx, o.cy, t.cx, t.cy)  # type: ignore[misc]
        _settle(out, polys, d, r_in, r_out)
    return out


def _settle(out: list[bool | None], idx: list[int], d: F, r_in: float, r_out: float) -> None:
    for i, v in zip(idx, d.tolist(), strict=True):
        if v < r_in - MARGIN:
            out[i] = True
        elif v > r_out + MARGIN:
            out[i] = False


def _disc(shape: Shape) -> Disc:
    assert isinstance(shape, Disc)
    return shape


def _point_segment(px: F, py: F, ax: float, ay: float, bx: float, by: float) -> F:
    """Distances from points to the segment ``ab`` (a point when ``a = b``)."""
    ex, ey = bx - ax, by - ay
    ll = ex * ex + ey * ey
    if ll == 0.0:
        return np.asarray(np.hypot(px - ax, py - ay))
    s = np.clip(((px - ax) * ex + (py - ay) * ey) / ll, 0.0, 1.0)
    return np.asarray(np.hypot(px - ax - s * ex, py - ay - s * ey))


def _poly_segment(polys: list[Poly], ax: float, ay: float, bx: float, by: float) -> F:
    """Plan distance from each polygon (convex or not) to the segment ``ab``: 0 when the segment
    crosses an edge or lies inside; else the least distance between the segment and an edge."""
    x0 = np.array([p[0] for poly in polys for p in poly.points])
    y0 = np.array([p[1] for poly in polys for p in poly.points])
    counts = np.array([len(poly.points) for poly in polys])
    starts = np.cumsum(counts) - counts
    nxt = np.arange(len(x0)) + 1
    ends = starts + counts
    nxt[ends - 1] = starts
    x1, y1 = x0[nxt], y0[nxt]
    # edge endpoints to the segment, and the segment's ends to each edge
    d = _point_segment(x0, y0, ax, ay, bx, by)
    for px, py in ((ax, ay), (bx, by)):
        d = np.minimum(d, _to_edges(px, py, x0, y0, x1, y1))
    # a proper or touching crossing of the segment with an edge
    ex, ey = bx - ax, by - ay
    s0 = ex * (y0 - ay) - ey * (x0 - ax)
    s1 = ex * (y1 - ay) - ey * (x1 - ax)
    fx, fy = x1 - x0, y1 - y0
    u0 = fx * (ay - y0) - fy * (ax - x0)
    u1 = fx * (by - y0) - fy * (bx - x0)
    cross = (s0 * s1 <= 0) & (u0 * u1 <= 0) & ~((s0 == 0) & (s1 == 0))  # not collinear
    cross &= (np.minimum(x0, x1) <= max(ax, bx)) & (np.maximum(x0, x1) >= min(ax, bx))
    cross &= (np.minimum(y0, y1) <= max(ay, by)) & (np.maximum(y0, y1) >= min(ay, by))
    d = np.where(cross, 0.0, d)
    # the segment's first end inside the polygon (crossing number of a ray along +x)
    up = (y0 > ay) != (y1 > ay)
    with np.errstate(divide="ignore", invalid="ignore"):
        xs = x0 + (ay - y0) * fx / np.where(fy == 0, 1.0, fy)
    hits = up & (xs > ax)
    best = np.minimum.reduceat(d, starts)
    inside = np.add.reduceat(hits.astype(np.int64), starts) % 2 == 1
    return np.asarray(np.where(inside, 0.0, best))


def _to_edges(px: float, py: float, x0: F, y0: F, x1: F, y1: F) -> F:
    """Distances from one point to many segments."""
    ex, ey = x1 - x0, y1 - y0
    ll = ex * ex + ey * ey
    s = np.clip(((px - x0) * ex + (py - y0) * ey) / np.where(ll == 0, 1.0, ll), 0.0, 1.0)
    return np.asarray(np.hypot(px - x0 - s * ex, py - y0 - s * ey))
