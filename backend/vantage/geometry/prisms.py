"""Exact plan shapes and vertical prisms (scenario-format "Conventions", all systems).

A footprint is kept as the exact figure it is (a disc, an ellipse or a polygon) rather than a
polygon approximation, so measuring and sight can treat round bases exactly. A prism is a
footprint extruded between two heights; terrain prisms stand on the table (``lo = -inf``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import shapely
from shapely.geometry import Polygon

from vantage.engine.table import Model, TerrainPiece
from vantage.geometry.shapes import CircleBase, HullBase, semi_axes
from vantage.geometry.units import TOL

GROUND = -math.inf
"""Bottom of a terrain prism: nothing passes under terrain (Conventions, Warhammer 40,000)."""


@dataclass(frozen=True, slots=True)
class Disc:
    """A round footprint: centre and radius in inches."""

    cx: float
    cy: float
    r: float


@dataclass(frozen=True, slots=True)
class Ellipse:
    """An oval footprint: semi-axis ``a`` along ``angle`` (radians), ``b`` across it."""

    cx: float
    cy: float
    a: float
    b: float
    angle: float


@dataclass(frozen=True, slots=True)
class Poly:
    """A polygonal footprint (counter-clockwise vertices, no repeated closing point)."""

    points: tuple[tuple[float, float], ...]
    convex: bool


Shape = Disc | Ellipse | Poly


@dataclass(frozen=True, slots=True)
class Prism:
    """A footprint between heights ``lo`` and ``hi`` (``lo`` may be ``GROUND``)."""

    shape: Shape
    lo: float
    hi: float
    ident: str = ""


def make_poly(points: tuple[tuple[float, float], ...] | list[tuple[float, float]]) -> Poly:
    """A polygon with counter-clockwise orientation and a convexity flag."""
    pts = [(float(x), float(y)) for x, y in points]
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts.pop()
    if _signed_area(pts) < 0:
        pts.reverse()
    return Poly(points=tuple(pts), convex=_is_convex(pts))


def _signed_area(pts: list[tuple[float, float]]) -> float:
    n = len(pts)
    return 0.5 * sum(
        pts[i][0] * pts[(i + 1) % n][1] - pts[(i + 1) % n][0] * pts[i][1] for i in range(n)
    )


def _is_convex(pts: list[tuple[float, float]]) -> bool:
    n = len(pts)
    for i in range(n):
        (x0, y0), (x1, y1), (x2, y2) = pts[i], pts[(i + 1) % n], pts[(i + 2) % n]
        if (x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1) < -1e-12:
            return False
    return True


def model_shape(model: Model, x: float | None = None, y: float | None = None) -> Shape:
    """The model's footprint at its position (or at ``x``, ``y``) and facing."""
    px = model.x if x is None else x
    py = model.y if y is None else y
    theta = math.radians(model.facing)
    base = model.base
    if isinstance(base, HullBase):
        c, s = math.cos(theta), math.sin(theta)
        pts = [(px + u * c - v * s, py + u * s + v * c) for u, v in base.points]
        return make_poly(pts)
    a, b = semi_axes(base)
    if isinstance(base, CircleBase) or abs(a - b) < 1e-12:
        return Disc(px, py, a)
    return Ellipse(px, py, a, b, theta)


def is_hull(model: Model) -> bool:
    """A model without a base."""
    return isinstance(model.base, HullBase)


def measured_extent(model: Model) -> tuple[float, float]:
    """Vertical extent for measuring: a based model at ``[z, z]``, a hull ``[z, z + height]``."""
    if is_hull(model):
        return model.z, model.z + model.height
    return model.z, model.z


def silhouette(model: Model) -> Prism:
    """The model as an opaque prism, footprint x ``[z, z + height]`` (line of sight).

    A model standing on the table (``z = 0``) stands on it like terrain: no segment passes under
    it along the table surface (docs/rules-decisions.md).
    """
    lo = GROUND if model.z <= 1e-9 else model.z
    return Prism(model_shape(model), lo, model.z + model.height, model.id)


def nothing_passes_under(lo: float, observer: Prism, target: Prism) -> bool:
    """Whether every segment between the two viewers that crosses the plan of an obstacle
    starting at ``lo`` does so at or above ``lo`` (so it blocks a segment whenever it blocks the
    one on the same plan line joining the two tops). Not when both viewers stand at ``lo``: a
    segment lying in that plane grazes the obstacle's bottom face, which is clear (only interiors
    block: scenario-format Conventions; docs/rules-decisions.md, decision 1)."""
    lowest, other = sorted((observer.lo, target.lo))
    return lo <= lowest + TOL and other > lo + TOL


def viewer_prism(model: Model) -> Prism:
    """The model's own prism ``[z, z + height]`` as an observer or a target."""
    return Prism(model_shape(model), model.z, model.z + model.height, model.id)


def as_obstacle(prism: Prism) -> Prism:
    """A viewer prism used as an obstacle: standing on the table, nothing passes under it."""
    return Prism(prism.shape, GROUND, prism.hi, prism.ident) if prism.lo <= 1e-9 else prism


def terrain_shape(piece: TerrainPiece) -> Poly:
    """A terrain footprint as an oriented polygon (cached: terrain does not change)."""
    return _terrain_shape(piece.polygon)


@lru_cache(maxsize=4096)
def _terrain_shape(polygon: tuple[tuple[float, float], ...]) -> Poly:
    return make_poly(polygon)


def terrain_prism(piece: TerrainPiece) -> Prism:
    """A terrain feature as a prism standing on the table."""
    return Prism(terrain_shape(piece), GROUND, piece.height, piece.id)


def vertical_gap(a: tuple[float, float], b: tuple[float, float]) -> float:
    """The gap between two closed height intervals (0 when they overlap)."""
    return max(0.0, a[0] - b[1], b[0] - a[1])


def to_polygon(shape: Shape, segments: int = 96, outer: bool = False) -> Polygon:
    """A shapely polygon of the shape; round shapes inscribed (or circumscribed if ``outer``)."""
    if isinstance(shape, Poly):
        return Polygon(shape.points)
    if isinstance(shape, Disc):
        a = b = shape.r
        angle = 0.0
    else:
        a, b, angle = shape.a, shape.b, shape.angle
    k = 1.0 / math.cos(math.pi / segments) if outer else 1.0
    c, s = math.cos(angle), math.sin(angle)
    pts = []
    for i in range(segments):
        t = 2 * math.pi * i / segments
        u, v = a * k * math.cos(t), b * k * math.sin(t)
        pts.append((shape.cx + u * c - v * s, shape.cy + u * s + v * c))
    return Polygon(pts)


def bbox(shape: Shape) -> tuple[float, float, float, float]:
    """Exact axis-aligned bounding box ``(minx, miny, maxx, maxy)``."""
    if isinstance(shape, Disc):
        return shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r
    if isinstance(shape, Ellipse):
        c, s = math.cos(shape.angle), math.sin(shape.angle)
        hx = math.hypot(shape.a * c, shape.b * s)
        hy = math.hypot(shape.a * s, shape.b * c)
        return shape.cx - hx, shape.cy - hy, shape.cx + hx, shape.cy + hy
    xs = [p[0] for p in shape.points]
    ys = [p[1] for p in shape.points]
    return min(xs), min(ys), max(xs), max(ys)


def centre(shape: Shape) -> tuple[float, float]:
    """A representative inner point: the centre of a round shape, the centroid of a polygon."""
    if isinstance(shape, Poly):
        poly = Polygon(shape.points)
        p = poly.centroid if shape.convex else poly.representative_point()
        return float(p.x), float(p.y)
    return shape.cx, shape.cy


def reach(shape: Shape) -> float:
    """The largest distance from the footprint's ``centre`` to its points (a round shape's
    radius, an oval's half-length)."""
    if isinstance(shape, Disc):
        return shape.r
    if isinstance(shape, Ellipse):
        return max(shape.a, shape.b)
    cx, cy = centre(shape)
    return max(math.hypot(x - cx, y - cy) for x, y in shape.points)


def contains_point(shape: Shape, x: float, y: float, eps: float = 1e-9) -> bool:
    """Whether the closed shape contains the point (with a small tolerance)."""
    if isinstance(shape, Disc):
        return math.hypot(x - shape.cx, y - shape.cy) <= shape.r + eps
    if isinstance(shape, Ellipse):
        c, s = math.cos(shape.angle), math.sin(shape.angle)
        dx, dy = x - shape.cx, y - shape.cy
        u, v = (dx * c + dy * s) / shape.a, (-dx * s + dy * c) / shape.b
        return math.hypot(u, v) <= 1.0 + eps / min(shape.a, shape.b)
    return bool(shapely.dwithin(Polygon(shape.points), shapely.Point(x, y), eps))


def polygon_of_rect(width: float, depth: float) -> Poly:
    """The table's surface ``[0, width] x [0, depth]`` as a footprint."""
    return make_poly([(0.0, 0.0), (width, 0.0), (width, depth), (0.0, depth)])
