"""Exact sight when heights matter: a search over boxes of plan lines (docs/geometry.md).

Two round viewers apart, observer disc ``O`` (centre ``co``, radius ``ro``) and target disc
``T``. In the frame with ``x`` along ``co -> ct`` (``x = 0`` at ``co``, ``x = d`` at ``ct``) and
``w`` across it, every plan line meeting both discs is ``w(x) = u (1 - x/d) + v x/d``: ``u`` is
its offset at the observer's centre, ``v`` at the target's. Along one such line the sight problem
is the vertical one of ``geometry.vertical`` with ``x`` as the horizontal coordinate (heights are
affine in ``x`` along a segment), so a *box* ``[u0, u1] x [v0, v1]`` is a set of plan lines.

* **Blocked**: for a fixed ``x`` the lines of a box pass through the points ``w`` between the
  lowest and the highest of its four corner lines there (``w`` is affine in ``(u, v)``). So an
  ``x`` inside a convex obstacle on all four corner lines is inside it on every line of the box
  (its *inner* chord), and the observer's chord of every line lies in the ``x`` range of the
  disc's part between those lowest and highest lines (its *outer* chord, computed exactly). The
  vertical problem with outer viewer chords and inner obstacle chords has every clear segment of
  every line of the box, and more: when it has none, no line of the box sees.
* **Clear**: the box's centre line is solved exactly (the caller's ``check``).
* Otherwise the box is halved along its longer side. A box narrower than ``MIN_BOX`` is not split
  again; the search then answers nothing, as it does after ``budget`` boxes.

Only for disc viewers that do not overlap, and obstacles and walls with convex footprints; a
wall the target may be seen into (it touches the target's base) is left out, which can only add
clear segments to the relaxed problem. ``prepare`` answers ``None`` for other problems.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from vantage.geometry.alone import disc_gap
from vantage.geometry.lines import Interval, Line, chords, line_through
from vantage.geometry.prisms import Disc, Poly, Prism, Shape
from vantage.geometry.vertical import Rect, solve_vertical

SEE_INTO_GAP = 1e-6
"""A wall the target may be seen into counts as a wall only when the target is this far from it."""
MIN_BOX = 1e-7
"""Smallest box side (inches of offset) that is still split."""
TOL = 1e-9

Box = tuple[float, float, float, float]
"""``(u0, u1, v0, v1)``: offsets at the observer's and at the target's centre."""
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

    def x_of(self, line: Line, s: float) -> float:
        """The axis coordinate of the point ``s`` of a line."""
        px, py, dx, dy = line
        return (px + s * dx - self.ox) * self.ex + (py + s * dy - self.oy) * self.ey


class LineBoxSearch:
    """The search for one sight problem (see the module docstring)."""

    def __init__(self, observer: Prism, target: Prism, obstacles: list[Obstacle]) -> None:
        o, t = observer.shape, target.shape
        assert isinstance(o, Disc) and isinstance(t, Disc)
        d = math.hypot(t.cx - o.cx, t.cy - o.cy)
        self.frame = Frame(o.cx, o.cy, (t.cx - o.cx) / d, (t.cy - o.cy) / d, d)
        self.ro, self.rt = o.r, t.r
        self.zo: Interval = (observer.lo, observer.hi)
        self.zt: Interval = (target.lo, target.hi)
        self.obstacles = obstacles
        slope = math.asin(min(1.0, (o.r + t.r) / d))
        u, v = o.r / math.cos(slope), t.r / math.cos(slope)
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
        d = self.frame.d
        a_rng = _disc_outer(0.0, self.ro, box, d)
        b_rng = _disc_outer(d, self.rt, box, d)
        if a_rng is None or b_rng is None:
            return True
        corners = [self._corner(u, v) for u in (u0, u1) for v in (v0, v1)]
        rects: list[Rect] = []
        for k, (_shape, lo, hi) in enumerate(self.obstacles):
            inner = _common([chords[k] for chords in corners])
            if inner is not None:
                rects.append((inner[0], inner[1], lo, hi))
        return solve_vertical(a_rng, b_rng, self.zo, self.zt, rects) is None

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


def _disc_outer(c: float, r: float, box: Box, d: float) -> Interval | None:
    """The ``x`` range of the points of the disc of centre ``(c, 0)`` and radius ``r`` that lie
    between the lowest and the highest line of the box (a superset of every line's chord)."""
    u0, u1, v0, v1 = box
    found: list[float] = []
    # on each side of x = 0 and x = d the lowest and highest lines are fixed corner lines
    regimes = (
        (-math.inf, 0.0, (u0, v1), (u1, v0)),
        (0.0, d, (u0, v0), (u1, v1)),
        (d, math.inf, (u1, v0), (u0, v1)),
    )
    for xa, xb, low, high in regimes:
        lo_x, hi_x = max(xa, c - r), min(xb, c + r)
        if lo_x > hi_x + TOL:
            continue
        found += _convex_extent(c, r, lo_x, hi_x, _affine(low, d), _affine(high, d))
    if not found:
        return None
    return min(found), max(found)


def _affine(corner: tuple[float, float], d: float) -> tuple[float, float]:
    """``w = a + b x`` of the line with offsets ``(u, v)``."""
    u, v = corner
    return u, (v - u) / d


def _convex_extent(
    c: float,
    r: float,
    xa: float,
    xb: float,
    low: tuple[float, float],
    high: tuple[float, float],
) -> list[float]:
    """The smallest and largest ``x`` of the convex set: the disc, ``xa <= x <= xb`` and
    ``low(x) <= w <= high(x)`` (empty list when it is empty). The extremes lie at the disc's
    leftmost or rightmost point or at a vertex where two of its boundaries meet."""
    points: list[tuple[float, float]] = [(c - r, 0.0), (c + r, 0.0)]
    for a, b in (low, high):
        points += _line_circle(c, r, a, b)
        points += [(x, a + b * x) for x in (xa, xb)]
    (a0, b0), (a1, b1) = low, high
    if abs(b1 - b0) > 1e-15:
        x = (a0 - a1) / (b1 - b0)
        points.append((x, a0 + b0 * x))
    for x in (xa, xb):
        h = r * r - (x - c) ** 2
        if h >= 0:
            points += [(x, math.sqrt(h)), (x, -math.sqrt(h))]
    inside = [
        x
        for x, w in points
        if xa - TOL <= x <= xb + TOL
        and (x - c) ** 2 + w * w <= r * r + TOL
        and a0 + b0 * x - TOL <= w <= a1 + b1 * x + TOL
    ]
    return [min(inside), max(inside)] if inside else []


def _line_circle(c: float, r: float, a: float, b: float) -> list[tuple[float, float]]:
    """Where ``w = a + b x`` meets the circle of centre ``(c, 0)`` and radius ``r``."""
    qa = 1 + b * b
    qb = 2 * (b * a - c)
    qc = c * c + a * a - r * r
    disc = qb * qb - 4 * qa * qc
    if disc < 0:
        return []
    root = math.sqrt(disc)
    return [(x, a + b * x) for x in ((-qb - root) / (2 * qa), (-qb + root) / (2 * qa))]


def prepare(
    observer: Prism, target: Prism, blockers: list[Prism], walls: list[tuple[Poly, bool]]
) -> LineBoxSearch | None:
    """The search, when the problem is of the kind it handles (module docstring)."""
    o, t = observer.shape, target.shape
    if not (isinstance(o, Disc) and isinstance(t, Disc)) or min(o.r, t.r) < 0:
        return None
    if math.hypot(t.cx - o.cx, t.cy - o.cy) <= o.r + t.r + 1e-6:
        return None
    obstacles: list[Obstacle] = []
    above = max(observer.hi, target.hi) + 1.0
    for b in blockers:
        if isinstance(b.shape, Poly) and not b.shape.convex:
            return None
        obstacles.append((b.shape, b.lo, b.hi))
    for shape, see_into in walls:
        if not shape.convex:
            return None
        if see_into and disc_gap(t, shape) <= SEE_INTO_GAP:
            continue  # the target may be seen into it: left out, which only adds clear lines
        obstacles.append((shape, -math.inf, above))  # no segment rises above both tops
    return LineBoxSearch(observer, target, obstacles)
