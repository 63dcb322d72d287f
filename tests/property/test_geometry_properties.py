"""Hypothesis properties: distance symmetry, invariance under rigid motions, and visibility
that can only be lost when terrain is added."""

from __future__ import annotations

import math
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from vantage.engine.table import Model, Table, TerrainPiece, Unit
from vantage.geometry.measure import planar_gap
from vantage.geometry.prisms import Disc, Ellipse, make_poly
from vantage.geometry.shapes import CircleBase, HullBase, OvalBase
from vantage.rules.common.systems import geometry_for

coords = st.floats(-20, 20, allow_nan=False)
sizes = st.floats(0.2, 2.0)
angles = st.floats(0, 360)

bases = st.one_of(
    st.builds(lambda d: CircleBase(diameter_mm=d), st.floats(20, 100)),
    st.builds(
        lambda a, b: OvalBase(length_mm=max(a, b), width_mm=min(a, b)),
        st.floats(25, 120),
        st.floats(20, 90),
    ),
    st.builds(lambda w, h: HullBase(points=((-w, -h), (w, -h), (w, h), (-w, h))), sizes, sizes),
)


def model(mid: str, unit: str, base: object, x: float, y: float, z: float, facing: float) -> Model:
    return Model(
        id=mid,
        unit=unit,
        base=base,
        x=x,
        y=y,
        z=z,
        facing=facing,  # type: ignore[arg-type]
        height=1.6,
    )


def two_models(b1: object, b2: object, x: float, y: float, z: float, f1: float, f2: float) -> Table:
    units = {"A": Unit(id="A", player="p1"), "B": Unit(id="B", player="p2")}
    models = {"a": model("a", "A", b1, 0, 0, 0, f1), "b": model("b", "B", b2, x, y, z, f2)}
    return Table(width=100, depth=100, players=("p1", "p2"), units=units, models=models)


@settings(max_examples=60, deadline=None)
@given(bases, bases, coords, coords, st.floats(0, 6), angles, angles)
def test_distance_is_symmetric(
    b1: object, b2: object, x: float, y: float, z: float, f1: float, f2: float
) -> None:
    table = two_models(b1, b2, x, y, z, f1, f2)
    for system in ("wh40k-10e", "deathmatch"):
        g = geometry_for(system)
        assert math.isclose(g.distance(table, "a", "b"), g.distance(table, "b", "a"), abs_tol=1e-7)


@settings(max_examples=60, deadline=None)
@given(sizes, sizes, angles, coords, coords, sizes, sizes, angles, coords, coords, angles)
def test_gap_invariant_under_rigid_motion(
    a1: float,
    b1: float,
    t1: float,
    x: float,
    y: float,
    a2: float,
    b2: float,
    t2: float,
    dx: float,
    dy: float,
    rot: float,
) -> None:
    e1 = Ellipse(0, 0, max(a1, b1), min(a1, b1), math.radians(t1))
    e2 = Ellipse(x, y, max(a2, b2), min(a2, b2), math.radians(t2))
    r = math.radians(rot)

    def move(e: Ellipse) -> Ellipse:
        cx = e.cx * math.cos(r) - e.cy * math.sin(r) + dx
        cy = e.cx * math.sin(r) + e.cy * math.cos(r) + dy
        return Ellipse(cx, cy, e.a, e.b, e.angle + r)

    assert math.isclose(planar_gap(e1, e2), planar_gap(move(e1), move(e2)), abs_tol=1e-7)
    d1, d2 = Disc(0, 0, a1), Disc(x, y, a2)
    assert math.isclose(
        planar_gap(d1, d2),
        planar_gap(move(Ellipse(0, 0, a1, a1, 0)), move(Ellipse(x, y, a2, a2, 0))),
        abs_tol=1e-7,
    )


def scene(tx: float, ty: float) -> Table:
    units = {"A": Unit(id="A", player="p1"), "B": Unit(id="B", player="p2")}
    models = {
        "a": Model(id="a", unit="A", base=CircleBase(diameter_mm=32), x=5, y=20),
        "b": Model(id="b", unit="B", base=CircleBase(diameter_mm=32), x=tx, y=ty),
    }
    return Table(width=40, depth=40, players=("p1", "p2"), units=units, models=models)


rects = st.tuples(
    st.floats(8, 30),
    st.floats(0, 36),
    st.floats(0.2, 6),
    st.floats(0.2, 6),
    st.sampled_from(["ruins", "building", "barricade", "hill", "woods"]),
    st.sampled_from([1.0, 1.6, 3.0, 6.0]),
)


@settings(max_examples=40, deadline=None)
@given(st.floats(20, 38), st.floats(2, 38), st.lists(rects, max_size=3), rects)
def test_visibility_monotone_under_added_terrain(
    tx: float, ty: float, base: list[tuple], extra: tuple
) -> None:
    def piece(i: int, r: tuple) -> TerrainPiece:  # type: ignore[type-arg]
        x, y, w, d, kind, h = r
        return TerrainPiece(
            id=f"t{i}",
            kind=kind,
            height=h,
            polygon=((x, y), (x + w, y), (x + w, y + d), (x, y + d)),
        )

    table = scene(tx, ty)
    before = replace(table, terrain=tuple(piece(i, r) for i, r in enumerate(base)))
    after = replace(before, terrain=(*before.terrain, piece(99, extra)))
    for system in ("wh40k-10e", "wh40k-9e", "wh40k-8e", "deathmatch"):
        g = geometry_for(system)
        if g.visible(after, "a", "b").clear:
            assert g.visible(before, "a", "b").clear, system


def test_hull_polygon_is_rotated_about_position() -> None:
    base = HullBase(points=((0.0, 0.0), (2.0, 0.0), (2.0, 1.0), (0.0, 1.0)))
    m = Model(id="h", unit="A", base=base, x=10, y=10, facing=90)
    from vantage.geometry.prisms import model_shape

    shape = model_shape(m)
    expect = make_poly([(10, 10), (10, 12), (9, 12), (9, 10)])
    assert sorted(shape.points) == sorted(expect.points)  # type: ignore[union-attr]
