"""Per-table indexes for single sight queries: only what can meet the sight hull is built.

``sight_problem`` of ``rules.common.visibility`` lists every model and terrain piece; the sight
search keeps only those meeting the hull of the two footprints (``geometry.sight.relevant``).
This module gives the same problem with the obvious misses left out first: bounding boxes of
every model (cached per table version, keyed by the identity of ``table.models``, which the
entry holds) and of the terrain (``terrain_index``), tested against a box that contains the
search's hull. The obstacles kept, and their order, are what the search would keep.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from vantage.engine.table import Model, Table
from vantage.geometry.prisms import Prism, bbox, model_shape, silhouette
from vantage.geometry.shapes import CircleBase, HullBase, OvalBase, semi_axes
from vantage.rules.common.terrain_index import TerrainIndex

Box = tuple[float, float, float, float]
_PAD = 1.0 / math.cos(math.pi / 32) - 1.0 + 1e-3
"""The search's hull uses polygons circumscribed about round footprints (32 sides)."""


@dataclass(slots=True)
class ModelIndex:
    """Bounding boxes of a table version's models, and their silhouettes built on demand."""

    models: Mapping[str, Model]
    ids: list[str]
    box: NDArray[np.float64]  # (N, 4)
    silhouettes: dict[str, Prism] = field(default_factory=dict)

    def silhouette(self, model: Model) -> Prism:
        """The model's obstacle prism (cached)."""
        found = self.silhouettes.get(model.id)
        if found is None:
            found = self.silhouettes[model.id] = silhouette(model)
        return found


_MODELS: OrderedDict[int, ModelIndex] = OrderedDict()
_SIZE = 8


def model_index(table: Table) -> ModelIndex:
    """The (cached) index of the table's models."""
    key = id(table.models)
    hit = _MODELS.get(key)
    if hit is not None and hit.models is table.models:
        _MODELS.move_to_end(key)
        return hit
    prev = next(reversed(_MODELS.values()), None)
    index = _after_move(table.models, prev) if prev is not None else None
    if index is None:
        ids = list(table.models)
        rows = [_box(m) for m in table.models.values()]
        index = ModelIndex(table.models, ids, np.array(rows, dtype=float).reshape(-1, 4))
        if prev is not None:  # unchanged models keep their silhouettes
            old, new = prev.models, table.models
            index.silhouettes = {k: v for k, v in prev.silhouettes.items() if new.get(k) is old[k]}
    _MODELS[key] = index
    if len(_MODELS) > _SIZE:
        _MODELS.popitem(last=False)
    return index


def _after_move(models: Mapping[str, Model], prev: ModelIndex) -> ModelIndex | None:
    """The index of a new table version with the same models in the same order, some of them
    moved (the usual step): the last index's boxes and silhouettes, with the moved models'
    recomputed. ``None`` when the models or their order differ."""
    if len(models) != len(prev.ids):
        return None
    ids = list(models)
    if ids != prev.ids:
        return None
    pairs = zip(prev.models.values(), models.values(), strict=True)
    moved = [i for i, (a, b) in enumerate(pairs) if a is not b]
    box = prev.box.copy()
    silhouettes = dict(prev.silhouettes)
    for i in moved:
        box[i] = _box(models[ids[i]])
        silhouettes.pop(ids[i], None)
    return ModelIndex(models, prev.ids, box, silhouettes)


def _box(m: Model) -> Box:
    base = m.base
    if isinstance(base, CircleBase | OvalBase):
        reach = max(semi_axes(base))
    else:
        assert isinstance(base, HullBase)
        reach = max(math.hypot(x, y) for x, y in base.points)
    return m.x - reach, m.y - reach, m.x + reach, m.y + reach


def hull_box(a: Model, b: Model) -> Box:
    """A box containing the sight search's hull of the two footprints."""
    boxes = [_grown(a), _grown(b)]
    return (
        min(p[0] for p in boxes),
        min(p[1] for p in boxes),
        max(p[2] for p in boxes),
        max(p[3] for p in boxes),
    )


def _grown(m: Model) -> Box:
    x0, y0, x1, y1 = bbox(model_shape(m))
    pad = _PAD * max(x1 - x0, y1 - y0) / 2 + 1e-6
    return x0 - pad, y0 - pad, x1 + pad, y1 + pad


def _meets(boxes: NDArray[np.float64], box: Box) -> NDArray[np.bool_]:
    if not len(boxes):
        return np.zeros(0, dtype=bool)
    return np.asarray(
        (boxes[:, 0] <= box[2])
        & (boxes[:, 2] >= box[0])
        & (boxes[:, 1] <= box[3])
        & (boxes[:, 3] >= box[1])
    )


def near_models(
    table: Table, observer: Model, target: Model, box: Box, see_through: Collection[str] = ()
) -> list[Prism]:
    """``model_blockers`` restricted to the models whose box meets ``box`` (table order)."""
    index = model_index(table)
    out = []
    for k in np.flatnonzero(_meets(index.box, box)):
        m = table.models[index.ids[k]]
        if m.unit != observer.unit and m.id != target.id and m.id not in see_through:
            out.append(index.silhouette(m))
    return out


def near_terrain(index: TerrainIndex, box: Box) -> list[int]:
    """Positions (in the terrain tuple) of the pieces whose box meets ``box``."""
    return [int(k) for k in np.flatnonzero(_meets(index.boxes, box))]
