"""Exact sight when heights matter: a search over boxes of plan lines (docs/geometry.md).

Two convex viewers apart (discs, ovals or convex polygons), with centres ``co`` and ``ct``. In the
frame with ``x`` along ``co -> ct`` (``x = 0`` at ``co``, ``x = d`` at ``ct``) and ``w`` across
it, every plan line meeting both footprints is ``w(x) = u (1 - x/d) + v x/d``: ``u`` is its
offset at the observer's centre, ``v`` at the target's. Along one such line the sight problem is
the vertical one of ``geometry.vertical`` with ``x`` as the horizontal coordinate (heights are
affine in ``x`` along a segment), so a *box* ``[u0, u1] x [v0, v1]`` is a set of plan lines.

* **Blocked**: for a fixed ``x`` the lines of a box pass through the points ``w`` between the
  lowest and the highest of its four corner lines there (``w`` is affine in ``(u, v)``). So an
  ``x`` inside a convex obstacle on all four corner lines is inside it on every line of the box
  (its *inner* chord), and a viewer's chord on every line lies in the ``x`` range of the
  footprint's part between those lowest and highest lines (its *outer* chord,
  ``geometry.outer_chords``). The vertical problem with outer viewer chords and inner obstacle
  chords has every clear segment of every line of the box, and more: when it has none, no line
  of the box sees.
* **Clear**: the box's centre line is solved exactly (the caller's ``check``).
* Otherwise the box is halved along its longer side. A box narrower than ``MIN_BOX`` is not split
  again; the search then answers nothing, as it does after ``budget`` boxes.

Only for convex viewers farther apart than the sum of their reaches from their centres, and
obstacles and walls with convex footprints; a wall the target may be seen into (it touches the
target's footprint) is left out, which can only add clear segments to the relaxed problem.
``prepare`` answers ``None`` for other problems.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Literal

from shapely.geometry import Polygon

from vantage.geometry.lines import Interval, Line, chords, line_through
from vantage.geometry.measure import planar_gap
from vantage.geometry.outer_chords import Box, Figure, outer_chord
from vantage.geometry.prisms import Disc, Ellipse, Poly, Prism, Shape, centre, reach, to_polygon
from vantage.geometry.vertical import Rect, solve_vertical

SEE_INTO_GAP = 1e-6
"""A wall the target may be seen into counts as a wall only when the target is this far from it."""
MOST_SEEN_INTO = 4
"""Walls the target may be seen into, at most (one relaxed problem per set of them)."""
OVAL_SIDES = 64
"""Sides of the polygon circumscribing an oval viewer (its outer chords are then a superset)."""
MIN_BOX = 1e-7
"""Smallest box side (inches of offset) that is still split."""

Obstacle = tuple[Shape, float, float]
"""A convex footprint (``Disc``, ``Ellipse`` or convex ``Poly``) and its heights."""
Found = tuple[tuple[float, float, float], tuple[float, float, float]]
Check = Callable[[Line], Found | None]


@dataclass(frozen=True, slots=True)
class Frame:
    """The observer-to-target frame: origin, unit axis ``e``, unit normal ``n``, length."""

    ox: float
    oy: float
    ex: float
    ey: float
    d: float

    def line(self, u: float, v: float) -> Line | None:
        """The plan line with offsets ``u`` at the observer's centre and ``v`` at the target's."""
        p = (self.ox - self.ey * u, self.oy + self.ex * u)
        q = (self.ox + self.ex * self.d - self.ey * v, self.oy + self.ey * self.d + self.ex * v)
        return line_through(p, q)

    def figure(self, shape: Shape) -> Figure:
        """A viewer's footprint in the frame (an oval as a circumscribed polygon)."""
        if isinstance(shape, Disc):
            return Figure(c=self.xw(shape.cx, shape.cy)[0], r=shape.r)
        points = to_polygon(shape, OVAL_SIDES, outer=True).exterior.coords[:-1]
        return Figure(ring=tuple(self.xw(float(x), float(y)) for x, y in points))

    def part(self, shape: Shape, walls: Sequence[Poly]) -> Figure | None:
        """The part of a footprint inside every one of some walls it touches (a superset: the
        footprint's circumscribed polygon and the walls grown by ``SEE_INTO_GAP``); ``None``
        when they have no common part."""
        area = to_polygon(shape, OVAL_SIDES, outer=True)
        for wall in walls:
            area = area.intersection(
                Polygon(wall.points).buffer(2 * SEE_INTO_GAP, join_style="mitre")
            )
            if area.is_empty:
                return None
        hull = area.convex_hull
        points = list(hull.exterior.coords)[:-1] if isinstance(hull, Polygon) else hull.coords
        return Figure(ring=tuple(self.xw(float(x), float(y)) for x, y in points))

    def xw(self, x: float, y: float) -> tuple[float, float]:
        """A plan point in the frame."""
        dx, dy = x - self.ox, y - self.oy
        return dx * self.ex + dy * self.ey, dy * self.ex - dx * self.ey

    def x_of(self, line: Line, s: float) -> float:
        """The axis coordinate of the point ``s`` of a line."""
        px, py, dx, dy = line
        return (px + s * dx - self.ox) * self.ex + (py + s * dy - self.oy) * self.ey


class LineBoxSearch:
    """The search for one sight problem (see the module docstring)."""

    def __init__(
        self,
        observer: Prism,
        target: Prism,
        obstacles: list[Obstacle],
        seen_into: Sequence[Poly] = (),
    ) -> None:
        """``seen_into``: walls the target may be seen into (it touches them). A segment may
        cross those of them its target point lies in, and no others: one case for each set of
        them (the target's part inside all of its walls, the other walls in the way), each
        proven blocked apart; the empty set is the whole target with every wall."""
        (ox, oy), (tx, ty) = centre(observer.shape), centre(target.shape)
        d = math.hypot(tx - ox, ty - oy)
        self.frame = Frame(ox, oy, (tx - ox) / d, (ty - oy) / d, d)
        self.observer = self.frame.figure(observer.shape)
        self.zo: Interval = (observer.lo, observer.hi)
        self.zt: Interval = (target.lo, target.hi)
        above = max(observer.hi, target.hi) + 1.0  # no segment rises above both tops
        self.obstacles = obstacles + [(wall, -math.inf, above) for wall in seen_into]
        n = len(obstacles)
        self.cases = [(self.frame.figure(target.shape), list(range(len(self.obstacles))))]
        for size in range(1, len(seen_into) + 1):
            for chosen in combinations(range(len(seen_into)), size):
                part = self.frame.part(target.shape, [seen_into[j] for j in chosen])
                if part is not None:
                    others = [n + j for j in range(len(seen_into)) if j not in chosen]
                    self.cases.append((part, list(range(n)) + others))
        ro, rt = reach(observer.shape), reach(target.shape)
        slope = math.asin(min(1.0, (ro + rt) / d))
        u, v = ro / math.cos(slope), rt / math.cos(slope)
        self._queue: deque[Box] = deque([(-u, u, -v, v)])
        self._corners: dict[tuple[float, float], list[Interval | None]] = {}
        self._unresolved = False
        self._spent = 0

    def run(self, budget: int, check: Check) -> Found | Literal[False] | None:
        """A clear segment (on a centre line, from ``check``), ``False`` when every box is
        proven blocked, ``None`` when undecided within ``budget`` boxes in all (a later call
        goes on where this one stopped)."""
        queue = self._queue
        while self._spent < budget:
            if not queue:
                return None if self._unresolved else False
            self._spent += 1
            box = queue.popleft()
            if self._relaxed_blocked(box):
                continue
            u0, u1, v0, v1 = box
            line = self.frame.line((u0 + u1) / 2, (v0 + v1) / 2)
            found = None if line is None else check(line)
            if found is not None:
                return found
            if max(u1 - u0, v1 - v0) < MIN_BOX:
                self._unresolved = True
            elif u1 - u0 >= v1 - v0:
                um = (u0 + u1) / 2
                queue += [(u0, um, v0, v1), (um, u1, v0, v1)]
            else:
                vm = (v0 + v1) / 2
                queue += [(u0, u1, v0, vm), (u0, u1, vm, v1)]
        return None

    def _relaxed_blocked(self, box: Box) -> bool:
        """No line of the box carries a clear segment (the relaxed vertical problem has none)."""
        u0, u1, v0, v1 = box
        a_rng = outer_chord(self.observer, box, self.frame.d)
        if a_rng is None:
            return True
        corners = [self._corner(u, v) for u in (u0, u1) for v in (v0, v1)]
        inner = [_common([chords[k] for chords in corners]) for k in range(len(self.obstacles))]
        for figure, indices in self.cases:
            b_rng = outer_chord(figure, box, self.frame.d)
            if b_rng is None:
                continue
            rects: list[Rect] = []
            for k in indices:
                chord = inner[k]
                if chord is not None:
                    rects.append((chord[0], chord[1], self.obstacles[k][1], self.obstacles[k][2]))
            if solve_vertical(a_rng, b_rng, self.zo, self.zt, rects) is not None:
                return False
        return True

    def _corner(self, u: float, v: float) -> list[Interval | None]:
        """The open chord (in ``x``) of each obstacle on the line ``(u, v)``; neighbouring
        boxes share corner lines, so they are computed once."""
        found = self._corners.get((u, v))
        if found is None:
            line = self.frame.line(u, v)
            found = [self._x_chord(shape, line) for shape, _, _ in self.obstacles]
            self._corners[(u, v)] = found
        return found

    def _x_chord(self, shape: Shape, line: Line | None) -> Interval | None:
        """The open chord of a convex footprint on a line, in ``x``."""
        if line is None:
            return None
        found = chords(shape, line, closed=False)
        if not found:
            return None
        xa, xb = (self.frame.x_of(line, s) for s in found[0])
        return min(xa, xb), max(xa, xb)


def _common(chords: list[Interval | None]) -> Interval | None:
    """The intersection of the chords (``None`` when one is missing or it is empty)."""
    lo, hi = -math.inf, math.inf
    for chord in chords:
        if chord is None:
            return None
        lo, hi = max(lo, chord[0]), min(hi, chord[1])
    return (lo, hi) if lo < hi else None


def prepare(
    observer: Prism, target: Prism, blockers: list[Prism], walls: list[tuple[Poly, bool]]
) -> LineBoxSearch | None:
    """The search, when the problem is of the kind it handles (module docstring)."""
    o, t = observer.shape, target.shape
    if not (_convex(o) and _convex(t)):
        return None
    (ox, oy), (tx, ty) = centre(o), centre(t)
    if math.hypot(tx - ox, ty - oy) <= reach(o) + reach(t) + 1e-6:
        return None
    obstacles: list[Obstacle] = []
    above = max(observer.hi, target.hi) + 1.0
    for b in blockers:
        if not _convex(b.shape):
            return None
        obstacles.append((b.shape, b.lo, b.hi))
    seen_into: list[Poly] = []
    for shape, see_into in walls:
        if not shape.convex:
            return None
        if see_into and planar_gap(t, shape) <= SEE_INTO_GAP:
            seen_into.append(shape)
        else:
            obstacles.append((shape, -math.inf, above))  # no segment rises above both tops
    if len(seen_into) > MOST_SEEN_INTO:
        return None
    return LineBoxSearch(observer, target, obstacles, seen_into)


def _convex(shape: Shape) -> bool:
    """A disc (not a negative one), an oval or a convex polygon."""
    if isinstance(shape, Disc):
        return shape.r >= 0
    return isinstance(shape, Ellipse) or shape.convex
