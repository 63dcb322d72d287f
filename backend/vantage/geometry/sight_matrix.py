"""Many observer-target pairs at once: the exact plan solver, vectorised with numpy.

For a pair of round models whose sight depends on the plan only (every obstacle in the way is
either taller than both models, so it blocks every segment crossing its footprint, or passable
at the models' tops), the search of ``geometry.sight`` reduces to plan lines: the centre line
and the four common tangents, then tangents from each obstacle vertex (and each crossing of an
obstacle edge with a base rim) to both bases, and the lines through two such points. Along one
line the best segment joins the observer chord's near end to the target chord's near end (or to
the first target point inside a ruin it may see into). A pair is proven blocked early when one
convex obstacle crosses both outer common tangents between the bases. Pairs this module cannot
decide (round obstacles, obstacles of intermediate height, non-convex terrain, oval bases)
come back as ``None`` for the general solver.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from vantage.geometry.prisms import Disc, Poly, Prism, Shape, bbox, make_poly

F = NDArray[np.float64]
Ix = NDArray[np.int64]
B = NDArray[np.bool_]
TOL = 1e-9


@dataclass(frozen=True, slots=True)
class PlanScene:
    """Observers and targets (round footprints with heights) and everything that may block."""

    observers: tuple[Disc, ...]
    targets: tuple[Disc, ...]
    observer_z: tuple[tuple[float, float], ...]
    target_z: tuple[tuple[float, float], ...]
    observer_unit: tuple[str, ...]
    target_unit: tuple[str, ...]
    models: tuple[tuple[str, str, Shape, float, float], ...]
    target_ids: tuple[str, ...]
    prisms: tuple[Prism, ...]
    ruins: tuple[tuple[tuple[float, float], ...], ...]
    observer_over: tuple[bool, ...]
    """AIRCRAFT or TOWERING observers: ruins do not block their sight."""
    target_over: tuple[bool, ...]
    other_walls: bool


@dataclass(slots=True)
class _Polys:
    """Convex obstacle polygons, padded to a common vertex count."""

    vx: F  # (P, V) vertices
    vy: F
    nx: F  # outward edge normals
    ny: F
    off: F  # n . v for each edge
    valid: B
    see_into: B  # (P,) ruins
    box: F  # (P, 4)


def _pack(polys: list[Poly], see_into: list[bool]) -> _Polys:
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
    return _Polys(vx, vy, nx, ny, off, valid, np.array(see_into, dtype=bool), box)


def _chords(polys: _Polys, k: Ix, px: F, py: F, dx: F, dy: F, closed: bool) -> tuple[F, F]:
    """Chord ``(lo, hi)`` of polygon ``k[i]`` along line i; empty where ``lo >= hi``."""
    nx, ny, off, valid = polys.nx[k], polys.ny[k], polys.off[k], polys.valid[k]
    slack = TOL if closed else -TOL
    num = off - (nx * px[:, None] + ny * py[:, None]) + slack
    den = nx * dx[:, None] + ny * dy[:, None]
    par = np.abs(den) < 1e-15
    bad = par & ((num < 0) if closed else (num <= 0)) & valid
    with np.errstate(divide="ignore", invalid="ignore"):
        t = num / np.where(par, 1.0, den)
    up = np.where(valid & ~par & (den > 0), t, np.inf).min(axis=1)
    low = np.where(valid & ~par & (den < 0), t, -np.inf).max(axis=1)
    empty = bad.any(axis=1)
    low = np.where(empty, np.inf, low)
    up = np.where(empty, -np.inf, up)
    if closed:
        up = np.where(low <= up, up + 1e-12, up)
    return low, up


def _disc_chord(cx: F, cy: F, r: F, px: F, py: F, dx: F, dy: F) -> tuple[F, F]:
    t = (cx - px) * dx + (cy - py) * dy
    d2 = (cx - px) ** 2 + (cy - py) ** 2 - t * t
    h2 = r * r - d2
    ok = h2 >= -1e-9 * np.maximum(r, 1.0)
    h = np.sqrt(np.maximum(h2, 0.0))
    return np.where(ok, t - h, np.inf), np.where(ok, t + h, -np.inf)


@dataclass(slots=True)
class _Pairs:
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


def _lines_clear(pairs: _Pairs, polys: _Polys, pair: Ix, px: F, py: F, dx: F, dy: F) -> B:
    """Whether each line (of pair ``pair[i]``) carries a clear segment."""
    o0, o1 = _disc_chord(pairs.ox[pair], pairs.oy[pair], pairs.orad[pair], px, py, dx, dy)
    t0, t1 = _disc_chord(pairs.tx[pair], pairs.ty[pair], pairs.trad[pair], px, py, dx, dy)
    valid = (o0 <= o1) & (t0 <= t1)
    with np.errstate(invalid="ignore"):
        flip = (o0 + o1) > (t0 + t1)
    sgn = np.where(flip, -1.0, 1.0)
    o0, o1 = np.where(flip, -o1, o0), np.where(flip, -o0, o1)
    t0, t1 = np.where(flip, -t1, t0), np.where(flip, -t0, t1)
    touching = valid & (o1 >= t0 - 1e-12)
    counts = pairs.inc_count[pair]
    line_of = np.repeat(np.arange(len(pair)), counts)
    starts = np.repeat(pairs.inc_start[pair], counts)
    firsts = np.repeat(np.cumsum(counts) - counts, counts)
    inc = starts + np.arange(len(line_of)) - firsts
    k = pairs.inc_poly[inc]
    lp = (px[line_of], py[line_of], dx[line_of], dy[line_of])
    u0, u1 = _chords(polys, k, *lp, closed=False)
    see = pairs.inc_sees[inc]
    w0 = np.full(len(k), np.inf)
    w1 = np.full(len(k), -np.inf)
    if see.any():
        sel = np.nonzero(see)[0]
        c0, c1 = _chords(polys, k[sel], lp[0][sel], lp[1][sel], lp[2][sel], lp[3][sel], True)
        w0[sel], w1[sel] = c0, c1
    s = sgn[line_of]
    u0, u1 = np.where(s < 0, -u1, u0), np.where(s < 0, -u0, u1)
    w0, w1 = np.where(s < 0, -w1, w0), np.where(s < 0, -w0, w1)
    # candidate target points: the near end, and the first point inside each ruin seen into
    extra = see & (w0 <= w1) & (w1 >= t0[line_of]) & (w0 <= t1[line_of])
    row_line = np.concatenate([np.arange(len(pair)), line_of[extra]])
    row_b = np.concatenate([t0, np.maximum(t0[line_of[extra]], w0[extra])])
    # test each row against the incidences of its line
    rc = counts[row_line]
    r_of = np.repeat(np.arange(len(row_line)), rc)
    first_inc = (np.cumsum(counts) - counts)[row_line]
    e = np.repeat(first_inc, rc) + np.arange(len(r_of)) - np.repeat(np.cumsum(rc) - rc, rc)
    b = row_b[r_of]
    a = o1[row_line][r_of]
    crosses = (u0[e] < u1[e]) & (u0[e] < b) & (u1[e] > a)
    exempt = see[e] & (w0[e] <= b) & (b <= w1[e])
    blocked_rows = np.bincount(r_of[crosses & ~exempt], minlength=len(row_line)) > 0
    clear_rows = ~blocked_rows
    line_clear = np.bincount(row_line[clear_rows], minlength=len(pair)) > 0
    return valid & (touching | line_clear)


def _unit(x: F, y: F) -> tuple[F, F]:
    n = np.hypot(x, y)
    n = np.where(n == 0, 1.0, n)
    return x / n, y / n


def _bitangents(pairs: _Pairs, idx: Ix) -> tuple[Ix, F, F, F, F]:
    cx1, cy1, r1 = pairs.ox[idx], pairs.oy[idx], pairs.orad[idx]
    cx2, cy2, r2 = pairs.tx[idx], pairs.ty[idx], pairs.trad[idx]
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
            out.append((idx[ok], (nx * kk)[ok], (ny * kk)[ok], (-ny)[ok], nx[ok]))
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
    ddx, ddy = qx - cx, qy - cy
    d = np.hypot(ddx, ddy)
    ok = d >= r * (1 - 1e-12)
    base = np.arctan2(ddy, ddx)
    off = np.arccos(np.clip(r / np.maximum(d, 1e-12), -1, 1))
    out = []
    for sign in (1.0, -1.0):
        th = base + sign * off
        tx, ty = cx + r * np.cos(th), cy + r * np.sin(th)
        ux, uy = _unit(tx - qx, ty - qy)
        on_rim = np.hypot(tx - qx, ty - qy) < 1e-12
        ux = np.where(on_rim, -np.sin(th), ux)
        uy = np.where(on_rim, np.cos(th), uy)
        out.append((pair[ok], qx[ok], qy[ok], ux[ok], uy[ok]))
    return _cat(out)


def _points(pairs: _Pairs, polys: _Polys, idx: Ix) -> tuple[Ix, F, F]:
    """Feature points of each pair: obstacle vertices and crossings of edges with base rims."""
    counts = pairs.inc_count[idx]
    pair_of = np.repeat(idx, counts)
    inc = (
        np.repeat(pairs.inc_start[idx], counts)
        + np.arange(counts.sum())
        - np.repeat(np.cumsum(counts) - counts, counts)
    )
    k = pairs.inc_poly[inc]
    vx, vy, valid = polys.vx[k], polys.vy[k], polys.valid[k]
    v = polys.vx.shape[1]
    pp = np.repeat(pair_of, v).reshape(-1, v)
    # only vertices inside the capsule around the centre segment can touch a sight segment
    near = _pt_seg_pairs(vx, vy, pairs, pp) <= np.maximum(pairs.orad[pp], pairs.trad[pp]) + 1e-9
    keep = valid & near
    pts_pair, pts_x, pts_y = [pp[keep]], [vx[keep]], [vy[keep]]
    nxt = (np.arange(v) + 1) % v
    ex, ey = vx[:, nxt] - vx, vy[:, nxt] - vy
    for cx, cy, r in ((pairs.ox, pairs.oy, pairs.orad), (pairs.tx, pairs.ty, pairs.trad)):
        ccx, ccy, rr = cx[pp], cy[pp], r[pp]
        fx, fy = vx - ccx, vy - ccy
        qa = ex * ex + ey * ey
        qb = 2 * (fx * ex + fy * ey)
        qc = fx * fx + fy * fy - rr * rr
        disc = qb * qb - 4 * qa * qc
        ok = valid & (disc >= 0) & (qa > 0)
        root = np.sqrt(np.maximum(disc, 0))
        for sign in (-1.0, 1.0):
            with np.errstate(divide="ignore", invalid="ignore"):
                t = (-qb + sign * root) / (2 * np.where(qa > 0, qa, 1.0))
            hit = ok & (t >= 0) & (t <= 1)
            pts_pair.append(pp[hit])
            pts_x.append((vx + t * ex)[hit])
            pts_y.append((vy + t * ey)[hit])
    return np.concatenate(pts_pair), np.concatenate(pts_x), np.concatenate(pts_y)


def _pt_seg_pairs(x: F, y: F, pairs: _Pairs, pp: Ix) -> F:
    """Distance from points to their pair's centre segment."""
    ax, ay, bx, by = pairs.ox[pp], pairs.oy[pp], pairs.tx[pp], pairs.ty[pp]
    ex, ey = bx - ax, by - ay
    ll = ex * ex + ey * ey
    ll = np.where(ll == 0, 1.0, ll)
    t = np.clip(((x - ax) * ex + (y - ay) * ey) / ll, 0, 1)
    return np.asarray(np.hypot(x - ax - t * ex, y - ay - t * ey))


def _full_candidates(pairs: _Pairs, polys: _Polys, idx: Ix) -> tuple[Ix, F, F, F, F]:
    pair, qx, qy = _points(pairs, polys, idx)
    order = np.argsort(pair, kind="stable")
    pair, qx, qy = pair[order], qx[order], qy[order]
    parts = [_bitangents(pairs, idx)]
    for cx, cy, r in ((pairs.ox, pairs.oy, pairs.orad), (pairs.tx, pairs.ty, pairs.trad)):
        parts.append(_tangents(pair, qx, qy, cx[pair], cy[pair], r[pair]))
    uniq, start, cnt = np.unique(pair, return_index=True, return_counts=True)
    for n in np.unique(cnt):
        if n < 2:
            continue
        sel = np.nonzero(cnt == n)[0]
        ii, jj = np.triu_indices(int(n), 1)
        a = (start[sel][:, None] + ii[None, :]).ravel()
        b = (start[sel][:, None] + jj[None, :]).ravel()
        ux, uy = _unit(qx[b] - qx[a], qy[b] - qy[a])
        parts.append((pair[a], qx[a], qy[a], ux, uy))
    del uniq
    return _cat(parts)


def _blocked_proof(pairs: _Pairs, polys: _Polys, idx: Ix) -> B:
    """One convex obstacle, clear of both bases, crossing both outer common tangents strictly
    between their tangent points, separates the bases: every segment crosses it."""
    cx1, cy1, r1 = pairs.ox[idx], pairs.oy[idx], pairs.orad[idx]
    cx2, cy2, r2 = pairs.tx[idx], pairs.ty[idx], pairs.trad[idx]
    wx, wy = cx1 - cx2, cy1 - cy2
    length = np.maximum(np.hypot(wx, wy), 1e-12)
    alpha = np.arctan2(wy, wx)
    off = np.arccos(np.clip((r1 - r2) / length, -1, 1))
    hits: B | None = None
    for sign in (1.0, -1.0):
        th = alpha + sign * off
        nx, ny = np.cos(th), np.sin(th)
        kk = nx * cx1 + ny * cy1 - r1
        px, py, dx, dy = nx * kk, ny * kk, -ny, nx
        sa = (cx1 - px) * dx + (cy1 - py) * dy
        sb = (cx2 - px) * dx + (cy2 - py) * dy
        lo, hi = np.minimum(sa, sb), np.maximum(sa, sb)
        counts = pairs.inc_count[idx]
        line_of = np.repeat(np.arange(len(idx)), counts)
        inc = (
            np.repeat(pairs.inc_start[idx], counts)
            + np.arange(counts.sum())
            - np.repeat(np.cumsum(counts) - counts, counts)
        )
        k = pairs.inc_poly[inc]
        u0, u1 = _chords(polys, k, px[line_of], py[line_of], dx[line_of], dy[line_of], False)
        crossing = (u0 < u1) & (u0 < hi[line_of]) & (u1 > lo[line_of])
        hits = crossing if hits is None else hits & crossing
    if hits is None or not len(idx):
        return np.zeros(len(idx), dtype=bool)
    counts = pairs.inc_count[idx]
    line_of = np.repeat(np.arange(len(idx)), counts)
    inc = (
        np.repeat(pairs.inc_start[idx], counts)
        + np.arange(counts.sum())
        - np.repeat(np.cumsum(counts) - counts, counts)
    )
    k = pairs.inc_poly[inc]
    apart = _disc_apart(polys, k, cx1[line_of], cy1[line_of], r1[line_of]) & _disc_apart(
        polys, k, cx2[line_of], cy2[line_of], r2[line_of]
    )
    return np.asarray(np.bincount(line_of[hits & apart], minlength=len(idx)) > 0)


def _disc_apart(polys: _Polys, k: Ix, cx: F, cy: F, r: F) -> B:
    """Conservative: some edge's outer half-plane holds the whole disc."""
    margin = polys.nx[k] * cx[:, None] + polys.ny[k] * cy[:, None] - polys.off[k]
    return np.asarray(np.any((margin > r[:, None] + 1e-9) & polys.valid[k], axis=1))


def plan_matrix(scene: PlanScene) -> list[list[bool | None]]:
    """Each pair: ``True``/``False`` when decided here, ``None`` for the general solver."""
    no, nt = len(scene.observers), len(scene.targets)
    out: list[list[bool | None]] = [[None] * nt for _ in range(no)]
    if scene.other_walls or no == 0 or nt == 0:
        return out
    ox = np.array([d.cx for d in scene.observers])
    oy = np.array([d.cy for d in scene.observers])
    orad = np.array([d.r for d in scene.observers])
    tx = np.array([d.cx for d in scene.targets])
    ty = np.array([d.cy for d in scene.targets])
    trad = np.array([d.r for d in scene.targets])
    oz = np.array(scene.observer_z)
    tz = np.array(scene.target_z)
    undecided = np.zeros((no, nt), dtype=bool)
    top_min = min(oz[:, 1].min(), tz[:, 1].min())
    top_max = max(oz[:, 1].max(), tz[:, 1].max())
    low_min = min(oz[:, 0].min(), tz[:, 0].min())
    lower_top_max = min(oz[:, 1].max(), tz[:, 1].max())  # the highest min(top_o, top_t)
    # obstacles: opaque terrain taller than every model, and ruins; anything else undecided
    polys: list[Poly] = []
    see: list[bool] = []
    risky: list[tuple[tuple[float, float, float, float], int, str, str]] = []
    for prism in scene.prisms:
        if prism.hi <= top_min + TOL:
            continue
        full = prism.hi >= top_max - TOL and prism.hi > lower_top_max + TOL
        if (
            full
            and prism.lo <= low_min + TOL
            and isinstance(prism.shape, Poly)
            and prism.shape.convex
        ):
            polys.append(prism.shape)
            see.append(False)
        else:
            risky.append((bbox(prism.shape), -1, "", ""))
    ruin_index: list[int] = []
    for k, pts in enumerate(scene.ruins):
        poly = make_poly(pts)
        if not poly.convex:
            risky.append((bbox(poly), -1, "", ""))
            continue
        ruin_index.append(k)
        polys.append(poly)
        see.append(True)
    for mid, unit, shape, lo, hi in scene.models:
        if hi <= top_min + TOL or lo >= top_max - TOL:
            continue
        risky.append((bbox(shape), 0, mid, unit))
    _mark_risky(risky, scene, ox, oy, orad, tx, ty, trad, undecided)
    if not polys:
        for i in range(no):
            for j in range(nt):
                out[i][j] = None if undecided[i, j] else True
        return out
    packed = _pack(polys, see)
    pairs = _relevant(scene, packed, ruin_index, ox, oy, orad, tx, ty, trad)
    result = np.full(no * nt, -1, dtype=np.int8)
    touching = np.hypot(pairs.tx - pairs.ox, pairs.ty - pairs.oy) <= pairs.orad + pairs.trad
    none_rel = (pairs.inc_count == 0) | touching
    result[none_rel] = 1
    todo = np.nonzero(~none_rel)[0]
    if len(todo):
        ux, uy = _unit(pairs.tx[todo] - pairs.ox[todo], pairs.ty[todo] - pairs.oy[todo])
        clear = _lines_clear(pairs, packed, todo, pairs.ox[todo], pairs.oy[todo], ux, uy)
        result[todo[clear]] = 1
        todo = todo[~clear]
    if len(todo):
        proven = _blocked_proof(pairs, packed, todo)
        result[todo[proven]] = 0
        todo = todo[~proven]
    for chunk in np.array_split(todo, max(1, len(todo) // 400)):
        if not len(chunk):
            continue
        lines = _full_candidates(pairs, packed, chunk)
        clear = _lines_clear(pairs, packed, *lines)
        seen = np.bincount(lines[0][clear], minlength=no * nt) > 0
        result[chunk] = np.where(seen[chunk], 1, 0)
    grid = result.reshape(no, nt)
    for i in range(no):
        row = out[i]
        for j in range(nt):
            if not undecided[i, j] and grid[i, j] >= 0:
                row[j] = bool(grid[i, j])
    return out


def _capsule_meets(bx: F, by: F, ex: F, ey: F, rad: F, box: F) -> B:
    """Whether a box meets the capsule around segments b-e (conservative: bounding boxes)."""
    x0 = np.minimum(bx, ex) - rad
    x1 = np.maximum(bx, ex) + rad
    y0 = np.minimum(by, ey) - rad
    y1 = np.maximum(by, ey) + rad
    return np.asarray((x0 <= box[2]) & (x1 >= box[0]) & (y0 <= box[3]) & (y1 >= box[1]))


def _mark_risky(
    risky: list[tuple[tuple[float, float, float, float], int, str, str]],
    scene: PlanScene,
    ox: F,
    oy: F,
    orad: F,
    tx: F,
    ty: F,
    trad: F,
    undecided: B,
) -> None:
    if not risky:
        return
    rad = np.maximum(orad[:, None], trad[None, :])
    bx, by = np.broadcast_to(ox[:, None], rad.shape), np.broadcast_to(oy[:, None], rad.shape)
    ex, ey = np.broadcast_to(tx[None, :], rad.shape), np.broadcast_to(ty[None, :], rad.shape)
    obs_units = np.array(scene.observer_unit)
    tgt_ids = np.array(scene.target_ids)
    for box, is_model, mid, unit in risky:
        hit = _capsule_meets(bx, by, ex, ey, rad, np.array(box))
        if is_model == 0:
            hit &= (obs_units[:, None] != unit) & (tgt_ids[None, :] != mid)
        undecided |= hit


def _relevant(
    scene: PlanScene,
    polys: _Polys,
    ruin_index: list[int],
    ox: F,
    oy: F,
    orad: F,
    tx: F,
    ty: F,
    trad: F,
) -> _Pairs:
    no, nt = len(ox), len(tx)
    npoly = len(polys.see_into)
    rad = np.maximum(orad[:, None], trad[None, :]).ravel() + 1e-7
    bx = np.repeat(ox, nt)
    by = np.repeat(oy, nt)
    ex = np.tile(tx, no)
    ey = np.tile(ty, no)
    pair_i, poly_k = [], []
    for k in range(npoly):
        hit = _capsule_meets(bx, by, ex, ey, rad, polys.box[k])
        idx = np.nonzero(hit)[0]
        if len(idx):
            idx = idx[_segment_near_poly(polys, k, bx[idx], by[idx], ex[idx], ey[idx], rad[idx])]
        pair_i.append(idx)
        poly_k.append(np.full(len(idx), k, dtype=np.int64))
    pi = np.concatenate(pair_i) if pair_i else np.zeros(0, dtype=np.int64)
    pk = np.concatenate(poly_k) if poly_k else np.zeros(0, dtype=np.int64)
    keep = np.ones(len(pi), dtype=bool)
    first_ruin = npoly - len(ruin_index)
    over = (
        np.array(scene.observer_over, dtype=bool)[:, None]
        | np.array(scene.target_over, dtype=bool)[None, :]
    ).ravel()
    ruin_rows = pk >= first_ruin
    if ruin_rows.any():
        obs = pi[ruin_rows] // nt
        # an observer wholly within a ruin sees out of it
        drop = over[pi[ruin_rows]] | _disc_inside(polys, pk[ruin_rows], ox[obs], oy[obs], orad[obs])
        tgt = pi[ruin_rows] % nt
        drop |= _disc_inside(polys, pk[ruin_rows], tx[tgt], ty[tgt], trad[tgt])
        keep[np.nonzero(ruin_rows)[0][drop]] = False
    pi, pk = pi[keep], pk[keep]
    order = np.argsort(pi, kind="stable")
    pi, pk = pi[order], pk[order]
    count = np.bincount(pi, minlength=no * nt)
    start = np.cumsum(count) - count
    tgt_all = pi % nt
    sees = polys.see_into[pk] & ~_disc_apart(polys, pk, tx[tgt_all], ty[tgt_all], trad[tgt_all])
    return _Pairs(bx, by, np.repeat(orad, nt), ex, ey, np.tile(trad, no), start, count, pk, sees)


def _segment_near_poly(polys: _Polys, k: int, bx: F, by: F, ex: F, ey: F, rad: F) -> B:
    """Whether the segment b-e comes within ``rad`` of convex polygon ``k`` (exact)."""
    vx, vy, valid = polys.vx[k], polys.vy[k], polys.valid[k]
    inside_b = np.all(
        (polys.nx[k] * bx[:, None] + polys.ny[k] * by[:, None] <= polys.off[k]) | ~valid, axis=1
    )
    best = np.where(inside_b, 0.0, np.inf)
    v = len(vx)
    for e in range(v):
        if not valid[e]:
            continue
        ax, ay = vx[e], vy[e]
        cx, cy = vx[(e + 1) % v], vy[(e + 1) % v]
        best = np.minimum(best, _seg_seg(bx, by, ex, ey, ax, ay, cx, cy))
    return best <= rad


def _seg_seg(px: F, py: F, qx: F, qy: F, ax: float, ay: float, bx: float, by: float) -> F:
    """Distance between segments p-q (arrays) and a-b (one)."""

    def cross(ux: F | float, uy: F | float, vx: F | float, vy: F | float) -> F:
        return np.asarray(ux * vy - uy * vx, dtype=np.float64)

    d1 = cross(qx - px, qy - py, ax - px, ay - py)
    d2 = cross(qx - px, qy - py, bx - px, by - py)
    d3 = cross(bx - ax, by - ay, px - ax, py - ay)
    d4 = cross(bx - ax, by - ay, qx - ax, qy - ay)
    proper = (d1 * d2 < 0) & (d3 * d4 < 0)
    dist = np.minimum.reduce(
        [
            _pt_seg(px, py, ax, ay, bx, by),
            _pt_seg(qx, qy, ax, ay, bx, by),
            _pt_seg_arr(ax, ay, px, py, qx, qy),
            _pt_seg_arr(bx, by, px, py, qx, qy),
        ]
    )
    return np.where(proper, 0.0, dist)


def _pt_seg(px: F, py: F, ax: float, ay: float, bx: float, by: float) -> F:
    ex, ey = bx - ax, by - ay
    ll = ex * ex + ey * ey or 1.0
    t = np.clip(((px - ax) * ex + (py - ay) * ey) / ll, 0, 1)
    return np.asarray(np.hypot(px - ax - t * ex, py - ay - t * ey))


def _pt_seg_arr(x: float, y: float, ax: F, ay: F, bx: F, by: F) -> F:
    ex, ey = bx - ax, by - ay
    ll = ex * ex + ey * ey
    ll = np.where(ll == 0, 1.0, ll)
    t = np.clip(((x - ax) * ex + (y - ay) * ey) / ll, 0, 1)
    return np.asarray(np.hypot(x - ax - t * ex, y - ay - t * ey))


def _disc_inside(polys: _Polys, k: Ix, cx: F, cy: F, r: F) -> B:
    """Whether each disc lies wholly inside its convex polygon (every target point sees in)."""
    margin = polys.off[k] - (polys.nx[k] * cx[:, None] + polys.ny[k] * cy[:, None])
    return np.asarray(np.all((margin >= r[:, None] - 1e-9) | ~polys.valid[k], axis=1))
