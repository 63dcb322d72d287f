"""Candidate plan lines of the exact sight search (``geometry.sight``).

The extremal lines: through two feature points (obstacle and wall vertices, crossings of
obstacle edges with the viewers' rims), through a point and tangent to a round figure, and
common tangents of two round figures; plus, for obstacles of intermediate height, a dense family
through rim samples of both viewers.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import TYPE_CHECKING

from vantage.geometry.lines import (
    Line,
    bitangents,
    line_through,
    rim_crossings,
    segment_crossing,
    tangents_from_point,
)
from vantage.geometry.prisms import Disc, Ellipse, Poly, Shape, centre, to_polygon

if TYPE_CHECKING:
    from vantage.geometry.sight import SightProblem

_DENSE = 12


def _round(shape: Shape) -> Disc | Ellipse | None:
    if isinstance(shape, Disc) and shape.r > 0:
        return shape
    if isinstance(shape, Ellipse):
        return shape
    return None


def _edges(poly: Poly) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    pts = poly.points
    return [(pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts))]


def _feature_points(prob: SightProblem, shapes: list[Shape]) -> list[tuple[float, float]]:
    pts: list[tuple[float, float]] = []
    viewers = [prob.observer.shape, prob.target.shape]
    for shape in viewers + shapes:
        if isinstance(shape, Poly):
            pts.extend(shape.points)
        elif isinstance(shape, Disc) and shape.r <= 0:
            pts.append((shape.cx, shape.cy))
    for viewer in viewers:
        for shape in shapes:
            if not isinstance(shape, Poly):
                continue
            for p, q in _edges(shape):
                rv = _round(viewer)
                if rv is not None:
                    pts.extend(rim_crossings(rv, p, q))
                elif isinstance(viewer, Poly):
                    for r, s in _edges(viewer):
                        x = segment_crossing(p, q, r, s)
                        if x is not None:
                            pts.append(x)
    return pts


def candidate_lines(prob: SightProblem, shapes: list[Shape]) -> list[Line]:
    """Extremal plan lines: point-point, point-tangent and bitangent lines of the features."""
    return list(iter_candidate_lines(prob, shapes))


def iter_candidate_lines(prob: SightProblem, shapes: list[Shape]) -> Iterator[Line]:
    """``candidate_lines`` one at a time, in the same order (the search stops at a clear one)."""
    o, t = prob.observer.shape, prob.target.shape
    if isinstance(t, Disc) and t.r <= 0:
        yield from _lines_through_point(prob, (t.cx, t.cy), shapes)
        return
    first = line_through(centre(o), centre(t))
    if first is not None:
        yield first
    curves = [c for c in (_round(o), _round(t)) if c is not None]
    curves += [c for c in (_round(s) for s in shapes) if c is not None]
    for i, c1 in enumerate(curves):
        for c2 in curves[i + 1 :]:
            yield from bitangents(c1, c2)
    points = _feature_points(prob, shapes)
    for p in points:
        for c in curves:
            yield from tangents_from_point(c, p)
    for i, p in enumerate(points):
        for q in points[i + 1 :]:
            line = line_through(p, q)
            if line is not None:
                yield line
    if prob.dense:
        yield from _dense_lines(o, t, points)


def _lines_through_point(
    prob: SightProblem, p: tuple[float, float], shapes: list[Shape]
) -> Iterator[Line]:
    """Candidates for a point target: every extremal line must pass through the point. One at
    a time: the search mostly stops at the first (the point searches of *fully visible*), and
    the feature points are only found when the tangents are used up."""
    first = line_through(centre(prob.observer.shape), p)
    if first is not None:
        yield first
    curves = [c for c in (_round(s) for s in [prob.observer.shape, *shapes]) if c is not None]
    for c in curves:
        yield from tangents_from_point(c, p)
    others = [q for q in _feature_points(prob, shapes) if q != p]
    if prob.dense:
        others += _rim_samples(prob.observer.shape, _DENSE)
    for q in others:
        line = line_through(p, q)
        if line is not None:
            yield line


def _rim_samples(shape: Shape, count: int) -> list[tuple[float, float]]:
    return list(_cached_rim_samples(shape, count))


@lru_cache(maxsize=1024)
def _cached_rim_samples(shape: Shape, count: int) -> tuple[tuple[float, float], ...]:
    """The rim samples of a footprint, remembered: every point search of *fully visible* asks
    them of the same observer."""
    if isinstance(shape, Poly):
        pts = list(shape.points)
        edges = _edges(shape)
        for p, q in edges:
            for k in range(1, 3):
                f = k / 3
                pts.append((p[0] + f * (q[0] - p[0]), p[1] + f * (q[1] - p[1])))
        return tuple(pts)
    poly = to_polygon(shape, count)
    return tuple((float(x), float(y)) for x, y in list(poly.exterior.coords)[:-1])


def _dense_lines(o: Shape, t: Shape, points: list[tuple[float, float]]) -> list[Line]:
    """Extra lines for obstacles of intermediate height (see the module docstring)."""
    out: list[Line] = []
    rim_o = [*_rim_samples(o, _DENSE), centre(o)]
    rim_t = [*_rim_samples(t, _DENSE), centre(t)]
    for p in rim_o:
        for q in rim_t + points:
            line = line_through(p, q)
            if line is not None:
                out.append(line)
    for q in rim_t:
        for p in points:
            line = line_through(p, q)
            if line is not None:
                out.append(line)
    return out
