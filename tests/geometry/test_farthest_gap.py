"""The closed form of the largest distance from a base to a footprint (10th-edition barricade
cover, "wholly within 3\" of the barricade") against a dense brute-force search of the rim."""

from __future__ import annotations

import math
import random

from vantage.geometry.measure import farthest_gap_bound, farthest_gap_to, point_gap
from vantage.geometry.prisms import Disc, Ellipse, Poly, Shape, make_poly


def _brute(shape: Disc, target: Shape) -> float:
    """The largest point gap over 4,000 rim points (the distance to a convex set is a convex
    function, so its maximum over a disc lies on the rim)."""
    best = 0.0
    for i in range(4000):
        t = 2 * math.pi * i / 4000
        best = max(
            best,
            point_gap(target, shape.cx + shape.r * math.cos(t), shape.cy + shape.r * math.sin(t)),
        )
    return best


def _convex(rng: random.Random) -> Poly:
    cx, cy = rng.uniform(-3, 3), rng.uniform(-3, 3)
    n = rng.randint(3, 7)
    angles = sorted(rng.uniform(0, 2 * math.pi) for _ in range(n))
    rx, ry = rng.uniform(0.3, 4), rng.uniform(0.1, 4)
    return make_poly([(cx + rx * math.cos(a), cy + ry * math.sin(a)) for a in angles])


def test_closed_form_matches_the_rim_search() -> None:
    rng = random.Random(31)
    inside = 0
    for case in range(120):
        target: Shape = (
            _convex(rng)
            if case % 4
            else Disc(rng.uniform(-2, 2), rng.uniform(-2, 2), rng.uniform(0.2, 3))
        )
        spread = 2.0 if case % 2 else 6.0
        base = Disc(
            rng.uniform(-spread, spread), rng.uniform(-spread, spread), rng.uniform(0.3, 2.5)
        )
        if point_gap(target, base.cx, base.cy) == 0.0:
            inside += 1  # the centre inside the footprint: the signed distance is negative
        exact = farthest_gap_to(base, target)
        assert abs(exact - _brute(base, target)) < 1e-4, case
        assert farthest_gap_bound(base, target) >= exact - 1e-12
    assert inside >= 10  # the case the signed distance exists for is exercised


def test_other_shapes_keep_the_search() -> None:
    rng = random.Random(5)
    for _ in range(20):
        target = _convex(rng)
        oval = Ellipse(rng.uniform(-4, 4), rng.uniform(-4, 4), 1.5, 0.7, rng.uniform(0, 3))
        exact = farthest_gap_to(oval, target)
        assert farthest_gap_bound(oval, target) >= exact - 1e-9
        hull = make_poly([(0, 0), (1, 0), (1, 2), (0, 2)])
        far = max(point_gap(target, x, y) for x, y in hull.points)
        assert abs(farthest_gap_to(hull, target) - far) < 1e-12


def test_wholly_within_with_the_box_reject() -> None:
    """``covered_by_polygon`` (boxes first) against the closed form for a convex zone: every
    edge's line at least ``r - eps`` from the centre, on the inner side."""
    from vantage.geometry.measure import covered_by_polygon

    rng = random.Random(9)
    inside = outside = 0
    for case in range(600):
        if case % 2:
            zone = _convex(rng)
            pts = zone.points
            x = rng.uniform(min(p[0] for p in pts) - 1, max(p[0] for p in pts) + 1)
            y = rng.uniform(min(p[1] for p in pts) - 1, max(p[1] for p in pts) + 1)
            disc = Disc(x, y, rng.uniform(0.05, 1.0))
        else:  # a ruin-like rectangle and a base at or near its sides (the box is the zone)
            w, h, r = rng.uniform(2, 6), rng.uniform(2, 6), rng.uniform(0.5, 1.0)
            zone = make_poly([(0, 0), (w, 0), (w, h), (0, h)])
            pts = zone.points
            near = rng.choice([0.0, 1e-7, -1e-7, 1e-3, -1e-3])
            x = rng.choice([r + near, w - r - near, rng.uniform(r, w - r)])
            y = rng.choice([r + near, h - r - near, rng.uniform(r, h - r)])
            disc = Disc(x, y, r)
        depth = min(
            ((x - a[0]) * (b[1] - a[1]) - (y - a[1]) * (b[0] - a[0])) / math.dist(a, b) * -1
            for a, b in zip(pts, pts[1:] + pts[:1], strict=True)
        )  # counter-clockwise: inner side is to the left of each edge
        expected = depth >= disc.r - 1e-6
        assert covered_by_polygon(disc, zone) == expected
        inside += expected
        outside += not expected
    assert inside > 15 and outside > 300
