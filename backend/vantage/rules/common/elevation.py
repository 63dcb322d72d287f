"""Where a model stands in height: the ground (``z`` = 0) or a surface of a terrain piece.

A piece's surfaces are its ``floors`` (the heights of its upper floors) and the top of a HILL or a
building. The 10th edition's movement rules (``rules.wh40k10e.floors``) and the refereed tables'
moves (rules decision 28, ``drop_height``) read the same surfaces; the browser's
``geometry/levels.ts`` mirrors ``levels`` and ``drop_height`` for its preview.
"""

from __future__ import annotations

from shapely.geometry import Point, Polygon

from vantage.engine.table import Model, Table, TerrainPiece

LEVEL_EPS = 1e-6
TOP_KINDS = frozenset({"hill", "building"})
"""Pieces whose top is a surface models may stand on."""


def levels(piece: TerrainPiece) -> tuple[float, ...]:
    """The heights above the ground a model can stand at on this piece, lowest first."""
    tops = (piece.height,) if piece.kind in TOP_KINDS and piece.height > 0 else ()
    return tuple(sorted(z for z in {*piece.floors, *tops} if z > LEVEL_EPS))


def levels_at(table: Table, x: float, y: float) -> tuple[float, ...]:
    """The heights above the ground of every piece whose footprint holds the point (its
    boundary included), lowest first."""
    here = Point(x, y)
    out: set[float] = set()
    for piece in table.terrain:
        if len(piece.polygon) >= 3 and Polygon(piece.polygon).buffer(LEVEL_EPS).covers(here):
            out.update(levels(piece))
    return tuple(sorted(out))


def is_level(table: Table, x: float, y: float, z: float) -> bool:
    """``z`` is the ground or a surface under the point."""
    return z <= LEVEL_EPS or any(abs(z - level) <= LEVEL_EPS for level in levels_at(table, x, y))


def drop_height(model: Model, table: Table, x: float, y: float) -> float:
    """The height a model picked up at its height ``model.z`` comes to rest at when dropped with
    its centre at ``(x, y)`` (rules decision 28): its own height where a surface under the
    centre has it; else the highest surface under the centre below it; else the ground. A model
    turned where it stands (its centre not moved) keeps its height."""
    if model.z <= LEVEL_EPS:
        return 0.0
    if abs(x - model.x) <= LEVEL_EPS and abs(y - model.y) <= LEVEL_EPS:
        return model.z
    below = [z for z in levels_at(table, x, y) if z <= model.z + LEVEL_EPS]
    if not below:
        return 0.0
    top = below[-1]
    return model.z if abs(top - model.z) <= LEVEL_EPS else top
