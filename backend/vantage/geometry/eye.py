"""Line of sight from an eye point (Deathmatch, deathmatch §3.3 and scenario-format Conventions).

The eye is the base centre at ``z + height``; the target is its silhouette prism, restricted to
the open half-plane in front of the observer. Obstacles are *closed* prisms (touching blocks),
and forests are plan polygons: a segment with both ends outside may not touch one, otherwise at
most ``reach`` inches of it may lie inside. Because touching blocks, the clear set is open; the
search walks the plan directions between consecutive critical directions (tangents and vertices
seen from the eye) and, in each vertical plane, the slopes between consecutive critical corners.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import pairwise

from shapely.geometry import MultiPoint

from vantage.geometry.lines import Interval, Line, chords, tangents_from_point
from vantage.geometry.prisms import Disc, Ellipse, Poly, Prism, Shape, bbox, to_polygon
from vantage.geometry.sight import Point3, Sight
from vantage.geometry.units import TOL

_SPLITS = 4


@dataclass(frozen=True, slots=True)
class EyeProblem:
    """An eye point, an optional facing (sight half-plane normal), a target and obstacles."""

    eye: Point3
    facing: tuple[float, float] | None
    target: Prism
    blockers: tuple[Prism, ...] = ()
    forests: tuple[tuple[str, Poly], ...] = ()
    reach: float = 3.0


def _directions(eye: tuple[float, float], shape: Shape) -> list[float]:
    if isinstance(shape, Poly):
        return [math.atan2(y - eye[1], x - eye[0]) for x, y in shape.points]
    if isinstance(shape, Disc) and shape.r <= 0:
        return [math.atan2(shape.cy - eye[1], shape.cx - eye[0])]
    assert isinstance(shape, Disc | Ellipse)
    towards = (shape.cx - eye[0], shape.cy - eye[1])
    return [_facing(line[2], line[3], towards) for line in tangents_from_point(shape, eye)] + [
        math.atan2(towards[1], towards[0])
    ]


def _facing(dx: float, dy: float, towards: tuple[float, float]) -> float:
    """The angle of the direction ``±(dx, dy)`` that points towards the shape (a tangent line's
    direction may come either way: an ellipse's tangents are built from their normals)."""
    if dx * towards[0] + dy * towards[1] < 0:
        dx, dy = -dx, -dy
    return math.atan2(dy, dx)


def _candidate_angles(prob: EyeProblem) -> list[float]:
    ex, ey = prob.eye[0], prob.eye[1]
    events = _directions((ex, ey), prob.target.shape)
    for b in prob.blockers:
        events += _directions((ex, ey), b.shape)
    for _ident, poly in prob.forests:
        events += _directions((ex, ey), poly)
    if prob.facing is not None:
        base = math.atan2(prob.facing[1], prob.facing[0])
        events += [base + math.pi / 2, base - math.pi / 2, base]
    norm = sorted({e % (2 * math.pi) for e in events})
    out = list(norm)
    for i, start in enumerate(norm):
        stop = norm[(i + 1) % len(norm)] + (2 * math.pi if i + 1 == len(norm) else 0.0)
        out += [start + (stop - start) * k / _SPLITS for k in range(1, _SPLITS)]
    return out


def _rect_range(m: float, ez: float, rect: tuple[float, float, float, float]) -> Interval | None:
    """The s-range where ``z = ez + m s`` lies in a closed rectangle."""
    c0, c1, lo, hi = rect
    if m == 0.0:
        return (c0, c1) if lo - TOL <= ez <= hi + TOL else None
    e0 = (lo - ez) / m if math.isfinite(lo) else (-math.inf if m > 0 else math.inf)
    e1 = (hi - ez) / m
    r0, r1 = max(min(e0, e1), c0), min(max(e0, e1), c1)
    return (r0, r1) if r0 <= r1 + TOL else None


def _ray_sight(prob: EyeProblem, angle: float) -> tuple[Point3, Point3] | None:
    ux, uy = math.cos(angle), math.sin(angle)
    if prob.facing is not None and ux * prob.facing[0] + uy * prob.facing[1] <= 1e-12:
        return None
    ex, ey, ez = prob.eye
    line: Line = (ex, ey, ux, uy)
    target = [iv for iv in chords(prob.target.shape, line, closed=True) if iv[1] > 0]
    if not target:
        return None
    rects = [
        (c0, c1, b.lo, b.hi)
        for b in prob.blockers
        for c0, c1 in chords(b.shape, line, closed=True)
        if c1 >= 0
    ]
    forests = [
        iv for _i, poly in prob.forests for iv in chords(poly, line, closed=True) if iv[1] >= 0
    ]
    for t0, t1 in target:
        t0 = max(t0, 0.0)
        trect = (t0, t1, prob.target.lo, prob.target.hi)
        for m in _slopes(ez, trect, rects):
            found = _clear_along(prob, m, trect, rects, forests)
            if found is not None:
                s = found
                return (ex, ey, ez), (ex + s * ux, ey + s * uy, ez + m * s)
    return None


def _slopes(
    ez: float,
    trect: tuple[float, float, float, float],
    rects: list[tuple[float, float, float, float]],
) -> list[float]:
    crit: set[float] = set()
    for c0, c1, lo, hi in [trect, *rects]:
        for s in (c0, c1):
            if s <= 1e-12:
                continue
            for z in (lo, hi):
                if math.isfinite(z):
                    crit.add((z - ez) / s)
    ordered = sorted(crit)
    out = list(ordered)
    out += [(a + b) / 2 for a, b in pairwise(ordered)]
    return out


def _clear_along(
    prob: EyeProblem,
    m: float,
    trect: tuple[float, float, float, float],
    rects: list[tuple[float, float, float, float]],
    forests: list[Interval],
) -> float | None:
    hit = _rect_range(m, prob.eye[2], trect)
    if hit is None:
        return None
    ends = [hit[0]] + [f0 for f0, _f1 in forests if hit[0] < f0 <= hit[1]]
    stretch = math.sqrt(1 + m * m)
    for s_end in ends:
        if _blocked(prob, m, s_end, rects):
            continue
        if all(_forest_ok(f, s_end, stretch, prob.reach) for f in forests):
            return s_end
    return None


def _blocked(
    prob: EyeProblem, m: float, s_end: float, rects: list[tuple[float, float, float, float]]
) -> bool:
    for rect in rects:
        r = _rect_range(m, prob.eye[2], rect)
        if r is not None and r[0] <= s_end + TOL and r[1] >= -TOL:
            return True
    return False


def _forest_ok(forest: Interval, s_end: float, stretch: float, reach: float) -> bool:
    f0, f1 = forest
    lo, hi = max(f0, 0.0), min(f1, s_end)
    if lo > hi + TOL:
        return True
    inside_end = f0 - TOL <= s_end <= f1 + TOL
    inside_eye = f0 <= TOL
    if not (inside_end or inside_eye):
        return False
    return (hi - lo) * stretch <= reach + 1e-6


def eye_sight(prob: EyeProblem) -> Sight:
    """Whether some point of the target in the sight area is seen from the eye."""
    for angle in _candidate_angles(prob):
        seg = _ray_sight(prob, angle)
        if seg is not None:
            return Sight(True, seg)
    return Sight(False, None, in_the_fan(prob))


def in_the_fan(prob: EyeProblem) -> tuple[str, ...]:
    """The obstacles and forests whose footprint meets the *fan*, the plan hull of the eye and
    the target's footprint (circumscribed): every sight segment lies in it, so these are the
    ones that can stand in the way, and the witness of a "not visible" names only them. None
    when the target lies wholly behind the observer (outside the sight area: nothing blocks)."""
    target = to_polygon(prob.target.shape, outer=True)
    if prob.facing is not None:
        (fx, fy), (ex, ey) = prob.facing, prob.eye[:2]
        ahead = max((x - ex) * fx + (y - ey) * fy for x, y in target.exterior.coords)
        if ahead <= 1e-12:
            return ()
    fan = MultiPoint([prob.eye[:2]]).union(target).convex_hull
    x0, y0, x1, y1 = fan.bounds

    def meets(shape: Shape) -> bool:  # boxes first: a table holds many models far from the fan
        a0, b0, a1, b1 = bbox(shape)
        if a1 < x0 or a0 > x1 or b1 < y0 or b0 > y1:
            return False
        return bool(fan.intersects(to_polygon(shape, outer=True)))

    ids = {b.ident for b in prob.blockers if meets(b.shape)}
    ids |= {i for i, poly in prob.forests if meets(poly)}
    return tuple(sorted(ids))
