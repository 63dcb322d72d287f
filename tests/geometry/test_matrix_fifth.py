"""The visibility matrix's fifth-round shortcuts (docs/performance-geometry.md) change no answer.

* ``_support_maxima`` (the support maximum of every block's triples in one call) blocks a pair
  when some triple's maximum is at most ``-MU`` and frees it when its only triple's is at least
  ``MU``, nothing else: on random scenes with nearly collinear vertices, and on crafted ties at
  the margin.
* ``point_pairs_flat`` and ``point_tangents_flat`` build exactly the lines (bit for bit) of
  ``plan_lines.point_pairs`` and ``point_tangents``, in another order.
* ``_relations_both`` equals two calls of ``relations`` bit for bit.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import numpy as np
import pytest
from random_scenes import convex_points

from vantage.geometry import plan_lines, sight_matrix
from vantage.geometry.matrix_lines import point_pairs_flat, point_tangents_flat
from vantage.geometry.plan_pack import Packed, alone_margin, pack, relations
from vantage.geometry.plan_scene import PlanScene
from vantage.geometry.prisms import Poly, make_poly
from vantage.geometry.sight_matrix import MU, _Kept

MARGIN_TIES = (-2e-12, -1e-15, 0.0, 1e-15, 2e-12)


def _polygon(rng: random.Random, x: float, y: float, nearly_flat: bool = False) -> Poly:
    """A random convex polygon (3-8 vertices); ``nearly_flat``: one vertex pushed a hair off the
    line of its neighbours (a vertex whose edge normals tie with the next edge's)."""
    pts = convex_points(rng, x, y, most=8, thinnest=0.1)
    n = len(pts)
    if nearly_flat and n >= 4:
        (ax, ay), (bx, by) = pts[0], pts[2]
        s = rng.uniform(0.2, 0.8)
        mx, my = ax + s * (bx - ax), ay + s * (by - ay)
        length = math.hypot(bx - ax, by - ay)
        nx, ny = (by - ay) / length, -(bx - ax) / length  # outward for a ccw polygon
        off = rng.choice([1e-13, 1e-11, 1e-9])
        pts[1] = (mx + off * nx, my + off * ny)
    return make_poly(pts)


def _triples(
    rng: random.Random, count: int
) -> tuple[list[Poly], list[tuple[float, ...]], list[int]]:
    """Random (observer disc, target disc, polygon) triples where a base overlaps or nears the
    polygon, as the one-footprint stage hands them to the support maximum."""
    polys = [_polygon(rng, 0.0, 0.0, nearly_flat=rng.random() < 0.5) for _ in range(12)]
    discs: list[tuple[float, ...]] = []
    ks: list[int] = []
    for _ in range(count):
        k = rng.randrange(len(polys))
        px, py = polys[k].points[rng.randrange(len(polys[k].points))]
        ro, rt = rng.choice([0.63, 0.5, 1.0]), rng.choice([0.63, 0.25, 1.3])
        a = rng.uniform(0, 2 * math.pi)
        d = rng.uniform(2, 12)
        ox, oy = px + rng.uniform(-ro, ro), py + rng.uniform(-ro, ro)
        discs.append((ox, oy, ro, ox + d * math.cos(a), oy + d * math.sin(a), rt))
        ks.append(k)
    return polys, discs, ks


def _columns(discs: Sequence[tuple[float, ...]]) -> list[np.ndarray]:
    return [np.array([d[c] for d in discs]) for c in range(6)]


def _tie_triples() -> tuple[list[Poly], list[tuple[float, ...]], list[int]]:
    """A rectangle; the observer overlaps its left side, the target stands far right; both
    reach above the top edge line by ``MU`` plus a hair, so the maximum at the edge normal
    ``(0, 1)`` ties with the margin (other directions are worse: the observer's reach falls
    faster than the rectangle's corner when tilting right, the target's when tilting left)."""
    rect = make_poly([(0.0, 0.0), (4.0, 0.0), (4.0, 2.0), (0.0, 2.0)])
    discs: list[tuple[float, ...]] = []
    for tie in MARGIN_TIES:
        for sign in (1.0, -1.0):
            top = 2.0 + sign * MU + tie
            discs.append((0.0, top - 0.63, 0.63, 4.0, top - 0.63, 0.63))
            discs.append((-0.3, top - 0.5, 0.5, 9.0, top - 1.3, 1.3))
    return [rect], discs, [0] * len(discs)


def _decide_plainly(scene: PlanScene, packed: Packed, kept: _Kept, n: int) -> np.ndarray:
    result = np.full(n, -1, dtype=np.int8)
    m = alone_margin(
        packed,
        kept.e_k,
        scene.ox[kept.e_i],
        scene.oy[kept.e_i],
        scene.orad[kept.e_i],
        scene.tx[kept.e_j],
        scene.ty[kept.e_j],
        scene.trad[kept.e_j],
    )
    result[kept.e_pair[kept.e_single & (m >= MU)]] = 1
    result[kept.e_pair[m <= -MU]] = 0
    return result


def _scene(discs: list[tuple[float, ...]]) -> PlanScene:
    ox, oy, orad, tx, ty, trad = _columns(discs)
    none = np.zeros(len(discs), dtype=bool)
    z = np.zeros((len(discs), 2))
    return PlanScene(ox, oy, orad, tx, ty, trad, z, z, (), (), (), (), (), none, none, False)


@pytest.mark.parametrize("seed", [*range(4), "ties"])
def test_support_maxima_decide_as_the_support_maximum_alone(seed: int | str) -> None:
    """Triple ``i`` joins observer ``i`` and target ``i`` (pair ``i * n + i``); the pairs are
    alone on their footprint or not at random, and several triples share a pair."""
    if seed == "ties":
        polys, discs, ks = _tie_triples()
        rng = random.Random(99)
    else:
        rng = random.Random(seed)
        polys, discs, ks = _triples(rng, 2000)
    packed = pack(tuple(polys), tuple(False for _ in polys))
    n = len(discs)
    scene = _scene(discs)
    idx = np.arange(n)
    pair = idx * n + idx
    share = np.array([rng.random() < 0.3 for _ in range(n)])
    pair[1:][share[1:]] = pair[:-1][share[1:]]  # some triples join the previous one's pair
    counts = np.bincount(pair, minlength=n * n)
    single = counts[pair] == 1
    if seed == "ties":
        single[:] = np.array([rng.random() < 0.5 for _ in range(n)])
    empty = np.zeros(0, dtype=np.int64)
    kept = _Kept(empty, empty, np.zeros(0, dtype=bool), idx, idx, np.array(ks), pair, single)
    got = np.full(n * n, -1, dtype=np.int8)
    sight_matrix._support_maxima(scene, packed, [kept], got)
    want = _decide_plainly(scene, packed, kept, n * n)
    assert (got == want).all()
    assert (want == 1).any() and (want == 0).any() and (want[pair] == -1).any()


def _lines_pairs(rng: random.Random) -> tuple[plan_lines.Pairs, Packed, np.ndarray]:
    """Several disc pairs, each with its own footprints strewn along the way (some seen into)."""
    polys: list[Poly] = []
    see: list[bool] = []
    cols: list[list[float]] = [[], [], [], [], [], []]
    start: list[int] = []
    count: list[int] = []
    for _ in range(12):
        ox, oy = rng.uniform(0, 40), rng.uniform(0, 40)
        d, a = rng.uniform(3, 14), rng.uniform(0, 2 * math.pi)
        tx, ty = ox + d * math.cos(a), oy + d * math.sin(a)
        for c, v in zip(
            cols, (ox, oy, rng.choice([0.63, 0.5]), tx, ty, rng.choice([0.63, 1.3])), strict=True
        ):
            c.append(v)
        start.append(len(polys))
        m = rng.randint(1, 6)
        count.append(m)
        for _ in range(m):
            s = rng.uniform(-0.1, 1.1)
            polys.append(_polygon(rng, ox + s * (tx - ox) + rng.uniform(-2, 2), oy + s * (ty - oy)))
            see.append(rng.random() < 0.25)
    packed = pack(tuple(polys), tuple(see))
    pairs = plan_lines.Pairs(
        *(np.array(c) for c in cols),
        np.array(start),
        np.array(count),
        np.arange(len(polys)),
        packed.see_into,
    )
    return pairs, packed, np.arange(12)


def _rows(lines: tuple[np.ndarray, ...]) -> np.ndarray:
    table = np.stack([lines[0].astype(np.float64), *lines[1:]], axis=1)
    return table[np.lexsort(table.T[::-1])]


@pytest.mark.parametrize("seed", range(20))
def test_flat_lines_are_the_plan_lines(seed: int) -> None:
    pairs, packed, idx = _lines_pairs(random.Random(seed))
    f = plan_lines.feature_points(pairs, packed, idx)
    want = plan_lines.point_pairs(f)
    got = point_pairs_flat(f)
    assert len(got[0]) == len(want[0]) > 0
    assert np.array_equal(_rows(got), _rows(want))
    want = plan_lines.point_tangents(pairs, f)
    got = point_tangents_flat(pairs, f)
    assert len(got[0]) == len(want[0]) > 0
    assert np.array_equal(_rows(got), _rows(want))


def test_relations_of_both_sides_at_once_are_bitwise_the_same() -> None:
    rng = random.Random(7)
    polys = [_polygon(rng, rng.uniform(0, 30), rng.uniform(0, 30)) for _ in range(20)]
    packed = pack(tuple(polys), tuple(rng.random() < 0.5 for _ in polys))
    discs = [
        (rng.uniform(0, 30), rng.uniform(0, 30), rng.choice([0.5, 0.63]), 0.0, 0.0, 0.0)
        for _ in range(60)
    ]
    ox, oy, orad, *_ = _columns(discs[:25])
    tx, ty, trad, *_ = _columns(discs[25:])
    z = np.zeros((25, 2))
    scene = PlanScene(
        ox, oy, orad, tx, ty, trad, z, z, (), (), (), (), (), orad > 0, trad > 0, False
    )
    ro, rt = sight_matrix._relations_both(scene, packed)
    for got, want in ((ro, relations(packed, ox, oy, orad)), (rt, relations(packed, tx, ty, trad))):
        for name in got.__slots__:
            assert np.array_equal(getattr(got, name), getattr(want, name)), name
