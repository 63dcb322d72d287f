"""Random footprints for the geometry tests (test helper)."""

from __future__ import annotations

import math
import random

from vantage.geometry.prisms import GROUND, Disc, Poly, Prism, make_poly, to_polygon
from vantage.geometry.sight import SightProblem, Wall


def convex_points(
    rng: random.Random, x: float, y: float, most: int = 6, thinnest: float = 0.1
) -> list[tuple[float, float]]:
    """The vertices of a random convex polygon near ``(x, y)``: 3 to ``most`` points on a turned
    ellipse of half-axes up to 3 and ``thinnest`` to 2 inches, counter-clockwise."""
    n = rng.randint(3, most)
    angles = sorted(rng.uniform(0, 2 * math.pi) for _ in range(n))
    w, h, turn = rng.uniform(0.3, 3), rng.uniform(thinnest, 2), rng.uniform(0, math.pi)
    c, s = math.cos(turn), math.sin(turn)
    pts = []
    for a in angles:
        u, v = w * math.cos(a), h * math.sin(a)
        pts.append((x + u * c - v * s, y + u * s + v * c))
    return pts


def convex_footprint(
    rng: random.Random, x: float, y: float, most: int = 6, thinnest: float = 0.1
) -> Poly:
    """A random convex footprint (see ``convex_points``)."""
    return make_poly(convex_points(rng, x, y, most, thinnest))


def rect(x: float, y: float, w: float, h: float) -> Poly:
    """An axis-aligned rectangle footprint."""
    return make_poly([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])


def height_scene(rng: random.Random) -> SightProblem:
    """Two round viewers and up to six obstacles of random heights (some raised off the
    table, none inside a viewer), sometimes a wall."""
    o = Prism(Disc(0, 0, rng.choice([0.5, 0.63, 1.0])), 0.0, rng.choice([1.0, 1.6, 3.0]), "o")
    d = rng.uniform(3, 8)
    t_lo = rng.choice([0.0, 0.0, 1.0])
    t_shape = Disc(d, rng.uniform(-1, 1), rng.choice([0.5, 0.63, 1.0]))
    t = Prism(t_shape, t_lo, t_lo + rng.choice([1.0, 1.6, 3.0, 4.0]), "t")
    blockers = []
    for k in range(rng.randint(1, 6)):
        x, y = rng.uniform(1, d - 1), rng.uniform(-2, 2)
        lo = GROUND if rng.random() < 0.8 else rng.uniform(0.2, 2.0)
        shape = (
            Disc(x, y, rng.uniform(0.3, 1.0))
            if rng.random() < 0.5
            else rect(x, y, rng.uniform(0.2, 2), rng.uniform(0.2, 2))
        )
        base = 0.0 if lo == GROUND else lo
        prism = Prism(shape, lo, max(rng.uniform(0.5, 4.5), base + 0.3), f"b{k}")
        if not any(overlap(prism, v) for v in (o, t)):  # nothing stands inside a viewer
            blockers.append(prism)
    walls = []
    if rng.random() < 0.3:
        x, y = rng.uniform(1, d - 1), rng.uniform(-2, 2)
        walls.append(Wall(rect(x, y, 0.3, 2), "w", rng.random() < 0.5))
    return SightProblem(o, t, tuple(blockers), tuple(walls))


def overlap(a: Prism, b: Prism) -> bool:
    """Whether two prisms share interior points (round figures circumscribed)."""
    if a.hi <= b.lo or b.hi <= a.lo:
        return False
    return bool(to_polygon(a.shape, 64, outer=True).intersects(to_polygon(b.shape, 64, outer=True)))
