"""The complete plan search of one pair of round viewers, in plain Python floats.

``sight_matrix.pair_clear_line`` tests the extremal candidate lines of one pair with numpy; for
the few obstacles of a single line of sight (1-5 footprints, a few dozen lines) its cost is
numpy's call overhead (packing, three rounds of ``lines_clear`` and the feature points: ~0.8 ms
of ~200 numpy calls). This is its scalar twin: the same lines in the same order (the centre
line, the common tangents, the lines through one feature point tangent to a base, the lines
through two feature points), tested one at a time with early exits, so it returns the same
first clear line, bit for bit (``tests/geometry/test_pair_scalar.py``):

* every arithmetic step is the numpy path's, in its order (IEEE operations and ``sqrt`` round
  the same in Python); ``cos`` and ``sin`` come from ``math`` (the same results as numpy's on
  this platform, checked by ``tests/geometry/test_pair_scalar.py``), while ``hypot``,
  ``arctan2`` and ``arccos``, whose numpy versions differ from ``math``'s in the last bit, are
  computed by numpy in one batched call per round;
* the edge normals are ``plan_pack.pack``'s arithmetic for each footprint alone (elementwise,
  so the same bits as in a joint packing), remembered per footprint.

Two shortcuts of the line test leave its result unchanged: footprints out of a line's reach
(``FAR``) are skipped, and a ruin the target stands clearly apart from is tested as opaque
(see ``pair_clear_line_scalar``).

The rim crossings include every footprint's closing edge, as ``plan_lines._points`` does (it
once wrapped edges over the packing's padded width and so missed the closing edge of a
footprint with fewer vertices than the largest one packed with it: a line through that crossing
could be the only clear one).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from vantage.geometry.alone import disc_gap
from vantage.geometry.plan_pack import APART
from vantage.geometry.prisms import Disc, Poly
from vantage.geometry.units import TOL

Line = tuple[float, float, float, float]
TANGENT = 1e-7
"""``plan_lines.TANGENT``: margin of the test that a line enters an obstacle at a vertex."""
NAN = math.nan
FAR = 1e-6
"""Inches: a footprint whose circle misses the line, or the part of it from the observer's
near end to the target's far end, by this much is left out of that line's test (its chords
along the line are empty or out of reach by far more than their rounding)."""


@dataclass(frozen=True, slots=True)
class _Shape:
    """One convex footprint as ``pack`` sees it (bit-identical values)."""

    vx: tuple[float, ...]  # vertices
    vy: tuple[float, ...]
    valid: tuple[bool, ...]  # edge i (vertex i to i + 1) has a length
    edges: tuple[tuple[float, float, float, float], ...]  # valid: nx, ny, off -+ TOL
    prev: tuple[tuple[float, float], ...]  # each vertex's neighbours
    next: tuple[tuple[float, float], ...]
    cx: float  # a circle holding the polygon, grown by FAR
    cy: float
    reach: float


@lru_cache(maxsize=4096)
def _shape(poly: Poly) -> _Shape:
    """``plan_pack.pack``'s arithmetic for one polygon (its ``np.hypot``, the rest elementwise)."""
    vx = tuple(p[0] for p in poly.points)
    vy = tuple(p[1] for p in poly.points)
    m = len(vx)
    ex = [vx[(j + 1) % m] - vx[j] for j in range(m)]
    ey = [vy[(j + 1) % m] - vy[j] for j in range(m)]
    length = _np(np.hypot, ex, ey)
    valid = tuple(v > 1e-15 for v in length)
    edges = []
    for j in range(m):
        if valid[j]:
            nx, ny = ey[j] / length[j], -ex[j] / length[j]
            off = nx * vx[j] + ny * vy[j]
            edges.append((nx, ny, off + -TOL, off + TOL))
    prev = tuple((vx[(j - 1) % m], vy[(j - 1) % m]) for j in range(m))
    nxt = tuple((vx[(j + 1) % m], vy[(j + 1) % m]) for j in range(m))
    cx, cy = sum(vx) / m, sum(vy) / m
    reach = max(math.hypot(x - cx, y - cy) for x, y in zip(vx, vy, strict=True)) + FAR
    return _Shape(vx, vy, valid, tuple(edges), prev, nxt, cx, cy, reach)


def _chord(
    edges: tuple[tuple[float, float, float, float], ...], line: Line, closed: bool
) -> tuple[float, float]:
    """``plan_pack.chords`` of one polygon along one line (empty: ``lo >= hi``)."""
    px, py, dx, dy = line
    low, up = -math.inf, math.inf
    empty = False
    for nx, ny, off_open, off_closed in edges:
        num = (off_closed if closed else off_open) - nx * px - ny * py
        den = nx * dx + ny * dy
        if abs(den) < 1e-15:
            if (num < 0) if closed else (num <= 0):
                empty = True
            continue
        q = num / den
        if den > 0:
            if q < up:
                up = q
        elif q > low:
            low = q
    if empty:
        return math.inf, -math.inf
    if closed and low <= up:
        up = up + 1e-12
    return low, up


def _disc_chord(cx: float, cy: float, r: float, line: Line) -> tuple[float, float]:
    """``plan_pack.disc_chord`` (empty: ``lo = inf``)."""
    px, py, dx, dy = line
    ax, ay = cx - px, cy - py
    t = ax * dx + ay * dy
    d2 = ax * ax + ay * ay - t * t
    h2 = r * r - d2
    if not h2 >= -1e-9 * max(r, 1.0):
        return math.inf, -math.inf
    h = math.sqrt(max(h2, 0.0))
    return t - h, t + h


def _chords2(
    edges: tuple[tuple[float, float, float, float], ...], line: Line
) -> tuple[float, float, float, float]:
    """``_chord`` open and closed in one pass (the same operations for each)."""
    px, py, dx, dy = line
    low, up, clow, cup = -math.inf, math.inf, -math.inf, math.inf
    empty = cempty = False
    for nx, ny, off_open, off_closed in edges:
        npx, npy = nx * px, ny * py
        num = off_open - npx - npy
        cnum = off_closed - npx - npy
        den = nx * dx + ny * dy
        if abs(den) < 1e-15:
            empty = empty or num <= 0
            cempty = cempty or cnum < 0
            continue
        q, cq = num / den, cnum / den
        if den > 0:
            up = q if q < up else up
            cup = cq if cq < cup else cup
        else:
            low = q if q > low else low
            clow = cq if cq > clow else clow
    if empty:
        low, up = math.inf, -math.inf
    if cempty:
        clow, cup = math.inf, -math.inf
    elif clow <= cup:
        cup = cup + 1e-12
    return low, up, clow, cup


def line_clear(o: Disc, t: Disc, shapes: list[_Shape], see: list[bool], line: Line) -> bool:
    """``plan_lines.lines_clear`` of one line of the pair (the same tests, with early exits:
    footprints out of the line's reach (``FAR``) are skipped, and an opaque footprint crossing
    the segment to the target's near end blocks every target point, the others lying beyond
    it)."""
    return _line_test(o, t, shapes, see, line) == CLEAR


CLEAR, BLOCKED = -2, -1


def _line_test(o: Disc, t: Disc, shapes: list[_Shape], see: list[bool], line: Line) -> int:
    """``line_clear``: ``CLEAR``, ``BLOCKED``, or the position of the opaque footprint that
    crosses the segment to the target's near end (the test stops there)."""
    o0, o1 = _disc_chord(o.cx, o.cy, o.r, line)
    if o0 > o1:
        return BLOCKED
    t0, t1 = _disc_chord(t.cx, t.cy, t.r, line)
    if t0 > t1:
        return BLOCKED
    flip = (o0 + o1) > (t0 + t1)
    if flip:
        o0, o1, t0, t1 = -o1, -o0, -t1, -t0
    if o1 >= t0 - 1e-12:
        return CLEAR
    a, b = o1, t0
    px, py, dx, dy = line
    opens: list[tuple[float, float]] = []
    intos: list[tuple[float, float]] = []
    rows = [b]
    for n, (s, sees) in enumerate(zip(shapes, see, strict=True)):
        ax, ay = s.cx - px, s.cy - py
        along = ax * dx + ay * dy
        if flip:
            along = -along
        if abs(ax * dy - ay * dx) > s.reach or not a - s.reach <= along <= t1 + s.reach:
            continue
        if not sees:
            u0, u1 = _chord(s.edges, line, False)
            if flip:
                u0, u1 = -u1, -u0
            if u0 < u1 and u0 < b and u1 > a:
                return n
            w0, w1 = math.inf, -math.inf
        else:
            u0, u1, w0, w1 = _chords2(s.edges, line)
            if flip:
                u0, u1, w0, w1 = -u1, -u0, -w1, -w0
            if w0 <= w1 and w1 >= b and w0 <= t1:
                rows.append(max(b, w0))
        opens.append((u0, u1))
        intos.append((w0, w1))
    for rb in rows:
        for (u0, u1), (w0, w1) in zip(opens, intos, strict=True):
            if u0 < u1 and u0 < rb and u1 > a and not (w0 <= rb <= w1):
                break
        else:
            return CLEAR
    return BLOCKED


def _np(fn: np.ufunc, *args: list[float]) -> list[float]:
    """A numpy ufunc over a batch of floats (its bits, not ``math``'s)."""
    out: list[float] = fn(*(np.array(a, dtype=float) for a in args)).tolist()
    return out


def _units(x: list[float], y: list[float]) -> tuple[list[float], list[float], list[float]]:
    """``plan_lines.unit`` and the norms (before the zero guard)."""
    norms = _np(np.hypot, x, y)
    ux = [a / (n if n != 0 else 1.0) for a, n in zip(x, norms, strict=True)]
    uy = [a / (n if n != 0 else 1.0) for a, n in zip(y, norms, strict=True)]
    return ux, uy, norms


def first_lines(o: Disc, t: Disc) -> list[Line]:
    """The centre line and the common tangents (``plan_lines.bitangents``), in order."""
    (ux,), (uy,), _ = _units([t.cx - o.cx], [t.cy - o.cy])
    out: list[Line] = [(o.cx, o.cy, ux, uy)]
    wx, wy = o.cx - t.cx, o.cy - t.cy
    (hyp,) = _np(np.hypot, [wx], [wy])
    length = max(hyp, 1e-12)
    (alpha,) = _np(np.arctan2, [wy], [wx])
    hs = [o.r - t.r, o.r + t.r]  # sa * r1 - sb * r2 for (1, 1), (1, -1)
    offs = _np(np.arccos, [min(max(h / length, -1.0), 1.0) for h in hs])
    for h, off in zip(hs, offs, strict=True):
        if not abs(h) <= length:
            continue
        for sign in (1.0, -1.0):
            th = alpha + sign * off
            nx, ny = math.cos(th), math.sin(th)
            kk = nx * o.cx + ny * o.cy - o.r
            out.append((nx * kk, ny * kk, -ny, nx))
    return out


@dataclass(frozen=True, slots=True)
class _Point:
    """A feature point and, at an opaque obstacle's vertex, its two neighbours (else nan)."""

    x: float
    y: float
    ax: float = NAN
    ay: float = NAN
    bx: float = NAN
    by: float = NAN

    def entered(self, ux: float, uy: float) -> bool:
        """``plan_lines._crosses_at``: the line enters the obstacle's interior here."""
        sa = ux * (self.ay - self.y) - uy * (self.ax - self.x)
        sb = ux * (self.by - self.y) - uy * (self.bx - self.x)
        return (sa < -TANGENT and sb > TANGENT) or (sa > TANGENT and sb < -TANGENT)


def feature_points(o: Disc, t: Disc, shapes: list[_Shape], see: list[bool]) -> list[_Point]:
    """``plan_lines._points`` of one pair: vertices near the centre segment, then the crossings
    of edges with the observer's rim and the target's (in the numpy path's order)."""
    cand = [(s, j) for s in shapes for j in range(len(s.vx)) if s.valid[j]]
    near = _seg_dist(o, t, [s.vx[j] for s, j in cand], [s.vy[j] for s, j in cand])
    reach = max(o.r, t.r) + 1e-9
    sees = {id(s): v for s, v in zip(shapes, see, strict=True)}
    out: list[_Point] = []
    for (s, j), d in zip(cand, near, strict=True):
        if d <= reach:
            if sees[id(s)]:
                out.append(_Point(s.vx[j], s.vy[j]))
            else:
                (ax, ay), (bx, by) = s.prev[j], s.next[j]
                out.append(_Point(s.vx[j], s.vy[j], ax, ay, bx, by))
    for c in (o, t):
        for sign in (-1.0, 1.0):
            for s in shapes:
                m = len(s.vx)
                for j in range(m):
                    if not s.valid[j]:
                        continue
                    k = (j + 1) % m
                    x0, y0 = s.vx[j], s.vy[j]
                    ex, ey = s.vx[k] - x0, s.vy[k] - y0
                    fx, fy = x0 - c.cx, y0 - c.cy
                    qa = ex * ex + ey * ey
                    qb = 2 * (fx * ex + fy * ey)
                    qc = fx * fx + fy * fy - c.r * c.r
                    disc = qb * qb - 4 * qa * qc
                    if not (disc >= 0 and qa > 0):
                        continue
                    u = (-qb + sign * math.sqrt(max(disc, 0.0))) / (2 * qa)
                    if 0 <= u <= 1:
                        out.append(_Point(x0 + u * ex, y0 + u * ey))
    return out


def _seg_dist(o: Disc, t: Disc, x: list[float], y: list[float]) -> list[float]:
    """``plan_lines._pt_seg_pairs``: distances from points to the centre segment."""
    ex, ey = t.cx - o.cx, t.cy - o.cy
    ll = ex * ex + ey * ey
    ll = 1.0 if ll == 0 else ll
    gx, gy = [], []
    for px, py in zip(x, y, strict=True):
        s = min(max(((px - o.cx) * ex + (py - o.cy) * ey) / ll, 0.0), 1.0)
        gx.append(px - o.cx - s * ex)
        gy.append(py - o.cy - s * ey)
    return _np(np.hypot, gx, gy)


def tangent_lines(o: Disc, t: Disc, pts: list[_Point]) -> list[Line]:
    """``plan_lines.point_tangents``: through each feature point, tangent to the observer's
    base, then to the target's (each: one side for every point, then the other)."""
    out: list[Line] = []
    if not pts:
        return out
    for c in (o, t):
        first: list[Line] = []
        second: list[Line] = []
        for p in pts:
            wx, wy = c.cx - p.x, c.cy - p.y
            d = math.sqrt(wx * wx + wy * wy)
            if not d >= c.r * (1 - 1e-12):
                continue
            if d > 0:
                wx, wy = wx / d, wy / d
            else:
                d, wx, wy = 1.0, 1.0, wy / 1.0
            s = min(c.r / d, 1.0)
            k = math.sqrt(1.0 - s * s)
            for side, (vx, vy) in (
                (first, (wx * k + wy * s, wy * k - wx * s)),
                (second, (wx * k - wy * s, wy * k + wx * s)),
            ):
                if not p.entered(vx, vy):
                    side.append((p.x, p.y, vx, vy))
        out += first + second
    return out


def pair_lines(pts: list[_Point]) -> list[Line]:
    """``plan_lines.point_pairs``: through two feature points, in ``triu_indices`` order."""
    n = len(pts)
    ab = [(i, j) for i in range(n) for j in range(i + 1, n)]
    if not ab:
        return []
    ux, uy, _ = _units([pts[j].x - pts[i].x for i, j in ab], [pts[j].y - pts[i].y for i, j in ab])
    out: list[Line] = []
    for (i, j), vx, vy in zip(ab, ux, uy, strict=True):
        if not (pts[i].entered(vx, vy) or pts[j].entered(vx, vy)):
            out.append((pts[i].x, pts[i].y, vx, vy))
    return out


BUDGET = 6400
"""Lines x obstacle edges up to which the scalar search beats numpy (measured on random scenes
of 1-7 footprints: 5-8x faster below, slower only well above)."""


def pair_clear_line_scalar(
    o: Disc, t: Disc, obstacles: list[Poly], see_into: list[bool], budget: float = math.inf
) -> tuple[bool, Line | None]:
    """``sight_matrix.pair_clear_line``: ``(True, line)`` with the first clear line of the same
    candidate sequence, or ``(True, None)`` when none is clear (every obstacle a convex
    polygon); ``(False, None)`` when the lines beyond the first round times the obstacles'
    edges exceed ``budget`` (the numpy search is then cheaper).

    A ruin the target stands clearly apart from (plan gap above ``APART``) is tested as opaque:
    seeing into it needs a target point in it (within the chords' 1e-9 slack), so the numpy
    path's extra target points never arise there. Its vertices stay see-into feature points
    (lines entering it there are kept, as in ``plan_lines``)."""
    shapes = [_shape(p) for p in obstacles]
    see = [v and disc_gap(t, p) <= APART for v, p in zip(see_into, obstacles, strict=True)]
    test = _Tester(o, t, list(shapes), see)
    for line in first_lines(o, t):
        if test.clear(line):
            return True, line
    pts = feature_points(o, t, shapes, see_into)
    n = len(pts)
    if (4 * n + n * (n - 1) // 2) * sum(len(s.edges) for s in shapes) > budget:
        return False, None
    for line in tangent_lines(o, t, pts):
        if test.clear(line):
            return True, line
    for line in pair_lines(pts):
        if test.clear(line):
            return True, line
    return True, None


@dataclass(slots=True)
class _Tester:
    """``line_clear`` over a search's lines, the footprint that last blocked on its own tested
    first (the answer does not depend on the order: any opaque crossing blocks)."""

    o: Disc
    t: Disc
    shapes: list[_Shape]
    see: list[bool]

    def clear(self, line: Line) -> bool:
        """Whether the line carries a clear segment."""
        found = _line_test(self.o, self.t, self.shapes, self.see, line)
        if found > 0:
            self.shapes.insert(0, self.shapes.pop(found))
            self.see.insert(0, self.see.pop(found))
        return found == CLEAR
