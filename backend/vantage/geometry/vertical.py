"""Sight in the vertical plane above one plan line (exact).

Along a plan line the observer and the target are closed rectangles (chord x heights) and the
obstacles open rectangles; a clear segment exists iff one passes through two rectangle corners,
so trying every pair of corners decides the line exactly.
"""

from __future__ import annotations

import math

from vantage.geometry.lines import Interval

TOL = 1e-9


Rect = tuple[float, float, float, float]  # s0, s1, lo, hi


def _segment_clear(a: float, za: float, b: float, zb: float, rects: list[Rect]) -> bool:
    lo_s, hi_s = (a, b) if a <= b else (b, a)
    for c0, c1, lo, hi in rects:
        s0, s1 = max(c0, lo_s), min(c1, hi_s)
        if s0 >= s1:
            continue
        if hi_s - lo_s < 1e-15:
            z0 = z1 = za
        else:
            z0 = za + (zb - za) * (s0 - a) / (b - a)
            z1 = za + (zb - za) * (s1 - a) / (b - a)
        if not ((z0 >= hi - TOL and z1 >= hi - TOL) or (z0 <= lo + TOL and z1 <= lo + TOL)):
            return False
    return True


def _line_rect_range(s1: float, z1: float, m: float, rect: Rect, closed: bool) -> Interval | None:
    """The s-range where the plane line ``z = z1 + m (s - s1)`` lies in a rectangle."""
    c0, c1, lo, hi = rect
    if m == 0.0:
        inside = lo - TOL <= z1 <= hi + TOL if closed else lo + TOL < z1 < hi - TOL
        return (c0, c1) if inside else None
    e0 = s1 + (lo - z1) / m if math.isfinite(lo) else (-math.inf if m > 0 else math.inf)
    e1 = s1 + (hi - z1) / m
    r0, r1 = min(e0, e1), max(e0, e1)
    pad = TOL / max(1.0, abs(m)) if closed else -TOL / max(1.0, abs(m))
    r0, r1 = max(r0 - pad, c0), min(r1 + pad, c1)
    if r0 > r1 or (not closed and r0 >= r1):
        return None
    return r0, r1


def solve_vertical(
    a_rng: Interval, b_rng: Interval, zo: Interval, zt: Interval, rects: list[Rect]
) -> tuple[float, float, float, float] | None:
    """A clear segment from ``a_rng x zo`` to ``b_rng x zt`` past open rectangles, or ``None``.

    Returns ``(a, za, b, zb)``. Exact: if any clear segment exists, one passes through two corners.
    """
    a0, a1 = a_rng
    b0, b1 = b_rng
    span0, span1 = min(a0, b0), max(a1, b1)
    zmin, zmax = min(zo[0], zt[0]), max(zo[1], zt[1])
    rects = [r for r in rects if r[1] > span0 and r[0] < span1 and r[3] > zmin and r[2] < zmax]
    near_a = a1 if a1 <= b0 else a0
    near_b = b0 if a1 <= b0 else b1
    if not rects:
        return near_a, zo[1], near_b, zt[1]
    for a in (near_a, a0, a1):
        for b in (near_b, b0, b1):
            for za in (zo[1], zo[0]):
                for zb in (zt[1], zt[0]):
                    if _segment_clear(a, za, b, zb, rects):
                        return a, za, b, zb
    corners = [
        (a0, zo[0]),
        (a0, zo[1]),
        (a1, zo[0]),
        (a1, zo[1]),
        (b0, zt[0]),
        (b0, zt[1]),
        (b1, zt[0]),
        (b1, zt[1]),
    ]
    for c0, c1, lo, hi in rects:
        corners += [(c0, hi), (c1, hi)]
        if math.isfinite(lo):
            corners += [(c0, lo), (c1, lo)]
    box_a: Rect = (a0, a1, zo[0], zo[1])
    box_b: Rect = (b0, b1, zt[0], zt[1])
    for i, (s1, z1) in enumerate(corners):
        for s2, z2 in corners[i + 1 :]:
            if abs(s2 - s1) < 1e-12:
                continue
            m = (z2 - z1) / (s2 - s1)
            found = _clear_on_plane_line(s1, z1, m, box_a, box_b, rects)
            if found is not None:
                return found
    return None


def _clear_on_plane_line(
    s1: float, z1: float, m: float, box_a: Rect, box_b: Rect, rects: list[Rect]
) -> tuple[float, float, float, float] | None:
    ra = _line_rect_range(s1, z1, m, box_a, True)
    rb = _line_rect_range(s1, z1, m, box_b, True)
    if ra is None or rb is None:
        return None
    if ra[1] <= rb[0]:
        a, b = ra[1], rb[0]
    elif rb[1] <= ra[0]:
        a, b = ra[0], rb[1]
    else:
        a = b = max(ra[0], rb[0])
    lo_s, hi_s = min(a, b), max(a, b)
    for rect in rects:
        blocked = _line_rect_range(s1, z1, m, rect, False)
        if blocked is not None and blocked[0] < hi_s and blocked[1] > lo_s:
            return None
    return a, z1 + m * (a - s1), b, z1 + m * (b - s1)
