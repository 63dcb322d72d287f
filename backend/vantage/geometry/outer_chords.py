"""Where a viewer's footprint can meet the plan lines of a box (``geometry.line_boxes``).

In the frame of ``line_boxes`` (``x`` along the observer-to-target axis, ``0`` at the observer's
centre and ``d`` at the target's, ``w`` across), a box ``[u0, u1] x [v0, v1]`` holds the lines
``w(x) = u (1 - x/d) + v x/d``. At each ``x`` they pass between the lowest and the highest of the
four corner lines, and on each side of ``x = 0`` and ``x = d`` those are fixed corner lines. The
*outer chord* of a footprint is the ``x`` range of its part between them: it holds the chord of
every line of the box. It is exact for discs and convex polygons (the extremes of ``x`` on a
convex set cut by lines lie at a vertex, or at a disc's leftmost or rightmost point); an oval is
taken as a circumscribed polygon, a superset (which a proof may use).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from vantage.geometry.units import TOL

Interval = tuple[float, float]
Box = tuple[float, float, float, float]
Affine = tuple[float, float]
"""``w = a + b x``."""
XW = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Figure:
    """A viewer's footprint in the frame: a disc of centre ``(c, 0)`` and radius ``r``, or a
    convex polygon (``ring``, counter-clockwise or not)."""

    c: float = 0.0
    r: float = 0.0
    ring: tuple[XW, ...] = ()


def outer_chord(figure: Figure, box: Box, d: float) -> Interval | None:
    """The outer chord of the figure for the box (``None``: no line of the box meets it)."""
    found: list[float] = []
    for xa, xb, low, high in _regimes(box, d):
        if figure.ring:
            found += _polygon_extent(figure.ring, xa, xb, low, high)
            continue
        lo_x, hi_x = max(xa, figure.c - figure.r), min(xb, figure.c + figure.r)
        if lo_x <= hi_x + TOL:
            found += _disc_extent(figure.c, figure.r, lo_x, hi_x, low, high)
    if not found:
        return None
    return min(found) - TOL, max(found) + TOL


def _regimes(box: Box, d: float) -> tuple[tuple[float, float, Affine, Affine], ...]:
    """``(xa, xb, lowest, highest)`` on ``x <= 0``, ``0 <= x <= d`` and ``x >= d``."""
    u0, u1, v0, v1 = box

    def affine(u: float, v: float) -> Affine:
        return u, (v - u) / d

    return (
        (-math.inf, 0.0, affine(u0, v1), affine(u1, v0)),
        (0.0, d, affine(u0, v0), affine(u1, v1)),
        (d, math.inf, affine(u1, v0), affine(u0, v1)),
    )


def _disc_extent(
    c: float, r: float, xa: float, xb: float, low: Affine, high: Affine
) -> list[float]:
    """The smallest and largest ``x`` of the convex set: the disc, ``xa <= x <= xb`` and
    ``low(x) <= w <= high(x)`` (an empty list when it is empty)."""
    points: list[XW] = [(c - r, 0.0), (c + r, 0.0)]
    for a, b in (low, high):
        points += _line_circle(c, r, a, b)
        points += [(x, a + b * x) for x in (xa, xb)]
    (a0, b0), (a1, b1) = low, high
    if abs(b1 - b0) > 1e-15:
        x = (a0 - a1) / (b1 - b0)
        points.append((x, a0 + b0 * x))
    for x in (xa, xb):
        h = r * r - (x - c) ** 2
        if h >= 0:
            points += [(x, math.sqrt(h)), (x, -math.sqrt(h))]
    inside = [
        x
        for x, w in points
        if xa - TOL <= x <= xb + TOL
        and (x - c) ** 2 + w * w <= r * r + TOL
        and a0 + b0 * x - TOL <= w <= a1 + b1 * x + TOL
    ]
    return [min(inside), max(inside)] if inside else []


def _line_circle(c: float, r: float, a: float, b: float) -> list[XW]:
    """Where ``w = a + b x`` meets the circle of centre ``(c, 0)`` and radius ``r``."""
    qa = 1 + b * b
    qb = 2 * (b * a - c)
    qc = c * c + a * a - r * r
    disc = qb * qb - 4 * qa * qc
    if disc < 0:
        return []
    root = math.sqrt(disc)
    return [(x, a + b * x) for x in ((-qb - root) / (2 * qa), (-qb + root) / (2 * qa))]


def _polygon_extent(
    ring: Sequence[XW], xa: float, xb: float, low: Affine, high: Affine
) -> list[float]:
    """The smallest and largest ``x`` of the convex polygon clipped to ``xa <= x <= xb`` and
    ``low(x) <= w <= high(x)``."""
    pts = list(ring)
    # each half-plane as k0 + kx x + kw w >= 0: w - low(x) >= 0, high(x) - w >= 0, the x range
    planes = [(-low[0], -low[1], 1.0), (high[0], high[1], -1.0)]
    if math.isfinite(xa):
        planes.append((-xa, 1.0, 0.0))
    if math.isfinite(xb):
        planes.append((xb, -1.0, 0.0))
    for k0, kx, kw in planes:
        pts = _clip(pts, k0, kx, kw)
        if not pts:
            return []
    xs = [x for x, _ in pts]
    return [min(xs), max(xs)]


def _clip(pts: list[XW], k0: float, kx: float, kw: float) -> list[XW]:
    """The part of a convex polygon where ``k0 + kx x + kw w >= 0`` (Sutherland-Hodgman; a
    degenerate polygon, a segment or a point, is kept as its vertices)."""
    out: list[XW] = []
    n = len(pts)
    for i in range(n):
        p, q = pts[i], pts[(i + 1) % n]
        fp, fq = k0 + kx * p[0] + kw * p[1], k0 + kx * q[0] + kw * q[1]
        if fp >= -TOL:
            out.append(p)
        if (fp < -TOL < fq) or (fq < -TOL < fp):
            t = fp / (fp - fq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out
