"""Which models and terrain block sight in the Warhammer 40,000 editions (prism model).

scenario-format "Conventions": every model is an opaque prism; the observer sees through its own
unit, every other model blocks. Terrain enters per edition (``TerrainRoles``): opaque prisms,
plan walls (10th-edition ruins, 9th-edition obscuring features) or nothing (area terrain).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Collection, Iterable
from dataclasses import dataclass

from vantage.engine.table import Model, Table, TerrainPiece
from vantage.geometry.measure import covered_by_polygon, planar_gap
from vantage.geometry.prisms import (
    Prism,
    model_shape,
    silhouette,
    terrain_prism,
    terrain_shape,
    viewer_prism,
)
from vantage.geometry.sight import (
    Sight,
    SightProblem,
    Wall,
    find_clear_segment,
    memo_get,
    memo_put,
)
from vantage.geometry.units import EPS
from vantage.rules.common.measuring import keywords
from vantage.rules.common.sight_index import hull_box, near_models, near_terrain
from vantage.rules.common.terrain_index import terrain_index

SEE_OVER = frozenset({"AIRCRAFT", "TOWERING"})
"""wh40k-10th §2.5 E/F: sight to and from these models ignores ruins and woods."""


@dataclass(frozen=True, slots=True)
class TerrainRoles:
    """How an edition's terrain kinds take part in sight."""

    prisms: frozenset[str]
    clear: frozenset[str]
    ruins_are_walls: bool = False
    obscuring_height: float | None = None

    def is_prism(self, piece: TerrainPiece) -> bool:
        """An opaque prism: a listed kind, or any kind the edition does not know (decision)."""
        return piece.kind in self.prisms or (
            piece.kind not in self.clear and not (self.ruins_are_walls and piece.kind == "ruins")
        )


def traits(piece: TerrainPiece) -> set[str]:
    """A piece's traits, spelled with spaces (``light_cover`` = ``light cover``)."""
    return {t.replace("_", " ").replace("-", " ") for t in piece.traits}


def sees_over(table: Table, *models: Model) -> bool:
    """Whether either model is AIRCRAFT or TOWERING."""
    return any(SEE_OVER & set(keywords(table, m)) for m in models)


def wholly_within_piece(model: Model, piece: TerrainPiece) -> bool:
    """The footprint lies inside the terrain footprint (wh40k-10th §4.1 decision)."""
    return covered_by_polygon(model_shape(model), terrain_shape(piece))


def touches_piece(model: Model, piece: TerrainPiece) -> bool:
    """The footprint meets the terrain footprint (touching counts, with the scenario format's
    tolerance of 1e-6 inch)."""
    return planar_gap(model_shape(model), terrain_shape(piece)) <= EPS


def model_blockers(
    table: Table, observer: Model, target: Model, see_through: Collection[str] = ()
) -> list[Prism]:
    """Every model but the observer's unit, the target and ``see_through`` ids blocks."""
    return [
        silhouette(m)
        for m in table.models.values()
        if m.unit != observer.unit and m.id != target.id and m.id not in see_through
    ]


def terrain_blockers(table: Table, roles: TerrainRoles, without: Collection[str]) -> list[Prism]:
    """The edition's opaque terrain prisms."""
    return [
        terrain_prism(t)
        for t in table.terrain
        if t.id not in without and t.height > 0 and roles.is_prism(t)
    ]


def terrain_walls(
    table: Table,
    roles: TerrainRoles,
    observer: Model,
    target: Model,
    without: Collection[str],
    pieces: Iterable[TerrainPiece] | None = None,
) -> list[Wall]:
    """Plan walls: 10th-edition ruins (see into, see out), 9th-edition obscuring features
    (among ``pieces``, by default every piece of the table)."""
    walls: list[Wall] = []
    over: bool | None = None
    for piece in table.terrain if pieces is None else pieces:
        if piece.id in without:
            continue
        if roles.ruins_are_walls and piece.kind == "ruins":
            if over is None:
                over = sees_over(table, observer, target)
            if over or wholly_within_piece(observer, piece):
                continue
            walls.append(Wall(terrain_shape(piece), piece.id, see_into=True))
        elif (
            roles.obscuring_height is not None
            and "obscuring" in traits(piece)
            and piece.height >= roles.obscuring_height - 1e-9
        ):
            if touches_piece(observer, piece) or touches_piece(target, piece):
                continue
            walls.append(Wall(terrain_shape(piece), piece.id))
    return walls


def sight_problem(
    table: Table,
    roles: TerrainRoles,
    observer: Model,
    target: Model,
    without: Collection[str] = (),
    see_through: Collection[str] = (),
) -> SightProblem:
    """The observer's and target's prisms with everything that may block between them (what
    cannot meet the sight hull is left out first: see ``rules.common.sight_index``).

    Memoised per table version: the same question (``without`` reduced to the pieces near the
    hull) gives the same problem object, so the answers memoised on it are found again."""
    index = terrain_index(table.terrain, roles)
    box = hull_box(observer, target)
    positions = near_terrain(index, box)
    removed = frozenset(index.terrain[k].id for k in positions) & frozenset(without)
    refs = (table.models, table.terrain, observer, target)
    key = (*(id(r) for r in refs), roles, removed, frozenset(see_through))
    hit = memo_get(_PROBLEMS, key)
    if hit is not None and all(a is b for a, b in zip(hit[0], refs, strict=True)):
        return hit[1]
    blockers = near_models(table, observer, target, box, see_through)
    for k in positions:
        prism = index.piece_prism[k]
        if prism is not None and prism.ident not in without:
            blockers.append(prism)
    near = [table.terrain[k] for k in positions]
    walls = terrain_walls(table, roles, observer, target, without, near)
    prob = SightProblem(viewer_prism(observer), viewer_prism(target), tuple(blockers), tuple(walls))
    memo_put(_PROBLEMS, key, (refs, prob), 1024)
    return prob


_PROBLEMS: OrderedDict[object, tuple[tuple[object, ...], SightProblem]] = OrderedDict()


def sight_problem_reference(
    table: Table,
    roles: TerrainRoles,
    observer: Model,
    target: Model,
    without: Collection[str] = (),
    see_through: Collection[str] = (),
) -> SightProblem:
    """``sight_problem`` listing every model and terrain piece (the reference for tests)."""
    blockers = model_blockers(table, observer, target, see_through)
    blockers += terrain_blockers(table, roles, without)
    walls = terrain_walls(table, roles, observer, target, without)
    return SightProblem(viewer_prism(observer), viewer_prism(target), tuple(blockers), tuple(walls))


def look(
    table: Table, roles: TerrainRoles, observer: Model, target: Model, without: Collection[str] = ()
) -> Sight:
    """Model visible: some clear segment between the two prisms (with its witness)."""
    if observer.id == target.id:
        p = (observer.x, observer.y, observer.z)
        return Sight(True, (p, p))
    return find_clear_segment(sight_problem(table, roles, observer, target, without))
