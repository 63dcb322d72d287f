"""Setting units up on the table: deployment, Reserves, disembarking (wh40k-10th §4.5, §4.8, §3.7).

Physical problems (off the table, overlapping bases, unknown models) always reject; broken rules
(zones, 9" from enemies, engagement range, coherency) go through strictness.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from vantage.engine.errors import Rejection
from vantage.engine.table import Model, Table
from vantage.rules.common.measuring import h_gap, within
from vantage.rules.wh40k10e import geo
from vantage.rules.wh40k10e.commands import Place
from vantage.rules.wh40k10e.emitter import problem
from vantage.rules.wh40k10e.events import Placed
from vantage.rules.wh40k10e.state import State, Zone

RESERVE_GAP = 9.0


def own_unit(state: State, player: str, unit: str) -> Rejection | None:
    """The unit exists and belongs to ``player``."""
    sheet = state.sheets.get(unit)
    if sheet is None:
        return Rejection("unit/unknown", f"no unit {unit!r}", {"unit": unit})
    if sheet.player != player:
        return Rejection("unit/not_yours", f"{sheet.name} belongs to the other player")
    return None


def check_places(state: State, unit: str, places: Sequence[Place]) -> Rejection | None:
    """Every off-table model of the unit is placed exactly once, at finite coordinates."""
    expected = {mid for mid, m in state.offboard.items() if m.unit == unit}
    given = [p.model for p in places]
    if len(set(given)) != len(given) or set(given) != expected:
        return Rejection(
            "setup/models",
            f"place every model of the unit exactly once: {sorted(expected)}",
            {"unit": unit},
        )
    if not all(math.isfinite(v) for p in places for v in (p.x, p.y, p.z, p.facing or 0.0)):
        return Rejection("setup/not_finite", "coordinates must be finite numbers")
    return None


def placed(state: State, places: Sequence[Place]) -> tuple[Placed, ...]:
    """The placements as event records."""
    out = []
    for p in places:
        model = state.offboard.get(p.model) or state.table.models[p.model]
        facing = model.facing if p.facing is None else p.facing
        out.append(Placed(model=p.model, x=p.x, y=p.y, z=p.z, facing=facing))
    return tuple(out)


def table_with(state: State, places: Sequence[Placed]) -> Table:
    """The table with these models put at their places."""
    changed: dict[str, Model] = {}
    for p in places:
        model = state.offboard.get(p.model) or state.table.models[p.model]
        changed[p.model] = model.placed(p.x, p.y, facing=p.facing, z=p.z)
    return state.table.with_models(changed)


def physical(table: Table, ids: Sequence[str]) -> Rejection | None:
    """On the table and not overlapping another model (always enforced)."""
    for mid in ids:
        m = table.models[mid]
        x0, y0, x1, y1 = _bounds(m)
        if x0 < -1e-6 or y0 < -1e-6 or x1 > table.width + 1e-6 or y1 > table.depth + 1e-6:
            return Rejection(
                "setup/off_table",
                f"{table.model_label(mid)} would be off the table",
                {"model": mid},
            )
        for other in table.models.values():
            if other.id != mid and abs(other.z - m.z) < 1e-6 and geo.overlap(m, other):
                return Rejection(
                    "setup/overlap",
                    f"{table.model_label(mid)} would overlap {table.model_label(other.id)}",
                    {"model": mid, "other": other.id},
                )
    from vantage.rules.wh40k10e.floors import floating

    return floating(table, ids)


def rule_problems(
    table: Table,
    unit: str,
    ids: Sequence[str],
    enemy_gap: float | None = None,
    *,
    obstacles: bool,
) -> list[Rejection]:
    """Engagement range, the reserve distance (horizontal), coherency, floors and, when the
    game's rules revision has them (R35, R38), obstacles (§4.2, §4.5, §3.4, §2.5)."""
    out: list[Rejection] = []
    player = table.units[unit].player
    enemies = geo.enemy_models(table, player)
    for mid in ids:
        m = table.models[mid]
        if any(geo.engaged(m, e) for e in enemies):
            out.append(
                problem(
                    "rule/engagement_range",
                    f"{table.model_label(mid)} would be set up within Engagement Range of an enemy "
                    "model (§4.2)",
                    model=mid,
                )
            )
            break
        if enemy_gap is not None and any(within(h_gap(m, e), enemy_gap) for e in enemies):
            out.append(
                problem(
                    "rule/too_close_to_enemy",
                    f"{table.model_label(mid)} must be set up more than "
                    f'{enemy_gap:g}" horizontally from every enemy model (§4.5)',
                    model=mid,
                )
            )
            break
    if not geo.coherent(table, unit):
        out.append(problem("rule/coherency", "the unit must be set up in unit coherency (§3.4)"))
    from vantage.rules.wh40k10e.floors import floor_problems
    from vantage.rules.wh40k10e.obstacles import obstacle_problems

    return out + floor_problems(table, ids) + (obstacle_problems(table, ids) if obstacles else [])


def zone_problems(table: Table, ids: Sequence[str], zone: Zone, what: str) -> list[Rejection]:
    """Every model wholly within the zone (deployment, §4.8)."""
    outside = [mid for mid in ids if not geo.wholly_within_zone(table.models[mid], zone)]
    if outside:
        return [
            problem(
                "rule/outside_zone",
                f"{table.model_label(outside[0])} is not wholly within {what} (§4.8)",
                models=outside,
            )
        ]
    return []


def edge_problems(table: Table, ids: Sequence[str], enemy_zone: Zone | None) -> list[Rejection]:
    """Strategic Reserves: wholly within 6" of a battlefield edge; in round 2 not in the enemy
    deployment zone (§4.5)."""
    out = []
    for mid in ids:
        m = table.models[mid]
        x0, y0, x1, y1 = _bounds(m)
        near = (
            x1 <= 6 + 1e-6
            or y1 <= 6 + 1e-6
            or x0 >= table.width - 6 - 1e-6
            or (y0 >= table.depth - 6 - 1e-6)
        )
        if not near:
            out.append(
                problem(
                    "rule/not_near_edge",
                    f'{table.model_label(mid)} must be wholly within 6" of a '
                    "battlefield edge (Strategic Reserves, §4.5)",
                    model=mid,
                )
            )
            break
        if enemy_zone is not None and geo.zone_gap(m, enemy_zone) <= 1e-9:
            out.append(
                problem(
                    "rule/enemy_zone",
                    f"{table.model_label(mid)} may not be set up in the enemy "
                    "deployment zone in battle round 2 (§4.5)",
                    model=mid,
                )
            )
            break
    return out


def _bounds(model: Model) -> tuple[float, float, float, float]:
    from vantage.geometry.prisms import bbox, model_shape

    if model.base.shape == "circle":
        r = geo.radius(model)
        return model.x - r, model.y - r, model.x + r, model.y + r
    return bbox(model_shape(model))
