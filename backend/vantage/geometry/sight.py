"""Exact line of sight between two prisms past opaque prisms and plan walls.

The model (scenario-format "Conventions", Warhammer 40,000): the observer and the target are
vertical prisms; a sight segment joins a point of one to a point of the other and is blocked only
where it passes through the *interior* of an obstacle prism (touching an edge or grazing a top
face is clear). A *wall* is a plan-only rule: a segment whose plan crosses the wall's footprint
interior is blocked (10th-edition ruins, 9th-edition obscuring), unless ``see_into`` and the
segment's target point lies in the footprint.

Search (see docs/geometry.md): a segment is fixed by its plan line and its profile in the
vertical plane above that line. Along one plan line the problem is two-dimensional: closed
rectangles (observer, target) and open rectangles (obstacles); a clear segment exists iff one
exists through two rectangle corners, so :func:`solve_vertical` is exact. The plan lines tried
are the extremal ones: through two feature points (obstacle vertices, boundary crossings), through
a point and tangent to a round figure, and tangent to two round figures. When every obstacle is
either passable by every segment or blocks every segment that crosses its plan, the feasible plan
lines form a region whose vertices are exactly these lines, so the search is complete. Obstacles
whose top lies between the two eye heights add a dense family of plan lines on top.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import pairwise

import shapely
from shapely.geometry import Polygon

from vantage.geometry.lines import (
    Interval,
    Line,
    bitangents,
    chords,
    line_through,
    rim_crossings,
    segment_crossing,
    tangents_from_point,
)
from vantage.geometry.prisms import Disc, Ellipse, Poly, Prism, Shape, bbox, centre, to_polygon

Point3 = tuple[float, float, float]
TOL = 1e-9
_DENSE = 12


@dataclass(frozen=True, slots=True)
class Wall:
    """A plan-only sight rule: crossing the footprint's interior blocks."""

    shape: Poly
    ident: str
    see_into: bool = False


@dataclass(frozen=True, slots=True)
class Sight:
    """A sight answer with its witness: a clear segment, or the obstacles in the way."""

    clear: bool
    segment: tuple[Point3, Point3] | None = None
    blocking: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SightProblem:
    """Observer and target prisms, obstacle prisms (open interiors) and plan walls."""

    observer: Prism
    target: Prism
    blockers: tuple[Prism, ...] = ()
    walls: tuple[Wall, ...] = ()
    dense: bool = field(default=False)


# ---------------------------------------------------------------------------------------------
# the vertical plane above one plan line


Rect = tuple[float, float, float, float]  # s0, s1, lo, hi


def _segment_clear(a: float, za: float, b: float, zb: float, rects: list[Rect]) -> bool:
    lo_s, hi_s = (a, b) if a <= b else (b, a)
    for c0, c1, lo, hi in rects:
        s0, s1 = max(c0, lo_s), min(c1, hi_s)
        if s0 >= s1:
            continue
        if hi_s - lo_s < 1e-15:
            z0 = z1 = za
        else:
            z0 = za + (zb - za) * (s0 - a) / (b - a)
            z1 = za + (zb - za) * (s1 - a) / (b - a)
        if not ((z0 >= hi - TOL and z1 >= hi - TOL) or (z0 <= lo + TOL and z1 <= lo + TOL)):
            return False
    return True


def _line_rect_range(s1: float, z1: float, m: float, rect: Rect, closed: bool) -> Interval | None:
    """The s-range where the plane line ``z = z1 + m (s - s1)`` lies in a rectangle."""
    c0, c1, lo, hi = rect
    if m == 0.0:
        inside = lo - TOL <= z1 <= hi + TOL if closed else lo + TOL < z1 < hi - TOL
        return (c0, c1) if inside else None
    e0 = s1 + (lo - z1) / m if math.isfinite(lo) else (-math.inf if m > 0 else math.inf)
    e1 = s1 + (hi - z1) / m
    r0, r1 = min(e0, e1), max(e0, e1)
    pad = TOL / max(1.0, abs(m)) if closed else -TOL / max(1.0, abs(m))
    r0, r1 = max(r0 - pad, c0), min(r1 + pad, c1)
    if r0 > r1 or (not closed and r0 >= r1):
        return None
    return r0, r1


def solve_vertical(
    a_rng: Interval, b_rng: Interval, zo: Interval, zt: Interval, rects: list[Rect]
) -> tuple[float, float, float, float] | None:
    """A clear segment from ``a_rng x zo`` to ``b_rng x zt`` past open rectangles, or ``None``.

    Returns ``(a, za, b, zb)``. Exact: if any clear segment exists, one passes through two corners.
    """
    a0, a1 = a_rng
    b0, b1 = b_rng
    span0, span1 = min(a0, b0), max(a1, b1)
    zmin, zmax = min(zo[0], zt[0]), max(zo[1], zt[1])
    rects = [r for r in rects if r[1] > span0 and r[0] < span1 and r[3] > zmin and r[2] < zmax]
    near_a = a1 if a1 <= b0 else a0
    near_b = b0 if a1 <= b0 else b1
    if not rects:
        return near_a, zo[1], near_b, zt[1]
    for a in (near_a, a0, a1):
        for b in (near_b, b0, b1):
            for za in (zo[1], zo[0]):
                for zb in (zt[1], zt[0]):
                    if _segment_clear(a, za, b, zb, rects):
                        return a, za, b, zb
    corners = [
        (a0, zo[0]),
        (a0, zo[1]),
        (a1, zo[0]),
        (a1, zo[1]),
        (b0, zt[0]),
        (b0, zt[1]),
        (b1, zt[0]),
        (b1, zt[1]),
    ]
    for c0, c1, lo, hi in rects:
        corners += [(c0, hi), (c1, hi)]
        if math.isfinite(lo):
            corners += [(c0, lo), (c1, lo)]
    box_a: Rect = (a0, a1, zo[0], zo[1])
    box_b: Rect = (b0, b1, zt[0], zt[1])
    for i, (s1, z1) in enumerate(corners):
        for s2, z2 in corners[i + 1 :]:
            if abs(s2 - s1) < 1e-12:
                continue
            m = (z2 - z1) / (s2 - s1)
            found = _clear_on_plane_line(s1, z1, m, box_a, box_b, rects)
            if found is not None:
                return found
    return None


def _clear_on_plane_line(
    s1: float, z1: float, m: float, box_a: Rect, box_b: Rect, rects: list[Rect]
) -> tuple[float, float, float, float] | None:
    ra = _line_rect_range(s1, z1, m, box_a, True)
    rb = _line_rect_range(s1, z1, m, box_b, True)
    if ra is None or rb is None:
        return None
    if ra[1] <= rb[0]:
        a, b = ra[1], rb[0]
    elif rb[1] <= ra[0]:
        a, b = ra[0], rb[1]
    else:
        a = b = max(ra[0], rb[0])
    lo_s, hi_s = min(a, b), max(a, b)
    for rect in rects:
        blocked = _line_rect_range(s1, z1, m, rect, False)
        if blocked is not None and blocked[0] < hi_s and blocked[1] > lo_s:
            return None
    return a, z1 + m * (a - s1), b, z1 + m * (b - s1)


# ---------------------------------------------------------------------------------------------
# one plan line


def _wall_pieces(
    b_rng: Interval, walls: list[tuple[Wall, list[Interval], list[Interval]]]
) -> list[Interval]:
    cuts = {b_rng[0], b_rng[1]}
    for _wall, opens, closeds in walls:
        for lo, hi in opens + closeds:
            for s in (lo, hi):
                if b_rng[0] < s < b_rng[1]:
                    cuts.add(s)
    pts = sorted(cuts)
    pieces = [(s, s) for s in pts]
    pieces += list(pairwise(pts))
    return pieces


def solve_line(
    prob: SightProblem, line: Line, blockers: list[Prism], walls: list[Wall]
) -> tuple[Point3, Point3] | None:
    """A clear segment whose plan lies on ``line``, or ``None`` (exact for this line)."""
    oc = chords(prob.observer.shape, line, closed=True)
    tc = chords(prob.target.shape, line, closed=True)
    if not oc or not tc:
        return None
    px, py, dx, dy = line
    sign = 1.0 if (oc[0][0] + oc[-1][1]) <= (tc[0][0] + tc[-1][1]) else -1.0

    def flip(iv: Interval) -> Interval:
        return iv if sign > 0 else (-iv[1], -iv[0])

    rects: list[Rect] = []
    for prism in blockers:
        for iv in chords(prism.shape, line, closed=False):
            s0, s1 = flip(iv)
            rects.append((s0, s1, prism.lo, prism.hi))
    wall_chords = [
        (
            w,
            [flip(iv) for iv in chords(w.shape, line, closed=False)],
            [flip(iv) for iv in chords(w.shape, line, closed=True)],
        )
        for w in walls
    ]
    wall_chords = [wc for wc in wall_chords if wc[1]]
    zo = (prob.observer.lo, prob.observer.hi)
    zt = (prob.target.lo, prob.target.hi)
    for a_iv in (flip(iv) for iv in oc):
        for b_iv in (flip(iv) for iv in tc):
            for piece in _wall_pieces(b_iv, wall_chords):
                a_rng = _allowed_a(a_iv, piece, wall_chords)
                if a_rng is None:
                    continue
                found = solve_vertical(a_rng, piece, zo, zt, rects)
                if found is not None:
                    a, za, b, zb = found
                    a, b = a * sign, b * sign
                    return (px + a * dx, py + a * dy, za), (px + b * dx, py + b * dy, zb)
    return None


def _allowed_a(
    a_iv: Interval, piece: Interval, walls: list[tuple[Wall, list[Interval], list[Interval]]]
) -> Interval | None:
    """Observer positions whose segment to the target piece crosses no wall it may not cross."""
    mid_b = (piece[0] + piece[1]) / 2
    lo, hi = a_iv
    for wall, opens, closeds in walls:
        if wall.see_into and any(c0 <= mid_b <= c1 for c0, c1 in closeds):
            continue
        for u0, u1 in opens:
            if u0 < mid_b < u1:
                return None
            if u1 <= mid_b + 1e-12:
                lo = max(lo, u1)
            elif u0 >= mid_b - 1e-12:
                hi = min(hi, u0)
    if lo > hi:
        return None
    return lo, hi


# ---------------------------------------------------------------------------------------------
# candidate plan lines


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
    o, t = prob.observer.shape, prob.target.shape
    if isinstance(t, Disc) and t.r <= 0:
        return _lines_through_point(prob, (t.cx, t.cy), shapes)
    out: list[Line] = []
    first = line_through(centre(o), centre(t))
    if first is not None:
        out.append(first)
    curves = [c for c in (_round(o), _round(t)) if c is not None]
    curves += [c for c in (_round(s) for s in shapes) if c is not None]
    for i, c1 in enumerate(curves):
        for c2 in curves[i + 1 :]:
            out.extend(bitangents(c1, c2))
    points = _feature_points(prob, shapes)
    for p in points:
        for c in curves:
            out.extend(tangents_from_point(c, p))
    for i, p in enumerate(points):
        for q in points[i + 1 :]:
            line = line_through(p, q)
            if line is not None:
                out.append(line)
    if prob.dense:
        out.extend(_dense_lines(o, t, points))
    return out


def _lines_through_point(
    prob: SightProblem, p: tuple[float, float], shapes: list[Shape]
) -> list[Line]:
    """Candidates for a point target: every extremal line must pass through the point."""
    out: list[Line] = []
    first = line_through(centre(prob.observer.shape), p)
    if first is not None:
        out.append(first)
    curves = [c for c in (_round(s) for s in [prob.observer.shape, *shapes]) if c is not None]
    for c in curves:
        out.extend(tangents_from_point(c, p))
    others = [q for q in _feature_points(prob, shapes) if q != p]
    if prob.dense:
        others += _rim_samples(prob.observer.shape, _DENSE)
    for q in others:
        line = line_through(p, q)
        if line is not None:
            out.append(line)
    return out


def _rim_samples(shape: Shape, count: int) -> list[tuple[float, float]]:
    if isinstance(shape, Poly):
        pts = list(shape.points)
        edges = _edges(shape)
        for p, q in edges:
            for k in range(1, 3):
                f = k / 3
                pts.append((p[0] + f * (q[0] - p[0]), p[1] + f * (q[1] - p[1])))
        return pts
    poly = to_polygon(shape, count)
    return [(float(x), float(y)) for x, y in list(poly.exterior.coords)[:-1]]


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


# ---------------------------------------------------------------------------------------------
# the search


def _hull(prob: SightProblem) -> Polygon:
    a = to_polygon(prob.observer.shape, 32, outer=True)
    b = to_polygon(prob.target.shape, 32, outer=True)
    return shapely.convex_hull(shapely.union(a, b)).buffer(1e-7)


def relevant(prob: SightProblem) -> tuple[list[Prism], list[Wall]]:
    """The obstacles that can meet some sight segment (plan hull and height range)."""
    hull = _hull(prob)
    hb = hull.bounds
    zmin = min(prob.observer.lo, prob.target.lo)
    zmax = max(prob.observer.hi, prob.target.hi)
    tall = [b for b in prob.blockers if b.hi > zmin + TOL and b.lo < zmax - TOL]
    keep = _meets_all(hull, hb, [b.shape for b in tall])
    walls = [
        w
        for w, k in zip(
            prob.walls, _meets_all(hull, hb, [w.shape for w in prob.walls]), strict=True
        )
        if k
    ]
    return [b for b, k in zip(tall, keep, strict=True) if k], walls


def _meets_all(
    hull: Polygon, hb: tuple[float, float, float, float], shapes: list[Shape]
) -> list[bool]:
    """Whether each shape meets the hull: bounding boxes first, then one vectorised test."""
    out = [False] * len(shapes)
    rounds: list[int] = []
    polys: list[int] = []
    for i, shape in enumerate(shapes):
        x0, y0, x1, y1 = bbox(shape)
        if x1 < hb[0] or x0 > hb[2] or y1 < hb[1] or y0 > hb[3]:
            continue
        (polys if isinstance(shape, Poly) else rounds).append(i)
    if rounds:
        pts = shapely.points([centre(shapes[i]) for i in rounds])
        gaps = shapely.distance(hull, pts)
        for i, gap in zip(rounds, gaps, strict=True):
            out[i] = bool(gap <= _reach(shapes[i]) + 1e-9)
    if polys:
        hits = shapely.intersects(hull, [shapely_polygon(shapes[i]) for i in polys])
        for i, hit in zip(polys, hits, strict=True):
            out[i] = bool(hit)
    return out


def _reach(shape: Shape) -> float:
    if isinstance(shape, Disc):
        return shape.r
    if isinstance(shape, Ellipse):
        return max(shape.a, shape.b)
    return 0.0


def shapely_polygon(shape: Shape) -> Polygon:
    """A (cached) shapely polygon of a footprint polygon."""
    assert isinstance(shape, Poly)
    return _cached_polygon(shape)


@lru_cache(maxsize=8192)
def _cached_polygon(poly: Poly) -> Polygon:
    return Polygon(poly.points)


def needs_dense(prob: SightProblem, blockers: list[Prism]) -> bool:
    """Whether some obstacle neither always blocks nor is always passable (see docstring)."""
    top = min(prob.observer.hi, prob.target.hi)
    high = max(prob.observer.hi, prob.target.hi)
    low = min(prob.observer.lo, prob.target.lo)
    for b in blockers:
        passable = b.hi <= top + TOL or b.lo >= high - TOL
        full = b.lo <= low + TOL and b.hi >= high - TOL
        if not (passable or full):
            return True
    return False


def _passable(prob: SightProblem, b: Prism) -> bool:
    """Passed above or below by the segment joining the two tops (optimal when no obstacle
    is of intermediate height)."""
    top = min(prob.observer.hi, prob.target.hi)
    high = max(prob.observer.hi, prob.target.hi)
    return b.hi <= top + TOL or b.lo >= high - TOL


def find_clear_segment(prob: SightProblem) -> Sight:
    """Decide sight exactly; the answer carries a clear segment or the obstacles in the way."""
    blockers, walls = relevant(prob)
    common = _common_point(prob)
    if common is not None:
        return Sight(True, common)
    if not blockers and not walls:
        line = line_through(centre(prob.observer.shape), centre(prob.target.shape))
        if line is not None:
            seg = solve_line(prob, line, [], [])
            if seg is not None:
                return Sight(True, seg)
    dense = prob.dense or needs_dense(prob, blockers)
    observer, target = prob.observer, prob.target
    if not dense:  # plan-determined: the segment joining the tops is optimal
        blockers = [b for b in blockers if not _passable(prob, b)]
        observer = replace(observer, lo=observer.hi)
        target = replace(target, lo=target.hi)
    search = SightProblem(observer, target, prob.blockers, prob.walls, dense)
    shapes: list[Shape] = [b.shape for b in blockers] + [w.shape for w in walls]
    for line in candidate_lines(search, shapes):
        seg = solve_line(search, line, blockers, walls)
        if seg is not None:
            return Sight(True, seg)
    ids = tuple(sorted({b.ident for b in blockers} | {w.ident for w in walls}))
    return Sight(False, None, ids)


def _common_point(prob: SightProblem) -> tuple[Point3, Point3] | None:
    """A shared point when the two prisms overlap (a zero-length sight segment)."""
    zlo = max(prob.observer.lo, prob.target.lo)
    zhi = min(prob.observer.hi, prob.target.hi)
    if zlo > zhi + TOL:
        return None
    a = to_polygon(prob.observer.shape, 64)
    b = to_polygon(prob.target.shape, 64)
    inter = shapely.intersection(a, b)
    if inter.is_empty:
        return None
    p = inter.representative_point()
    point = (float(p.x), float(p.y), zhi)
    return point, point
