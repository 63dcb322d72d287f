"""Candidate lines of the visibility matrix's complete search, in few numpy calls.

``point_pairs_flat`` builds the same lines as ``plan_lines.point_pairs`` (every two feature
points of the same pair, with the same per-line arithmetic, so the same bits) without a loop
over the distinct numbers of feature points per pair, and ``point_tangents_flat`` those of
``plan_lines.point_tangents`` with both bases in one pass; only the order of the lines
differs, which the matrix does not see (a pair is visible iff any of its lines is clear).
"""

from __future__ import annotations

import numpy as np

from vantage.geometry.plan_lines import Pairs, _crosses_at, _Feature, _runs, _tangents, unit
from vantage.geometry.plan_pack import F, Ix


def point_pairs_flat(f: _Feature) -> tuple[Ix, F, F, F, F]:
    """Lines through two feature points of the same pair (feature points sorted by pair):
    point ``a`` with every later point ``b`` of its run, ``a < b``."""
    n = len(f.pair)
    if n < 2:
        empty = np.zeros(0)
        return np.zeros(0, dtype=np.int64), empty, empty, empty, empty
    start, cnt = _runs(f.pair)
    end = np.repeat(start + cnt, cnt)  # one past each point's run
    after = end - np.arange(n) - 1  # later points of the same run
    total = int(after.sum())
    a = np.repeat(np.arange(n), after)
    b = a + 1 + np.arange(total) - np.repeat(np.cumsum(after) - after, after)
    ux, uy = unit(f.x.take(b) - f.x.take(a), f.y.take(b) - f.y.take(a))
    ok = ~(_crosses_at(f, a, ux, uy) | _crosses_at(f, b, ux, uy))
    a = a.compress(ok)
    return f.pair.take(a), f.x.take(a), f.y.take(a), ux.compress(ok), uy.compress(ok)


def point_tangents_flat(pairs: Pairs, f: _Feature) -> tuple[Ix, F, F, F, F]:
    """Lines through a feature point tangent to either base, both bases at once (the points
    repeated, the observer's first): ``_tangents`` and ``_crosses_at`` work element by
    element, so each line is the one ``plan_lines.point_tangents`` builds."""
    n = len(f.pair)
    at = np.concatenate([np.arange(n), np.arange(n)])
    pair = f.pair
    cx = np.concatenate([pairs.ox.take(pair), pairs.tx.take(pair)])
    cy = np.concatenate([pairs.oy.take(pair), pairs.ty.take(pair)])
    r = np.concatenate([pairs.orad.take(pair), pairs.trad.take(pair)])
    qx, qy = np.concatenate([f.x, f.x]), np.concatenate([f.y, f.y])
    idx, px, py, ux, uy = _tangents(at, qx, qy, cx, cy, r)
    ok = ~_crosses_at(f, idx, ux, uy)
    return (
        pair.take(idx.compress(ok)),
        px.compress(ok),
        py.compress(ok),
        ux.compress(ok),
        uy.compress(ok),
    )
