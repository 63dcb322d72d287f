"""Many observer-target pairs at once: the exact plan solver, vectorised with numpy.

For a pair of round models whose sight depends on the plan only (every obstacle in the way is
either taller than both models, so it blocks every segment crossing its footprint, or passable at
the models' tops), obstacles are convex polygons: opaque terrain, and ruins the target may be
seen into. Each pair is settled by the cheapest exact argument that applies (docs/geometry.md):

1. no obstacle meets the pair's hull (bounding boxes, then the *back arcs* of ``plan_pack``);
2. one obstacle blocks on its own: its free arcs for the two bases are disjoint;
3. one obstacle and it does not block on its own (or the target stands partly in the ruin);
4. the centre line carries a clear segment;
5. one of the four common tangents carries a clear segment;
6. the full extremal line set of ``geometry.sight`` (complete).

Every shortcut decides only with a margin (1e-7); anything closer goes to the next step. Pairs
this module cannot decide (round obstacles, obstacles of intermediate height, non-convex terrain)
stay undecided for the general solver.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from vantage.geometry.matrix_lines import point_pairs_flat, point_tangents_flat
from vantage.geometry.pair_boxes import BLOCK, CANDIDATES, candidates, sides
from vantage.geometry.pair_scalar import BUDGET, pair_clear_line_scalar
from vantage.geometry.plan_lines import (
    Pairs,
    bitangents,
    feature_points,
    lines_clear,
    only_pairs,
    point_pairs,
    point_tangents,
    unit,
)
from vantage.geometry.plan_pack import (
    B,
    DiscRelations,
    F,
    Ix,
    Packed,
    alone_margin,
    arcs_meet,
    arcs_overlap,
    marked,
    pack,
    relations,
)
from vantage.geometry.plan_scene import PlanScene, classify, mark_risky
from vantage.geometry.prisms import Disc, Poly
from vantage.geometry.units import TOL

MU = 1e-7
"""Margin of every shortcut: radians for arcs, inches for supports."""
Grid = NDArray[np.int8]
CHUNK = 100
"""Pairs per batch of the full search (small batches keep numpy temporaries in cache)."""


def plan_matrix(scene: PlanScene) -> Grid:
    """Each pair: 1 visible, 0 blocked, -1 undecided (for the general solver).

    A pair blocked by the plan obstacles stays blocked whatever else is in its way (more
    obstacles block more: visibility is monotone under added terrain); a pair the plan solver
    sees is undecided when an obstacle it left out may be in the way (``plan_scene.mark_risky``)."""
    no, nt = len(scene.ox), len(scene.tx)
    grid = np.full((no, nt), -1, dtype=np.int8)
    if scene.other_walls or no == 0 or nt == 0:
        return grid
    polys, see, walls, risky = classify(scene)
    undecided = mark_risky(risky, scene)
    if not polys:
        grid[:] = 1
        grid[undecided] = -1
        return grid
    packed = pack(tuple(polys), tuple(see))
    result = _solve(scene, packed, np.array(walls))
    grid[:] = result.reshape(no, nt)
    grid[undecided & (grid > 0)] = -1
    return grid


def pair_clear_line(
    o: Disc,
    t: Disc,
    obstacles: list[Poly],
    see_into: list[bool],
    staged: bool = True,
    scalar: bool = True,
) -> tuple[float, float, float, float] | None:
    """One pair of round viewers past convex plan obstacles (``see_into``: ruins the target may
    be seen into): a plan line carrying a clear segment, or ``None`` when there is none.

    The complete candidate set (the centre line, then ``full_candidates`` in its order) is
    tested in three rounds when ``staged``, as in the matrix: the centre line and the common
    tangents, the lines through one feature point tangent to a base, then the lines through two
    feature points, each round only when the ones before have no clear line (cheaper when a
    clear line comes early); otherwise all at once (cheaper when the pair is blocked). The
    first clear line of the concatenation is returned either way (the same witness).

    With ``scalar``, a small search (lines times obstacle edges within ``pair_scalar.BUDGET``)
    runs in plain Python floats (``geometry.pair_scalar``: the same lines, arithmetic and
    answer, bit for bit, without numpy's per-call overhead)."""
    if scalar:
        decided, line = pair_clear_line_scalar(o, t, obstacles, see_into, BUDGET)
        if decided:
            return line
    polys = pack(tuple(obstacles), tuple(see_into))
    one = np.zeros(1, dtype=np.int64)
    pairs = Pairs(
        np.array([o.cx]),
        np.array([o.cy]),
        np.array([o.r]),
        np.array([t.cx]),
        np.array([t.cy]),
        np.array([t.r]),
        one,
        np.array([len(obstacles)]),
        np.arange(len(obstacles)),
        polys.see_into,
    )
    ux, uy = unit(pairs.tx - pairs.ox, pairs.ty - pairs.oy)
    first = _cat_lines([(one, pairs.ox, pairs.oy, ux, uy), bitangents(pairs, one)])
    if not staged:
        f = feature_points(pairs, polys, one)
        every = _cat_lines([first, point_tangents(pairs, f), point_pairs(f)])
        return _first_clear(pairs, polys, every)
    found = _first_clear(pairs, polys, first)
    if found is None:
        f = feature_points(pairs, polys, one)
        found = _first_clear(pairs, polys, point_tangents(pairs, f))
        if found is None:
            found = _first_clear(pairs, polys, point_pairs(f))
    return found


def _first_clear(
    pairs: Pairs, polys: Packed, lines: tuple[Ix, F, F, F, F]
) -> tuple[float, float, float, float] | None:
    """The first of ``lines`` that carries a clear segment (point and direction), if any."""
    clear = np.flatnonzero(lines_clear(pairs, polys, *lines))
    if not len(clear):
        return None
    k = clear[0]
    return float(lines[1][k]), float(lines[2][k]), float(lines[3][k]), float(lines[4][k])


def _cat_lines(parts: list[tuple[Ix, F, F, F, F]]) -> tuple[Ix, F, F, F, F]:
    a, b, c, d, e = (np.concatenate(cols) for cols in zip(*parts, strict=True))
    return a, b, c, d, e


def _relations_both(scene: PlanScene, polys: Packed) -> tuple[DiscRelations, DiscRelations]:
    """``relations`` of the observers and of the targets in one call (every (disc, polygon)
    entry is computed on its own, so the same bits as two calls; half the numpy calls)."""
    no = len(scene.ox)
    both = relations(
        polys,
        np.concatenate([scene.ox, scene.tx]),
        np.concatenate([scene.oy, scene.ty]),
        np.concatenate([scene.orad, scene.trad]),
    )
    names = DiscRelations.__slots__
    ro = DiscRelations(*(getattr(both, name)[:no] for name in names))
    rt = DiscRelations(*(getattr(both, name)[no:] for name in names))
    return ro, rt


@dataclass(frozen=True, slots=True)
class _Kept:
    """The relevant (pair, footprint) triples of the pairs the one-footprint stage left open,
    and the triples whose support maximum is still to be computed (``e_*``: a base overlaps
    the footprint; ``e_single``: the pair's only triple)."""

    k: Ix
    pair: Ix
    sees: B
    e_i: Ix
    e_j: Ix
    e_k: Ix
    e_pair: Ix
    e_single: B


def _one_footprint(
    scene: PlanScene,
    polys: Packed,
    ro: DiscRelations,
    rt: DiscRelations,
    flat: Ix,
    rows: tuple[int, int],
    result: NDArray[np.int8],
) -> _Kept:
    """Steps 1-3 for the pairs of observers ``rows`` and their candidate triples ``flat``: no
    footprint meets the hull, one blocks alone by its free arcs, or the only one does not.
    Writes ``result``; returns the open pairs' triples and, for ``_support_maxima``, the
    triples of open pairs where a base overlaps the footprint."""
    nt, npoly = len(scene.tx), len(polys.see_into)
    pair, k = _divmod(flat, npoly)
    i, j = _divmod(pair, nt)
    fo, ft = i * npoly + k, j * npoly + k
    # a line beyond the footprint misses both bases: it does not meet the pair's hull
    ob_len, tb_len = ro.back_len.ravel().take(fo), rt.back_len.ravel().take(ft)
    back = arcs_meet(
        ro.back_start.ravel().take(fo), ob_len, rt.back_start.ravel().take(ft), tb_len, MU
    )
    keep = (~back | (ob_len < 0) | (tb_len < 0)).nonzero()[0]
    i, j, k, pair, fo, ft = (a.take(keep) for a in (i, j, k, pair, fo, ft))
    t_apart = rt.apart.ravel().take(ft)
    sees = polys.see_into.take(k) & ~t_apart
    # one footprint alone: free arcs (both bases apart from it)
    both = ro.apart.ravel().take(fo) & t_apart
    ov = arcs_overlap(
        ro.free_start.ravel().take(fo),
        ro.free_len.ravel().take(fo),
        rt.free_start.ravel().take(ft),
        rt.free_len.ravel().take(ft),
    )
    first, span = rows[0] * nt, (rows[1] - rows[0]) * nt
    local = pair - first
    blocked = marked(local.compress(both & ~sees & (ov <= -MU)), span)
    free = both & (ov >= MU)
    # some target point inside the ruin: never blocked by it
    free |= sees & (rt.gap.ravel().take(ft) <= -MU)
    count = np.bincount(local, minlength=span)
    out = result[first : first + span]
    open_ = out < 0
    out[open_ & (count == 0)] = 1
    out[open_ & (count > 0) & blocked] = 0
    single = open_ & (count == 1) & ~blocked
    out[single & marked(local.compress(free), span)] = 1
    rest = (out.take(local) < 0).nonzero()[0]
    # where a base overlaps the footprint: the support maximum, later, for the open pairs
    e = rest.compress(~both.take(rest) & ~sees.take(rest))
    e_single = count.take(local.take(e)) == 1
    return _Kept(
        k.take(rest),
        pair.take(rest),
        sees.take(rest),
        i.take(e),
        j.take(e),
        k.take(e),
        pair.take(e),
        e_single,
    )


def _divmod(a: Ix, d: int) -> tuple[Ix, Ix]:
    """``np.divmod`` by a scalar (numpy divides by a scalar three times faster than it
    computes both parts)."""
    q = a // d
    return q, a - q * d


def _support_maxima(
    scene: PlanScene, polys: Packed, parts: list[_Kept], result: NDArray[np.int8]
) -> None:
    """Steps 2-3 where a base overlaps the footprint, for every block at once (one call of
    ``alone_margin``, whose columns are independent, so the same values as block by block):
    the support maximum blocks the pair, or frees it when the footprint is its only one.
    Every pair listed is still open."""
    ie, je, ke = (np.concatenate([getattr(p, f) for p in parts]) for f in ("e_i", "e_j", "e_k"))
    if not len(ie):
        return
    pe = np.concatenate([p.e_pair for p in parts])
    single = np.concatenate([p.e_single for p in parts])
    m = alone_margin(
        polys,
        ke,
        scene.ox.take(ie),
        scene.oy.take(ie),
        scene.orad.take(ie),
        scene.tx.take(je),
        scene.ty.take(je),
        scene.trad.take(je),
    )
    result[pe.compress(single & (m >= MU))] = 1
    result[pe.compress(m <= -MU)] = 0


def _solve(scene: PlanScene, polys: Packed, walls: F) -> NDArray[np.int8]:
    """Every pair against the plan obstacles (``walls``: the top of each partial wall, ``inf``
    for the others)."""
    no, nt = len(scene.ox), len(scene.tx)
    n = no * nt
    npoly = len(polys.see_into)
    result = np.full(n, -1, dtype=np.int8)
    ox, oy, orad = np.repeat(scene.ox, nt), np.repeat(scene.oy, nt), np.repeat(scene.orad, nt)
    tx, ty, trad = np.tile(scene.tx, no), np.tile(scene.ty, no), np.tile(scene.trad, no)
    result[np.hypot(tx - ox, ty - oy) <= orad + trad] = 1  # touching bases
    ro, rt = _relations_both(scene, polys)
    rad = float(max(scene.orad.max(), scene.trad.max())) + 1e-7
    o_above = scene.observer_z[:, 1, None] >= walls[None, :] - TOL
    t_above = scene.target_z[:, 1, None] >= walls[None, :] - TOL
    a = sides(scene.ox, scene.oy, rad, polys, scene.observer_over, ro, o_above)
    b = sides(scene.tx, scene.ty, rad, polys, scene.target_over, rt, t_above)
    step = max(1, CANDIDATES // (nt * npoly))
    flat = np.concatenate([candidates(a, b, lo, lo + step) for lo in range(0, no, step)])
    # blocks of about BLOCK triples, cut at observer boundaries
    cuts = np.searchsorted(flat, np.arange(no + 1) * (nt * npoly))
    parts = []
    lo = 0
    while lo < no:
        hi = max(lo + 1, int(np.searchsorted(cuts, cuts[lo] + BLOCK, side="right")) - 1)
        hi = min(hi, no)
        block = flat[cuts[lo] : cuts[hi]]
        parts.append(_one_footprint(scene, polys, ro, rt, block, (lo, hi), result))
        lo = hi
    _support_maxima(scene, polys, parts, result)
    k, pair, sees = (np.concatenate([getattr(p, f) for p in parts]) for f in ("k", "pair", "sees"))
    still = np.flatnonzero(result.take(pair) < 0)
    k, pair, sees = k.take(still), pair.take(still), sees.take(still)
    count = np.bincount(pair, minlength=n)
    start = np.cumsum(count) - count
    pairs = Pairs(ox, oy, orad, tx, ty, trad, start, count, k, sees)
    todo = np.nonzero(result < 0)[0]
    todo = _centre_lines(pairs, polys, todo, result)
    todo = _tangent_lines(pairs, polys, todo, result)
    for chunk in np.array_split(todo, max(1, len(todo) // CHUNK)):
        if len(chunk):
            _full_search(pairs, polys, chunk, result)
    return result


def _full_search(pairs: Pairs, polys: Packed, chunk: Ix, result: NDArray[np.int8]) -> None:
    """Step 6 for pairs whose centre line and common tangents are blocked: the rest of the
    complete line set in two rounds, the lines through one feature point tangent to a base, then
    (for the pairs still open) the lines through two feature points; the union is the whole
    set of ``full_candidates``, so a pair with no clear line in either round is blocked."""
    n = len(result)
    f = feature_points(pairs, polys, chunk)
    lines = point_tangents_flat(pairs, f)
    clear = lines_clear(pairs, polys, *lines)
    seen = marked(lines[0].compress(clear), n)
    open_ = np.zeros(n, dtype=bool)
    open_[chunk] = ~seen.take(chunk)
    if open_.any():
        lines = point_pairs_flat(only_pairs(f, open_))
        clear = lines_clear(pairs, polys, *lines)
        seen[lines[0].compress(clear)] = True
    result[chunk] = seen.take(chunk)


def _centre_lines(pairs: Pairs, polys: Packed, todo: Ix, result: NDArray[np.int8]) -> Ix:
    if not len(todo):
        return todo
    ox, oy = pairs.ox.take(todo), pairs.oy.take(todo)
    ux, uy = unit(pairs.tx.take(todo) - ox, pairs.ty.take(todo) - oy)
    clear = lines_clear(pairs, polys, todo, ox, oy, ux, uy)
    result[todo.compress(clear)] = 1
    return todo.compress(~clear)


def _tangent_lines(pairs: Pairs, polys: Packed, todo: Ix, result: NDArray[np.int8]) -> Ix:
    if not len(todo):
        return todo
    lines = bitangents(pairs, todo)
    clear = lines_clear(pairs, polys, *lines)
    done = marked(lines[0].compress(clear), len(result)).take(todo)
    result[todo.compress(done)] = 1
    return todo.compress(~done)
