"""Random footprints for the geometry tests (test helper)."""

from __future__ import annotations

import math
import random

from vantage.geometry.prisms import Poly, make_poly


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
