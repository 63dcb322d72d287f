"""Patches of a target's facing surface, and the certificate that one is seen (issue #3).

A *patch* is a piece of the surface of the target prism that faces the observer: a side patch
(a polygon edge interval, or an arc of a round rim, times a height interval) or a piece of the
top or bottom face. A patch is *certified seen* by an observer point ``P`` when

* ``P`` lies in front of (or on) every tangent plane of the patch, so no segment from ``P`` to a
  point of the patch enters the target's own interior (a convex footprint lies behind each of its
  tangent lines; for an arc shorter than a half turn the two end tangents suffice, because the
  tangents that ``P`` is in front of form one arc of the rim, and the other arc is longer than a
  half turn); and
* the cone ``conv({P} u patch)`` meets no obstacle interior and its plan crosses no wall's
  interior. The cone holds every segment from ``P`` to the patch, so every point of the patch
  is then reached by a clear segment.

The cone against an obstacle prism (footprint x ``(lo, hi)``): if the cone has no point strictly
between ``lo`` and ``hi`` it cannot meet the open prism; otherwise it is clipped to the closed
slab (vertices in the slab, and crossings of every pair of vertices with the two planes), and the
plan of the clipped cone, a convex polygon, is tested against the open footprint: separating
axes for a convex polygon, the distance from the centre for a disc (an ellipse is mapped to the
unit disc), shapely for a non-convex polygon. The closed clip against the open footprint decides
the open one: a convex set with a point inside the open slab has its part in the open slab dense
in its part in the closed slab. A round arc is bounded by the triangle of its chord and its two
end tangents (which contains it); points of that triangle outside the target only make the test
stricter. Margins of 1e-9 inch let segments touch boundaries, as in ``geometry.sight``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import shapely
from shapely.geometry import LineString, Point, Polygon

from vantage.geometry.measure import rim_point
from vantage.geometry.prisms import Disc, Ellipse, Poly, Prism, Shape, contains_point, reach
from vantage.geometry.sight import Wall

Point2 = tuple[float, float]
Point3 = tuple[float, float, float]
Plane = tuple[float, float, float, float]  # (nx, ny, nz, h): P is in front when n.P >= h
EPS = 1e-9


# ---------------------------------------------------------------------------------------------
# patches


@dataclass(frozen=True, slots=True)
class ArcPatch:
    """An arc ``[t0, t1]`` (parameter angles, shorter than a half turn) of a round rim, between
    heights ``z0`` and ``z1``."""

    shape: Disc | Ellipse
    t0: float
    t1: float
    z0: float
    z1: float


@dataclass(frozen=True, slots=True)
class EdgePatch:
    """The part ``[s0, s1]`` (fractions) of the polygon edge ``p -> q`` (outward normal ``n``),
    between heights ``z0`` and ``z1``."""

    p: Point2
    q: Point2
    n: Point2
    s0: float
    s1: float
    z0: float
    z1: float


@dataclass(frozen=True, slots=True)
class FacePatch:
    """A convex polygon of the top (``up``) or bottom face plane at height ``z``; it may reach
    outside the face (``face`` is the footprint), never the other way round."""

    points: tuple[Point2, ...]
    z: float
    up: bool
    face: Shape


Patch = ArcPatch | EdgePatch | FacePatch


def round_normal(shape: Disc | Ellipse, t: float) -> Point2:
    """The outward unit normal of a round rim at parameter angle ``t``."""
    if isinstance(shape, Disc):
        return math.cos(t), math.sin(t)
    c, s = math.cos(shape.angle), math.sin(shape.angle)
    u, v = math.cos(t) / shape.a, math.sin(t) / shape.b
    nx, ny = u * c - v * s, u * s + v * c
    n = math.hypot(nx, ny)
    return nx / n, ny / n


def size(patch: Patch) -> float:
    """The patch's extent in inches (its larger side; a face patch's box diagonal)."""
    if isinstance(patch, ArcPatch):
        return max(reach(patch.shape) * (patch.t1 - patch.t0), patch.z1 - patch.z0)
    if isinstance(patch, EdgePatch):
        length = math.dist(patch.p, patch.q) * (patch.s1 - patch.s0)
        return max(length, patch.z1 - patch.z0)
    xs = [p[0] for p in patch.points]
    ys = [p[1] for p in patch.points]
    return math.hypot(max(xs) - min(xs), max(ys) - min(ys))


def _edge_point(patch: EdgePatch, s: float) -> Point2:
    (px, py), (qx, qy) = patch.p, patch.q
    return px + (qx - px) * s, py + (qy - py) * s


def _arc_triangle(patch: ArcPatch) -> list[Point2]:
    """Chord ends and the crossing of the end tangents: a triangle holding the arc."""
    a = rim_point(patch.shape, patch.t0)
    b = rim_point(patch.shape, patch.t1)
    n0 = round_normal(patch.shape, patch.t0)
    n1 = round_normal(patch.shape, patch.t1)
    h0 = n0[0] * a[0] + n0[1] * a[1]
    h1 = n1[0] * b[0] + n1[1] * b[1]
    det = n0[0] * n1[1] - n0[1] * n1[0]
    if abs(det) < 1e-12:
        return [a, b]
    x = (h0 * n1[1] - h1 * n0[1]) / det
    y = (n0[0] * h1 - n1[0] * h0) / det
    return [a, b, (x, y)]


def plan_outline(patch: Patch) -> list[Point2]:
    """Plan points whose convex hull holds the patch's plan."""
    if isinstance(patch, ArcPatch):
        return _arc_triangle(patch)
    if isinstance(patch, EdgePatch):
        return [_edge_point(patch, patch.s0), _edge_point(patch, patch.s1)]
    return list(patch.points)


def corners(patch: Patch) -> list[Point3]:
    """3D points whose convex hull holds the patch."""
    if isinstance(patch, FacePatch):
        return [(x, y, patch.z) for x, y in patch.points]
    plan = plan_outline(patch)
    zs = (patch.z0, patch.z1) if patch.z1 > patch.z0 else (patch.z0,)
    return [(x, y, z) for x, y in plan for z in zs]


def planes(patch: Patch) -> list[Plane]:
    """The tangent planes ``P`` must be in front of (module docstring)."""
    if isinstance(patch, FacePatch):
        return [(0.0, 0.0, 1.0, patch.z)] if patch.up else [(0.0, 0.0, -1.0, -patch.z)]
    if isinstance(patch, EdgePatch):
        nx, ny = patch.n
        return [(nx, ny, 0.0, nx * patch.p[0] + ny * patch.p[1])]
    out: list[Plane] = []
    for t in (patch.t0, patch.t1):
        nx, ny = round_normal(patch.shape, t)
        x, y = rim_point(patch.shape, t)
        out.append((nx, ny, 0.0, nx * x + ny * y))
    return out


def normals(patch: Patch) -> list[Point2]:
    """Plan directions toward which observer points are tried (end and middle normals)."""
    if isinstance(patch, EdgePatch):
        return [patch.n]
    if isinstance(patch, ArcPatch):
        ts = (patch.t0, (patch.t0 + patch.t1) / 2, patch.t1)
        return [round_normal(patch.shape, t) for t in ts]
    return []


def centre(patch: Patch) -> tuple[float, float, float, tuple[Point2, ...]] | None:
    """A point of the patch (x, y, z) with its outward plan normals; ``None`` when a face patch
    no longer meets the face."""
    if isinstance(patch, ArcPatch):
        t = (patch.t0 + patch.t1) / 2
        x, y = rim_point(patch.shape, t)
        return x, y, (patch.z0 + patch.z1) / 2, (round_normal(patch.shape, t),)
    if isinstance(patch, EdgePatch):
        x, y = _edge_point(patch, (patch.s0 + patch.s1) / 2)
        return x, y, (patch.z0 + patch.z1) / 2, (patch.n,)
    pts = patch.points
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    for x, y in [(cx, cy), *pts]:
        if contains_point(patch.face, x, y, 0.0):
            return x, y, patch.z, ()
    return None


def split(patch: Patch, axis: str = "longer") -> list[Patch]:
    """Two halves: across the rim (arc or edge) for ``axis == "rim"``, across the height for
    ``"height"``, else across the longer side; a face patch across its longer box side."""
    if isinstance(patch, FacePatch):
        return _split_face(patch)
    if axis == "longer":
        axis = "rim" if _rim_length(patch) >= patch.z1 - patch.z0 else "height"
    if axis == "rim":
        if isinstance(patch, ArcPatch):
            tm = (patch.t0 + patch.t1) / 2
            return [
                ArcPatch(patch.shape, patch.t0, tm, patch.z0, patch.z1),
                ArcPatch(patch.shape, tm, patch.t1, patch.z0, patch.z1),
            ]
        sm = (patch.s0 + patch.s1) / 2
        return [
            EdgePatch(patch.p, patch.q, patch.n, patch.s0, sm, patch.z0, patch.z1),
            EdgePatch(patch.p, patch.q, patch.n, sm, patch.s1, patch.z0, patch.z1),
        ]
    zm = (patch.z0 + patch.z1) / 2
    if isinstance(patch, ArcPatch):
        return [
            ArcPatch(patch.shape, patch.t0, patch.t1, patch.z0, zm),
            ArcPatch(patch.shape, patch.t0, patch.t1, zm, patch.z1),
        ]
    return [
        EdgePatch(patch.p, patch.q, patch.n, patch.s0, patch.s1, patch.z0, zm),
        EdgePatch(patch.p, patch.q, patch.n, patch.s0, patch.s1, zm, patch.z1),
    ]


def slice_at_centre(patch: ArcPatch | EdgePatch, axis: str) -> Patch:
    """The patch's vertical line through its centre (``axis == "rim"``: what splitting across
    the rim narrows towards) or its rim line at the centre's height (``"height"``)."""
    if axis == "rim":
        if isinstance(patch, ArcPatch):
            tm = (patch.t0 + patch.t1) / 2
            return ArcPatch(patch.shape, tm, tm, patch.z0, patch.z1)
        sm = (patch.s0 + patch.s1) / 2
        return EdgePatch(patch.p, patch.q, patch.n, sm, sm, patch.z0, patch.z1)
    zm = (patch.z0 + patch.z1) / 2
    if isinstance(patch, ArcPatch):
        return ArcPatch(patch.shape, patch.t0, patch.t1, zm, zm)
    return EdgePatch(patch.p, patch.q, patch.n, patch.s0, patch.s1, zm, zm)


def _rim_length(patch: ArcPatch | EdgePatch) -> float:
    if isinstance(patch, ArcPatch):
        return reach(patch.shape) * (patch.t1 - patch.t0)
    return math.dist(patch.p, patch.q) * (patch.s1 - patch.s0)


def _split_face(patch: FacePatch) -> list[Patch]:
    pts = patch.points
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    if max(xs) - min(xs) >= max(ys) - min(ys):
        n, m = (1.0, 0.0), (max(xs) + min(xs)) / 2
    else:
        n, m = (0.0, 1.0), (max(ys) + min(ys)) / 2
    out: list[Patch] = []
    for sign in (1.0, -1.0):
        half = clip_half_plane(pts, (sign * n[0], sign * n[1]), sign * m)
        if len(half) >= 3:
            out.append(FacePatch(tuple(half), patch.z, patch.up, patch.face))
    return out


def clip_half_plane(pts: Sequence[Point2], n: Point2, h: float) -> list[Point2]:
    """The convex polygon cut to ``n.x <= h`` (Sutherland-Hodgman)."""
    out: list[Point2] = []
    k = len(pts)
    for i in range(k):
        a, b = pts[i], pts[(i + 1) % k]
        da = n[0] * a[0] + n[1] * a[1] - h
        db = n[0] * b[0] + n[1] * b[1] - h
        if da <= 0:
            out.append(a)
        if (da < 0 < db) or (db < 0 < da):
            f = da / (da - db)
            out.append((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f))
    return out


def face_outline(shape: Shape) -> tuple[Point2, ...]:
    """A convex polygon holding the footprint: a polygon's hull, or a circumscribed 16-gon."""
    if isinstance(shape, Poly):
        return tuple(convex_hull(list(shape.points)))
    if isinstance(shape, Disc):
        a = b = shape.r
        angle = 0.0
    else:
        a, b, angle = shape.a, shape.b, shape.angle
    k = 1.0 / math.cos(math.pi / 16)
    c, s = math.cos(angle), math.sin(angle)
    out = []
    for i in range(16):
        t = 2 * math.pi * i / 16
        u, v = a * k * math.cos(t), b * k * math.sin(t)
        out.append((shape.cx + u * c - v * s, shape.cy + u * s + v * c))
    return tuple(out)


# ---------------------------------------------------------------------------------------------
# 2D convex geometry


def convex_hull(pts: list[Point2]) -> list[Point2]:
    """Counter-clockwise hull (monotone chain); fewer than 3 points when degenerate."""
    ps = sorted(set(pts))
    if len(ps) <= 2:
        return ps

    def cross(o: Point2, a: Point2, b: Point2) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[Point2] = []
    for p in ps:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 1e-15:
            lower.pop()
        lower.append(p)
    upper: list[Point2] = []
    for p in reversed(ps):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 1e-15:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _edge_planes(hull: list[Point2]) -> list[tuple[float, float, float]]:
    """Outward unit normals and offsets of a convex polygon's edges (a segment: both sides)."""
    out = []
    k = len(hull)
    if k == 2:
        (x0, y0), (x1, y1) = hull
        length = math.hypot(x1 - x0, y1 - y0)
        nx, ny = (y1 - y0) / length, -(x1 - x0) / length
        h = nx * x0 + ny * y0
        return [(nx, ny, h), (-nx, -ny, -h)]
    for i in range(k):
        (x0, y0), (x1, y1) = hull[i], hull[(i + 1) % k]
        length = math.hypot(x1 - x0, y1 - y0)
        if length <= 0:
            continue
        nx, ny = (y1 - y0) / length, -(x1 - x0) / length
        out.append((nx, ny, nx * x0 + ny * y0))
    return out


def _separated(a_planes: list[tuple[float, float, float]], b: list[Point2]) -> bool:
    """Some edge line of a convex polygon has all of ``b`` on or beyond it (margin EPS)."""
    return any(min(nx * x + ny * y for x, y in b) >= h - EPS for nx, ny, h in a_planes)


def _point_hull_distance(hull: list[Point2], x: float, y: float) -> float:
    """Distance from a point to a convex polygon (0 inside; hull of 1, 2 or more points)."""
    k = len(hull)
    if k == 1:
        return math.hypot(x - hull[0][0], y - hull[0][1])
    inside = k >= 3
    best = math.inf
    for i in range(k if k >= 3 else 1):
        (x0, y0), (x1, y1) = hull[i], hull[(i + 1) % k]
        ex, ey = x1 - x0, y1 - y0
        ll = ex * ex + ey * ey
        s = 0.0 if ll == 0 else max(0.0, min(1.0, ((x - x0) * ex + (y - y0) * ey) / ll))
        best = min(best, math.hypot(x - x0 - s * ex, y - y0 - s * ey))
        if (x - x0) * ey - (y - y0) * ex > 0:
            inside = False
    return 0.0 if inside else best


class Footprint:
    """An obstacle footprint prepared for tests against convex polygons (open interior)."""

    __slots__ = ("box", "kind", "planes", "pts", "shape", "shapely")

    def __init__(self, shape: Shape) -> None:
        self.shape = shape
        self.planes: list[tuple[float, float, float]] = []
        self.pts: list[Point2] = []
        self.shapely: Polygon | None = None
        if isinstance(shape, Poly):
            self.pts = list(shape.points)
            if shape.convex:
                self.kind = "convex"
                self.planes = _edge_planes(self.pts)
            else:
                self.kind = "poly"
                self.shapely = Polygon(shape.points)
            xs = [p[0] for p in self.pts]
            ys = [p[1] for p in self.pts]
            self.box = (min(xs), min(ys), max(xs), max(ys))
        else:
            self.kind = "round"
            r = reach(shape)
            self.box = (shape.cx - r, shape.cy - r, shape.cx + r, shape.cy + r)

    def meets(self, pts: list[Point2]) -> bool:
        """Whether the convex hull of ``pts`` meets the open footprint (margin EPS)."""
        x0, y0, x1, y1 = self.box
        if (
            max(p[0] for p in pts) <= x0 + EPS
            or min(p[0] for p in pts) >= x1 - EPS
            or max(p[1] for p in pts) <= y0 + EPS
            or min(p[1] for p in pts) >= y1 - EPS
        ):
            return False
        if self.kind == "round":
            return self._meets_round(pts)
        hull = convex_hull(pts)
        if self.kind == "convex":
            if _separated(self.planes, hull):
                return False
            return len(hull) == 1 or not _separated(_edge_planes(hull), self.pts)
        assert self.shapely is not None
        if len(hull) >= 3:
            return float(shapely.intersection(Polygon(hull), self.shapely).area) > 1e-12
        geom = Point(hull[0]) if len(hull) == 1 else LineString(hull)
        return bool(shapely.relate_pattern(geom, self.shapely, "T********"))

    def _meets_round(self, pts: list[Point2]) -> bool:
        shape = self.shape
        if isinstance(shape, Disc):
            hull = convex_hull(pts)
            return _point_hull_distance(hull, shape.cx, shape.cy) < shape.r - EPS
        assert isinstance(shape, Ellipse)
        c, s = math.cos(shape.angle), math.sin(shape.angle)
        local = [
            (
                ((x - shape.cx) * c + (y - shape.cy) * s) / shape.a,
                (-(x - shape.cx) * s + (y - shape.cy) * c) / shape.b,
            )
            for x, y in pts
        ]
        hull = convex_hull(local)
        return _point_hull_distance(hull, 0.0, 0.0) < 1.0 - EPS / min(shape.a, shape.b)


# ---------------------------------------------------------------------------------------------
# the certificate


@dataclass(slots=True)
class Scene:
    """Obstacles prepared once per question: (footprint, lo, hi) and walls, and the order the
    obstacles are tried in (the last one that met a cone first: a failing certificate usually
    fails on the obstacle that failed the one before; the order changes no answer)."""

    blockers: list[tuple[Footprint, float, float]]
    walls: list[tuple[Footprint, Wall]]
    order: list[int]

    @staticmethod
    def of(blockers: Sequence[Prism], walls: Sequence[Wall]) -> Scene:
        """Prepare the footprints of the obstacles meeting the sight hull."""
        return Scene(
            [(Footprint(b.shape), b.lo, b.hi) for b in blockers],
            [(Footprint(w.shape), w) for w in walls],
            list(range(len(blockers))),
        )

    def met(self, k: int) -> None:
        """Obstacle ``k`` met a cone: try it first next time."""
        if self.order[0] != k:
            self.order.remove(k)
            self.order.insert(0, k)


@dataclass(slots=True)
class Outline:
    """What the certificate needs of a patch, computed once for the many observer points tried
    against it: the corners holding it, its tangent planes, the corners' height range and plan
    box, and whether each wall exempts it (by the wall's index in the question's ``Scene``,
    filled when first asked: an outline serves one scene)."""

    patch: Patch
    corners: list[Point3]
    planes: list[Plane]
    zlo: float
    zhi: float
    box: tuple[float, float, float, float]
    exempt: dict[int, bool]

    @staticmethod
    def of(patch: Patch) -> Outline:
        """The outline of one patch."""
        pts = corners(patch)
        xs = [q[0] for q in pts]
        ys = [q[1] for q in pts]
        zs = [q[2] for q in pts]
        box = (min(xs), min(ys), max(xs), max(ys))
        return Outline(patch, pts, planes(patch), min(zs), max(zs), box, {})


def in_front(p: Point3, patch: Patch | Outline) -> bool:
    """``P`` is in front of (or on) every tangent plane of the patch."""
    tangents = patch.planes if isinstance(patch, Outline) else planes(patch)
    return all(nx * p[0] + ny * p[1] + nz * p[2] >= h - EPS for nx, ny, nz, h in tangents)


def cone_clear(p: Point3, patch: Patch | Outline, scene: Scene) -> bool:
    """``conv({P} u patch)`` meets no obstacle interior and its plan crosses no wall it may
    not cross (module docstring).

    An obstacle is skipped when the cone's plan box lies beyond the footprint's box: the plan of
    the clipped cone lies in the cone's plan box (its points are the cone's vertices and points
    between two of them; the rounding of those is far below ``EPS``), so ``Footprint.meets``
    would find it outside the footprint's box too."""
    out = patch if isinstance(patch, Outline) else Outline.of(patch)
    pts = [p, *out.corners]
    zlo = min(p[2], out.zlo)
    zhi = max(p[2], out.zhi)
    bx0, by0, bx1, by1 = out.box
    x0, y0, x1, y1 = min(p[0], bx0), min(p[1], by0), max(p[0], bx1), max(p[1], by1)
    for k in scene.order:
        fp, lo, hi = scene.blockers[k]
        if zhi <= lo + EPS or zlo >= hi - EPS:
            continue
        f0, g0, f1, g1 = fp.box
        if x1 <= f0 or x0 >= f1 or y1 <= g0 or y0 >= g1:
            continue
        if fp.meets(_clip_plan(pts, lo, hi, zlo, zhi)):
            scene.met(k)
            return False
    if scene.walls:
        plan = [(q[0], q[1]) for q in pts]
        for i, (fp, wall) in enumerate(scene.walls):
            if wall.see_into and _exempt(out, i, wall):
                continue
            if fp.meets(plan):
                return False
    return True


def certified(p: Point3, patch: Patch | Outline, scene: Scene) -> bool:
    """Every point of the patch is reached from ``P`` by a clear segment (module docstring)."""
    out = patch if isinstance(patch, Outline) else Outline.of(patch)
    return in_front(p, out) and cone_clear(p, out, scene)


def _exempt(out: Outline, i: int, wall: Wall) -> bool:
    """``_plan_inside`` for the outline's patch and wall ``i``, remembered on the outline."""
    found = out.exempt.get(i)
    if found is None:
        found = out.exempt[i] = _plan_inside(out.patch, wall)
    return found


def _clip_plan(pts: list[Point3], lo: float, hi: float, zlo: float, zhi: float) -> list[Point2]:
    """The plan of the convex hull of ``pts`` cut to the slab ``lo <= z <= hi``: the points in
    the slab and the crossings of every pair of points (first index first) with its planes,
    pairs on one side of a plane skipped (the caller takes the hull, so order is free)."""
    if lo <= zlo and zhi <= hi:
        return [(q[0], q[1]) for q in pts]
    out = [(q[0], q[1]) for q in pts if lo <= q[2] <= hi]
    for c in (lo, hi):
        if not zlo < c < zhi:
            continue
        below = [i for i, q in enumerate(pts) if q[2] < c]
        above = [j for j, q in enumerate(pts) if q[2] > c]
        for i in below:
            for j in above:
                a, b = (pts[i], pts[j]) if i < j else (pts[j], pts[i])
                if (a[2] - c) * (b[2] - c) < 0:
                    f = (c - a[2]) / (b[2] - a[2])
                    out.append((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f))
    return out


def _plan_inside(patch: Patch, wall: Wall) -> bool:
    """The patch's plan lies in the wall's closed footprint (it may be seen into): exactly for
    an arc or an edge in a convex footprint, by the patch's outline otherwise."""
    if wall.shape.convex:
        planes2 = _edge_planes(list(wall.shape.points))
        if isinstance(patch, ArcPatch):
            return all(_arc_max(patch, nx, ny) <= h + EPS for nx, ny, h in planes2)
        outline = plan_outline(patch)
        return all(nx * x + ny * y <= h + EPS for x, y in outline for nx, ny, h in planes2)
    outline = plan_outline(patch)
    geom = Polygon(outline) if len(outline) >= 3 else LineString(outline)
    return bool(Polygon(wall.shape.points).buffer(EPS).covers(geom))


def _arc_max(patch: ArcPatch, nx: float, ny: float) -> float:
    """``max n.x`` over the arc: at an end, or at the rim's support point when the arc holds
    its parameter."""
    shape = patch.shape
    ends = [rim_point(shape, patch.t0), rim_point(shape, patch.t1)]
    best = max(nx * x + ny * y for x, y in ends)
    if isinstance(shape, Disc):
        top = math.atan2(ny, nx)
    else:
        c, s = math.cos(shape.angle), math.sin(shape.angle)
        u, v = nx * c + ny * s, -nx * s + ny * c
        top = math.atan2(shape.b * v, shape.a * u)
    k = math.ceil((patch.t0 - top) / (2 * math.pi))
    top += 2 * math.pi * k  # the first turn of ``top`` at or after t0
    if top <= patch.t1:
        x, y = rim_point(shape, top)
        best = max(best, nx * x + ny * y)
    return best


def rim_crossings(shape: Disc | Ellipse, a: Point2, b: Point2) -> list[float]:
    """Parameter angles where the segment ``a -> b`` crosses the round rim."""
    if isinstance(shape, Disc):
        ra, rb, c, s = shape.r, shape.r, 1.0, 0.0
    else:
        ra, rb, c, s = shape.a, shape.b, math.cos(shape.angle), math.sin(shape.angle)

    def local(p: Point2) -> Point2:
        dx, dy = p[0] - shape.cx, p[1] - shape.cy
        return (dx * c + dy * s) / ra, (-dx * s + dy * c) / rb

    (x0, y0), (x1, y1) = local(a), local(b)
    dx, dy = x1 - x0, y1 - y0
    qa, qb, qc = dx * dx + dy * dy, 2 * (x0 * dx + y0 * dy), x0 * x0 + y0 * y0 - 1
    disc = qb * qb - 4 * qa * qc
    if qa <= 0 or disc < 0:
        return []
    out = []
    for f in ((-qb - math.sqrt(disc)) / (2 * qa), (-qb + math.sqrt(disc)) / (2 * qa)):
        if 0 <= f <= 1:
            out.append(math.atan2(y0 + dy * f, x0 + dx * f))
    return out


def edge_crossings(p: Point2, q: Point2, a: Point2, b: Point2) -> list[float]:
    """Fractions along ``p -> q`` where it crosses the segment ``a -> b``."""
    rx, ry = q[0] - p[0], q[1] - p[1]
    sx, sy = b[0] - a[0], b[1] - a[1]
    den = rx * sy - ry * sx
    if abs(den) < 1e-15:
        return []
    f = ((a[0] - p[0]) * sy - (a[1] - p[1]) * sx) / den
    g = ((a[0] - p[0]) * ry - (a[1] - p[1]) * rx) / den
    return [f] if 0 < f < 1 and 0 <= g <= 1 else []


def extent(patch: Patch, axis: str) -> float:
    """The patch's size across which ``split(patch, axis)`` cuts."""
    if isinstance(patch, FacePatch) or axis == "longer":
        return size(patch)
    return _rim_length(patch) if axis == "rim" else patch.z1 - patch.z0
