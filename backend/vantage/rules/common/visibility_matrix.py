"""The observer x target visibility matrix (scenario-format query ``visibility_matrix``).

``matrix_fast`` decides the pairs whose sight depends on the plan only (every obstacle either
always blocks or is always passable for that pair) with the vectorised exact solver of
``geometry.sight_matrix``, and every other pair with the general solver.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from vantage.engine.table import Model, Table
from vantage.geometry.prisms import model_shape
from vantage.geometry.shapes import CircleBase, OvalBase, semi_axes
from vantage.geometry.sight_matrix import PlanScene, plan_matrix
from vantage.rules.common.terrain_index import terrain_index
from vantage.rules.common.visibility import SEE_OVER, TerrainRoles

Pair = Callable[[str, str], bool]
TOL = 1e-9


def players_models(table: Table, player: str) -> list[Model]:
    """A player's models in table order."""
    return [m for m in table.models.values() if table.units[m.unit].player == player]


def matrix_by_pairs(table: Table, observers: str, targets: str, seen: Pair) -> dict[str, list[str]]:
    """Every observer model of one player to the sorted target models of another it sees."""
    obs = players_models(table, observers)
    tgt = players_models(table, targets)
    return {o.id: sorted(t.id for t in tgt if seen(o.id, t.id)) for o in obs}


def matrix_fast(
    table: Table, roles: TerrainRoles, observers: str, targets: str, seen: Pair
) -> dict[str, list[str]]:
    """The same matrix, with plan-determined pairs decided together (exactly, vectorised)."""
    obs = players_models(table, observers)
    tgt = players_models(table, targets)
    if not obs or not tgt:
        return {o.id: [] for o in obs}
    radii = [_radius(m) for m in (*obs, *tgt)]
    if any(r is None for r in radii):
        return matrix_by_pairs(table, observers, targets, seen)
    grid = plan_matrix(_plan_scene(table, roles, obs, tgt, radii))  # type: ignore[arg-type]
    order = sorted(range(len(tgt)), key=lambda j: tgt[j].id)
    ids = np.array([tgt[j].id for j in order], dtype=object)
    grid = grid[:, order]
    out: dict[str, list[str]] = {}
    for i, o in enumerate(obs):
        row = grid[i]
        if (row < 0).any():
            out[o.id] = [
                str(t) for t, v in zip(ids, row, strict=True) if v > 0 or (v < 0 and seen(o.id, t))
            ]
        else:
            out[o.id] = ids[row > 0].tolist()
    return out


def _radius(m: Model) -> float | None:
    base = m.base
    if isinstance(base, CircleBase | OvalBase):
        a, b = semi_axes(base)
        if isinstance(base, CircleBase) or abs(a - b) < 1e-12:
            return a
    return None


def _plan_scene(
    table: Table, roles: TerrainRoles, obs: list[Model], tgt: list[Model], radii: list[float]
) -> PlanScene:
    index = terrain_index(table.terrain, roles)
    no = len(obs)
    oz = np.array([(m.z, m.z + m.height) for m in obs])
    tz = np.array([(m.z, m.z + m.height) for m in tgt])
    top_min = min(oz[:, 1].min(), tz[:, 1].min())
    top_max = max(oz[:, 1].max(), tz[:, 1].max())
    over = {u.id for u in table.units.values() if SEE_OVER & set(u.keywords)}
    return PlanScene(
        ox=np.array([m.x for m in obs]),
        oy=np.array([m.y for m in obs]),
        orad=np.array(radii[:no]),
        tx=np.array([m.x for m in tgt]),
        ty=np.array([m.y for m in tgt]),
        trad=np.array(radii[no:]),
        observer_z=oz,
        target_z=tz,
        observer_unit=tuple(m.unit for m in obs),
        target_ids=tuple(m.id for m in tgt),
        models=tuple(
            (m.id, m.unit, model_shape(m), m.z, m.z + m.height)
            for m in table.models.values()
            if m.z + m.height > top_min + TOL and m.z < top_max - TOL
        ),
        prisms=index.prisms,
        ruins=index.ruins if roles.ruins_are_walls else (),
        observer_over=np.array([m.unit in over for m in obs], dtype=bool),
        target_over=np.array([m.unit in over for m in tgt], dtype=bool),
        other_walls=roles.obscuring_height is not None and bool(index.obscuring),
    )
