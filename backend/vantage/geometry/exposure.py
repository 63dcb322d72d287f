"""How much of a target the observer sees: "fully visible" and the obscured fraction.

``fully_visible`` asks whether every point of the target's surface that faces the observer is
reached by some clear segment (scenario-format "Conventions"). When no obstacle meets the sight
hull the answer is exactly true. Otherwise the facing surface is covered by patches
(``geometry.patches``: rim arcs or edge intervals times height intervals, and pieces of the top
and bottom faces), and each patch is either *certified seen* (one observer point whose cone to
the patch meets no obstacle) or split, until a patch centre is found that no clear segment
reaches (``point_seen``, exact: "not fully visible" with that point as proof) or the patch is
smaller than ``RESOLUTION``, when its centre decides it (docs/geometry.md, "Fully visible").
``hidden_fraction`` stays a sampled area estimate.
"""

from __future__ import annotations

import math
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise

from vantage.geometry.measure import rim_point, support
from vantage.geometry.patches import (
    ArcPatch,
    EdgePatch,
    FacePatch,
    Outline,
    Patch,
    Point2,
    Point3,
    Scene,
    centre,
    certified,
    edge_crossings,
    extent,
    face_outline,
    in_front,
    rim_crossings,
    round_normal,
    slice_at_centre,
    split,
)
from vantage.geometry.patches import normals as patch_normals
from vantage.geometry.prisms import Disc, Ellipse, Poly, Prism, Shape, as_obstacle, make_poly
from vantage.geometry.sight import (
    Sight,
    SightProblem,
    Wall,
    find_clear_segment,
    memo_get,
    memo_of,
    memo_put,
    relevant,
)

RIM_SAMPLES = 16
TOL = 1e-7


@dataclass(frozen=True, slots=True)
class SurfacePoint:
    """A point of the target's surface and the outward plan normals that meet there."""

    x: float
    y: float
    z: float
    normals: tuple[tuple[float, float], ...]
    top: bool = False


RimPoint = tuple[float, float, tuple[tuple[float, float], ...]]


def _rim(shape: Shape, count: int) -> list[RimPoint]:
    if isinstance(shape, Poly):
        pts = shape.points
        n = len(pts)
        normals = []
        for i in range(n):
            (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % n]
            length = math.hypot(x1 - x0, y1 - y0) or 1.0
            normals.append(((y1 - y0) / length, -(x1 - x0) / length))
        out: list[RimPoint] = []
        for i in range(n):
            out.append((pts[i][0], pts[i][1], (normals[i - 1], normals[i])))
            (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % n]
            out.append(((x0 + x1) / 2, (y0 + y1) / 2, (normals[i],)))
        return out
    assert isinstance(shape, Disc | Ellipse)
    rim: list[RimPoint] = []
    for i in range(count):
        t = 2 * math.pi * i / count
        x, y = rim_point(shape, t)
        nx, ny = round_normal(shape, t)
        rim.append((x, y, ((nx, ny),)))
    return rim


def facing_points(
    observer: Prism, target: Prism, heights: int = 2, rim: int = RIM_SAMPLES
) -> list[SurfacePoint]:
    """Sample points of the target's surface that face some point of the observer."""
    out: list[SurfacePoint] = []
    levels = (
        [target.lo + (target.hi - target.lo) * k / max(1, heights - 1) for k in range(heights)]
        if target.hi > target.lo
        else [target.lo]
    )
    sees_top = observer.hi > target.hi + TOL
    sees_bottom = observer.lo < target.lo - TOL
    for x, y, normals in _rim(target.shape, rim):
        side = any(support(observer.shape, nx, ny) > nx * x + ny * y + TOL for nx, ny in normals)
        for z in levels:
            top = z >= target.hi - TOL
            bottom = z <= target.lo + TOL
            if side or (top and sees_top) or (bottom and sees_bottom):
                out.append(SurfacePoint(x, y, z, normals, top))
    if sees_top:
        cx, cy = _inner_point(target.shape)
        out.append(SurfacePoint(cx, cy, target.hi, (), True))
    return out


def _inner_point(shape: Shape) -> tuple[float, float]:
    if isinstance(shape, Poly):
        xs = [p[0] for p in shape.points]
        ys = [p[1] for p in shape.points]
        return sum(xs) / len(xs), sum(ys) / len(ys)
    return shape.cx, shape.cy


def point_seen(prob: SightProblem, point: SurfacePoint) -> bool:
    """Whether one surface point of the target is reached by a clear segment (exact)."""
    return point_sight(prob, point).clear


def _own(target: Prism, point: SurfacePoint) -> Prism:
    """The target's own prism as an obstacle for segments ending at ``point``.

    At a point of a round rim (one outward normal ``n``) a segment ending there crosses the
    strictly convex footprint's interior iff it arrives from the open half-plane behind the
    tangent, ``(x - p).n < 0``; the part of such a segment inside any region between the tangent
    and the far side of the footprint lies further from ``p``, so at heights further from the
    point's height, in the same direction. A rectangle behind the tangent, covering the footprint,
    therefore blocks exactly the same segments as the footprint, and is a convex polygon, which
    the vectorised plan solver takes (docs/geometry.md, "Fully visible")."""
    obstacle = as_obstacle(target)
    shape = target.shape
    if not isinstance(shape, Disc | Ellipse) or len(point.normals) != 1:
        return obstacle
    (nx, ny), reach = point.normals[0], 2.0 * _radius(shape) + 1.0
    px, py = point.x, point.y
    back_x, back_y = px - nx * reach, py - ny * reach
    corners = (
        (px + ny * reach, py - nx * reach),
        (px - ny * reach, py + nx * reach),
        (back_x - ny * reach, back_y + nx * reach),
        (back_x + ny * reach, back_y - nx * reach),
    )
    return Prism(make_poly(corners), obstacle.lo, obstacle.hi, obstacle.ident)


def _radius(shape: Disc | Ellipse) -> float:
    return shape.r if isinstance(shape, Disc) else max(shape.a, shape.b)


_BY_PROBLEM: OrderedDict[object, tuple[object, bool]] = OrderedDict()
_BY_NARROWED: OrderedDict[object, bool] = OrderedDict()


def fully_visible(prob: SightProblem) -> bool:
    """Every facing point of the target is reached by some clear segment (memoised like
    ``find_clear_segment``: by the problem object, and by the problem narrowed to the hull)."""
    found = memo_of(_BY_PROBLEM, prob)
    if found is None:
        blockers, walls = relevant(prob)
        narrowed = SightProblem(prob.observer, prob.target, tuple(blockers), tuple(walls))
        found = memo_get(_BY_NARROWED, narrowed)
        if found is None:
            found = not (blockers or walls) or hidden_point(narrowed) is None
            memo_put(_BY_NARROWED, narrowed, found)
        memo_put(_BY_PROBLEM, id(prob), (prob, found))
    return found


def hidden_point(
    prob: SightProblem, certificates: list[tuple[Patch, Point3]] | None = None
) -> SurfacePoint | None:
    """A point of the facing surface that no clear segment reaches, or ``None`` when every
    patch of the facing surface is certified seen (or, below ``RESOLUTION``, its centre is seen).

    Patches are taken breadth first; each tries the cheap observer points, then the witness of
    its centre's point search (a hidden centre is the answer), then is split (``_split_axis``).
    Past ``MAX_PATCHES`` the rest are decided by their centres' point searches alone.
    ``certificates``, when given, receives every certified patch with its observer point."""
    observer, target = prob.observer, prob.target
    blockers = list(prob.blockers)
    if isinstance(target.shape, Poly) and not target.shape.convex:
        blockers.append(as_obstacle(target))  # a non-convex target may hide its own patches
    scene = Scene.of(blockers, prob.walls)
    ring = _observer_ring(observer)
    queue: deque[tuple[Patch, tuple[Point3, ...]]] = deque(
        (p, ()) for p in initial_patches(observer, target, prob.walls)
    )
    done = 0
    while queue:
        patch, hints = queue.popleft()
        done += 1
        beyond = done > MAX_PATCHES  # decided by its centre alone: no certificate is sought
        tried = [] if beyond else [*hints, *_candidates(observer, patch, ring)]
        outline = Outline.of(patch)
        good = next((p for p in tried if certified(p, outline, scene)), None)
        if good is not None:
            if certificates is not None:
                certificates.append((patch, good))
            continue
        point = _centre_point(patch)
        if point is None:
            continue  # a face patch outside the face
        sight = point_sight(prob, point)
        if not sight.clear or sight.segment is None:
            return point
        if beyond:
            continue
        witness = sight.segment[0]
        if certified(witness, outline, scene):
            if certificates is not None:
                certificates.append((patch, witness))
            continue
        axis = _split_axis(outline, witness, tried, scene)
        if extent(patch, axis) < RESOLUTION or done > MAX_PATCHES:
            continue  # decided by its centre (the stated resolution)
        queue.extend((child, (witness,)) for child in split(patch, axis))
    return None


def _split_axis(outline: Outline, witness: Point3, tried: list[Point3], scene: Scene) -> str:
    """Where to split: across the rim when no observer point was in front of the patch's
    tangent planes, or when the witness sees the whole vertical line through the centre;
    across the height when it sees the whole rim line at the centre's height; else the
    longer side."""
    patch = outline.patch
    if isinstance(patch, FacePatch):
        return "longer"
    if not any(in_front(p, outline) for p in (*tried, witness)):
        return "rim"
    if certified(witness, slice_at_centre(patch, "rim"), scene):
        return "rim"
    if certified(witness, slice_at_centre(patch, "height"), scene):
        return "height"
    return "longer"


RESOLUTION = 1e-3
"""Patches smaller than this (inches) are decided by their centre."""
MAX_PATCHES = 500
"""A bound on the patches of one question; beyond it, patches are decided by their centre alone
(no certificate is sought and none is split). Reached by a few in a thousand of the lines of
sight on crowded tables with heights, where it cuts the slowest answers from seconds to about a
second (docs/performance-geometry.md, "Tenth round")."""


def _centre_point(patch: Patch) -> SurfacePoint | None:
    found = centre(patch)
    if found is None:
        return None
    x, y, z, plan_normals = found
    return SurfacePoint(x, y, z, plan_normals, isinstance(patch, FacePatch) and patch.up)


def _observer_ring(observer: Prism) -> list[Point3]:
    """Observer points tried for every patch: the top centre, the top rim (8 points of a round
    rim, a polygon's vertices), and the bottom centre (for a bottom face)."""
    shape = observer.shape
    cx, cy = _inner_point(shape)
    plan = (
        list(shape.points)
        if isinstance(shape, Poly)
        else [rim_point(shape, 2 * math.pi * k / 8) for k in range(8)]
    )
    return [(cx, cy, observer.hi), *((x, y, observer.hi) for x, y in plan), (cx, cy, observer.lo)]


def _candidates(observer: Prism, patch: Patch, ring: list[Point3]) -> list[Point3]:
    """Cheap observer points: the top rim points toward the patch, then the ring."""
    out: list[Point3] = []
    for nx, ny in patch_normals(patch):
        x, y = support_point(observer.shape, nx, ny)
        out.append((x, y, observer.hi))
    return out + ring


def support_point(shape: Shape, nx: float, ny: float) -> tuple[float, float]:
    """A point of the footprint farthest along ``(nx, ny)``."""
    if isinstance(shape, Disc):
        n = math.hypot(nx, ny) or 1.0
        return shape.cx + shape.r * nx / n, shape.cy + shape.r * ny / n
    if isinstance(shape, Ellipse):
        c, s = math.cos(shape.angle), math.sin(shape.angle)
        u, v = nx * c + ny * s, -nx * s + ny * c
        k = math.hypot(shape.a * u, shape.b * v) or 1.0
        lu, lv = shape.a * shape.a * u / k, shape.b * shape.b * v / k
        return shape.cx + lu * c - lv * s, shape.cy + lu * s + lv * c
    return max(shape.points, key=lambda p: nx * p[0] + ny * p[1])


def initial_patches(observer: Prism, target: Prism, walls: tuple[Wall, ...] = ()) -> list[Patch]:
    """The facing surface as patches: facing edges or rim arcs (arcs shorter than a quarter
    turn) times the target's height, the top face when the observer's top is higher, the
    bottom face when its bottom is lower (the same facing rule as ``facing_points``). Side
    patches are cut where the rim crosses the boundary of a wall that may be seen into, so
    each lies in its footprint or outside it."""
    shape = target.shape
    out: list[Patch] = []
    if isinstance(shape, Poly):
        pts = shape.points
        for i, p in enumerate(pts):
            q = pts[(i + 1) % len(pts)]
            length = math.dist(p, q)
            if length <= 0:
                continue
            n = ((q[1] - p[1]) / length, -(q[0] - p[0]) / length)
            if support(observer.shape, *n) > n[0] * p[0] + n[1] * p[1] + TOL:
                fractions = {0.0, 1.0} | {
                    f for a, b in _wall_edges(walls) for f in edge_crossings(p, q, a, b)
                }
                for s0, s1 in pairwise(sorted(fractions)):
                    out.append(EdgePatch(p, q, n, s0, s1, target.lo, target.hi))
    else:
        turns = [t for a, b in _wall_edges(walls) for t in rim_crossings(shape, a, b)]
        for t0, t1 in facing_arcs(observer.shape, shape):
            pieces = max(1, math.ceil((t1 - t0) / (math.pi / 2)))
            step = (t1 - t0) / pieces
            angles = {t0 + k * step for k in range(pieces + 1)}
            for t in turns:
                t += 2 * math.pi * math.ceil((t0 - t) / (2 * math.pi))
                if t0 < t < t1:
                    angles.add(t)
            for a, b in pairwise(sorted(angles)):
                out.append(ArcPatch(shape, a, b, target.lo, target.hi))
    outline = face_outline(shape)
    if observer.hi > target.hi + TOL:
        out.append(FacePatch(outline, target.hi, True, shape))
    if observer.lo < target.lo - TOL:
        out.append(FacePatch(outline, target.lo, False, shape))
    return out


def _wall_edges(walls: tuple[Wall, ...]) -> list[tuple[Point2, Point2]]:
    """The boundary edges of the walls that may be seen into."""
    out: list[tuple[Point2, Point2]] = []
    for wall in walls:
        if wall.see_into:
            pts = wall.shape.points
            out.extend((pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts)))
    return out


def facing_arcs(observer: Shape, shape: Disc | Ellipse) -> list[tuple[float, float]]:
    """Parameter intervals of the round rim facing the observer: ``h_O(n) > n.x`` at the rim
    point ``x`` with outward normal ``n`` (sampled at 64 angles, ends refined by bisection)."""

    def g(t: float) -> float:
        nx, ny = round_normal(shape, t)
        x, y = rim_point(shape, t)
        return support(observer, nx, ny) - (nx * x + ny * y) - TOL

    count = 64
    ts = [2 * math.pi * i / count for i in range(count)]
    vals = [g(t) for t in ts]
    if all(v > 0 for v in vals):
        return [(0.0, 2 * math.pi)]
    start = next(i for i, v in enumerate(vals) if v <= 0)
    arcs: list[tuple[float, float]] = []
    i = 0
    while i < count:
        k = (start + i) % count
        if vals[k] > 0:
            j = i
            while vals[(start + j) % count] > 0:
                j += 1
            lo_t = _root(g, ts[(start + i - 1) % count], ts[k])
            end_k = (start + j) % count
            prev_t = ts[(start + j - 1) % count]
            hi_t = _root(g, ts[end_k], prev_t)
            lo_t = lo_t if lo_t <= ts[k] else lo_t - 2 * math.pi
            hi_t = hi_t if hi_t >= prev_t else hi_t + 2 * math.pi
            if prev_t < lo_t:
                prev_t += 2 * math.pi
                hi_t = hi_t if hi_t >= prev_t else hi_t + 2 * math.pi
            arcs.append((lo_t, hi_t))
            i = j
        i += 1
    return arcs


def _root(g: Callable[[float], float], out_t: float, in_t: float) -> float:
    """Bisection between an angle where ``g <= 0`` and one where ``g > 0`` (along the shorter
    way round); returns an angle with ``g > 0`` within 1e-12 radian of the crossing."""
    if in_t - out_t > math.pi:
        out_t += 2 * math.pi
    elif out_t - in_t > math.pi:
        in_t += 2 * math.pi
    for _ in range(45):
        mid = (out_t + in_t) / 2
        if g(mid) > 0:
            in_t = mid
        else:
            out_t = mid
    return in_t


def point_sight(prob: SightProblem, point: SurfacePoint) -> Sight:
    """The exact point-target search for one surface point (its witness, or blocked)."""
    target = Prism(Disc(point.x, point.y, 0.0), point.z, point.z, prob.target.ident)
    sub = SightProblem(
        prob.observer, target, (*prob.blockers, _own(prob.target, point)), prob.walls
    )
    return find_clear_segment(sub)


def hidden_fraction(prob: SightProblem) -> float:
    """The share of the facing surface (sampled evenly) that no clear segment reaches."""
    blockers, walls = relevant(prob)
    if not blockers and not walls:
        return 0.0
    narrowed = SightProblem(prob.observer, prob.target, tuple(blockers), tuple(walls))
    points = facing_points(prob.observer, prob.target, heights=4, rim=24)
    if not points:
        return 1.0
    hidden = sum(1 for p in points if not point_seen(narrowed, p))
    return hidden / len(points)
