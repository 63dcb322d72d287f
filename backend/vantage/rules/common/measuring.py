"""How each system measures between models, markers and zones (scenario-format "Conventions").

Warhammer 40,000 measures a based model at its base (vertical extent ``[z, z]``) and a hull model
over its whole height; Deathmatch measures silhouettes (``[z, z + height]``). The distance is
``sqrt(h_gap**2 + v_gap**2)``, which is the exact closest-point distance of two vertical prisms.
"""

from __future__ import annotations

import math

from vantage.engine.table import Model, Objective, Table
from vantage.geometry.measure import farthest_gap, planar_gap, point_gap
from vantage.geometry.prisms import Disc, Shape, measured_extent, model_shape, vertical_gap
from vantage.geometry.units import EPS, mm_to_inch

Extent = tuple[float, float]


def extent(model: Model, silhouettes: bool) -> Extent:
    """The vertical extent used for measuring (base plane, or silhouette in Deathmatch)."""
    if silhouettes:
        return model.z, model.z + model.height
    return measured_extent(model)


def h_gap(a: Model, b: Model) -> float:
    """The plan distance between two footprints (0 when they touch or overlap)."""
    return planar_gap(model_shape(a), model_shape(b))


def v_gap(a: Model, b: Model, silhouettes: bool = False) -> float:
    """The gap between the two vertical extents."""
    return vertical_gap(extent(a, silhouettes), extent(b, silhouettes))


def distance(a: Model, b: Model, silhouettes: bool = False) -> float:
    """Closest-point distance of two models: ``sqrt(h_gap**2 + v_gap**2)``."""
    return math.hypot(h_gap(a, b), v_gap(a, b, silhouettes))


def within(d: float, limit: float) -> bool:
    """ "Within X" means ``<= X`` (tolerance 1e-6 inch)."""
    return d <= limit + EPS


def marker_disc(obj: Objective) -> Disc:
    """An objective marker's footprint (it stands at ``z = 0``)."""
    return Disc(obj.x, obj.y, mm_to_inch(obj.diameter_mm) / 2)


def marker_gaps(
    model: Model, obj: Objective, silhouettes: bool = False, centre_only: bool = False
) -> tuple[float, float]:
    """``(h_gap, v_gap)`` from a model to a marker's disc (or its centre point)."""
    disc = Disc(obj.x, obj.y, 0.0) if centre_only else marker_disc(obj)
    h = planar_gap(model_shape(model), disc)
    v = vertical_gap(extent(model, silhouettes), (0.0, 0.0))
    return h, v


def farthest_from_marker(
    model: Model, obj: Objective, silhouettes: bool = False, centre_only: bool = False
) -> float:
    """The largest distance from a point of the footprint to the marker (wholly within)."""
    radius = 0.0 if centre_only else marker_disc(obj).r
    shape = model_shape(model)
    h = farthest_gap(shape, lambda x, y: max(0.0, math.hypot(x - obj.x, y - obj.y) - radius))
    return math.hypot(h, vertical_gap(extent(model, silhouettes), (0.0, 0.0)))


def farthest_from_model(model: Model, other: Model, silhouettes: bool = False) -> float:
    """The largest distance from a point of the footprint to another model (wholly within)."""
    target: Shape = model_shape(other)
    h = farthest_gap(model_shape(model), lambda x, y: point_gap(target, x, y))
    return math.hypot(h, v_gap(model, other, silhouettes))


def owner(table: Table, model: Model) -> str:
    """The player who owns a model."""
    return table.units[model.unit].player


def keywords(table: Table, model: Model) -> tuple[str, ...]:
    """The keywords of a model's unit (upper case)."""
    return table.units[model.unit].keywords


def enemies(table: Table, a: Model, b: Model) -> bool:
    """Models of different players."""
    return owner(table, a) != owner(table, b)
