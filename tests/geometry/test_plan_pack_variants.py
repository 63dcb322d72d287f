"""Two rewritten kernels of ``geometry.plan_pack`` give bit-identical answers to the ones they
replace: ``_chords_small`` (every edge at once, for few lines) against the edge-by-edge loop of
``chords``, and ``arcs_meet`` against ``arcs_overlap(...) >= mu``, on random inputs with many
exact ties (grid coordinates, axis-parallel lines, arcs starting at the same angle, lengths
equal to the margin)."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from vantage.geometry import plan_pack
from vantage.geometry.plan_pack import TWO_PI, arcs_meet, arcs_overlap, pack
from vantage.geometry.prisms import Poly, make_poly


def _polys(rng: random.Random) -> list[Poly]:
    out = []
    for _ in range(rng.randint(1, 6)):
        n = rng.randint(3, 8)
        x, y, r = rng.uniform(0, 20), rng.uniform(0, 20), rng.uniform(0.5, 4)
        angles = sorted(rng.uniform(0, 2 * math.pi) for _ in range(n))
        digits = rng.choice([0, 1, 12])
        pts = {
            (round(x + r * math.cos(a), digits), round(y + r * math.sin(a), digits)) for a in angles
        }
        if len(pts) >= 3:
            poly = make_poly(sorted(pts))
            if poly.convex:
                out.append(poly)
    return out or [make_poly([(0.0, 0.0), (2.0, 0.0), (2.0, 1.0), (0.0, 1.0)])]


@pytest.mark.parametrize("closed", [False, True])
def test_small_chords_equal_the_edge_loop(closed: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(17)
    for _ in range(300):
        polys = _polys(rng)
        packed = pack(tuple(polys), tuple(False for _ in polys))
        m = rng.randint(1, 300)
        k = np.array([rng.randrange(len(polys)) for _ in range(m)])
        px = np.array([rng.choice([rng.uniform(0, 20), float(rng.randint(0, 20))]) for _ in k])
        py = np.array([rng.choice([rng.uniform(0, 20), float(rng.randint(0, 20))]) for _ in k])
        th = np.array([rng.choice([rng.uniform(0, 6.3), 0.0, math.pi / 2, math.pi]) for _ in k])
        dx, dy = np.cos(th), np.sin(th)
        monkeypatch.setattr(plan_pack, "SMALL", 10**9)
        small = plan_pack.chords(packed, k, px, py, dx, dy, closed)
        monkeypatch.setattr(plan_pack, "SMALL", -1)
        loop = plan_pack.chords(packed, k, px, py, dx, dy, closed)
        assert np.array_equal(small[0], loop[0]) and np.array_equal(small[1], loop[1])


def _tie(c: np.ndarray, mu: float) -> np.ndarray:
    """Values ``x`` with ``x - c == mu`` in floating point where one is found (an ulp around
    ``c + mu``), else ``c + mu``."""
    x = c + mu
    for y in (np.nextafter(x, np.inf), np.nextafter(x, -np.inf)):
        x = np.where(x - c == mu, x, y)
    return x


def test_arcs_meet_is_the_overlap_test() -> None:
    rng = np.random.default_rng(5)
    n = 200_000
    mu = 1e-7
    grid = np.arange(8) * (TWO_PI / 8)
    s1 = np.where(rng.random(n) < 0.5, rng.choice(grid, n), rng.uniform(0, TWO_PI, n))
    s2 = np.where(rng.random(n) < 0.3, s1, rng.uniform(0, TWO_PI, n))
    s2 = np.where(rng.random(n) < 0.3, rng.choice(grid, n), s2)
    s2 = np.where((rng.random(n) < 0.3) & (s1 > 0), np.nextafter(s1, 0.0), s2)  # d12 ~ 2 pi
    l1 = rng.choice([0.0, mu, 2 * mu, TWO_PI / 8, TWO_PI / 4, TWO_PI - mu], n)
    l1 = np.where(rng.random(n) < 0.5, rng.uniform(0, TWO_PI, n), l1)
    l2 = np.where(rng.random(n) < 0.5, rng.uniform(0, TWO_PI, n), rng.permutation(l1))
    # exact ties of either term with the margin: l1 - d12 = mu, or l2 - (2 pi - d12) = mu
    d12 = s2 - s1 + (s2 < s1) * TWO_PI
    tie = rng.random(n)
    l1 = np.where(tie < 0.1, _tie(d12, mu), l1)
    l2 = np.where((tie >= 0.1) & (tie < 0.2), _tie(TWO_PI - d12, mu), l2)
    assert (l1 - d12 == mu).sum() > 1000 and (l2 - (TWO_PI - d12) == mu).sum() > 1000
    expected = arcs_overlap(s1, l1, s2, l2) >= mu
    assert np.array_equal(arcs_meet(s1, l1, s2, l2, mu), expected)
    assert 0.1 < expected.mean() < 0.9
