"""The witness of a Deathmatch "not visible" (geometry/eye.py ``in_the_fan``): it names what can
stand in the way (footprints meeting the plan hull of the eye and the target) and nothing when
the target is wholly behind the observer. The line-of-sight tool lists and highlights these."""

from __future__ import annotations

from vantage.engine.table import Model, Table, TerrainPiece, Unit
from vantage.geometry.shapes import CircleBase
from vantage.rules.common.systems import geometry_for

RULES = geometry_for("deathmatch")


def _square(ident: str, kind: str, x: float, y: float, side: float = 4.0) -> TerrainPiece:
    ring = ((x, y), (x + side, y), (x + side, y + side), (x, y + side))
    return TerrainPiece(id=ident, kind=kind, height=4.0, polygon=ring)


def _table(facing: float) -> Table:
    """An observer at (10, 20) facing ``facing``; a target at (30, 20); a house between them,
    a forest beside the line of sight, and a house far off the table's other side."""
    units = {"A": Unit(id="A", player="p1"), "B": Unit(id="B", player="p2")}
    base = CircleBase(diameter_mm=32)
    models = {
        "o": Model(id="o", unit="A", base=base, x=10, y=20, facing=facing, height=1.6),
        "t": Model(id="t", unit="B", base=base, x=30, y=20, facing=180, height=1.6),
    }
    terrain = (
        _square("house", "house", 18, 18),
        _square("forest", "forest", 18, 30),
        _square("far", "house", 40, 2),
    )
    return Table(
        width=60, depth=44, players=("p1", "p2"), units=units, models=models, terrain=terrain
    )


def test_a_hidden_target_names_only_what_stands_in_the_way() -> None:
    sight = RULES.visible(_table(facing=0), "o", "t")
    assert not sight.clear and sight.blocking == ("house",)


def test_a_target_behind_the_observer_is_blocked_by_nothing() -> None:
    """Facing away (180°): the target is outside the sight area; nothing is named as blocking
    (the house between them used to be, with the forest and every other piece)."""
    sight = RULES.visible(_table(facing=180), "o", "t")
    assert not sight.clear and sight.blocking == ()
