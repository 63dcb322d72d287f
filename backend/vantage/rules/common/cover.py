"""Benefit of cover from terrain in the Warhammer 40,000 editions (one observer, ranged).

wh40k-10th §2.5 (craters, barricades, debris, hills, woods, ruins), wh40k-9th §2.1 (terrain
traits), wh40k-8th-faq §2.14 (ruins, woods, craters, barricades; the 50% rule for other units).
"Not fully visible because of X" is read as: not fully visible with X, fully visible without it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from vantage.engine.table import Model, Table, TerrainPiece
from vantage.geometry.measure import (
    farthest_gap_bound,
    farthest_gap_to,
    interiors_overlap,
    planar_gap,
)
from vantage.geometry.prisms import model_shape, terrain_shape
from vantage.rules.common.measuring import distance, keywords, within
from vantage.rules.common.visibility import traits, wholly_within_piece

FullyVisible = Callable[[Collection[str]], bool]
"""Fully visible with the named terrain pieces taken off the table."""

BECAUSE_OF_10E = frozenset(
    {"ruins", "woods", "barricade", "obstacle", "debris", "hill", "building"}
)


def is_infantry(table: Table, model: Model) -> bool:
    """The target's unit has the INFANTRY keyword."""
    return "INFANTRY" in keywords(table, model)


def wholly_within_range_of_piece(model: Model, piece: TerrainPiece, rng: float) -> bool:
    """Every point of the footprint within ``rng`` of the terrain footprint (plan)."""
    shape, footprint = terrain_shape(piece), model_shape(model)
    if within(farthest_gap_bound(footprint, shape), rng):  # quick accept (1-Lipschitz bound)
        return True
    return within(farthest_gap_to(footprint, shape), rng)


def cover_10e(table: Table, target: Model, fully_visible: FullyVisible) -> bool:
    """wh40k-10th §2.5: wholly within ruins, woods or (INFANTRY) a crater, or not fully visible
    because of a ruin, woods, debris, hill, building or (INFANTRY within 3") a barricade."""
    infantry = is_infantry(table, target)
    for piece in table.terrain:
        if piece.kind in ("ruins", "woods") and wholly_within_piece(target, piece):
            return True
        if piece.kind == "crater" and infantry and wholly_within_piece(target, piece):
            return True
    if fully_visible(()):
        return False
    for piece in table.terrain:
        if piece.kind not in BECAUSE_OF_10E:
            continue
        if piece.kind == "barricade" and not (
            infantry and wholly_within_range_of_piece(target, piece, 3.0)
        ):
            continue
        if fully_visible((piece.id,)):
            return True
    return False


def cover_9e(table: Table, target: Model) -> bool:
    """wh40k-9th (scenario-format Conventions): the footprint touches a feature with the trait
    ``light cover`` or ``heavy cover``."""
    shape = model_shape(target)
    for piece in table.terrain:
        covering = {"light cover", "heavy cover"} & traits(piece)
        if covering and planar_gap(shape, terrain_shape(piece)) <= 1e-9:
            return True
    return False


def cover_8e(
    table: Table, observer: Model, target: Model, obscured_half: Callable[[Model], bool]
) -> bool:
    """wh40k-8th-faq §2.14: every model of the target's unit on or in ruins or woods (others:
    also at least 50% obscured), or INFANTRY each wholly within a crater, or INFANTRY each within
    1" of a barricade that is closer to the observer than the target."""
    models = table.unit_models(target.unit)
    infantry = is_infantry(table, target)
    area = [p for p in table.terrain if p.kind in ("ruins", "woods")]
    on_area = all(any(_partly_in(m, p) for p in area) for m in models)
    if on_area and (infantry or all(obscured_half(m) for m in models)):
        return True
    if not infantry:
        return False
    craters = [p for p in table.terrain if p.kind == "crater"]
    if all(any(wholly_within_piece(m, p) for p in craters) for m in models):
        return True
    barricades = [p for p in table.terrain if p.kind == "barricade"]
    return all(any(_behind_barricade(observer, m, target, p) for p in barricades) for m in models)


def _partly_in(model: Model, piece: TerrainPiece) -> bool:
    return interiors_overlap(model_shape(model), terrain_shape(piece))


def _behind_barricade(observer: Model, model: Model, target: Model, piece: TerrainPiece) -> bool:
    shape = terrain_shape(piece)
    near = within(planar_gap(model_shape(model), shape), 1.0)
    closer = planar_gap(model_shape(observer), shape) < distance(observer, target)
    return near and closer
