"""The capsule test of ``geometry.hull_filter`` keeps exactly the obstacles the shapely hull test
keeps (``relevant`` against ``relevant_reference``), on random scenes with footprints placed at,
inside and just outside the sight hull, convex and not."""

from __future__ import annotations

import math
import random

from vantage.geometry.hull_filter import capsule_meets, misses_hull
from vantage.geometry.prisms import GROUND, Disc, Ellipse, Poly, Prism, Shape, make_poly
from vantage.geometry.sight import SightProblem, Wall, relevant, relevant_reference


def _poly_near(rng: random.Random, x: float, y: float, convex: bool) -> Poly:
    n = rng.randint(3, 7)
    angles = sorted(rng.uniform(0, 2 * math.pi) for _ in range(n))
    radii = [rng.uniform(0.2, 2.0) for _ in range(n)]
    if not convex:
        radii = [r * (0.3 if k % 2 else 1.0) for k, r in enumerate(radii)]
    return make_poly(
        [(x + r * math.cos(a), y + r * math.sin(a)) for a, r in zip(angles, radii, strict=True)]
    )


def _scene(rng: random.Random) -> SightProblem:
    r1, r2 = rng.choice([0.63, 0.5, 1.0]), rng.choice([0.63, 0.25, 1.3, 0.0])
    o = Disc(0.0, 0.0, r1)
    far = 12.0 if rng.random() < 0.7 else 1.5
    t = Disc(rng.uniform(-far, far), rng.uniform(-far, far), r2)
    shapes: list[Shape] = []
    if rng.random() < 0.3:  # a large footprint around both bases (the segment inside it)
        big = _poly_near(rng, 0.0, 0.0, rng.random() < 0.5)
        shapes.append(make_poly([(6 * x, 6 * y) for x, y in big.points]))
    for _ in range(14):
        # a point near the centre segment, pushed off it by about the bases' radii
        s = rng.uniform(-0.2, 1.2)
        px, py = o.cx + s * (t.cx - o.cx), o.cy + s * (t.cy - o.cy)
        ang = rng.uniform(0, 2 * math.pi)
        off = rng.choice([0.0, r1, r2, max(r1, r2) * rng.uniform(1.0, 1.005), rng.uniform(0, 4)])
        x, y = px + off * math.cos(ang), py + off * math.sin(ang)
        kind = rng.random()
        if kind < 0.15:  # a small disc in the sliver between the bases' hull and the 32-gons'
            side = math.atan2(t.cy - o.cy, t.cx - o.cx) + rng.choice([-1, 1]) * math.pi / 2
            gap = max(r1, r2) * rng.uniform(1.0, 1.0048) + 0.001
            s = rng.uniform(0.1, 0.9)
            px, py = o.cx + s * (t.cx - o.cx), o.cy + s * (t.cy - o.cy)
            shapes.append(Disc(px + gap * math.cos(side), py + gap * math.sin(side), 0.001))
        elif kind < 0.35:
            shapes.append(Disc(x, y, rng.choice([0.5, 0.63, 1.0])))
        elif kind < 0.45:
            shapes.append(Ellipse(x, y, 1.2, 0.6, rng.uniform(0, 3)))
        elif kind < 0.6:  # a polygon with a vertex exactly at the point
            poly = _poly_near(rng, x + 1.0, y, True)
            shapes.append(make_poly([(x, y), *poly.points[1:]]))
        else:
            shapes.append(_poly_near(rng, x, y, rng.random() < 0.6))
    blockers = tuple(Prism(s, GROUND, 2.0, f"b{k}") for k, s in enumerate(shapes[:8]))
    walls = tuple(Wall(s, f"w{k}") for k, s in enumerate(shapes[8:]) if isinstance(s, Poly))
    return SightProblem(Prism(o, 0.0, 1.6, "o"), Prism(t, 0.0, 1.6, "t"), blockers, walls)


def test_same_obstacles_as_the_shapely_hull() -> None:
    rng = random.Random(77)
    decided = undecided = kept = dropped = 0
    for case in range(600):
        prob = _scene(rng)
        got, ref = relevant(prob), relevant_reference(prob)
        assert got == ref, case
        kept += len(ref[0]) + len(ref[1])
        dropped += len(prob.blockers) + len(prob.walls) - len(ref[0]) - len(ref[1])
        shapes = [b.shape for b in prob.blockers] + [w.shape for w in prob.walls]
        o, t = prob.observer.shape, prob.target.shape
        assert isinstance(o, Disc) and isinstance(t, Disc)
        answers = capsule_meets(o, t, shapes)
        decided += sum(a is not None for a in answers)
        undecided += sum(a is None for a in answers)
    assert kept > 1000 and dropped > 1000
    assert decided > undecided  # most footprints, though the scenes crowd the boundary


def test_point_targets_beside_the_cone() -> None:
    """A point target's hull narrows to the point: footprints placed across its tangent lines
    (beyond the 32-gon's vertices, the circle's and the grown hull's, on either side) and
    across the point get the shapely answer, and the tangent lines settle most of them without
    shapely (``misses_hull``); fails when ``K`` forgets the 32-gons' bulge."""
    rng = random.Random(31)
    proven = 0
    for case in range(400):
        r1 = rng.choice([0.63, 0.5, 1.0, 1.3])
        o = Disc(rng.uniform(-1, 1), rng.uniform(-1, 1), r1)
        ang = rng.uniform(0, 2 * math.pi)
        dist = rng.uniform(1.5, 14.0)
        t = Disc(o.cx + dist * math.cos(ang), o.cy + dist * math.sin(ang), 0.0)
        shapes: list[Shape] = []
        for _ in range(10):
            # a tangent from the point to a circle about the observer, of a radius between the
            # inscribed circle of the 32-gon and past the grown circumscribed one
            radius = r1 * rng.choice([1.0, 1.0 + 1e-3, 1 / math.cos(math.pi / 32), 1.006])
            radius += rng.choice([0.0, 1e-7, 5e-7, 2e-6, -2e-6])
            side = rng.choice([-1.0, 1.0])
            beta = math.asin(min(1.0, radius / dist))
            tx, ty = math.cos(ang + math.pi + side * beta), math.sin(ang + math.pi + side * beta)
            nx, ny = -side * ty, side * tx  # the tangent line's normal, away from the observer
            if nx * (o.cx - t.cx) + ny * (o.cy - t.cy) > 0:
                nx, ny = -nx, -ny
            s = rng.uniform(-0.2, 0.95) * dist  # along the tangent, from the point
            x, y = t.cx + s * tx, t.cy + s * ty
            if rng.random() < 0.5:
                size = rng.choice([0.001, 0.3, 1.0])
                shapes.append(Disc(x + nx * size, y + ny * size, size))
            else:
                w = rng.uniform(0.05, 2.0)
                corners = [
                    (x - tx * w, y - ty * w),
                    (x + tx * w, y + ty * w),
                    (x + tx * w + nx * w, y + ty * w + ny * w),
                    (x - tx * w + nx * w, y - ty * w + ny * w),
                ]
                shapes.append(make_poly(corners))
        blockers = tuple(Prism(s, GROUND, 2.0, f"b{k}") for k, s in enumerate(shapes))
        prob = SightProblem(Prism(o, 0.0, 1.6, "o"), Prism(t, 1.0, 1.0, "t"), blockers, ())
        assert relevant(prob) == relevant_reference(prob), case
        proven += sum(misses_hull(o, t, s) for s in shapes if isinstance(s, Disc | Poly))
    assert proven > 1000
