"""The vectorised matrix decides exactly what the general solver decides, pair by pair."""

from __future__ import annotations

import random

import pytest

from vantage.engine.table import Model, Table, TerrainPiece, Unit
from vantage.geometry.shapes import CircleBase
from vantage.rules.common.systems import geometry_for
from vantage.rules.common.visibility_matrix import matrix_by_pairs


def random_table(seed: int, mixed_heights: bool) -> Table:
    rng = random.Random(seed)
    units = {
        "A": Unit(id="A", player="p1"),
        "B": Unit(id="B", player="p2", keywords=("TOWERING",) if seed % 5 == 4 else ()),
    }
    models = {}
    for k in range(12):
        for prefix, unit in (("a", "A"), ("b", "B")):
            mid = f"{prefix}{k}"
            models[mid] = Model(
                id=mid,
                unit=unit,
                base=CircleBase(diameter_mm=32),
                x=rng.uniform(1, 59),
                y=rng.uniform(1, 43),
                height=rng.choice([1.6, 3.0]) if mixed_heights else 1.6,
            )
    terrain = []
    for k in range(10):
        x, y = rng.uniform(0, 55), rng.uniform(0, 40)
        w, d = rng.uniform(1, 8), rng.uniform(0.3, 6)
        kind = rng.choice(["ruins", "ruins", "building", "barricade", "crater", "woods"])
        terrain.append(
            TerrainPiece(
                id=f"t{k}",
                kind=kind,
                height=rng.choice([1.0, 3.0, 6.0]),
                polygon=((x, y), (x + w, y), (x + w, y + d), (x, y + d)),
            )
        )
    return Table(
        width=60, depth=44, players=("p1", "p2"), units=units, models=models, terrain=tuple(terrain)
    )


@pytest.mark.parametrize("seed", range(5))
def test_fast_matrix_equals_pairwise(seed: int) -> None:
    table = random_table(seed, mixed_heights=seed % 2 == 1)
    rules = geometry_for("wh40k-10e")
    fast = rules.visibility_matrix(table, "p1", "p2")
    slow = matrix_by_pairs(table, "p1", "p2", lambda o, t: rules.visible(table, o, t).clear)
    assert fast == slow
