"""Lines in the plan: chords of footprints, tangents and bitangents (inputs of the sight search).

A line is ``(px, py, dx, dy)`` with a unit direction; a point on it is ``p + s d``. Chords are
intervals of ``s``: closed for the figures that are seen or looked from, open for obstacles
(whose interiors block). Tangents are computed in closed form for discs and through the support
function for ellipses (roots of ``h(n) = n.p`` found by sampling and bisection).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from itertools import pairwise

from vantage.geometry.measure import support
from vantage.geometry.prisms import Disc, Ellipse, Poly, Shape
from vantage.geometry.units import TOL

Line = tuple[float, float, float, float]
Interval = tuple[float, float]


def line_through(p: tuple[float, float], q: tuple[float, float]) -> Line | None:
    """The line through two distinct points."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    n = math.hypot(dx, dy)
    if n < 1e-12:
        return None
    return p[0], p[1], dx / n, dy / n


def line_from_normal(nx: float, ny: float, k: float) -> Line:
    """The line ``n.x = k`` for a unit normal ``n``."""
    return nx * k, ny * k, -ny, nx


def _round_frame(shape: Disc | Ellipse) -> tuple[float, float, float, float]:
    if isinstance(shape, Disc):
        return shape.r, shape.r, 1.0, 0.0
    return shape.a, shape.b, math.cos(shape.angle), math.sin(shape.angle)


def round_chord(shape: Disc | Ellipse, line: Line, tol: float = TOL) -> Interval | None:
    """The closed chord of a disc or an ellipse (widened by ``tol``; ``None`` if missed)."""
    a, b, c, s = _round_frame(shape)
    px, py, dx, dy = line
    ox, oy = px - shape.cx, py - shape.cy
    pu, pv = (ox * c + oy * s) / a, (-ox * s + oy * c) / b
    du, dv = (dx * c + dy * s) / a, (-dx * s + dy * c) / b
    qa = du * du + dv * dv
    qb = 2 * (pu * du + pv * dv)
    qc = pu * pu + pv * pv - 1.0
    disc = qb * qb - 4 * qa * qc
    scale = min(a, b)
    if disc < 0:
        mid = -qb / (2 * qa)
        u, v = pu + mid * du, pv + mid * dv
        if (math.hypot(u, v) - 1.0) * scale > tol:
            return None
        return mid, mid
    root = math.sqrt(disc)
    return (-qb - root) / (2 * qa), (-qb + root) / (2 * qa)


def round_open_chord(shape: Disc | Ellipse, line: Line, tol: float = TOL) -> Interval | None:
    """The open chord of a disc or ellipse interior, shrunk by ``tol`` (touching is clear)."""
    if isinstance(shape, Disc) and shape.r <= 0:
        return None
    chord = round_chord(shape, line, 0.0)
    if chord is None:
        return None
    lo, hi = chord
    px, py, dx, dy = line
    mid = (lo + hi) / 2
    depth = _round_depth(shape, px + mid * dx, py + mid * dy)
    if depth <= tol:
        return None
    return lo + tol, hi - tol


def _round_depth(shape: Disc | Ellipse, x: float, y: float) -> float:
    """How far inside the rim a point is, in inches along the minor axis scale (approximate)."""
    a, b, c, s = _round_frame(shape)
    ox, oy = x - shape.cx, y - shape.cy
    u, v = (ox * c + oy * s) / a, (-ox * s + oy * c) / b
    return (1.0 - math.hypot(u, v)) * min(a, b)


def convex_chord(poly: Poly, line: Line, closed: bool, tol: float = TOL) -> Interval | None:
    """The chord of a convex polygon (Cyrus-Beck clipping), closed or open."""
    px, py, dx, dy = line
    lo, hi = -math.inf, math.inf
    pts = poly.points
    n = len(pts)
    slack = tol if closed else -tol
    for i in range(n):
        x0, y0 = pts[i]
        x1, y1 = pts[(i + 1) % n]
        ex, ey = x1 - x0, y1 - y0
        el = math.hypot(ex, ey)
        if el < 1e-15:
            continue
        nx, ny = ey / el, -ex / el  # outward normal of a counter-clockwise polygon
        num = nx * (x0 - px) + ny * (y0 - py) + slack
        den = nx * dx + ny * dy
        if abs(den) < 1e-15:
            if num < 0 or (not closed and num <= 0):
                return None
            continue
        t = num / den
        if den > 0:
            hi = min(hi, t)
        else:
            lo = max(lo, t)
    if lo > hi or (not closed and lo >= hi):
        return None
    return lo, hi


def general_chords(poly: Poly, line: Line, closed: bool, tol: float = TOL) -> list[Interval]:
    """Chords of any simple polygon: split at boundary crossings, keep the inside pieces."""
    px, py, dx, dy = line
    pts = poly.points
    n = len(pts)
    cuts: list[float] = []
    for i in range(n):
        x0, y0 = pts[i]
        x1, y1 = pts[(i + 1) % n]
        ex, ey = x1 - x0, y1 - y0
        den = dx * ey - dy * ex
        wx, wy = x0 - px, y0 - py
        if abs(den) < 1e-15:
            if abs(wx * dy - wy * dx) < 1e-12:
                cuts.append(wx * dx + wy * dy)
                cuts.append((x1 - px) * dx + (y1 - py) * dy)
            continue
        t = (wx * ey - wy * ex) / den
        u = (wx * dy - wy * dx) / den
        if -1e-12 <= u <= 1 + 1e-12:
            cuts.append(t)
    cuts.sort()
    pieces: list[Interval] = []
    for s0, s1 in pairwise(cuts):
        if s1 - s0 < 1e-12:
            continue
        mx, my = px + (s0 + s1) / 2 * dx, py + (s0 + s1) / 2 * dy
        inside = _point_in_polygon(pts, mx, my)
        if inside:
            pieces.append((s0 - tol, s1 + tol) if closed else (s0 + tol, s1 - tol))
    return _merge(pieces, closed)


def _merge(pieces: list[Interval], closed: bool) -> list[Interval]:
    merged: list[Interval] = []
    for lo, hi in pieces:
        if merged and (lo <= merged[-1][1] + (1e-12 if closed else 3 * TOL)):
            merged[-1] = (merged[-1][0], max(merged[-1][1], hi))
        else:
            merged.append((lo, hi))
    return merged


def _point_in_polygon(pts: tuple[tuple[float, float], ...], x: float, y: float) -> bool:
    inside = False
    n = len(pts)
    for i in range(n):
        x0, y0 = pts[i]
        x1, y1 = pts[(i + 1) % n]
        if (y0 > y) != (y1 > y):
            xc = x0 + (y - y0) * (x1 - x0) / (y1 - y0)
            if xc > x:
                inside = not inside
    return inside


def chords(shape: Shape, line: Line, closed: bool) -> list[Interval]:
    """All chords of a footprint along a line (closed for viewers, open for obstacles)."""
    if isinstance(shape, Poly):
        if shape.convex:
            c = convex_chord(shape, line, closed)
            return [c] if c else []
        return general_chords(shape, line, closed)
    if isinstance(shape, Disc) and shape.r <= 0:
        return point_chord(shape.cx, shape.cy, line) if closed else []
    c = round_chord(shape, line) if closed else round_open_chord(shape, line)
    return [c] if c else []


def point_chord(x: float, y: float, line: Line, tol: float = TOL) -> list[Interval]:
    """The degenerate chord of a point: itself if the line passes through it."""
    px, py, dx, dy = line
    wx, wy = x - px, y - py
    if abs(wx * dy - wy * dx) > tol:
        return []
    s = wx * dx + wy * dy
    return [(s, s)]


def _roots_on_circle(f: Callable[[float], float], samples: int = 720) -> Iterator[float]:
    step = 2 * math.pi / samples
    prev_t, prev = 0.0, f(0.0)
    for i in range(1, samples + 1):
        t = i * step
        cur = f(t)
        if prev == 0.0:
            yield prev_t
        elif (prev < 0) != (cur < 0):
            lo, hi, flo = prev_t, t, prev
            for _ in range(60):
                mid = (lo + hi) / 2
                fm = f(mid)
                if (fm < 0) == (flo < 0):
                    lo, flo = mid, fm
                else:
                    hi = mid
            yield (lo + hi) / 2
        prev_t, prev = t, cur


def tangents_from_point(shape: Disc | Ellipse, p: tuple[float, float]) -> list[Line]:
    """Lines through ``p`` tangent to a disc or ellipse (none when ``p`` is inside)."""
    if isinstance(shape, Disc):
        dx, dy = p[0] - shape.cx, p[1] - shape.cy
        d = math.hypot(dx, dy)
        if d < shape.r - 1e-12 or d < 1e-12:
            return []
        base = math.atan2(dy, dx)
        off = math.acos(min(1.0, shape.r / d))
        out: list[Line] = []
        for sign in (1.0, -1.0):
            t = base + sign * off
            tx, ty = shape.cx + shape.r * math.cos(t), shape.cy + shape.r * math.sin(t)
            line = line_through(p, (tx, ty))
            if line is None:  # p on the rim: the tangent there
                line = (p[0], p[1], -math.sin(t), math.cos(t))
            out.append(line)
        return out

    def gap(t: float) -> float:
        nx, ny = math.cos(t), math.sin(t)
        return support(shape, nx, ny) - (nx * p[0] + ny * p[1])

    return [
        line_from_normal(math.cos(t), math.sin(t), p[0] * math.cos(t) + p[1] * math.sin(t))
        for t in _roots_on_circle(gap)
    ]


def bitangents(a: Disc | Ellipse, b: Disc | Ellipse) -> list[Line]:
    """Lines tangent to two round figures (outer and inner common tangents)."""
    if isinstance(a, Disc) and isinstance(b, Disc):
        wx, wy = a.cx - b.cx, a.cy - b.cy
        length = math.hypot(wx, wy)
        out: list[Line] = []
        if length < 1e-12:
            return out
        alpha = math.atan2(wy, wx)
        for sa, sb in ((1.0, 1.0), (1.0, -1.0)):
            h = sa * a.r - sb * b.r
            if abs(h) > length:
                continue
            off = math.acos(max(-1.0, min(1.0, h / length)))
            for t in (alpha + off, alpha - off):
                nx, ny = math.cos(t), math.sin(t)
                out.append(line_from_normal(nx, ny, nx * a.cx + ny * a.cy - sa * a.r))
        return out

    def outer(t: float) -> float:
        return support(a, math.cos(t), math.sin(t)) - support(b, math.cos(t), math.sin(t))

    def inner(t: float) -> float:
        c, s = math.cos(t), math.sin(t)
        return support(a, c, s) + support(b, -c, -s)

    lines: list[Line] = []
    for f in (outer, inner):
        for t in _roots_on_circle(f):
            nx, ny = math.cos(t), math.sin(t)
            lines.append(line_from_normal(nx, ny, support(a, nx, ny)))
    return lines


def rim_crossings(
    shape: Disc | Ellipse, p: tuple[float, float], q: tuple[float, float]
) -> list[tuple[float, float]]:
    """Points where a segment crosses the rim of a disc or ellipse."""
    line = line_through(p, q)
    if line is None:
        return []
    chord = round_chord(shape, line, 0.0)
    if chord is None:
        return []
    length = math.hypot(q[0] - p[0], q[1] - p[1])
    return [
        (p[0] + s * line[2], p[1] + s * line[3]) for s in chord if -1e-12 <= s <= length + 1e-12
    ]


def segment_crossing(
    p: tuple[float, float], q: tuple[float, float], r: tuple[float, float], s: tuple[float, float]
) -> tuple[float, float] | None:
    """The crossing point of two segments, if they cross at one point."""
    d1x, d1y = q[0] - p[0], q[1] - p[1]
    d2x, d2y = s[0] - r[0], s[1] - r[1]
    den = d1x * d2y - d1y * d2x
    if abs(den) < 1e-15:
        return None
    wx, wy = r[0] - p[0], r[1] - p[1]
    t = (wx * d2y - wy * d2x) / den
    u = (wx * d1y - wy * d1x) / den
    if -1e-12 <= t <= 1 + 1e-12 and -1e-12 <= u <= 1 + 1e-12:
        return p[0] + t * d1x, p[1] + t * d1y
    return None
