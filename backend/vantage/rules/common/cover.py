"""Benefit of cover from terrain in the Warhammer 40,000 editions (one observer, ranged).

wh40k-10th §2.5 (craters, barricades, debris, hills, woods, ruins), wh40k-9th §2.1 (terrain
traits), wh40k-8th-faq §2.14 (ruins, woods, craters, barricades; the 50% rule for other units).
"Not fully visible because of X" is read as: not fully visible with X, fully visible without it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass

from vantage.engine.table import Model, Table, TerrainPiece
from vantage.geometry.measure import (
    farthest_gap_bound,
    farthest_gap_to,
    interiors_overlap,
    planar_gap,
)
from vantage.geometry.prisms import model_shape, terrain_shape
from vantage.geometry.units import EPS
from vantage.rules.common.measuring import distance, keywords, within
from vantage.rules.common.visibility import traits, wholly_within_piece

FullyVisible = Callable[[Collection[str]], bool]
"""Fully visible with the named terrain pieces taken off the table."""

BECAUSE_OF_10E = frozenset(
    {"ruins", "woods", "barricade", "obstacle", "debris", "hill", "building"}
)


@dataclass(frozen=True, slots=True)
class CoverCause:
    """What gives a target its cover: a terrain piece or model id, and why, in one word:
    ``within`` (wholly within it), ``obscured`` (not fully visible because of it), ``touching``
    (9th edition: the footprint touches a feature with light cover), ``heavy`` (9th edition:
    touches heavy cover only, a benefit against melee attacks alone), ``on`` (8th edition: on or
    in ruins or woods), ``crater`` and ``barricade`` (8th edition), ``forest`` and ``between``
    (Deathmatch: the target stands in a forest, or the source lies on the line)."""

    source: str
    why: str


def is_infantry(table: Table, model: Model) -> bool:
    """The target's unit has the INFANTRY keyword."""
    return "INFANTRY" in keywords(table, model)


def wholly_within_range_of_piece(model: Model, piece: TerrainPiece, rng: float) -> bool:
    """Every point of the footprint within ``rng`` of the terrain footprint (plan)."""
    shape, footprint = terrain_shape(piece), model_shape(model)
    if within(farthest_gap_bound(footprint, shape), rng):  # quick accept (1-Lipschitz bound)
        return True
    return within(farthest_gap_to(footprint, shape), rng)


def cover_10e(table: Table, target: Model, fully_visible: FullyVisible) -> CoverCause | None:
    """wh40k-10th §2.5: wholly within ruins, woods or (INFANTRY) a crater, or not fully visible
    because of a ruin, woods, debris, hill, building or (INFANTRY within 3") a barricade; the
    first such piece in table order (``None``: no cover)."""
    infantry = is_infantry(table, target)
    for piece in table.terrain:
        if piece.kind in ("ruins", "woods") and wholly_within_piece(target, piece):
            return CoverCause(piece.id, "within")
        if piece.kind == "crater" and infantry and wholly_within_piece(target, piece):
            return CoverCause(piece.id, "within")
    if fully_visible(()):
        return None
    for piece in table.terrain:
        if piece.kind not in BECAUSE_OF_10E:
            continue
        if piece.kind == "barricade" and not (
            infantry and wholly_within_range_of_piece(target, piece, 3.0)
        ):
            continue
        if fully_visible((piece.id,)):
            return CoverCause(piece.id, "obscured")
    return None


def cover_9e(table: Table, target: Model) -> CoverCause | None:
    """wh40k-9th (scenario-format Conventions): the footprint touches a feature with the trait
    ``light cover`` or ``heavy cover``. The cause is the first light-cover feature touched in
    table order (``touching``: +1 to armour saves against ranged attacks), else the first
    heavy-cover one (``heavy``: its benefit is against melee attacks only, [GK9] and rules
    decision D29, so the words must not promise a ranged save)."""
    shape = model_shape(target)
    heavy: CoverCause | None = None
    for piece in table.terrain:
        covering = {"light cover", "heavy cover"} & traits(piece)
        if not covering or planar_gap(shape, terrain_shape(piece)) > EPS:
            continue
        if "light cover" in covering:
            return CoverCause(piece.id, "touching")
        heavy = heavy or CoverCause(piece.id, "heavy")
    return heavy


def cover_8e(
    table: Table, observer: Model, target: Model, obscured_half: Callable[[Model], bool]
) -> CoverCause | None:
    """wh40k-8th-faq §2.14: every model of the target's unit on or in ruins or woods (others:
    also at least 50% obscured), or INFANTRY each wholly within a crater, or INFANTRY each within
    1" of a barricade that is closer to the observer than the target. The cause named is the
    target model's own piece (the first in table order)."""
    models = table.unit_models(target.unit)
    infantry = is_infantry(table, target)
    area = [p for p in table.terrain if p.kind in ("ruins", "woods")]
    on_area = all(any(_partly_in(m, p) for p in area) for m in models)
    if on_area and (infantry or all(obscured_half(m) for m in models)):
        return _first(area, lambda p: _partly_in(target, p), "on")
    if not infantry:
        return None
    craters = [p for p in table.terrain if p.kind == "crater"]
    if all(any(wholly_within_piece(m, p) for p in craters) for m in models):
        return _first(craters, lambda p: wholly_within_piece(target, p), "crater")
    barricades = [p for p in table.terrain if p.kind == "barricade"]
    if all(any(_behind_barricade(observer, m, target, p) for p in barricades) for m in models):
        return _first(
            barricades, lambda p: _behind_barricade(observer, target, target, p), "barricade"
        )
    return None


def _first(
    pieces: list[TerrainPiece], holds: Callable[[TerrainPiece], bool], why: str
) -> CoverCause:
    """The first piece for which ``holds`` (the caller knows there is one)."""
    return CoverCause(next(p.id for p in pieces if holds(p)), why)


def _partly_in(model: Model, piece: TerrainPiece) -> bool:
    return interiors_overlap(model_shape(model), terrain_shape(piece))


def _behind_barricade(observer: Model, model: Model, target: Model, piece: TerrainPiece) -> bool:
    shape = terrain_shape(piece)
    near = within(planar_gap(model_shape(model), shape), 1.0)
    closer = planar_gap(model_shape(observer), shape) < distance(observer, target)
    return near and closer
