"""One obstacle that blocks a pair of round viewers on its own (pure Python, one pair).

A segment joining two discs avoids the interior of a convex polygon ``P`` iff some supporting
half-plane of ``P``, ``n.x >= h_P(n)``, reaches both discs (separation theorem), i.e. iff
``g(n) = min(h_O(n), h_T(n)) - h_P(n) >= 0`` for some direction. ``g`` is smooth between the
edge normals of ``P`` and the two directions where the discs' supports are equal, and there its
maximum is where one disc's term is stationary (``n`` along ``c - v``), so its maximum over a
finite set of directions is exact. ``geometry.plan_pack.alone_margin`` is the vectorised twin.
"""

from __future__ import annotations

import math

from vantage.geometry.prisms import Disc, Poly

MU = 1e-7
"""Margin (inches): only a clearly negative maximum is a proof."""


def alone_margin(o: Disc, t: Disc, poly: Poly) -> float:
    """``max over n of min(h_O(n), h_T(n)) - h_P(n)`` (negative: ``P`` blocks every segment)."""
    pts = poly.points
    dirs: list[tuple[float, float]] = []
    n = len(pts)
    for i in range(n):
        (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % n]
        length = math.hypot(x1 - x0, y1 - y0)
        if length > 1e-15:
            dirs.append(((y1 - y0) / length, -(x1 - x0) / length))
    for c in (o, t):
        for x, y in pts:
            d = math.hypot(c.cx - x, c.cy - y)
            if d > 1e-300:
                dirs.append(((c.cx - x) / d, (c.cy - y) / d))
    wx, wy = o.cx - t.cx, o.cy - t.cy
    length = math.hypot(wx, wy)
    if length > 1e-300:
        ux, uy = wx / length, wy / length
        cs = (t.r - o.r) / length
        if abs(cs) <= 1.0:
            sn = math.sqrt(1.0 - cs * cs)
            dirs += [(ux * cs - uy * sn, uy * cs + ux * sn), (ux * cs + uy * sn, uy * cs - ux * sn)]
    best = -math.inf
    for nx, ny in dirs:
        reach = min(nx * o.cx + ny * o.cy + o.r, nx * t.cx + ny * t.cy + t.r)
        best = max(best, reach - max(nx * x + ny * y for x, y in pts))
    return best


def blocks_alone(o: Disc, t: Disc, poly: Poly) -> bool:
    """Whether a convex polygon alone blocks every plan segment joining the two discs."""
    return poly.convex and len(poly.points) >= 3 and alone_margin(o, t, poly) < -MU


def disc_gap(d: Disc, poly: Poly) -> float:
    """Plan distance from a disc to a convex polygon (negative or zero: they meet)."""
    pts = poly.points
    n = len(pts)
    inside = True
    best = math.inf
    for i in range(n):
        (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % n]
        ex, ey = x1 - x0, y1 - y0
        ll = ex * ex + ey * ey
        if (d.cx - x0) * ey - (d.cy - y0) * ex > 0:  # outside this edge (counter-clockwise)
            inside = False
        s = 0.0 if ll == 0 else max(0.0, min(1.0, ((d.cx - x0) * ex + (d.cy - y0) * ey) / ll))
        best = min(best, math.hypot(d.cx - x0 - s * ex, d.cy - y0 - s * ey))
    return -d.r if inside else best - d.r
