"""The observer x target visibility matrix (scenario-format query ``visibility_matrix``).

``matrix_fast`` decides the pairs whose sight depends on the plan only (every obstacle either
always blocks or is always passable for that pair) with the vectorised exact solver of
``geometry.sight_matrix``, and every other pair with the general solver.
"""

from __future__ import annotations

from collections.abc import Callable

from vantage.engine.table import Model, Table
from vantage.geometry.prisms import Disc, model_shape
from vantage.geometry.sight_matrix import PlanScene, plan_matrix
from vantage.rules.common.visibility import (
    TerrainRoles,
    sees_over,
    terrain_blockers,
)

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
    if not all(isinstance(model_shape(m), Disc) for m in (*obs, *tgt)):
        return matrix_by_pairs(table, observers, targets, seen)
    scene = _plan_scene(table, roles, obs, tgt)
    decided = plan_matrix(scene)
    out: dict[str, list[str]] = {}
    for i, o in enumerate(obs):
        row = []
        for j, t in enumerate(tgt):
            verdict = decided[i][j]
            if verdict is None:
                verdict = seen(o.id, t.id)
            if verdict:
                row.append(t.id)
        out[o.id] = sorted(row)
    return out


def _plan_scene(table: Table, roles: TerrainRoles, obs: list[Model], tgt: list[Model]) -> PlanScene:
    ruins = [p for p in table.terrain if roles.ruins_are_walls and p.kind == "ruins"]
    return PlanScene(
        observers=tuple(model_shape(m) for m in obs),  # type: ignore[misc]
        targets=tuple(model_shape(m) for m in tgt),  # type: ignore[misc]
        observer_z=tuple((m.z, m.z + m.height) for m in obs),
        target_z=tuple((m.z, m.z + m.height) for m in tgt),
        observer_unit=tuple(m.unit for m in obs),
        target_unit=tuple(m.unit for m in tgt),
        models=tuple(
            (m.id, m.unit, model_shape(m), m.z, m.z + m.height) for m in table.models.values()
        ),
        target_ids=tuple(m.id for m in tgt),
        prisms=tuple(terrain_blockers(table, roles, ())),
        ruins=tuple(p.polygon for p in ruins),
        observer_over=tuple(sees_over(table, o) for o in obs),
        target_over=tuple(sees_over(table, t) for t in tgt),
        other_walls=_has_other_walls(table, roles),
    )


def _has_other_walls(table: Table, roles: TerrainRoles) -> bool:
    if roles.obscuring_height is None:
        return False
    return any("obscuring" in {t.replace("_", " ") for t in p.traits} for p in table.terrain)
