"""Bases and their footprints at a position and facing (scenario-format "Base shapes")."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

import shapely
from shapely.geometry import Polygon

from vantage.engine.codec import wire

ELLIPSE_SEGMENTS = 64


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class CircleBase:
    """A round base, sold by diameter in mm."""

    shape: Literal["circle"] = "circle"
    diameter_mm: float


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class OvalBase:
    """An oval base; its length lies along the model's facing."""

    shape: Literal["oval"] = "oval"
    length_mm: float
    width_mm: float


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class HullBase:
    """A model without a base: its footprint polygon in inches, at facing 0, about its position."""

    shape: Literal["hull"] = "hull"
    points: tuple[tuple[float, float], ...]


Base = CircleBase | OvalBase | HullBase


def semi_axes(base: CircleBase | OvalBase) -> tuple[float, float]:
    """Semi-axes in inches: along facing, across facing (diameter_mm / 50.8)."""
    if isinstance(base, CircleBase):
        r = base.diameter_mm / 50.8
        return r, r
    return base.length_mm / 50.8, base.width_mm / 50.8


def footprint(base: Base, x: float, y: float, facing: float) -> Polygon:
    """The base's footprint on the table as a polygon in inches.

    Circles and ovals are approximated by inscribed polygons of ``ELLIPSE_SEGMENTS`` sides; exact
    measuring of round shapes lives in ``geometry.measure``.
    """
    theta = math.radians(facing)
    cos_t, sin_t = math.cos(theta), math.sin(theta)
    if isinstance(base, HullBase):
        pts = [(x + px * cos_t - py * sin_t, y + px * sin_t + py * cos_t) for px, py in base.points]
        return Polygon(pts)
    a, b = semi_axes(base)
    pts = []
    for i in range(ELLIPSE_SEGMENTS):
        t = 2 * math.pi * i / ELLIPSE_SEGMENTS
        ex, ey = a * math.cos(t), b * math.sin(t)
        pts.append((x + ex * cos_t - ey * sin_t, y + ex * sin_t + ey * cos_t))
    return Polygon(pts)


def is_valid_hull(points: tuple[tuple[float, float], ...]) -> bool:
    """A hull needs at least three points and a simple polygon of positive area."""
    if len(points) < 3:
        return False
    poly = Polygon(points)
    return bool(shapely.is_valid(poly)) and poly.area > 0
