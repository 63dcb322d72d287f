"""Exact measuring against independent checks (closed forms and dense sampling)."""

from __future__ import annotations

import math
import random

import pytest
import shapely
from shapely.geometry import Polygon

from vantage.geometry.measure import covered_by_polygon, interiors_overlap, planar_gap
from vantage.geometry.prisms import Disc, Ellipse, make_poly, to_polygon


def test_disc_gap_closed_form() -> None:
    assert planar_gap(Disc(0, 0, 1), Disc(3, 4, 1.5)) == pytest.approx(2.5, abs=1e-12)
    assert planar_gap(Disc(0, 0, 1), Disc(1, 0, 1)) == 0.0


def test_ellipse_on_axes_is_exact() -> None:
    oval = Ellipse(0, 0, 75 / 50.8, 42 / 50.8, 0.0)
    assert planar_gap(oval, Disc(3, 0, 32 / 50.8)) == pytest.approx(
        3 - 75 / 50.8 - 32 / 50.8, abs=1e-9
    )
    assert planar_gap(oval, Disc(0, 2, 32 / 50.8)) == pytest.approx(
        2 - 42 / 50.8 - 32 / 50.8, abs=1e-9
    )


@pytest.mark.parametrize("seed", range(12))
def test_ellipse_ellipse_against_dense_polygons(seed: int) -> None:
    rng = random.Random(seed)
    a = Ellipse(0, 0, rng.uniform(0.8, 2), rng.uniform(0.3, 0.8), rng.uniform(0, math.pi))
    b = Ellipse(
        rng.uniform(3, 5),
        rng.uniform(-2, 2),
        rng.uniform(0.8, 2),
        rng.uniform(0.3, 0.8),
        rng.uniform(0, math.pi),
    )
    # inscribed and circumscribed polygons bracket the true distance
    inner = shapely.distance(to_polygon(a, 4000), to_polygon(b, 4000))
    outer = shapely.distance(to_polygon(a, 4000, outer=True), to_polygon(b, 4000, outer=True))
    gap = planar_gap(a, b)
    assert outer - 1e-9 <= gap <= inner + 1e-9
    assert inner - outer < 1e-5


def test_ellipse_polygon_and_overlap() -> None:
    oval = Ellipse(0, 0, 2, 1, 0.0)
    square = make_poly([(2.5, -1), (4, -1), (4, 1), (2.5, 1)])
    assert planar_gap(oval, square) == pytest.approx(0.5, abs=1e-9)
    assert not interiors_overlap(oval, square)
    assert interiors_overlap(oval, make_poly([(1.5, -1), (4, -1), (4, 1), (1.5, 1)]))


def test_covered_by_polygon_touching_is_inside() -> None:
    zone = make_poly([(0, 0), (2, 0), (2, 2), (0, 2)])
    assert covered_by_polygon(Disc(1, 1, 1), zone)
    assert not covered_by_polygon(Disc(1, 1, 1.001), zone)
    assert covered_by_polygon(Ellipse(1, 1, 1, 0.5, 0.0), zone)


def test_nonconvex_hull_gap() -> None:
    ell = make_poly([(0, 0), (4, 0), (4, 1), (1, 1), (1, 4), (0, 4)])
    disc = Disc(2.5, 2.5, 0.5)
    expect = shapely.distance(Polygon(ell.points), shapely.Point(2.5, 2.5)) - 0.5
    assert planar_gap(disc, ell) == pytest.approx(expect, abs=1e-9)
    assert planar_gap(Ellipse(2.5, 2.5, 0.5, 0.5 - 1e-9, 0.3), ell) == pytest.approx(
        expect, abs=1e-6
    )
