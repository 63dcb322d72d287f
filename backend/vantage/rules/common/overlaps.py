"""Bases that would overlap: the physical check every table system makes on a move or a drag.

Two models overlap when they stand at the same height and their footprints share more than
``OVERLAP_AREA`` (touching is fine).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import shapely
from shapely import STRtree
from shapely.geometry import Polygon

from vantage.engine.table import Model, Table
from vantage.geometry.shapes import footprint
from vantage.geometry.units import EPS

OVERLAP_AREA = 1e-6
"""Bases may touch; footprint interiors that share more than this area (in²) overlap."""


def overlapping(table: Table, moved: Mapping[str, Model]) -> Iterator[tuple[str, str]]:
    """Each moved model (at its new place in ``moved``) and a model whose base it would overlap
    at the same height, in table order; the drag check shows them before the drop."""
    ids: list[str] = []
    shapes: list[Polygon] = []
    heights: list[float] = []
    for model in table.models.values():
        new = moved.get(model.id)
        ids.append(model.id)
        shapes.append(cached_footprint(model if new is None else new))
        heights.append(model.z if new is None else new.z)
    tree = STRtree(shapes)
    index = {mid: i for i, mid in enumerate(ids)}
    for mid in moved:
        i = index[mid]
        for j in sorted(int(k) for k in tree.query(shapes[i], predicate="intersects")):
            if j == i or abs(heights[i] - heights[j]) > EPS:
                continue
            if shapely.area(shapely.intersection(shapes[i], shapes[j])) > OVERLAP_AREA:
                yield mid, ids[j]


_FOOTPRINTS: dict[Model, Polygon] = {}


def cached_footprint(model: Model) -> Polygon:
    """The model's footprint, remembered by the (immutable) model: the models that stay put
    are the same objects from one move to the next."""
    shape = _FOOTPRINTS.get(model)
    if shape is None:
        if len(_FOOTPRINTS) > 20000:
            _FOOTPRINTS.clear()
        shape = footprint(model.base, model.x, model.y, model.facing)
        _FOOTPRINTS[model] = shape
    return shape
