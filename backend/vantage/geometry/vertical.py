"""Sight in the vertical plane above one plan line (exact).

Along a plan line the observer and the target are closed rectangles (chord x heights) and the
obstacles open rectangles; a clear segment exists iff one passes through two rectangle corners,
so trying every pair of corners decides the line exactly.

:func:`solve_vertical` tests every candidate segment at once with numpy (the same arithmetic in
the same order as the one-at-a-time :func:`solve_vertical_reference`, so the same candidates
pass) and returns the first that passes, confirmed by the scalar test. The reference's first 36
segments are tried one at a time instead when there are few obstacles or the target is a point
(then they are at most 6 distinct ones).
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from vantage.geometry.lines import Interval
from vantage.geometry.units import TOL

F = NDArray[np.float64]
B = NDArray[np.bool_]


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


def solve_vertical_reference(
    a_rng: Interval, b_rng: Interval, zo: Interval, zt: Interval, rects: list[Rect]
) -> tuple[float, float, float, float] | None:
    """A clear segment from ``a_rng x zo`` to ``b_rng x zt`` past open rectangles, or ``None``.

    Returns ``(a, za, b, zb)``. Exact: if any clear segment exists, one passes through two corners.
    One candidate at a time (the reference of :func:`solve_vertical`).
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


Found = tuple[float, float, float, float]
SMALL = 2
"""Up to this many obstacles the first 36 segments are tried one at a time."""


def solve_vertical(
    a_rng: Interval, b_rng: Interval, zo: Interval, zt: Interval, rects: list[Rect]
) -> Found | None:
    """:func:`solve_vertical_reference` with the candidates tested all at once (same answer)."""
    a0, a1 = a_rng
    b0, b1 = b_rng
    span0, span1 = min(a0, b0), max(a1, b1)
    zmin, zmax = min(zo[0], zt[0]), max(zo[1], zt[1])
    rects = [r for r in rects if r[1] > span0 and r[0] < span1 and r[3] > zmin and r[2] < zmax]
    near_a = a1 if a1 <= b0 else a0
    near_b = b0 if a1 <= b0 else b1
    if not rects:
        return near_a, zo[1], near_b, zt[1]
    if a1 <= b0 and any(_cuts_every_segment(a_rng, b_rng, zo, zt, r) for r in rects):
        return None
    point = b0 == b1 and zt[0] == zt[1]
    if len(rects) <= SMALL or point:  # one at a time: cheaper than numpy, and stops early
        for seg in _distinct_quick((near_a, a0, a1), (near_b, b0, b1), zo, zt):
            if _segment_clear(*seg, rects):
                return seg
    else:
        quick = _quick_candidates((near_a, a0, a1), (near_b, b0, b1), zo, zt)
        for k in np.flatnonzero(_segments_clear(*quick, rects)):
            args = (float(quick[0][k]), float(quick[1][k]), float(quick[2][k]), float(quick[3][k]))
            if _segment_clear(*args, rects):
                return args
    corners = [
        (a0, zo[0]),
        (a0, zo[1]),
        (a1, zo[0]),
        (a1, zo[1]),
        (b0, zt[0]),
        *([] if point else [(b0, zt[1]), (b1, zt[0]), (b1, zt[1])]),
    ]
    for c0, c1, lo, hi in rects:
        corners += [(c0, hi), (c1, hi)]
        if math.isfinite(lo):
            corners += [(c0, lo), (c1, lo)]
    box_a: Rect = (a0, a1, zo[0], zo[1])
    box_b: Rect = (b0, b1, zt[0], zt[1])
    cs = np.array(corners)
    i, j = _pairs(len(corners))
    ds = cs[j, 0] - cs[i, 0]
    keep = np.abs(ds) >= 1e-12
    i, j = i[keep], j[keep]
    s1, z1 = cs[i, 0], cs[i, 1]
    m = (cs[j, 1] - z1) / (cs[j, 0] - s1)
    for k in np.flatnonzero(_plane_lines_clear(s1, z1, m, box_a, box_b, rects)):
        found = _clear_on_plane_line(float(s1[k]), float(z1[k]), float(m[k]), box_a, box_b, rects)
        if found is not None:
            return found
    return None


def _distinct_quick(
    aa: tuple[float, float, float], bb: tuple[float, float, float], zo: Interval, zt: Interval
) -> list[Found]:
    """The reference's first 36 segments in its loop order, each only at its first place: the
    same segment gets the same answer, so the first clear one is the same. A point target's
    36 are at most 6 (its three ends and two heights are one)."""
    out: list[Found] = []
    seen: set[Found] = set()
    for a in aa:
        for b in bb:
            for za in (zo[1], zo[0]):
                for zb in (zt[1], zt[0]):
                    seg = (a, za, b, zb)
                    if seg not in seen:
                        seen.add(seg)
                        out.append(seg)
    return out


WIDE = 1e-3
"""Shortest obstacle chord (inches) the wall test below uses: segments moved by the solver's
tolerances then change their heights over it by far less than ``MARGIN``."""
MARGIN = 1e-4
"""Height margin (inches) of the wall test: closer cases go to the corner search."""


def _cuts_every_segment(
    a_rng: Interval, b_rng: Interval, zo: Interval, zt: Interval, r: Rect
) -> bool:
    """Whether every segment from ``a_rng x zo`` to ``b_rng x zt`` (observer left of target,
    ``a1 <= b0``) passes through the open rectangle ``r``, proven with a margin.

    Every segment covers ``[a1, b0]``, so it covers ``[g0, g1] = [a1, b0] & [c0, c1]``; when
    that is not short and the rectangle's bottom is below both ranges, a segment is inside the
    rectangle wherever it is below the top there. The height at a fixed ``s = c`` in
    ``[a1, b0]`` is ``za + (zb - za) t`` with ``t = (c - a) / (b - a)`` in ``[0, 1]``: largest
    at the top heights ``zo[1], zt[1]``, linear in ``t``, and ``t`` decreases in ``a`` and in
    ``b``, so the largest height is at ``(a0, b0)`` or ``(a1, b1)``. When it is below the top
    at ``g0`` or at ``g1``, every segment is inside the rectangle near that point."""
    (a0, a1), (b0, b1) = a_rng, b_rng
    c0, c1, lo, hi = r
    g0, g1 = max(a1, c0), min(b0, c1)
    if g1 - g0 < WIDE or lo >= min(zo[0], zt[0]) - MARGIN:
        return False
    rise = zt[1] - zo[1]
    for c in (g0, g1):
        t_hi, t_lo = (c - a0) / (b0 - a0), (c - a1) / (b1 - a1)
        t = t_hi if rise > 0 else t_lo
        if zo[1] + rise * t < hi - MARGIN:
            return True
    return False


@lru_cache(maxsize=64)
def _pairs(n: int) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Index pairs ``i < j`` in the reference's loop order."""
    i, j = np.triu_indices(n, 1)
    return i.astype(np.int64), j.astype(np.int64)


_QUICK = (
    np.repeat(np.arange(3), 12),
    np.tile(np.repeat(np.arange(3), 4), 3),
    np.tile(np.repeat(np.arange(2), 2), 9),
    np.tile(np.arange(2), 18),
)
"""Where each of the reference's first 36 segments takes its ``a, b, za, zb`` from."""


def _quick_candidates(
    aa: tuple[float, float, float], bb: tuple[float, float, float], zo: Interval, zt: Interval
) -> tuple[F, F, F, F]:
    """The reference's first 36 segments, in its loop order."""
    ia, ib, iza, izb = _QUICK
    a = np.array(aa).take(ia)
    b = np.array(bb).take(ib)
    za = np.array((zo[1], zo[0])).take(iza)
    zb = np.array((zt[1], zt[0])).take(izb)
    return a, za, b, zb


def _segments_clear(a: F, za: F, b: F, zb: F, rects: list[Rect]) -> B:
    """``_segment_clear`` for many segments (the same arithmetic), against every rectangle at
    once: segments along the rows, rectangles along the columns."""
    c0, c1, lo, hi = _columns(rects)
    a, za, b, zb = a[:, None], za[:, None], b[:, None], zb[:, None]
    lo_s, hi_s = np.minimum(a, b), np.maximum(a, b)
    point = hi_s - lo_s < 1e-15
    den = np.where(point, 1.0, b - a)
    s0, s1 = np.maximum(c0, lo_s), np.minimum(c1, hi_s)
    z0 = np.where(point, za, za + (zb - za) * (s0 - a) / den)
    z1 = np.where(point, za, za + (zb - za) * (s1 - a) / den)
    over = (z0 >= hi - TOL) & (z1 >= hi - TOL)
    under = (z0 <= lo + TOL) & (z1 <= lo + TOL)
    clear: B = np.all((s0 >= s1) | over | under, axis=1)
    return clear


def _columns(rects: list[Rect]) -> tuple[F, F, F, F]:
    """The rectangles' ``s0, s1, lo, hi`` as (1, n) rows, to broadcast against lines."""
    c0, c1, lo, hi = np.array(rects, dtype=np.float64).T
    return c0[None, :], c1[None, :], lo[None, :], hi[None, :]


def _ranges(s1: F, z1: F, m: F, rects: list[Rect], closed: bool) -> tuple[F, F, B]:
    """``_line_rect_range`` for many plane lines (rows) and rectangles (columns):
    ``(lo, hi, non-empty)``. A bottom at minus infinity gives the infinite end of the scalar
    form, since ``z1`` is finite and the slope is not zero there."""
    c0, c1, lo, hi = _columns(rects)
    s1, z1, m = s1[:, None], z1[:, None], m[:, None]
    flat = m == 0.0
    ms = np.where(flat, 1.0, m)
    e0 = s1 + (lo - z1) / ms
    e1 = s1 + (hi - z1) / ms
    r0, r1 = np.minimum(e0, e1), np.maximum(e0, e1)
    pad = TOL / np.maximum(1.0, np.abs(ms))
    if not closed:
        pad = -pad
    r0, r1 = np.maximum(r0 - pad, c0), np.minimum(r1 + pad, c1)
    ok = r0 <= r1 if closed else r0 < r1
    if flat.any():
        if closed:
            inside = (lo - TOL <= z1) & (z1 <= hi + TOL)
        else:
            inside = (lo + TOL < z1) & (z1 < hi - TOL)
        r0, r1 = np.where(flat, c0, r0), np.where(flat, c1, r1)
        ok = np.where(flat, inside, ok)
    return r0, r1, ok


def _plane_lines_clear(s1: F, z1: F, m: F, box_a: Rect, box_b: Rect, rects: list[Rect]) -> B:
    """``_clear_on_plane_line(...) is not None`` for many plane lines. The lines that miss a
    box are dropped first (most do), the target's box first (a point target's box drops nearly
    every line, so the observer's is asked of a few); the others are tested against every
    rectangle at once. Each line's answer is its own, so the order of the filters is free."""
    out = np.zeros(len(s1), dtype=bool)
    keep = np.arange(len(s1))
    ends: list[F] = []
    for box in (box_b, box_a):  # the target's box first: it drops most lines (a point target)
        r0, r1, ok = _ranges(s1, z1, m, [box], True)
        kept = np.flatnonzero(ok[:, 0])
        if kept.size == 0:
            return out
        keep = keep.take(kept)
        s1, z1, m = (x.take(kept) for x in (s1, z1, m))
        ends = [e.take(kept) for e in ends] + [r0[:, 0].take(kept), r1[:, 0].take(kept)]
    b0, b1, a0, a1 = ends
    before, after = a1 <= b0, b1 <= a0
    meet = np.maximum(a0, b0)
    a = np.where(before, a1, np.where(after, a0, meet))
    b = np.where(before, b0, np.where(after, b1, meet))
    lo_s, hi_s = np.minimum(a, b)[:, None], np.maximum(a, b)[:, None]
    r0, r1, hit = _ranges(s1, z1, m, rects, False)
    clear = ~(hit & (r0 < hi_s) & (r1 > lo_s)).any(axis=1)
    out[keep.compress(clear)] = True
    return out
