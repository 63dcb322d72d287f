"""The per-version model index of ``rules.common.sight_index`` reuses the last version's rows
and silhouettes for the very same model objects (a move changes a few). After random moves,
additions, removals and a model replaced under its own id, the index must equal one built from
scratch, and every cached silhouette must be the model's own. Fails when rows or silhouettes
are reused by id rather than by object."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np

from vantage.engine.table import Model, Table, Unit
from vantage.geometry.prisms import silhouette
from vantage.geometry.shapes import CircleBase, OvalBase
from vantage.rules.common import sight_index
from vantage.rules.common.sight_index import model_index


def _fresh(table: Table) -> np.ndarray:
    rows = [sight_index._box(m) for m in table.models.values()]
    return np.array(rows, dtype=float).reshape(-1, 4)


def _table(rng: random.Random) -> Table:
    units = {f"u{k}": Unit(id=f"u{k}", player=f"p{k % 2 + 1}") for k in range(6)}
    models = {
        f"m{i}": Model(
            id=f"m{i}",
            unit=f"u{i % 6}",
            base=CircleBase(diameter_mm=32) if i % 3 else OvalBase(length_mm=60, width_mm=35),
            x=rng.uniform(1, 59),
            y=rng.uniform(1, 43),
        )
        for i in range(60)
    }
    return Table(width=60, depth=44, players=("p1", "p2"), units=units, models=models)


def test_incremental_index_equals_a_fresh_one() -> None:
    rng = random.Random(4)
    table = _table(rng)
    sight_index._MODELS.clear()
    for step in range(300):
        ids = list(table.models)
        mover = table.models[rng.choice(ids)]
        kind = step % 4
        if kind == 0:
            table = table.with_models({mover.id: mover.placed(mover.x + 0.5, mover.y - 0.25)})
        elif kind == 1:  # the same id, another model object with other values
            table = table.with_models({mover.id: replace(mover, x=mover.x + 1.0, height=3.0)})
        elif kind == 2:
            models = {k: m for k, m in table.models.items() if k != mover.id}
            table = replace(table, models=models)
        else:
            new = replace(mover, id=f"n{step}", x=rng.uniform(1, 59), y=rng.uniform(1, 43))
            table = replace(table, models={**table.models, new.id: new})
        index = model_index(table)
        assert index.ids == list(table.models)
        assert np.array_equal(index.box, _fresh(table))
        for k in rng.sample(list(table.models), 5):
            index.silhouette(table.models[k])
        for k, prism in index.silhouettes.items():
            assert prism == silhouette(table.models[k])
