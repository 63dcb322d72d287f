"""Convex plan polygons packed into numpy arrays, and their relations with many discs at once.

Shared by the vectorised sight solvers: chords of many lines through many polygons, and for each
(disc, polygon) combination the exact plan distance and the *free arc* — the directions ``n`` whose
supporting half-plane of the polygon, ``n.x >= h_P(n)``, reaches the disc. A segment joining two
discs avoids a convex polygon's interior iff the two discs' free arcs meet (separation theorem),
so one obstacle that blocks a pair on its own is proven with two arcs and no line at all.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from vantage.geometry.prisms import Poly, bbox
from vantage.geometry.units import TOL

F = NDArray[np.float64]
Ix = NDArray[np.int64]
B = NDArray[np.bool_]
TWO_PI = 2 * math.pi
APART = 1e-6
"""Plan gap (inches) above which a disc counts as apart from a polygon for the arc shortcut."""


@dataclass(frozen=True, slots=True)
class Packed:
    """Convex polygons padded to a common vertex count (padding repeats the last vertex)."""

    vx: F  # (P, V) vertices
    vy: F
    nx: F  # outward unit edge normals (edge i runs from vertex i to vertex i + 1)
    ny: F
    off: F  # n . v for each edge
    valid: B  # real edges
    see_into: B  # (P,) ruins
    box: F  # (P, 4)
    dbox: F  # (P, 4): min and max of x + y, min and max of x - y over the vertices
    cnx: F  # edge normals with padding repeating a real one (safe for max and min)
    cny: F
    coff: F
    ex: F  # edge vectors (zero on padding)
    ey: F
    ell: F  # squared edge lengths (1 on padding)
    mx: F  # (P,) vertex centroid
    my: F
    t: dict[str, NDArray[Any]]
    """The (P, V) arrays transposed to (V, P): reductions over vertices run along rows."""
    prev_x: F  # (P, V) each real vertex's neighbours (nan on padding)
    prev_y: F
    next_x: F
    next_y: F


@lru_cache(maxsize=1024)
def pack(polys: tuple[Poly, ...], see_into: tuple[bool, ...]) -> Packed:
    """Pack convex polygons (cached: terrain is shared by every version of a table, and a single
    line of sight packs the few footprints near its pair, a few kilobytes per entry)."""
    vmax = max(len(p.points) for p in polys)
    n = len(polys)
    vx = np.zeros((n, vmax))
    vy = np.zeros((n, vmax))
    valid = np.zeros((n, vmax), dtype=bool)
    for k, p in enumerate(polys):
        m = len(p.points)
        vx[k, :m] = [q[0] for q in p.points]
        vy[k, :m] = [q[1] for q in p.points]
        valid[k, :m] = True
        vx[k, m:] = vx[k, m - 1]
        vy[k, m:] = vy[k, m - 1]
    counts = valid.sum(axis=1)
    nxt = (np.arange(vmax)[None, :] + 1) % counts[:, None]
    ex = np.take_along_axis(vx, nxt, 1) - vx
    ey = np.take_along_axis(vy, nxt, 1) - vy
    length = np.hypot(ex, ey)
    valid &= length > 1e-15
    length[length == 0] = 1.0
    nx, ny = ey / length, -ex / length
    off = nx * vx + ny * vy
    box = np.array([bbox(p) for p in polys])
    dbox = np.array([_diagonal_box(p) for p in polys])
    first = np.argmax(valid, axis=1)[:, None]
    cnx = np.where(valid, nx, np.take_along_axis(nx, first, 1))
    cny = np.where(valid, ny, np.take_along_axis(ny, first, 1))
    coff = np.where(valid, off, np.take_along_axis(off, first, 1))
    ex, ey = np.where(valid, ex, 0.0), np.where(valid, ey, 0.0)
    ell = np.where(valid, ex * ex + ey * ey, 1.0)
    mx = np.array([sum(q[0] for q in p.points) / len(p.points) for p in polys])
    my = np.array([sum(q[1] for q in p.points) / len(p.points) for p in polys])
    see = np.array(see_into, dtype=bool)
    by_name = {"vx": vx, "vy": vy, "nx": nx, "ny": ny, "off": off, "valid": valid}
    by_name |= {"cnx": cnx, "cny": cny, "coff": coff, "ex": ex, "ey": ey, "ell": ell}
    t = {name: np.ascontiguousarray(a.T) for name, a in by_name.items()}
    # each real vertex's neighbours (nan on padding)
    prev = (np.arange(vmax)[None, :] - 1) % counts[:, None]
    real = np.arange(vmax)[None, :] < counts[:, None]
    around = np.stack(
        [
            np.take_along_axis(vx, prev, 1),
            np.take_along_axis(vy, prev, 1),
            np.take_along_axis(vx, nxt, 1),
            np.take_along_axis(vy, nxt, 1),
        ]
    )
    around[:, ~real] = np.nan
    out = Packed(
        vx, vy, nx, ny, off, valid, see, box, dbox, cnx, cny, coff, ex, ey, ell, mx, my, t, *around
    )
    for a in (see, box, dbox, mx, my, around, *by_name.values(), *t.values()):
        a.setflags(write=False)
    return out


def _diagonal_box(poly: Poly) -> tuple[float, float, float, float]:
    """The polygon's extent along the diagonals: min and max of ``x + y``, then of ``x - y``."""
    u = [x + y for x, y in poly.points]
    v = [x - y for x, y in poly.points]
    return min(u), max(u), min(v), max(v)


def chords(polys: Packed, k: Ix, px: F, py: F, dx: F, dy: F, closed: bool) -> tuple[F, F]:
    """Chord ``(lo, hi)`` of polygon ``k[i]`` along line i; empty where ``lo >= hi``.

    One edge at a time over 1-D arrays (padding repeats a real edge, so it changes nothing):
    no (vertices x lines) temporaries, which cost more than the arithmetic. Few lines (a single
    line of sight) take ``_chords_small``: the same arithmetic on (lines x vertices) arrays, in
    a quarter of the numpy calls."""
    if len(k) <= SMALL:
        return _chords_small(polys, k, px, py, dx, dy, closed)
    t = polys.t
    slack = TOL if closed else -TOL
    low = np.full(len(k), -np.inf)
    up = np.full(len(k), np.inf)
    empty = np.zeros(len(k), dtype=bool)
    for v in range(len(t["cnx"])):
        nx, ny = t["cnx"][v].take(k), t["cny"][v].take(k)
        num = t["coff"][v].take(k)
        num += slack
        num -= nx * px
        num -= ny * py
        den = nx * dx
        den += ny * dy
        par = np.abs(den) < 1e-15
        if par.any():
            empty |= par & ((num < 0) if closed else (num <= 0))
            den[par] = np.nan  # a parallel edge bounds nothing (nan is neither > 0 nor < 0)
        q = num / den
        np.minimum(up, q, out=up, where=den > 0)
        np.maximum(low, q, out=low, where=den < 0)
    low[empty] = np.inf
    up[empty] = -np.inf
    if closed:
        up = np.where(low <= up, up + 1e-12, up)
    return low, up


def chords_open_closed(polys: Packed, k: Ix, px: F, py: F, dx: F, dy: F) -> tuple[F, F, F, F]:
    """``chords(..., closed=False)`` and ``chords(..., closed=True)`` in one pass over the
    edges: the products and denominators are shared, and each chord gets exactly the operations
    of its own call (the same bits), in about two thirds of the numpy calls of two calls."""
    if len(k) <= SMALL:
        return (
            *_chords_small(polys, k, px, py, dx, dy, False),
            *_chords_small(polys, k, px, py, dx, dy, True),
        )
    t = polys.t
    n = len(k)
    low, up = np.full(n, -np.inf), np.full(n, np.inf)
    low_c, up_c = np.full(n, -np.inf), np.full(n, np.inf)
    empty = np.zeros(n, dtype=bool)
    empty_c = np.zeros(n, dtype=bool)
    for v in range(len(t["cnx"])):
        nx, ny = t["cnx"][v].take(k), t["cny"][v].take(k)
        off = t["coff"][v].take(k)
        along_x, along_y = nx * px, ny * py
        num = off + -TOL
        num -= along_x
        num -= along_y
        num_c = off + TOL
        num_c -= along_x
        num_c -= along_y
        den = nx * dx
        den += ny * dy
        par = np.abs(den) < 1e-15
        if par.any():
            empty |= par & (num <= 0)
            empty_c |= par & (num_c < 0)
            den[par] = np.nan  # a parallel edge bounds nothing (nan is neither > 0 nor < 0)
        ahead, behind = den > 0, den < 0
        q = num / den
        np.minimum(up, q, out=up, where=ahead)
        np.maximum(low, q, out=low, where=behind)
        q = num_c / den
        np.minimum(up_c, q, out=up_c, where=ahead)
        np.maximum(low_c, q, out=low_c, where=behind)
    low[empty] = np.inf
    up[empty] = -np.inf
    low_c[empty_c] = np.inf
    up_c[empty_c] = -np.inf
    up_c = np.where(low_c <= up_c, up_c + 1e-12, up_c)
    return low, up, low_c, up_c


SMALL = 512
"""Lines up to which ``chords`` works on (lines x vertices) arrays (a few KB)."""


def _chords_small(polys: Packed, k: Ix, px: F, py: F, dx: F, dy: F, closed: bool) -> tuple[F, F]:
    """``chords`` with every edge at once: the same operations on each element (so the same
    bits), then the minimum and maximum over the edges (``np.fmin`` over edges with ``nan``
    replaced by the infinities, as in the loop)."""
    slack = TOL if closed else -TOL
    nx, ny = polys.cnx[k], polys.cny[k]
    num = polys.coff[k]
    num += slack
    num -= nx * px[:, None]
    num -= ny * py[:, None]
    den = nx * dx[:, None]
    den += ny * dy[:, None]
    par = np.abs(den) < 1e-15
    empty = np.zeros(len(k), dtype=bool)
    if par.any():
        empty = np.asarray((par & ((num < 0) if closed else (num <= 0))).any(axis=1))
        den[par] = np.nan
    q = num / den
    up = np.where(den > 0, q, np.inf).min(axis=1)
    low = np.where(den < 0, q, -np.inf).max(axis=1)
    low[empty] = np.inf
    up[empty] = -np.inf
    if closed:
        up = np.where(low <= up, up + 1e-12, up)
    return low, up


def disc_chord(cx: F, cy: F, r: F, px: F, py: F, dx: F, dy: F) -> tuple[F, F]:
    """Closed chord of discs along lines (empty: ``lo = inf``)."""
    t = (cx - px) * dx + (cy - py) * dy
    d2 = (cx - px) ** 2 + (cy - py) ** 2 - t * t
    h2 = r * r - d2
    ok = h2 >= -1e-9 * np.maximum(r, 1.0)
    h = np.sqrt(np.maximum(h2, 0.0))
    return np.where(ok, t - h, np.inf), np.where(ok, t + h, -np.inf)


@dataclass(frozen=True, slots=True)
class DiscRelations:
    """Every disc against every polygon: shapes ``(D, P)``."""

    gap: F  # plan distance from the disc to the polygon (negative: overlapping, approx.)
    inside: B  # the disc lies wholly in the polygon
    free_start: F  # free arc of directions (see module docstring), valid where ``apart``
    free_len: F
    back_start: F  # directions whose half-plane beyond the polygon misses the disc entirely
    back_len: F  # (negative: empty)
    apart: B  # gap > APART: the arcs above are exact


def relations(polys: Packed, cx: F, cy: F, r: F) -> DiscRelations:
    """Distances and free arcs of discs ``(cx, cy, r)`` against every polygon."""
    t = polys.t
    px, py, rr = cx[None, :, None], cy[None, :, None], r[None, :, None]  # (V, D, P) layout
    vx, vy, ex, ey = t["vx"][:, None], t["vy"][:, None], t["ex"][:, None], t["ey"][:, None]
    margin = t["coff"][:, None] - (t["cnx"][:, None] * px + t["cny"][:, None] * py)
    depth = margin.min(axis=0)  # inside: >= 0
    inside = depth >= r[:, None] - 1e-9
    wx, wy = vx - px, vy - py
    s = np.clip(-(wx * ex + wy * ey) / t["ell"][:, None], 0.0, 1.0)
    fx, fy = wx + s * ex, wy + s * ey
    dist = np.sqrt((fx * fx + fy * fy).min(axis=0))
    gap = np.where(depth >= 0, -depth, dist) - r[:, None]
    apart = gap > APART
    # arcs: vertex m forbids the open arc around its direction of half-width acos(r / rho_m)
    rho = np.maximum(np.sqrt(wx * wx + wy * wy), 1e-300)
    ref = np.arctan2(polys.my[None] - cy[:, None], polys.mx[None] - cx[:, None])
    rel = _wrap(np.arctan2(wy, wx) - ref)
    half = np.arccos(np.minimum(rr / rho, 1.0))
    lo = (rel - half).min(axis=0)
    hi = (rel + half).max(axis=0)
    free_start = _turns(ref + hi)
    free_len = TWO_PI - (hi - lo)
    blo = (rel + half).min(axis=0) - math.pi
    bhi = (rel - half).max(axis=0) + math.pi
    back_start = _turns(ref + bhi)
    back_len = np.where(apart, TWO_PI - (bhi - blo), -1.0)
    return DiscRelations(gap, inside, free_start, free_len, back_start, back_len, apart)


def _wrap(a: F) -> F:
    """Angles into ``[-pi, pi)`` (to rounding; ``np.remainder`` is several times slower)."""
    return np.asarray(a - TWO_PI * np.floor((a + math.pi) * (1 / TWO_PI)))


def _turns(a: F) -> F:
    """Angles into ``[0, 2 pi)`` (to rounding), as ``a % 2 pi``; a result that rounds to
    ``2 pi`` becomes 0."""
    out = a - TWO_PI * np.floor(a * (1 / TWO_PI))
    out[out >= TWO_PI] = 0.0
    out[out < 0] = 0.0
    return np.asarray(out)


def marked(at: Ix, n: int) -> B:
    """A mask of length ``n`` that holds at the indices ``at`` (``np.bincount(at) > 0``,
    without the counting)."""
    mask = np.zeros(n, dtype=bool)
    mask[at] = True
    return mask


def _ccw(s1: F, s2: F) -> F:
    """``(s2 - s1) mod 2 pi`` for angles in ``[0, 2 pi)`` (``np.remainder`` is slow)."""
    d = s2 - s1
    d += (d < 0) * TWO_PI
    return d


def arcs_overlap(s1: F, l1: F, s2: F, l2: F) -> F:
    """A lower bound on the length of the intersection of two arcs (negative: a gap of at
    least that size separates them, when both arcs are non-empty). Starts in ``[0, 2 pi)``."""
    d12 = _ccw(s1, s2)
    d21 = TWO_PI - d12
    d21[d12 == 0] = 0.0
    over = np.maximum(np.minimum(l1 - d12, l2), np.minimum(l2 - d21, l1))
    gap = np.minimum(d12 - l1, d21 - l2)
    return np.asarray(np.where(over >= 0, over, np.negative(gap, out=gap)))


def arcs_meet(s1: F, l1: F, s2: F, l2: F, mu: float) -> B:
    """Whether two arcs of non-negative lengths share a piece at least ``mu > 0`` long:
    exactly ``arcs_overlap(...) >= mu`` there (the same differences, compared term by term:
    the max of two mins is at least ``mu`` iff both terms of one min are). Starts in
    ``[0, 2 pi)``."""
    d12 = _ccw(s1, s2)
    meet = l1 - d12 >= mu
    meet &= l2 >= mu
    far = l2 - (TWO_PI - d12) >= mu
    far &= l1 >= mu
    meet |= far
    return meet


def in_arc(t: F, s: F, length: F) -> F:
    """How far direction ``t`` lies inside the arc (negative: outside); ``s`` in ``[0, 2 pi)``,
    ``t`` in ``[0, 4 pi)``."""
    d = _ccw(s, t)
    d -= (d >= TWO_PI) * TWO_PI
    return np.asarray(
        np.where(d <= length, np.minimum(d, length - d), -np.minimum(d - length, TWO_PI - d))
    )


def alone_margin(polys: Packed, k: Ix, ox: F, oy: F, orad: F, tx: F, ty: F, trad: F) -> F:
    """``max over n of min(h_O(n), h_T(n)) - h_P(n)`` for each disc pair and polygon ``k``:
    positive when some segment joining the discs avoids the polygon's interior, negative when
    every one crosses it (exact: the maximum lies at an edge normal, where the smaller disc
    support changes, or where one disc's term is stationary)."""
    t = polys.t
    vx, vy = t["vx"].take(k, axis=1), t["vy"].take(k, axis=1)  # (V, M)
    wx, wy = ox - tx, oy - ty
    length = np.maximum(np.sqrt(wx * wx + wy * wy), 1e-300)
    ux, uy = wx / length, wy / length
    cos_s = np.clip((trad - orad) / length, -1.0, 1.0)  # nested bases: any direction is safe
    sin_s = np.sqrt(1.0 - cos_s * cos_s)
    ax, ay = ox - vx, oy - vy
    an = np.maximum(np.sqrt(ax * ax + ay * ay), 1e-300)
    bx, by = tx - vx, ty - vy
    bn = np.maximum(np.sqrt(bx * bx + by * by), 1e-300)
    cx = np.concatenate(
        [
            t["cnx"].take(k, axis=1),
            ax / an,
            bx / bn,
            [ux * cos_s - uy * sin_s, ux * cos_s + uy * sin_s],
        ]
    )
    cy = np.concatenate(
        [
            t["cny"].take(k, axis=1),
            ay / an,
            by / bn,
            [uy * cos_s + ux * sin_s, uy * cos_s - ux * sin_s],
        ]
    )  # (C, M) candidate directions
    h = cx * vx[0] + cy * vy[0]
    for m in range(1, len(vx)):
        np.maximum(h, cx * vx[m] + cy * vy[m], out=h)
    reach = np.minimum(cx * ox + cy * oy + orad, cx * tx + cy * ty + trad)
    return np.asarray((reach - h).max(axis=0))
