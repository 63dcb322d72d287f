"""How much of a target the observer sees: "fully visible" and the obscured fraction.

``fully_visible`` asks whether every point of the target's surface that faces the observer is
reached by some clear segment (scenario-format "Conventions"). When no obstacle meets the sight
hull the answer is exactly true. Otherwise the facing surface is sampled (rim points at the bottom
and top of the prism, and the top face), and each sample is decided *exactly* as a point target by
:func:`vantage.geometry.sight.find_clear_segment`; the target's own prism is an obstacle then, so
a sample is only reached from in front. Hidden parts of a target are open sets, so they have an
area; a hidden patch smaller than the sample spacing can be missed (docs/geometry.md).
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass

from vantage.geometry.measure import rim_point, support
from vantage.geometry.prisms import Disc, Ellipse, Poly, Prism, Shape, as_obstacle, make_poly
from vantage.geometry.sight import (
    SightProblem,
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
        nx, ny = _round_normal(shape, t)
        rim.append((x, y, ((nx, ny),)))
    return rim


def _round_normal(shape: Disc | Ellipse, t: float) -> tuple[float, float]:
    if isinstance(shape, Disc):
        return math.cos(t), math.sin(t)
    c, s = math.cos(shape.angle), math.sin(shape.angle)
    u, v = math.cos(t) / shape.a, math.sin(t) / shape.b
    nx, ny = u * c - v * s, u * s + v * c
    n = math.hypot(nx, ny)
    return nx / n, ny / n


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
    target = Prism(Disc(point.x, point.y, 0.0), point.z, point.z, prob.target.ident)
    sub = SightProblem(
        prob.observer, target, (*prob.blockers, _own(prob.target, point)), prob.walls
    )
    return find_clear_segment(sub).clear


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
            found = not (blockers or walls) or all(
                point_seen(narrowed, p) for p in facing_points(prob.observer, prob.target)
            )
            memo_put(_BY_NARROWED, narrowed, found)
        memo_put(_BY_PROBLEM, id(prob), (prob, found))
    return found


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
