"""Barricades, fuel pipes, battlefield debris and statuary: OBSTACLES (wh40k-10th §2.5 B, C;
§11 item 18; seed L3748-L3809).

Models may move onto, over and down an obstacle but cannot be set up on it or end any kind of
move on it. "On it" is the base's footprint sharing interior points with the obstacle's
footprint, at a height up to the obstacle's top (touching its edge is not on it; a model on a
floor above it is not on it). The problem goes through strictness (rules decision R15, R35).
"""

from __future__ import annotations

from collections.abc import Sequence

from vantage.engine.errors import Rejection
from vantage.engine.table import Table
from vantage.geometry.measure import interiors_overlap
from vantage.geometry.prisms import model_shape, terrain_shape
from vantage.rules.common.elevation import LEVEL_EPS
from vantage.rules.wh40k10e.emitter import problem

OBSTACLE_KINDS = frozenset({"barricade", "obstacle", "debris"})
"""Terrain kinds with the OBSTACLE keyword (§2.5 B, C)."""


def obstacle_problems(table: Table, ids: Sequence[str]) -> list[Rejection]:
    """``rule/on_obstacle`` for the first model set up or ending a move on an obstacle, named
    by its name, else its id (which the page names, as it does every terrain id in a message)."""
    pieces = [p for p in table.terrain if p.kind in OBSTACLE_KINDS and len(p.polygon) >= 3]
    if not pieces:
        return []
    for mid in ids:
        m = table.models[mid]
        shape = model_shape(m)
        for piece in pieces:
            if m.z <= piece.height + LEVEL_EPS and interiors_overlap(shape, terrain_shape(piece)):
                return [
                    problem(
                        "rule/on_obstacle",
                        f"{table.model_label(mid)} may not be set up or end a move on "
                        f"{piece.name or piece.id} (models may only move over an obstacle, "
                        "§2.5 B, C)",
                        model=mid,
                        terrain=piece.id,
                    )
                ]
    return []
