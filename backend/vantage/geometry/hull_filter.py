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
* ``d <= 0``: the footprint touches the centre segment, which lies in ``H``, so it meets ``H``
  (rounding of ``d`` is ~1e-13, far inside the 1e-7 that ``H`` is grown by). This decides for a
  point target (``r2 = 0``, the point searches of *fully visible*), whose inner capsule is empty:
  the target's own prism, which the point lies on, and the obstacles the segment crosses;
* otherwise undecided (the caller asks shapely, as before).

A disc footprint is tested by its centre and radius, as the shapely test does
(``distance(H, centre) <= r + 1e-9``), with the same capsule bounds. Ellipses are left to the
shapely test (it also asks their bounding box, which the capsules do not).
"""

from __future__ import annotations

import math
from functools import lru_cache

from vantage.geometry.prisms import Disc, Poly, Shape

MARGIN = 1e-6
"""Inches: footprints closer than this to either capsule's boundary are left to shapely."""
_OUTER = 1.0 / math.cos(math.pi / 32)


def capsule_meets(o: Disc, t: Disc, shapes: list[Shape]) -> list[bool | None]:
    """For each footprint: meets the sight hull of the two discs, misses it, or ``None``."""
    r_in = min(o.r, t.r)
    r_out = max(o.r, t.r) * _OUTER + 1e-7
    out: list[bool | None] = [None] * len(shapes)
    rounds = [i for i, s in enumerate(shapes) if isinstance(s, Disc)]
    discs = [s for s in shapes if isinstance(s, Disc)]
    polys = [i for i, s in enumerate(shapes) if isinstance(s, Poly)]
    shown = [s for s in shapes if isinstance(s, Poly)]
    ex, ey = t.cx - o.cx, t.cy - o.cy
    ll = ex * ex + ey * ey
    gaps = [_dist_point_seg(d.cx, d.cy, o.cx, o.cy, ex, ey, ll) - d.r for d in discs]
    _settle(out, rounds, gaps, r_in, r_out)
    far = r_out + MARGIN
    _settle(out, polys, _poly_segment(shown, o.cx, o.cy, t.cx, t.cy, far), r_in, r_out)
    return out


def _settle(
    out: list[bool | None], idx: list[int], d: list[float], r_in: float, r_out: float
) -> None:
    for i, v in zip(idx, d, strict=True):
        if v < r_in - MARGIN or v <= 0.0:
            out[i] = True
        elif v > r_out + MARGIN:
            out[i] = False


def _poly_segment(
    polys: list[Poly], ax: float, ay: float, bx: float, by: float, beyond: float
) -> list[float]:
    """Plan distance from each polygon (convex or not) to the segment ``ab``: 0 when the segment
    crosses an edge or lies inside; else the least distance between the segment and an edge.
    A polygon whose surrounding circle lies farther than ``beyond`` gets that circle's distance
    instead (a lower bound, past ``beyond`` all the same). Plain floats: one line of sight has
    a few footprints, where numpy's per-call cost is most of the time (77 against 29-42 us)."""
    ex, ey = bx - ax, by - ay
    ll = ex * ex + ey * ey
    lo_x, hi_x, lo_y, hi_y = min(ax, bx), max(ax, bx), min(ay, by), max(ay, by)
    out = []
    for poly in polys:
        cx, cy, radius = _circle(poly)
        far = _dist_point_seg(cx, cy, ax, ay, ex, ey, ll) - radius
        if far > beyond:  # a lower bound of the distance: enough to rule the footprint out
            out.append(far)
            continue
        pts = poly.points
        best = math.inf
        crossed = False
        inside = False
        x0, y0 = pts[-1]
        for x1, y1 in pts:
            fx, fy = x1 - x0, y1 - y0
            best = min(
                best,
                _dist_point_seg(x0, y0, ax, ay, ex, ey, ll),
                _dist_point_seg(ax, ay, x0, y0, fx, fy, None),
                _dist_point_seg(bx, by, x0, y0, fx, fy, None),
            )
            s0 = ex * (y0 - ay) - ey * (x0 - ax)
            s1 = ex * (y1 - ay) - ey * (x1 - ax)
            u0 = fx * (ay - y0) - fy * (ax - x0)
            u1 = fx * (by - y0) - fy * (bx - x0)
            if (
                s0 * s1 <= 0
                and u0 * u1 <= 0
                and not (s0 == 0 and s1 == 0)  # collinear: not a crossing
                and min(x0, x1) <= hi_x
                and max(x0, x1) >= lo_x
                and min(y0, y1) <= hi_y
                and max(y0, y1) >= lo_y
            ):
                crossed = True
            # the segment's first end inside the polygon: crossing number of a ray along +x
            if (y0 > ay) != (y1 > ay) and x0 + (ay - y0) * fx / (fy if fy != 0 else 1.0) > ax:
                inside = not inside
            x0, y0 = x1, y1
        out.append(0.0 if crossed or inside else best)
    return out


@lru_cache(maxsize=4096)
def _circle(poly: Poly) -> tuple[float, float, float]:
    """A circle around the polygon: its vertex centroid and farthest vertex."""
    pts = poly.points
    cx = sum(x for x, _ in pts) / len(pts)
    cy = sum(y for _, y in pts) / len(pts)
    return cx, cy, max(math.hypot(x - cx, y - cy) for x, y in pts) * (1 + 1e-12) + 1e-12


def _dist_point_seg(
    px: float, py: float, x0: float, y0: float, ex: float, ey: float, ll: float | None
) -> float:
    """Distance from ``p`` to the segment from ``(x0, y0)`` along ``(ex, ey)``."""
    if ll is None:
        ll = ex * ex + ey * ey
    if ll == 0.0:
        return math.hypot(px - x0, py - y0)
    s = min(max(((px - x0) * ex + (py - y0) * ey) / ll, 0.0), 1.0)
    return math.hypot(px - x0 - s * ex, py - y0 - s * ey)


_SIDES = 32
_STEP = 2 * math.pi / _SIDES
_RING = [(math.cos(k * _STEP) * _OUTER, math.sin(k * _STEP) * _OUTER) for k in range(_SIDES)]
"""``geometry.sight._RING``: the unit circle's circumscribed 32-gon, vertex ``k`` at angle
``2 pi k / 32`` (computed with ``math`` here; ``SLACK`` covers the rounding)."""
_SAG = 1e-7 * math.cos(math.pi / 32)
"""The shapely hull is grown by 1e-7 with 8 segments a quarter circle: it holds the hull grown
by ``1e-7 cos(pi / 32)`` and lies in the hull grown by 1e-7."""
SLACK = 1e-10
"""Inches: the margin of ``disc_meets_hull`` (rounding is ~1e-13 on a 60-inch table)."""


def disc_meets_hull(o: Disc, t: Disc, d: Disc) -> bool | None:
    """Whether the disc footprint ``d`` meets ``geometry.sight``'s shapely sight hull of the two
    viewer discs (``distance <= d.r + 1e-9``, after a bounding-box test), decided with
    ``SLACK`` to spare, or ``None`` (ask shapely).

    The hull ``H`` is the convex hull of the two circumscribed 32-gons ``A`` and ``B``. ``A``
    lies in ``H``, so the distance to ``H`` is at most the distance to ``A``: enough to prove a
    meeting. For a miss: with ``q`` the point of ``A`` nearest to the centre ``p`` and ``n`` the
    unit vector from ``q`` to ``p``, the half-plane ``n.x <= n.q`` holds ``A``; when it also
    holds every vertex of ``B`` it holds ``H``, and the distance to ``H`` is exactly
    ``|p - q|``. Beside the centre segment, the segment joining the two 32-gons' vertices
    farthest along its normal ``m`` lies in ``H`` (an upper bound on the distance) and
    ``m.p - h_H(m)`` is a lower bound (exact for bases of one size: that segment is then the
    bridge edge). Otherwise ``None``."""
    ends = (_to_polygon(o, d.cx, d.cy), _to_polygon(t, d.cx, d.cy))
    near = min(e[0] for e in ends)
    if near - _SAG <= d.r - SLACK:
        return True
    bridge = _bridge(o, t, d.cx, d.cy)
    if bridge is not None:
        low, high = bridge
        if high - _SAG <= d.r - SLACK:
            return True
        if low - 1e-7 > d.r + 1e-9 + SLACK:
            return False
    for (dist, qx, qy), other in zip(ends, (t, o), strict=True):
        if dist <= 0.0:
            continue
        nx, ny = (d.cx - qx) / dist, (d.cy - qy) / dist
        support = nx * other.cx + ny * other.cy + other.r * max(nx * u + ny * v for u, v in _RING)
        if support <= nx * qx + ny * qy - SLACK and dist - 1e-7 > d.r + 1e-9 + SLACK:
            return False
    return None


GROWN = 1e-7 + 1e-12
"""What ``H`` is grown by, with the rounding of the 32-gons' vertices (~1e-15) to spare."""


def misses_hull(o: Disc, t: Disc, shape: Disc | Poly) -> bool:
    """Whether the footprint is proven to miss the sight hull ``H`` of the two viewer discs, by
    a line that separates it, ``MARGIN`` apart, from ``K``: the convex hull of the two discs of
    radii ``r / cos(pi / 32) + GROWN``. Each 32-gon lies in its disc and ``H`` is grown by
    1e-7, so ``H`` lies in ``K``, whose support along a unit ``n`` is the larger of the two
    discs' ``n.c + R``. The lines tried are ``K``'s two outer common tangents and, for a
    polygon, its edges: a footprint beside the cone that a point target's ``K`` narrows to
    (the point searches of *fully visible*), which the two capsules leave undecided. ``False``
    means not proven (the caller asks shapely)."""
    r1, r2 = o.r * _OUTER + GROWN, t.r * _OUTER + GROWN
    axes = _tangent_normals(o, t, r1, r2)
    if isinstance(shape, Poly):
        pts = shape.points
        for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True):
            length = math.hypot(x1 - x0, y1 - y0)
            if length > 0.0:  # both sides: the polygon's own side is never separating
                axes += [((y0 - y1) / length, (x1 - x0) / length)]
                axes += [((y1 - y0) / length, (x0 - x1) / length)]
    for nx, ny in axes:
        support = max(nx * o.cx + ny * o.cy + r1, nx * t.cx + ny * t.cy + r2)
        if isinstance(shape, Disc):
            low = nx * shape.cx + ny * shape.cy - shape.r
        else:
            low = min(nx * x + ny * y for x, y in shape.points)
        if low > support + MARGIN:
            return True
    return False


def _tangent_normals(o: Disc, t: Disc, r1: float, r2: float) -> list[tuple[float, float]]:
    """Unit normals ``n`` of the two outer common tangents of the discs ``(o, r1)`` and
    ``(t, r2)``: ``n.(c2 - c1) = r1 - r2``, pointing away from both discs."""
    dx, dy = t.cx - o.cx, t.cy - o.cy
    length = math.hypot(dx, dy)
    if length <= abs(r1 - r2):
        return []
    ux, uy = dx / length, dy / length
    along = (r1 - r2) / length
    across = math.sqrt(max(0.0, 1.0 - along * along))
    return [
        (along * ux - across * uy, along * uy + across * ux),
        (along * ux + across * uy, along * uy - across * ux),
    ]


def _to_polygon(c: Disc, px: float, py: float) -> tuple[float, float, float]:
    """Distance from ``p`` to the 32-gon circumscribed about ``c`` (0 inside), and the nearest
    point. The nearest point lies on the edge of ``p``'s angular sector from the centre (or an
    end of it); its neighbours are checked too, against rounding at the sector boundaries."""
    wx, wy = px - c.cx, py - c.cy
    k = math.floor(math.atan2(wy, wx) / _STEP) % _SIDES
    best = (math.inf, px, py)
    inside = True
    for j in (k - 1, k, k + 1):
        (u0, v0), (u1, v1) = _RING[j % _SIDES], _RING[(j + 1) % _SIDES]
        ax, ay = c.cx + c.r * u0, c.cy + c.r * v0
        ex, ey = c.r * (u1 - u0), c.r * (v1 - v0)
        ll = ex * ex + ey * ey
        if (px - ax) * ey - (py - ay) * ex > 0:  # outside this (counter-clockwise) edge
            inside = False
        s = 0.0 if ll == 0 else min(1.0, max(0.0, ((px - ax) * ex + (py - ay) * ey) / ll))
        qx, qy = ax + s * ex, ay + s * ey
        dist = math.hypot(px - qx, py - qy)
        if dist < best[0]:
            best = (dist, qx, qy)
    if inside and c.r > 0:  # inside the three edges of its sector: inside the polygon
        return 0.0, px, py
    return best


def _bridge(o: Disc, t: Disc, px: float, py: float) -> tuple[float, float] | None:
    """Lower and upper bounds on the distance from ``p`` to the hull of the two 32-gons, from
    the normal ``m`` of the centre segment on ``p``'s side (``None``: a degenerate segment)."""
    ex, ey = t.cx - o.cx, t.cy - o.cy
    length = math.hypot(ex, ey)
    if length < 1e-9:
        return None
    mx, my = -ey / length, ex / length
    if mx * (px - o.cx) + my * (py - o.cy) < 0:
        mx, my = -mx, -my
    k = max(range(_SIDES), key=lambda j: mx * _RING[j][0] + my * _RING[j][1])
    u, v = _RING[k]
    ax, ay = o.cx + o.r * u, o.cy + o.r * v
    bx, by = t.cx + t.r * u, t.cy + t.r * v
    low = mx * px + my * py - max(mx * ax + my * ay, mx * bx + my * by)
    fx, fy = bx - ax, by - ay
    ll = fx * fx + fy * fy
    s = 0.0 if ll == 0 else min(1.0, max(0.0, ((px - ax) * fx + (py - ay) * fy) / ll))
    return low, math.hypot(px - ax - s * fx, py - ay - s * fy)
