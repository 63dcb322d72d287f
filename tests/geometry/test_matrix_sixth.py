"""The visibility matrix's sixth-round changes (docs/performance-geometry.md) change no answer.

* The box candidates as 8-bit codes (``_sides``, ``_candidates``) select exactly the triples of
  the plain test: the pair's eight-sided box (both centres grown by the largest radius along x,
  y and both diagonals) meets the footprint's, and neither base makes the ruin irrelevant (seen
  over, or wholly within); a triple the diagonals drop has a footprint apart from the pair's
  hull (seventh round).
* ``plan_pack.chords`` gives the chord a direct line-by-line computation gives, also along lines
  parallel to an edge (where the edge bounds nothing); ``chords_open_closed`` gives both kinds
  of chord bit for bit as two calls.
* ``plan_lines._tangents`` (no trigonometry) gives lines at the circle's radius from its centre,
  also through points on the rim, where the old construction lost precision.
"""

from __future__ import annotations

import random

import numpy as np
from random_scenes import convex_points
from shapely.geometry import MultiPoint, Polygon

from vantage.geometry import pair_boxes, plan_lines
from vantage.geometry.plan_pack import chords, chords_open_closed, pack, relations
from vantage.geometry.prisms import Poly, make_poly

SQRT2 = 2**0.5


def _hull(ox: float, oy: float, tx: float, ty: float) -> Polygon:
    """The plan hull of two bases of radius 0.63 (a polygon with a slightly smaller area)."""
    return MultiPoint([(ox, oy), (tx, ty)]).buffer(0.63, quad_segs=64).convex_hull


def _reference_candidates(
    o: list[tuple[float, float, bool]],
    t: list[tuple[float, float, bool]],
    polys: list[Poly],
    see_into: list[bool],
    o_inside: np.ndarray,
    t_inside: np.ndarray,
    rad: float,
) -> tuple[list[int], int]:
    """Flat indices of the triples, one triple at a time, and how many triples the diagonals
    drop (each checked apart from the pair's hull)."""
    out = []
    diagonal = 0
    for i, (ox, oy, o_over) in enumerate(o):
        for j, (tx, ty, t_over) in enumerate(t):
            x0, x1 = min(ox, tx) - rad, max(ox, tx) + rad
            y0, y1 = min(oy, ty) - rad, max(oy, ty) + rad
            u0, u1 = min(ox + oy, tx + ty) - rad * SQRT2, max(ox + oy, tx + ty) + rad * SQRT2
            v0, v1 = min(ox - oy, tx - ty) - rad * SQRT2, max(ox - oy, tx - ty) + rad * SQRT2
            for k, poly in enumerate(polys):
                xs, ys = [p[0] for p in poly.points], [p[1] for p in poly.points]
                us = [x + y for x, y in poly.points]
                vs = [x - y for x, y in poly.points]
                if not (x0 <= max(xs) and x1 >= min(xs) and y0 <= max(ys) and y1 >= min(ys)):
                    continue
                if not (u0 <= max(us) and u1 >= min(us) and v0 <= max(vs) and v1 >= min(vs)):
                    assert _hull(ox, oy, tx, ty).distance(Polygon(poly.points)) > 1e-9
                    diagonal += 1
                    continue
                if see_into[k] and (o_over or t_over or o_inside[i, k] or t_inside[j, k]):
                    continue
                out.append((i * len(t) + j) * len(polys) + k)
    return out, diagonal


def test_coded_box_candidates_are_the_plain_box_test() -> None:
    dropped = diagonal = 0
    for seed in range(12):
        rng = random.Random(seed)
        polys = [
            make_poly(convex_points(rng, rng.uniform(0, 30), rng.uniform(0, 20)))
            for _ in range(rng.randint(1, 9))
        ]
        see = [rng.random() < 0.6 for _ in polys]
        packed = pack(tuple(polys), tuple(see))

        def discs(n: int, rng: random.Random = rng) -> list[tuple[float, float, bool]]:
            return [(rng.uniform(0, 30), rng.uniform(0, 20), rng.random() < 0.1) for _ in range(n)]

        o, t = discs(rng.randint(1, 14)), discs(rng.randint(1, 14))
        rad = 0.63 + 1e-7
        ro = relations(
            packed,
            np.array([d[0] for d in o]),
            np.array([d[1] for d in o]),
            np.full(len(o), 0.63),
        )
        rt = relations(
            packed,
            np.array([d[0] for d in t]),
            np.array([d[1] for d in t]),
            np.full(len(t), 0.63),
        )
        over_o = np.array([d[2] for d in o])
        over_t = np.array([d[2] for d in t])
        no_o = np.zeros((len(o), len(polys)), dtype=bool)  # no partial walls
        no_t = np.zeros((len(t), len(polys)), dtype=bool)
        a = pair_boxes.sides(
            np.array([d[0] for d in o]), np.array([d[1] for d in o]), rad, packed, over_o, ro, no_o
        )
        b = pair_boxes.sides(
            np.array([d[0] for d in t]), np.array([d[1] for d in t]), rad, packed, over_t, rt, no_t
        )
        step = rng.randint(1, len(o))
        got = np.concatenate(
            [pair_boxes.candidates(a, b, lo, lo + step) for lo in range(0, len(o), step)]
        )
        want, cut = _reference_candidates(o, t, polys, see, ro.inside, rt.inside, rad)  # type: ignore[arg-type]
        assert got.tolist() == want
        diagonal += cut
        dropped += int((a == pair_boxes.DROPPED).sum() + (b == pair_boxes.DROPPED).sum())
    assert dropped > 0  # some ruins were made irrelevant, so that branch was tested
    assert diagonal > 0  # and some footprints were left out by the diagonals alone


def _chord(
    poly: list[tuple[float, float]], px: float, py: float, dx: float, dy: float
) -> tuple[float, float]:
    """The open chord of a ccw convex polygon along a line, edge by edge in plain floats."""
    lo, hi = -float("inf"), float("inf")
    n = len(poly)
    for m in range(n):
        (ax, ay), (bx, by) = poly[m], poly[(m + 1) % n]
        ex, ey = bx - ax, by - ay
        length = (ex * ex + ey * ey) ** 0.5
        nx, ny = ey / length, -ex / length
        num = (nx * ax + ny * ay) - 1e-9 - nx * px - ny * py
        den = nx * dx + ny * dy
        if abs(den) < 1e-15:
            if num <= 0:
                return float("inf"), -float("inf")
            continue
        q = num / den
        if den > 0:
            hi = min(hi, q)
        else:
            lo = max(lo, q)
    return lo, hi


def test_chords_match_a_direct_computation_also_along_edges() -> None:
    rng = random.Random(11)
    square = make_poly([(0.0, 0.0), (4.0, 0.0), (4.0, 3.0), (0.0, 3.0)])
    polys = [square] + [make_poly(convex_points(rng, 0.0, 0.0)) for _ in range(5)]
    packed = pack(tuple(polys), tuple(False for _ in polys))
    lines = []
    for _ in range(700):  # more than chords' small-batch threshold: the edge-by-edge path
        k = rng.randrange(len(polys))
        if rng.random() < 0.3:  # along, or nearly along, the square's horizontal edges
            tilt = rng.choice([0.0, 0.0, 1e-16, -1e-16, 1e-6, -1e-6, 1e-4, -1e-4])
            y = rng.choice([0.0, 1e-9, 1.5, 3.0 - 1e-9, 3.0])
            lines.append((0, rng.uniform(-1, 5), y, float(np.cos(tilt)), float(np.sin(tilt))))
            continue
        a = rng.uniform(0, 6.3)
        lines.append(
            (k, rng.uniform(-3, 7), rng.uniform(-3, 7), float(np.cos(a)), float(np.sin(a)))
        )
    k, px, py, dx, dy = (np.array(c) for c in zip(*lines, strict=True))
    lo, hi = chords(packed, k.astype(np.int64), px, py, dx, dy, closed=False)
    for n, (kk, x, y, ux, uy) in enumerate(lines):
        want_lo, want_hi = _chord(list(polys[int(kk)].points), x, y, ux, uy)
        if want_lo >= want_hi:
            assert lo[n] >= hi[n], (n, lines[n])
        else:
            assert abs(lo[n] - want_lo) < 1e-9 and abs(hi[n] - want_hi) < 1e-9, (n, lines[n])


def test_open_and_closed_chords_in_one_pass_are_both_calls_bit_for_bit() -> None:
    rng = random.Random(5)
    square = make_poly([(0.0, 0.0), (4.0, 0.0), (4.0, 3.0), (0.0, 3.0)])
    polys = [square] + [make_poly(convex_points(rng, 0.0, 0.0)) for _ in range(6)]
    packed = pack(tuple(polys), tuple(rng.random() < 0.5 for _ in polys))
    for count in (40, 2000):  # both the (lines x vertices) path and the edge-by-edge one
        rows = []
        for _ in range(count):
            if rng.random() < 0.3:  # along the square's edges: parallel, inside and outside
                y = rng.choice([0.0, 3.0, 1e-9, -1e-9])
                rows.append((0, rng.uniform(-1, 5), y, 1.0, 0.0))
                continue
            a = rng.uniform(0, 6.3)
            k = rng.randrange(len(polys))
            rows.append((k, rng.uniform(-3, 7), rng.uniform(-3, 7), np.cos(a), np.sin(a)))
        k, px, py, dx, dy = (np.array(c) for c in zip(*rows, strict=True))
        k = k.astype(np.int64)
        both = chords_open_closed(packed, k, px, py, dx, dy)
        one = (*chords(packed, k, px, py, dx, dy, False), *chords(packed, k, px, py, dx, dy, True))
        for got, want in zip(both, one, strict=True):
            assert np.array_equal(got, want)


def test_tangent_lines_touch_the_circle_also_from_its_rim() -> None:
    rng = random.Random(9)
    n = 400
    cx, cy = (
        np.array([rng.uniform(-5, 5) for _ in range(n)]),
        np.array([rng.uniform(-5, 5) for _ in range(n)]),
    )
    r = np.array([rng.choice([0.49, 0.63, 1.0, 2.5]) for _ in range(n)])
    a = np.array([rng.uniform(0, 6.3) for _ in range(n)])
    # half the points on the rim (as rim crossings are), half outside
    d = np.where(np.arange(n) % 2 == 0, r, r * np.array([rng.uniform(1.0, 9.0) for _ in range(n)]))
    qx, qy = cx + d * np.cos(a), cy + d * np.sin(a)
    at, px, py, ux, uy = plan_lines._tangents(np.arange(n), qx, qy, cx, cy, r)
    assert len(at) == 2 * n  # two lines through every point
    assert np.allclose(np.hypot(ux, uy), 1.0, atol=1e-12)
    # the line's distance from the centre is the radius
    dist = np.abs((cx[at] - px) * uy - (cy[at] - py) * ux)
    assert np.max(np.abs(dist - r[at])) < 1e-9
