"""Pairs seen only through a narrow slit between buildings: no clear line is tangent to either
base or passes a slit corner tangent to a base, so only lines through two feature points (the
last round of the matrix's complete search) see through. The matrix must equal the pair-by-pair
answer of the general solver, and find these pairs visible."""

from __future__ import annotations

import pytest

from vantage.engine.table import Model, Table, TerrainPiece, Unit
from vantage.geometry.shapes import CircleBase
from vantage.rules.common.systems import geometry_for
from vantage.rules.common.visibility_matrix import matrix_by_pairs


def _rect(pid: str, x0: float, y0: float, x1: float, y1: float) -> TerrainPiece:
    return TerrainPiece(
        id=pid, kind="building", height=6.0, polygon=((x0, y0), (x1, y0), (x1, y1), (x0, y1))
    )


def slit_table(offset: float, width: float) -> Table:
    """Two 50 mm bases 12" apart; a wall across the way with a slit ``width`` wide and 1" deep,
    ``offset`` off the centre line (inside the bases' width)."""
    units = {"A": Unit(id="A", player="p1"), "B": Unit(id="B", player="p2")}
    models = {
        mid: Model(id=mid, unit=u, base=CircleBase(diameter_mm=50), x=x, y=20.0, height=1.6)
        for mid, u, x in (("a", "A", 10.0), ("b", "B", 22.0))
    }
    lo, hi = 20.0 + offset - width / 2, 20.0 + offset + width / 2
    terrain = (_rect("low", 15.5, 10.0, 16.5, lo), _rect("high", 15.5, hi, 16.5, 30.0))
    return Table(
        width=40, depth=40, players=("p1", "p2"), units=units, models=models, terrain=terrain
    )


@pytest.mark.parametrize("offset", [0.35, -0.5, 0.7])
def test_seen_through_a_slit(offset: float) -> None:
    table = slit_table(offset, 0.08)
    rules = geometry_for("wh40k-10e")
    fast = rules.visibility_matrix(table, "p1", "p2")
    slow = matrix_by_pairs(table, "p1", "p2", lambda o, t: rules.visible(table, o, t).clear)
    assert fast == slow
    assert fast["a"] == ["b"]
