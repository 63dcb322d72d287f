"""Standing above the ground: ruin floors and hill tops, and Plunging Fire (wh40k-10th §2.4,
§2.5 D and F).

A model stands on the ground (``z`` = 0) or on a surface of a terrain piece: one of a piece's
``floors`` (the heights of its upper floors), or the top of a HILL or sealed building. Standing in
mid-air is physically impossible and always rejected ("a move cannot end mid-climb", §2.4); where
the rules then restrict who may stand there (the base must not overhang the floor, only INFANTRY,
BEAST and FLY models on a ruin's upper floors) the problems go through strictness (rules decision
R18).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from vantage.engine.errors import Rejection
from vantage.engine.table import Model, Table, TerrainPiece
from vantage.rules.common.elevation import LEVEL_EPS as LEVEL_EPS
from vantage.rules.common.elevation import levels
from vantage.rules.wh40k10e import geo
from vantage.rules.wh40k10e.emitter import problem

PLUNGING_HEIGHT = 6.0
UPPER_FLOOR_KEYWORDS = frozenset({"INFANTRY", "BEAST", "FLY"})


def at_ground(model: Model) -> bool:
    """The model stands at ground level."""
    return model.z <= LEVEL_EPS


def surfaces_under(table: Table, model: Model) -> list[TerrainPiece]:
    """The pieces with a surface at the model's height that its position is over."""
    from shapely.geometry import Point, Polygon

    here = Point(model.x, model.y)
    return [
        p
        for p in table.terrain
        if any(abs(level - model.z) <= LEVEL_EPS for level in levels(p))
        and Polygon(p.polygon).buffer(LEVEL_EPS).covers(here)
    ]


def floating(table: Table, ids: Iterable[str]) -> Rejection | None:
    """A model above the ground with no surface under its centre at that height (physical)."""
    for mid in ids:
        m = table.models[mid]
        if not at_ground(m) and not surfaces_under(table, m):
            return Rejection(
                "setup/no_floor",
                f'{table.model_label(mid)} would stand {m.z:g}" up with no floor there; a move '
                "cannot end mid-climb (§2.4)",
                {"model": mid, "z": m.z},
            )
    return None


def floor_problems(table: Table, ids: Sequence[str]) -> list[Rejection]:
    """Rules for standing on a surface: no overhang (§2.5 D, F); only INFANTRY, BEAST and FLY
    models on a ruin's upper floors (§2.5 F)."""
    for mid in ids:
        m = table.models[mid]
        if at_ground(m):
            continue
        pieces = surfaces_under(table, m)
        if not pieces:
            continue
        keywords = set(table.units[m.unit].keywords)
        fits = [p for p in pieces if geo.wholly_within_zone(m, p.polygon)]
        if not fits:
            return [
                problem(
                    "rule/overhang",
                    f"{table.model_label(mid)}'s base would overhang the edge of "
                    f"{pieces[0].name or pieces[0].id} (§2.5)",
                    model=mid,
                    terrain=pieces[0].id,
                )
            ]
        if all(p.kind == "ruins" for p in fits) and not (keywords & UPPER_FLOOR_KEYWORDS):
            return [
                problem(
                    "rule/ruin_floor",
                    f"only INFANTRY, BEAST and FLY models may stand on an upper floor of a "
                    f"ruin; {table.model_label(mid)} must stay on the ground floor (§2.5 F)",
                    model=mid,
                    terrain=fits[0].id,
                )
            ]
    return []


def plunging(table: Table, attacker: Model, targets: Sequence[Model]) -> bool:
    """Plunging Fire: the attacker is wholly within a ruin at least 6" above the ground and
    every model of the target unit is at ground level (§2.5 F)."""
    if attacker.z < PLUNGING_HEIGHT - LEVEL_EPS or not targets:
        return False
    if not all(at_ground(t) for t in targets):
        return False
    return any(
        p.kind == "ruins" and geo.wholly_within_zone(attacker, p.polygon) for p in table.terrain
    )
