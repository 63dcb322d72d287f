"""Candidate plan lines of disc pairs, and the exact test of many lines at once.

Along one line the best segment joins the observer chord's near end to the target chord's near end
(or to the first target point inside a ruin it may see into), so a line is clear iff that segment
crosses no obstacle interior it may not cross. The candidates of a pair are the extremal lines of
``geometry.sight``: the four common tangents, tangents from each feature point (obstacle vertex in
the pair's capsule, crossing of an obstacle edge with a base rim) to both bases, and the lines
through two feature points.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vantage.geometry.plan_pack import (
    B,
    F,
    Ix,
    Packed,
    chords,
    chords_open_closed,
    disc_chord,
    marked,
)


@dataclass(slots=True)
class Pairs:
    """Undecided pairs: observer and target discs, and their relevant obstacles."""

    ox: F
    oy: F
    orad: F
    tx: F
    ty: F
    trad: F
    inc_start: Ix  # first incidence of each pair
    inc_count: Ix
    inc_poly: Ix  # polygon of each incidence (sorted by pair)
    inc_sees: B  # a ruin that overlaps the target's base: seen into from outside


def lines_clear(pairs: Pairs, polys: Packed, pair: Ix, px: F, py: F, dx: F, dy: F) -> B:
    """Whether each line (of pair ``pair[i]``) carries a clear segment.

    Gathers use ``take`` and ``compress`` (the same elements as fancy and boolean indexing of
    these 1-D arrays, two to three times faster at these sizes)."""
    out = np.zeros(len(pair), dtype=bool)
    o0, o1 = disc_chord(
        pairs.ox.take(pair), pairs.oy.take(pair), pairs.orad.take(pair), px, py, dx, dy
    )
    t0, t1 = disc_chord(
        pairs.tx.take(pair), pairs.ty.take(pair), pairs.trad.take(pair), px, py, dx, dy
    )
    live = ((o0 <= o1) & (t0 <= t1)).nonzero()[0]  # lines missing a base carry nothing
    o0, o1, t0, t1 = o0.take(live), o1.take(live), t0.take(live), t1.take(live)
    flip = (o0 + o1) > (t0 + t1)
    o0, o1 = np.where(flip, -o1, o0), np.where(flip, -o0, o1)
    t0, t1 = np.where(flip, -t1, t0), np.where(flip, -t0, t1)
    touching = o1 >= t0 - 1e-12
    out[live.compress(touching)] = True
    rest = (~touching).nonzero()[0]
    if not len(rest):
        return out
    live, flip = live.take(rest), flip.take(rest)
    o1, t0, t1 = o1.take(rest), t0.take(rest), t1.take(rest)
    pair = pair.take(live)
    counts = pairs.inc_count.take(pair)
    line_of = np.repeat(np.arange(len(pair)), counts)
    firsts = np.cumsum(counts) - counts
    inc = np.repeat(pairs.inc_start.take(pair) - firsts, counts) + np.arange(len(line_of))
    k = pairs.inc_poly.take(inc)
    lp = (
        _along(px, live, line_of),
        _along(py, live, line_of),
        _along(dx, live, line_of),
        _along(dy, live, line_of),
    )
    see = pairs.inc_sees.take(inc)
    seen_into = bool(see.any())
    if seen_into:
        u0, u1, c0, c1 = chords_open_closed(polys, k, *lp)
    else:
        u0, u1 = chords(polys, k, *lp, closed=False)
    s = flip.take(line_of)
    u0, u1 = np.where(s, -u1, u0), np.where(s, -u0, u1)
    a = o1.take(line_of)
    b = t0.take(line_of)
    if not seen_into:
        crosses = (u0 < u1) & (u0 < b) & (u1 > a)
        blocked = marked(line_of.compress(crosses), len(pair))
        out[live.compress(~blocked)] = True
        return out
    # ruins seen into: the target point may also be the first point inside each such ruin
    # (closed chords, used only where ``see``)
    w0 = np.where(see, np.where(s, -c1, c0), np.inf)
    w1 = np.where(see, np.where(s, -c0, c1), -np.inf)
    extra = see & (w0 <= w1) & (w1 >= b) & (w0 <= t1.take(line_of))
    row_line = np.concatenate([np.arange(len(pair)), line_of.compress(extra)])
    row_b = np.concatenate([t0, np.maximum(b.compress(extra), w0.compress(extra))])
    # test each row against the incidences of its line
    rc = counts.take(row_line)
    r_of = np.repeat(np.arange(len(row_line)), rc)
    e = np.repeat(firsts.take(row_line) - (np.cumsum(rc) - rc), rc) + np.arange(len(r_of))
    rb = row_b.take(r_of)
    eu0, eu1, ew0, ew1 = u0.take(e), u1.take(e), w0.take(e), w1.take(e)
    hit = (eu0 < eu1) & (eu0 < rb) & (eu1 > a.take(e))
    hit &= ~(see.take(e) & (ew0 <= rb) & (rb <= ew1))
    blocked_rows = marked(r_of.compress(hit), len(row_line))
    line_ok = marked(row_line.compress(~blocked_rows), len(pair))
    out[live.compress(line_ok)] = True
    return out


def _along(a: F, live: Ix, line_of: Ix) -> F:
    """A per-line column for each incidence."""
    return a.take(live).take(line_of)


def unit(x: F, y: F) -> tuple[F, F]:
    n = np.hypot(x, y)
    n = np.where(n == 0, 1.0, n)
    return x / n, y / n


def bitangents(pairs: Pairs, idx: Ix) -> tuple[Ix, F, F, F, F]:
    cx1, cy1, r1 = pairs.ox.take(idx), pairs.oy.take(idx), pairs.orad.take(idx)
    cx2, cy2, r2 = pairs.tx.take(idx), pairs.ty.take(idx), pairs.trad.take(idx)
    wx, wy = cx1 - cx2, cy1 - cy2
    length = np.maximum(np.hypot(wx, wy), 1e-12)
    alpha = np.arctan2(wy, wx)
    out: list[tuple[Ix, F, F, F, F]] = []
    for sa, sb in ((1.0, 1.0), (1.0, -1.0)):
        h = sa * r1 - sb * r2
        ok = np.abs(h) <= length
        off = np.arccos(np.clip(h / length, -1, 1))
        for sign in (1.0, -1.0):
            th = alpha + sign * off
            nx, ny = np.cos(th), np.sin(th)
            kk = nx * cx1 + ny * cy1 - sa * r1
            out.append(
                (
                    idx.compress(ok),
                    (nx * kk).compress(ok),
                    (ny * kk).compress(ok),
                    (-ny).compress(ok),
                    nx.compress(ok),
                )
            )
    return _cat(out)


def _cat(parts: list[tuple[Ix, F, F, F, F]]) -> tuple[Ix, F, F, F, F]:
    return (
        np.concatenate([p[0] for p in parts]),
        np.concatenate([p[1] for p in parts]),
        np.concatenate([p[2] for p in parts]),
        np.concatenate([p[3] for p in parts]),
        np.concatenate([p[4] for p in parts]),
    )


def _tangents(pair: Ix, qx: F, qy: F, cx: F, cy: F, r: F) -> tuple[Ix, F, F, F, F]:
    """The two lines through each point ``q`` tangent to the circle ``(c, r)``, none when ``q``
    lies inside it: the unit vector ``w`` from ``q`` to the centre, turned by ``-a`` (first,
    for every point) and by ``+a``, where ``sin a = r / d``. There is no trigonometry, so the
    direction is accurate also for a point on the rim (a rim crossing), where it is the rim's
    tangent. ``pair_scalar.tangent_lines`` does the same operations in plain floats."""
    wx, wy = cx - qx, cy - qy
    d = np.sqrt(wx * wx + wy * wy)
    ok = d >= r * (1 - 1e-12)
    zero = d == 0  # q at the centre of a point-sized circle: any line
    d = np.where(zero, 1.0, d)
    wx = np.where(zero, 1.0, wx / d)
    wy = wy / d
    s = np.minimum(r / d, 1.0)
    c = np.sqrt(1.0 - s * s)
    p, x, y = pair.compress(ok), qx.compress(ok), qy.compress(ok)
    wx, wy, s, c = wx.compress(ok), wy.compress(ok), s.compress(ok), c.compress(ok)
    return _cat(
        [
            (p, x, y, wx * c + wy * s, wy * c - wx * s),
            (p, x, y, wx * c - wy * s, wy * c + wx * s),
        ]
    )


@dataclass(frozen=True, slots=True)
class _Feature:
    """Feature points of undecided pairs, sorted by pair. At an obstacle vertex, its two
    neighbours (``nan`` elsewhere: rim crossings, and vertices of ruins seen into)."""

    pair: Ix
    x: F
    y: F
    ax: F
    ay: F
    bx: F
    by: F


def _points(pairs: Pairs, polys: Packed, idx: Ix) -> _Feature:
    """Feature points of each pair: obstacle vertices and crossings of edges with base rims.
    (Rows of (incidences x vertices) arrays; gathers by ``take`` and ``compress``.)"""
    counts = pairs.inc_count.take(idx)
    pair_of = np.repeat(idx, counts)
    inc = (
        np.repeat(pairs.inc_start.take(idx), counts)
        + np.arange(counts.sum())
        - np.repeat(np.cumsum(counts) - counts, counts)
    )
    k = pairs.inc_poly.take(inc)
    vx, vy = polys.vx.take(k, axis=0), polys.vy.take(k, axis=0)
    valid = polys.valid.take(k, axis=0)
    v = polys.vx.shape[1]
    row = np.repeat(pair_of, v)  # each incidence's pair, for each of its vertices
    # only vertices inside the capsule around the centre segment can touch a sight segment
    reach = np.maximum(pairs.orad.take(pair_of), pairs.trad.take(pair_of))[:, None] + 1e-9
    keep = (valid & (_pt_seg_pairs(vx, vy, pairs, pair_of) <= reach)).ravel()
    kept = (k[:, None] * v + np.arange(v)).ravel().compress(keep)
    opaque = np.repeat(~pairs.inc_sees.take(inc), v).compress(keep)
    nbr = [
        np.where(opaque, a.ravel().take(kept), np.nan)
        for a in (polys.prev_x, polys.prev_y, polys.next_x, polys.next_y)
    ]
    pts_pair = [row.compress(keep)]
    pts_x, pts_y = [vx.ravel().compress(keep)], [vy.ravel().compress(keep)]
    # each footprint's own closing edge
    ex = polys.next_x.take(k, axis=0) - vx
    ey = polys.next_y.take(k, axis=0) - vy
    qa = ex * ex + ey * ey
    den = 2 * np.where(qa > 0, qa, 1.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        for cx, cy, r in ((pairs.ox, pairs.oy, pairs.orad), (pairs.tx, pairs.ty, pairs.trad)):
            ccx, ccy = cx.take(pair_of)[:, None], cy.take(pair_of)[:, None]
            rr = r.take(pair_of)[:, None]
            fx, fy = vx - ccx, vy - ccy
            qb = 2 * (fx * ex + fy * ey)
            qc = fx * fx + fy * fy - rr * rr
            disc = qb * qb - 4 * qa * qc
            ok = valid & (disc >= 0) & (qa > 0)
            root = np.sqrt(np.maximum(disc, 0))
            for sign in (-1.0, 1.0):
                t = (-qb + sign * root) / den
                hit = (ok & (t >= 0) & (t <= 1)).ravel()
                pts_pair.append(row.compress(hit))
                pts_x.append((vx + t * ex).ravel().compress(hit))
                pts_y.append((vy + t * ey).ravel().compress(hit))
    pair = np.concatenate(pts_pair)
    extra = len(pair) - len(pts_pair[0])
    nbr = [np.concatenate([a, np.full(extra, np.nan)]) for a in nbr]
    order = np.argsort(pair, kind="stable")
    cols = (pair, np.concatenate(pts_x), np.concatenate(pts_y), *nbr)
    return _Feature(*(c.take(order) for c in cols))


def _crosses_at(f: _Feature, at: Ix, ux: F, uy: F) -> B:
    """Whether the line through feature point ``at`` with direction ``u`` enters the obstacle's
    interior there: its two neighbours lie strictly on opposite sides, by a margin (a ``nan``
    neighbour: never)."""
    px, py = f.x.take(at), f.y.take(at)
    sa = ux * (f.ay.take(at) - py) - uy * (f.ax.take(at) - px)
    sb = ux * (f.by.take(at) - py) - uy * (f.bx.take(at) - px)
    return np.asarray(((sa < -TANGENT) & (sb > TANGENT)) | ((sa > TANGENT) & (sb < -TANGENT)))


TANGENT = 1e-7
"""Margin (inches x unit direction) of the tangency test of candidate lines at a vertex."""


def _pt_seg_pairs(x: F, y: F, pairs: Pairs, pair_of: Ix) -> F:
    """Distance from points (rows of ``x``, ``y``) to the centre segment of each row's pair."""
    ax, ay = pairs.ox.take(pair_of)[:, None], pairs.oy.take(pair_of)[:, None]
    bx, by = pairs.tx.take(pair_of)[:, None], pairs.ty.take(pair_of)[:, None]
    ex, ey = bx - ax, by - ay
    ll = ex * ex + ey * ey
    ll = np.where(ll == 0, 1.0, ll)
    t = np.clip(((x - ax) * ex + (y - ay) * ey) / ll, 0, 1)
    return np.asarray(np.hypot(x - ax - t * ex, y - ay - t * ey))


def full_candidates(pairs: Pairs, polys: Packed, idx: Ix) -> tuple[Ix, F, F, F, F]:
    """The complete extremal line set of each pair (module docstring), without the lines that
    enter an opaque obstacle's interior at the vertex they pass through.

    Such a line is not extremal: the constraint "the sight segment avoids that obstacle" is
    tight on a line only where the segment touches the obstacle's boundary without entering
    (a supporting line through a vertex or along an edge), or where an end of the segment on a
    base rim meets an edge (the rim crossings, which are kept). A vertex the line crosses into
    the interior at is neither, so it does not bound the set of clear lines there."""
    f = _points(pairs, polys, idx)
    return _cat([bitangents(pairs, idx), point_tangents(pairs, f), point_pairs(f)])


def point_tangents(pairs: Pairs, f: _Feature) -> tuple[Ix, F, F, F, F]:
    """Lines through a feature point tangent to either base (see ``full_candidates``)."""
    pair, qx, qy = f.pair, f.x, f.y
    parts = []
    at = np.arange(len(pair))
    for cx, cy, r in ((pairs.ox, pairs.oy, pairs.orad), (pairs.tx, pairs.ty, pairs.trad)):
        lines = _tangents(at, qx, qy, cx[pair], cy[pair], r[pair])
        ok = ~_crosses_at(f, lines[0], lines[3], lines[4])
        parts.append((pair[lines[0][ok]], lines[1][ok], lines[2][ok], lines[3][ok], lines[4][ok]))
    return _cat(parts)


def point_pairs(f: _Feature) -> tuple[Ix, F, F, F, F]:
    """Lines through two feature points of the same pair (see ``full_candidates``)."""
    pair, qx, qy = f.pair, f.x, f.y
    parts: list[tuple[Ix, F, F, F, F]] = [_none()]
    start, cnt = _runs(pair)
    for n in np.unique(cnt):
        if n < 2:
            continue
        sel = np.nonzero(cnt == n)[0]
        ii, jj = np.triu_indices(int(n), 1)
        a = (start[sel][:, None] + ii[None, :]).ravel()
        b = (start[sel][:, None] + jj[None, :]).ravel()
        ux, uy = unit(qx[b] - qx[a], qy[b] - qy[a])
        ok = ~(_crosses_at(f, a, ux, uy) | _crosses_at(f, b, ux, uy))
        parts.append((pair[a[ok]], qx[a[ok]], qy[a[ok]], ux[ok], uy[ok]))
    return _cat(parts)


def feature_points(pairs: Pairs, polys: Packed, idx: Ix) -> _Feature:
    """The feature points of pairs ``idx`` (sorted by pair)."""
    return _points(pairs, polys, idx)


def only_pairs(f: _Feature, keep: B) -> _Feature:
    """The feature points of the pairs where ``keep`` (indexed by pair) holds."""
    sel = keep.take(f.pair)
    return _Feature(*(getattr(f, name).compress(sel) for name in _Feature.__slots__))


def _none() -> tuple[Ix, F, F, F, F]:
    empty = np.zeros(0)
    return np.zeros(0, dtype=np.int64), empty, empty, empty, empty


def _runs(sorted_keys: Ix) -> tuple[Ix, Ix]:
    """Start and length of each run of equal values in a sorted array."""
    if not len(sorted_keys):
        return sorted_keys, sorted_keys
    edge = np.flatnonzero(np.diff(sorted_keys)) + 1
    start = np.concatenate([[0], edge])
    return start, np.diff(np.concatenate([start, [len(sorted_keys)]]))
