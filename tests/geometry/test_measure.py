"""Exact measuring against independent checks (closed forms and dense sampling)."""

from __future__ import annotations

import math
import random

import pytest
import shapely
from shapely.geometry import Polygon

from vantage.geometry.measure import (
    covered_by_polygon,
    interiors_overlap,
    planar_gap,
    segment_gap,
    segment_parts_in,
)
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


def test_segment_parts_in_a_polygon() -> None:
    """The parts of a plan segment on a closed footprint (Deathmatch's cover-giving part)."""
    wall = make_poly([(45, 14), (45.5, 14), (45.5, 40), (45, 40)])
    ((x0, y0), (x1, y1)) = segment_parts_in(wall, (40, 12), (46.6, 38))[0]
    assert (x0, x1) == pytest.approx((45, 45.5)) and (y0, y1) == pytest.approx((31.69697, 33.66667))
    assert segment_parts_in(wall, (40, 12), (44, 38)) == []
    house = make_poly([(12, 16), (20, 16), (20, 22), (12, 22)])  # the demo's Chapel
    assert segment_parts_in(house, (10, 6), (14, 38)) == [((12.0, 22.0), (12.0, 22.0))]
    u_shape = make_poly([(0, 0), (6, 0), (6, 4), (5, 4), (5, 1), (1, 1), (1, 4), (0, 4)])
    parts = sorted(tuple(sorted(part)) for part in segment_parts_in(u_shape, (-1, 3), (7, 3)))
    assert parts == [((0.0, 3.0), (1.0, 3.0)), ((5.0, 3.0), (6.0, 3.0))]


def test_segment_gap() -> None:
    assert segment_gap(Disc(46.6, 38, 0.5), ((45, 31.5), (45.5, 33.5))) == pytest.approx(
        math.hypot(1.1, 4.5) - 0.5
    )
    assert segment_gap(Disc(0, 0, 1), ((0.5, 0), (3, 0))) == 0.0
    square = make_poly([(0, 0), (1, 0), (1, 1), (0, 1)])
    assert segment_gap(square, ((3, 0.5), (3, 0.5))) == pytest.approx(2.0)
    assert segment_gap(square, ((3, 2), (3, 5))) == pytest.approx(math.hypot(2, 1))
