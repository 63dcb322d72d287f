"""What the vectorised plan solver (``geometry.sight_matrix``) is given, and what it leaves out.

A :class:`PlanScene` holds the observers, the targets and everything that may block.
:func:`classify` sorts the obstacles: convex ruins and opaque convex terrain standing on the
table become plan obstacles (a wall for every pair, or a *partial wall* for the pairs whose tops
are both below its top); everything else (models, raised or non-convex terrain, round
footprints) is *risky*, and :func:`mark_risky` marks the pairs it may be in the way of, which the
general solver decides unless the plan solver proves them blocked.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from vantage.geometry.plan_pack import B, F
from vantage.geometry.prisms import Poly, Prism, Shape, bbox
from vantage.geometry.units import TOL


@dataclass(frozen=True, slots=True)
class PlanScene:
    """Observers and targets (discs with heights) and everything that may block.

    ``models`` lists ``(id, unit, footprint, lo, hi)`` of the models that may stand in the way;
    passing every model is correct, passing only those whose height range can matter is faster.
    """

    ox: F
    oy: F
    orad: F
    tx: F
    ty: F
    trad: F
    observer_z: F  # (O, 2): lo, hi
    target_z: F
    observer_unit: tuple[str, ...]
    target_ids: tuple[str, ...]
    models: tuple[tuple[str, str, Shape, float, float], ...]
    prisms: tuple[Prism, ...]
    ruins: tuple[Poly, ...]
    observer_over: B
    """AIRCRAFT or TOWERING observers: ruins do not block their sight."""
    target_over: B
    other_walls: bool


Risky = tuple[tuple[float, float, float, float], str, str, float, float, float]
"""An obstacle the plan solver leaves out, for some pairs or all: its footprint's box, its model
and unit (``""``: terrain), its height range, and the top of a *partial wall* (``inf``: none),
an opaque footprint from the ground that is a wall for the pairs whose tops are both clearly
below its top and is left out for the others."""


def classify(scene: PlanScene) -> tuple[list[Poly], list[bool], list[float], list[Risky]]:
    """Plan obstacles (convex ruins, and opaque convex terrain from the ground: a wall, or a
    partial wall with its top), whether each is a ruin, their wall tops (``inf``: a wall for
    every pair), and the risky obstacles."""
    oz, tz = scene.observer_z, scene.target_z
    top_min = min(oz[:, 1].min(), tz[:, 1].min())
    top_max = max(oz[:, 1].max(), tz[:, 1].max())
    low_min = min(oz[:, 0].min(), tz[:, 0].min())
    lower_top_max = min(oz[:, 1].max(), tz[:, 1].max())  # the highest min(top_o, top_t)
    polys: list[Poly] = []
    see: list[bool] = []
    walls: list[float] = []
    risky: list[Risky] = []
    for prism in scene.prisms:
        if prism.hi <= top_min + TOL:
            continue
        full = prism.hi >= top_max - TOL and prism.hi > lower_top_max + TOL
        shape = prism.shape
        if prism.lo <= low_min + TOL and isinstance(shape, Poly) and shape.convex:
            polys.append(shape)
            see.append(False)
            walls.append(math.inf if full else prism.hi)
            if not full:
                risky.append((bbox(shape), "", "", prism.lo, prism.hi, prism.hi))
        else:
            risky.append((bbox(shape), "", "", prism.lo, prism.hi, math.inf))
    for poly in scene.ruins:
        if not poly.convex:
            risky.append((bbox(poly), "", "", -math.inf, math.inf, math.inf))
            continue
        polys.append(poly)
        see.append(True)
        walls.append(math.inf)
    for mid, unit_id, shape, lo, hi in scene.models:
        if hi <= top_min + TOL or lo >= top_max - TOL:
            continue
        risky.append((bbox(shape), mid, unit_id, lo, hi, math.inf))
    return polys, see, walls, risky


def mark_risky(risky: list[Risky], scene: PlanScene) -> B:
    """Pairs whose capsule meets a risky footprint's box, unless the obstacle is passable for
    the pair: a model of the observer's unit or the target itself (seen through), or an
    obstacle no higher than the lower of the two tops or no lower than the higher one (a
    segment joining the tops passes over or under it, as ``classify`` passes such obstacles
    for every pair), or a partial wall both tops are clearly below (a plan obstacle for the
    pair, see ``pair_boxes.sides``)."""
    no, nt = len(scene.ox), len(scene.tx)
    undecided = np.zeros((no, nt), dtype=bool)
    if not risky:
        return undecided
    rad = np.maximum(scene.orad[:, None], scene.trad[None, :])
    ox, oy = scene.ox[:, None], scene.oy[:, None]
    tx, ty = scene.tx[None, :], scene.ty[None, :]
    x0, x1 = np.minimum(ox, tx) - rad, np.maximum(ox, tx) + rad
    y0, y1 = np.minimum(oy, ty) - rad, np.maximum(oy, ty) + rad
    highest = np.maximum(scene.observer_z[:, 1, None], scene.target_z[None, :, 1])
    lower = np.minimum(scene.observer_z[:, 1, None], scene.target_z[None, :, 1]) + TOL
    upper = highest - TOL
    obs_units = np.array(scene.observer_unit)
    tgt_ids = np.array(scene.target_ids)
    for box, mid, unit_id, lo, hi, wall in risky:
        hit = (x0 <= box[2]) & (x1 >= box[0]) & (y0 <= box[3]) & (y1 >= box[1])
        if mid:
            hit &= (obs_units[:, None] != unit_id) & (tgt_ids[None, :] != mid)
        hit &= (hi > lower) & (lo < upper)
        if wall < math.inf:
            hit &= highest >= wall - TOL
        undecided |= hit
    return undecided
