"""Per-terrain caches: footprints and sight roles of a table's terrain, built once.

The table is immutable and replaced on every move, but its ``terrain`` tuple is shared by every
version of the table, so the index is keyed by that tuple's identity (the entry holds the tuple,
so the identity cannot be reused while the entry lives) and by the edition's terrain roles.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from vantage.engine.table import TerrainPiece
from vantage.geometry.prisms import Poly, Prism, bbox, terrain_prism, terrain_shape

if TYPE_CHECKING:
    from vantage.rules.common.visibility import TerrainRoles

_CACHE: OrderedDict[tuple[int, TerrainRoles], TerrainIndex] = OrderedDict()
_SIZE = 32


@dataclass(frozen=True, slots=True)
class TerrainIndex:
    """A terrain tuple seen by one edition."""

    terrain: tuple[TerrainPiece, ...]
    shapes: tuple[Poly, ...]
    prisms: tuple[Prism, ...]
    """Opaque prisms in table order (``terrain_blockers`` with nothing removed)."""
    prism_ids: tuple[str, ...]
    ruins: tuple[Poly, ...]
    """Footprints of pieces of kind ``ruins``."""
    ruin_ids: tuple[str, ...]
    obscuring: tuple[str, ...]
    """Ids of pieces with the ``obscuring`` trait (spelled with ``_`` or a space)."""
    piece_prism: tuple[Prism | None, ...]
    """Each piece's opaque prism, or ``None`` when it is not one."""
    boxes: NDArray[np.float64]
    """(pieces, 4) bounding boxes of the footprints."""


def terrain_index(terrain: tuple[TerrainPiece, ...], roles: TerrainRoles) -> TerrainIndex:
    """The (cached) index of a terrain tuple under an edition's roles."""
    key = (id(terrain), roles)
    hit = _CACHE.get(key)
    if hit is not None and hit.terrain is terrain:
        _CACHE.move_to_end(key)
        return hit
    index = _build(terrain, roles)
    _CACHE[key] = index
    if len(_CACHE) > _SIZE:
        _CACHE.popitem(last=False)
    return index


def _build(terrain: tuple[TerrainPiece, ...], roles: TerrainRoles) -> TerrainIndex:
    shapes = tuple(terrain_shape(p) for p in terrain)
    piece_prism = tuple(
        terrain_prism(p) if p.height > 0 and roles.is_prism(p) else None for p in terrain
    )
    ruins = [(p, s) for p, s in zip(terrain, shapes, strict=True) if p.kind == "ruins"]
    return TerrainIndex(
        terrain=terrain,
        shapes=shapes,
        prisms=tuple(q for q in piece_prism if q is not None),
        prism_ids=tuple(p.id for p, q in zip(terrain, piece_prism, strict=True) if q is not None),
        ruins=tuple(s for _, s in ruins),
        ruin_ids=tuple(p.id for p, _ in ruins),
        obscuring=tuple(
            p.id for p in terrain if "obscuring" in {t.replace("_", " ") for t in p.traits}
        ),
        piece_prism=piece_prism,
        boxes=np.array([bbox(s) for s in shapes], dtype=float).reshape(-1, 4),
    )
