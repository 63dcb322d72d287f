"""The observer x target visibility matrix (scenario-format query ``visibility_matrix``).

``matrix_fast`` decides the pairs whose sight depends on the plan only (every obstacle either
always blocks or is always passable for that pair) with the vectorised exact solver of
``geometry.sight_matrix``, and every other pair with the general solver.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from vantage.engine.table import Model, Table
from vantage.geometry.plan_scene import PlanScene
from vantage.geometry.prisms import model_shape
from vantage.geometry.shapes import Base, CircleBase, HullBase, OvalBase, semi_axes
from vantage.geometry.sight_matrix import plan_matrix
from vantage.geometry.units import TOL
from vantage.rules.common.terrain_index import terrain_index
from vantage.rules.common.visibility import SEE_OVER, TerrainRoles

Pair = Callable[[str, str], bool]


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
    radii = [_base_radius(m.base) for m in (*obs, *tgt)]
    if None in radii:
        return matrix_by_pairs(table, observers, targets, seen)
    grid = plan_matrix(_plan_scene(table, roles, obs, tgt, radii))  # type: ignore[arg-type]
    order = sorted(range(len(tgt)), key=lambda j: tgt[j].id)
    grid = grid[:, order]
    ids = [tgt[j].id for j in order]
    if (grid < 0).any():
        return {o.id: _row(ids, grid[i], o.id, seen) for i, o in enumerate(obs)}
    rows, cols = np.nonzero(grid > 0)
    seen_ids = np.array(ids, dtype=object)[cols].tolist()
    ends = np.searchsorted(rows, np.arange(1, len(obs) + 1)).tolist()
    return {o.id: seen_ids[a:b] for o, a, b in zip(obs, [0, *ends], ends, strict=False)}


def _row(ids: list[str], row: NDArray[np.int8], observer: str, seen: Pair) -> list[str]:
    """One observer's sorted targets: decided pairs from the grid, the others from ``seen``."""
    return [
        t for t, v in zip(ids, row.tolist(), strict=True) if v > 0 or (v < 0 and seen(observer, t))
    ]


def _base_radius(base: Base) -> float | None:
    """The radius of a round base (``None``: oval or hull)."""
    return None if isinstance(base, HullBase) else _round_radius(base)


@lru_cache(maxsize=256)
def _round_radius(base: CircleBase | OvalBase) -> float | None:
    a, b = semi_axes(base)
    return a if isinstance(base, CircleBase) or abs(a - b) < 1e-12 else None


def _plan_scene(
    table: Table, roles: TerrainRoles, obs: list[Model], tgt: list[Model], radii: list[float]
) -> PlanScene:
    index = terrain_index(table.terrain, roles)
    no = len(obs)
    over = {u.id for u in table.units.values() if SEE_OVER & set(u.keywords)}
    o, t = _columns(obs, radii[:no], over), _columns(tgt, radii[no:], over)
    top_min = min(o[4].min(), t[4].min())
    top_max = max(o[4].max(), t[4].max())
    return PlanScene(
        ox=o[0],
        oy=o[1],
        orad=o[2],
        tx=t[0],
        ty=t[1],
        trad=t[2],
        observer_z=o[3:5].T,
        target_z=t[3:5].T,
        observer_unit=tuple(m.unit for m in obs),
        target_ids=tuple(m.id for m in tgt),
        models=tuple(
            (m.id, m.unit, model_shape(m), m.z, m.z + m.height)
            for m in table.models.values()
            if m.z + m.height > top_min + TOL and m.z < top_max - TOL
        ),
        prisms=index.prisms,
        ruins=index.ruins if roles.ruins_are_walls else (),
        observer_over=o[5] > 0,
        target_over=t[5] > 0,
        other_walls=roles.obscuring_height is not None and bool(index.obscuring),
    )


def _columns(models: list[Model], radii: list[float], over: set[str]) -> NDArray[np.float64]:
    """Rows x, y, radius, bottom, top and "sees over ruins" (1.0) of the models, in one pass."""
    rows = [
        (m.x, m.y, r, m.z, m.z + m.height, m.unit in over)
        for m, r in zip(models, radii, strict=True)
    ]
    return np.ascontiguousarray(np.array(rows, dtype=float).T)
