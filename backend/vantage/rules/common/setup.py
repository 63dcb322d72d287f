"""Set-up legality (scenario-format Conventions ``setup_legal``; wh40k-10th §4.5, wh40k-9th §4.6.7,
wh40k-8th-faq §2.13, deathmatch §10 item 18).

The model is lifted and put down at ``(x, y, z)`` with its facing unchanged. Checked in order:
the footprint inside the table, no overlap with another model (interiors meet and vertical
extents overlap), no enemy within engagement range, and for arriving reserves every enemy more
than 9" away as the system measures it. Terrain is not checked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from vantage.engine.table import Model, Table
from vantage.geometry.measure import covered_by_polygon, interiors_overlap
from vantage.geometry.prisms import model_shape, polygon_of_rect
from vantage.geometry.units import EPS
from vantage.rules.common.measuring import enemies, extent

Pair = Callable[[Table, Model, Model], bool]


@dataclass(frozen=True, slots=True)
class SetupCheck:
    """The answer: legal, or the first reason it is not."""

    legal: bool
    reason: str | None = None

    def as_json(self) -> dict[str, object]:
        """The scenario-format answer shape."""
        return {"legal": self.legal, "reason": self.reason}


def extents_overlap(a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Whether two vertical extents put two models in the same place (rules decision 14).

    Two ranges with a height overlap when they share more than a touching end (a hull may stand
    on another's top). A based model's extent is its base's plane ``[z, z]``: it overlaps
    another base at the same height, and a hull whose range holds ``z`` from its foot up to, but
    not at, its top (a model may stand on a hull, not in it).
    """
    a_flat, b_flat = a[1] - a[0] <= EPS, b[1] - b[0] <= EPS
    if a_flat and b_flat:
        return abs(a[0] - b[0]) <= EPS
    if a_flat or b_flat:
        (z, _), (foot, top) = (a, b) if a_flat else (b, a)
        return foot - EPS <= z < top - EPS
    return min(a[1], b[1]) - max(a[0], b[0]) > EPS


def setup_check(
    table: Table,
    model: Model,
    x: float,
    y: float,
    z: float,
    reserve: bool,
    engaged: Pair,
    too_close: Pair,
    silhouettes: bool,
) -> SetupCheck:
    """Whether ``model`` could be set up at ``(x, y, z)``; the first failed rule's code."""
    moved = model.placed(x, y, z=z)
    shape = model_shape(moved)
    if not covered_by_polygon(shape, polygon_of_rect(table.width, table.depth), eps=EPS):
        return SetupCheck(False, "off_table")
    placed = table.with_models({moved.id: moved})
    others = [m for m in placed.models.values() if m.id != moved.id]
    mine = extent(moved, silhouettes)
    for other in others:
        if extents_overlap(mine, extent(other, silhouettes)) and interiors_overlap(
            shape, model_shape(other)
        ):
            return SetupCheck(False, "overlap")
    foes = [m for m in others if enemies(placed, moved, m)]
    if any(engaged(placed, moved, m) for m in foes):
        return SetupCheck(False, "engagement_range")
    if reserve and any(too_close(placed, moved, m) for m in foes):
        return SetupCheck(False, "too_close_to_enemy")
    return SetupCheck(True, None)
