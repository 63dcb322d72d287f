"""Exact sight when obstacle heights matter: a search over cells of target points.

Used when some obstacle neither blocks every segment that crosses its footprint nor is passed
by the segment joining the two tops (an obstacle of intermediate height, or one raised off the
table). The sight segment runs from a point ``(p, za)`` of the observer to a point ``(q, zb)``
of the target. A *cell* is a box of target points ``q`` with intervals of ``zb`` and ``za``.

* **Clear**: at the cell's centre ``(q, zb, za)`` the observer points ``p`` that see it are the
  observer's footprint minus the obstacles' shadows (``geometry.shadows``), a plane region
  computed exactly (up to the round figures' polygons, taken on the generous side); a point of
  it gives a segment, which is then checked exactly on its plan line (``solve_line``).
* **Blocked**: an obstacle blocking the segments from ``X`` to every corner of a convex cell
  blocks those to every point of it (the segments from ``X`` to an edge sweep a triangle; the
  obstacle's convex section meets both of its sides, so it cuts every segment between), and a
  shadow is convex in the observer's height as well; so the intersection of a piece's shadows
  cast from the cell's corners at both ends of the ``za`` interval lies in its shadow from every
  point of the cell. When the union of these intersections covers the observer's footprint
  (taken on the generous side, grown by 1e-6 inch), no point of the cell is seen.
* Otherwise the cell is halved along its longest side. A cell narrower than 1e-3 inch is not
  split again; when the search ends with such cells (or after ``budget`` cells) it answers
  nothing and the caller falls back to its candidate lines (docs/geometry.md).

When every obstacle stands at or below the lower of the two viewers' bottoms, raising either
end of a segment only lifts it, so the two tops are optimal and the cells are plan boxes only.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from itertools import product
from typing import Literal

import shapely
from shapely.geometry import Point
from shapely.geometry.base import BaseGeometry

from vantage.geometry.lines import line_through
from vantage.geometry.prisms import (
    Disc,
    Poly,
    Prism,
    Shape,
    bbox,
    nothing_passes_under,
    to_polygon,
)
from vantage.geometry.shadows import ROUND_SIDES, mu_range, prism_parts, shadow, wall_parts

Cell = tuple[float, float, float, float, float, float, float, float]
"""``(x0, y0, x1, y1, zb0, zb1, za0, za1)``: target plan box, target and observer heights."""

Point3 = tuple[float, float, float]
MIN_CELL = 1e-3
GROW = 1e-6


@dataclass(frozen=True, slots=True)
class Region:
    """A viewer's footprint on the generous and the strict side (a point for a point viewer)."""

    inner: BaseGeometry
    outer: BaseGeometry


def region(shape: Shape) -> Region:
    """The footprint's inscribed and (grown) circumscribed figures."""
    if isinstance(shape, Disc) and shape.r <= 0:
        point = Point(shape.cx, shape.cy)
        return Region(point, point.buffer(GROW, quad_segs=1))
    inner = to_polygon(shape, ROUND_SIDES)
    outer = to_polygon(shape, ROUND_SIDES, outer=True).buffer(GROW, join_style="mitre")
    return Region(inner, outer)


def tops_optimal(observer: Prism, target: Prism, blockers: list[Prism]) -> bool:
    """No obstacle starts above the lower viewer's bottom: lifting an end only helps."""
    return all(nothing_passes_under(b.lo, observer, target) for b in blockers)


Check = Callable[[Point3, Point3], "tuple[Point3, Point3] | None"]


class CellSearch:
    """The search for one sight problem (see the module docstring)."""

    def __init__(
        self,
        observer: Prism,
        target: Prism,
        blockers: list[Prism],
        walls: list[tuple[Poly, bool]],
    ) -> None:
        parts = [p for b in blockers for p in prism_parts(b)]
        parts += [p for shape, see in walls for p in wall_parts(shape, see)]
        self.parts = [(p, nothing_passes_under(p.lo, observer, target)) for p in parts]
        self.seer = region(observer.shape)
        self.seen = region(target.shape)
        x0, y0, x1, y1 = bbox(observer.shape)
        self.corners = ((x0, y0), (x0, y1), (x1, y0), (x1, y1))
        self.tops = (target.hi, observer.hi)
        if tops_optimal(observer, target, blockers):
            zb, za = (target.hi, target.hi), (observer.hi, observer.hi)
        else:
            zb, za = (target.lo, target.hi), (observer.lo, observer.hi)
        tx0, ty0, tx1, ty1 = bbox(target.shape)
        self.root: Cell = (tx0, ty0, tx1, ty1, *zb, *za)
        self.plan_only = zb[0] == zb[1] and za[0] == za[1]
        self._shadows: dict[tuple[int, tuple[float, float], float, float], BaseGeometry | None]
        self._shadows = {}
        self._queue: deque[Cell] = deque([self.root])
        self._unresolved = False
        self._spent = 0

    def run(self, budget: int, check: Check) -> tuple[Point3, Point3] | Literal[False] | None:
        """A clear segment (one that ``check`` confirms), ``False`` when every cell is proven
        blocked, ``None`` when undecided within ``budget`` cells in all: a later call with a
        larger budget goes on where this one stopped (the same cells in the same order as one
        call with that budget)."""
        queue = self._queue
        while self._spent < budget:
            if not queue:
                return None if self._unresolved else False
            self._spent += 1
            cell = queue.popleft()
            if not self._may_hold_target(cell):
                continue
            found, useful = self._clear_at_centre(cell)
            if found is not None:
                confirmed = check(*found)
                if confirmed is not None:
                    return confirmed
            elif self._blocked(cell, useful):
                continue
            halves = _split(cell)
            if halves is None:
                self._unresolved = True
                continue
            queue.extend(halves)
        return None if (queue or self._unresolved) else False

    def _may_hold_target(self, cell: Cell) -> bool:
        x0, y0, x1, y1 = cell[:4]
        return bool(self.seen.outer.intersects(shapely.box(x0, y0, x1, y1)))

    def _beyond_corners(self, q: tuple[float, float]) -> float:
        """A distance from ``q`` past every corner of the observer's box (a line's length)."""
        return max(math.dist(q, c) for c in self.corners) + 1.0

    def _clear_at_centre(self, cell: Cell) -> tuple[tuple[Point3, Point3] | None, list[int]]:
        """A segment from the observer to a target point of the cell that misses the shadows
        (taken on the generous side: to be checked), or ``None``; and the pieces whose shadow
        from that point at the cell's top heights meets the observer. A piece's shadow from
        every point of the cell lies in that one (for a piece standing on the table, the shadow
        at the tops lies in the shadow at lower heights), so no other piece can help prove the
        cell blocked."""
        x0, y0, x1, y1, b0, b1, a0, a1 = cell
        q = ((x0 + x1) / 2, (y0 + y1) / 2)
        if not self.seen.outer.covers(Point(q)):
            inside = _point_inside(self.seen.outer, (x0, y0, x1, y1))
            if inside is None:
                return None, list(range(len(self.parts)))
            q = inside
        useful: list[int] = []
        for zb, za in sorted({(b1, a1), ((b0 + b1) / 2, (a0 + a1) / 2)}, reverse=True):
            found = self._clear_from(q, zb, za, useful if (zb, za) == (b1, a1) else None)
            if found is not None:
                return found, useful
        return None, useful

    def _clear_from(
        self, q: tuple[float, float], zb: float, za: float, useful: list[int] | None
    ) -> tuple[Point3, Point3] | None:
        """A segment to ``(q, zb)`` from the observer's plane ``za`` that misses the shadows
        (``useful`` collects the pieces whose shadow meets the observer)."""
        reach = self._beyond_corners(q)
        shadows = []
        for k, (part, _) in enumerate(self.parts):
            if part.exempt is not None and part.exempt.covers(Point(q)):
                continue
            mus = mu_range(zb, za, part.lo, part.hi)
            if mus is None:
                continue
            shade = shadow(part.outer, q, mus, reach)
            if shade is None:
                shade = shapely.box(*_square(q, reach))
            if useful is not None and shade.intersects(self.seer.outer):
                useful.append(k)
            shadows.append(shade)
        free = self.seer.outer
        if shadows:
            free = shapely.difference(free, shapely.union_all(shadows))
        if free.is_empty:
            return None
        p = free.representative_point()
        if line_through((p.x, p.y), q) is None:
            return None
        return (float(p.x), float(p.y), za), (q[0], q[1], zb)

    def _blocked(self, cell: Cell, useful: list[int]) -> bool:
        """Whether the shadows cast from every point of the cell cover the observer (only the
        ``useful`` pieces are asked)."""
        x0, y0, x1, y1, b0, b1, a0, a1 = cell
        box = shapely.box(x0, y0, x1, y1)
        corners = sorted(set(product((x0, x1), (y0, y1))))
        ends = sorted(set(product((b0, b1), (a0, a1))))
        left = self.seer.outer
        for k in useful:
            part, anchored = self.parts[k]
            if part.exempt is not None and part.exempt.intersects(box):
                continue
            common = self._common_shadow(k, corners, [self.tops] if anchored else ends)
            if common is not None and not common.is_empty:
                left = shapely.difference(left, common)
                if left.is_empty:
                    return True
        return False

    def _common_shadow(
        self,
        k: int,
        corners: list[tuple[float, float]],
        ends: list[tuple[float, float]],
    ) -> BaseGeometry | None:
        """What piece ``k`` hides from every point of the cell (``None``: nothing provable).
        An anchored piece is asked at the two tops only: what it hides from the segment joining
        the tops it hides from every lower segment on the same plan line."""
        pieces = []
        for q in corners:
            for zb, za in ends:
                shade = self._corner_shadow(k, q, zb, za)
                if shade is None:
                    return None
                pieces.append(shade)
        return pieces[0] if len(pieces) == 1 else shapely.intersection_all(pieces)

    def _corner_shadow(
        self, k: int, q: tuple[float, float], zb: float, za: float
    ) -> BaseGeometry | None:
        """The shadow of piece ``k``'s inner ring from ``(q, zb)`` on the plane ``za``,
        remembered: neighbouring cells share corners (a halved cell keeps two of its four)."""
        key = (k, q, zb, za)
        if key in self._shadows:
            return self._shadows[key]
        part = self.parts[k][0]
        mus = mu_range(zb, za, part.lo, part.hi)
        shade = None if mus is None else shadow(part.inner, q, mus, self._beyond_corners(q))
        self._shadows[key] = shade
        return shade


def _square(q: tuple[float, float], reach: float) -> tuple[float, float, float, float]:
    return q[0] - reach, q[1] - reach, q[0] + reach, q[1] + reach


def _point_inside(
    area: BaseGeometry, box: tuple[float, float, float, float]
) -> tuple[float, float] | None:
    """A point of the footprint inside the cell, if any."""
    part = shapely.intersection(area, shapely.box(*box))
    if part.is_empty:
        return None
    p = part.representative_point()
    return float(p.x), float(p.y)


def _split(cell: Cell) -> tuple[Cell, Cell] | None:
    """The two halves of the cell along its longest (weighted) side; ``None`` when every side
    is below ``MIN_CELL`` (heights: four times that)."""
    size, lo_at, hi_at = max((w * (cell[j] - cell[i]), i, j) for i, j, w in _SIDES)
    if size < MIN_CELL * HEIGHT_WEIGHT:
        return None
    mid = (cell[lo_at] + cell[hi_at]) / 2
    first, second = list(cell), list(cell)
    first[hi_at] = mid
    second[lo_at] = mid
    return tuple(first), tuple(second)  # type: ignore[return-value]


HEIGHT_WEIGHT = 0.25
_SIDES = ((0, 2, 1.0), (1, 3, 1.0), (4, 5, HEIGHT_WEIGHT), (6, 7, HEIGHT_WEIGHT))
"""A cell's intervals (plan x, plan y, target and observer heights) and the weights that
choose which one to halve: plan sides first (the clear segments are looked for at the cell's
top heights and mid-heights, so a height interval needs halving only for a proof)."""
