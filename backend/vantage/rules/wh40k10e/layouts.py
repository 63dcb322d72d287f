"""Terrain layouts offered when creating a game (issue item 2), for a 60"×44" table.

Invented for Vantage. A layout for a wider table (Onslaught, 90"×44") is the same one stretched
along x. Objective markers are placed by the players unless a layout's ``objectives`` are used.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Poly = list[list[float]]


def _rect(x: float, y: float, w: float, d: float) -> Poly:
    return [[x, y], [x + w, y], [x + w, y + d], [x, y + d]]


def _piece(
    pid: str, kind: str, poly: Poly, height: float, name: str, floors: tuple[float, ...] = ()
) -> dict[str, Any]:
    piece = {"id": pid, "kind": kind, "polygon": poly, "height": height, "name": name}
    return {**piece, "floors": list(floors)} if floors else piece


def ruined_city() -> dict[str, Any]:
    """Ruins across the middle, woods and craters on the flanks, barricades in No Man's Land."""
    return {
        "terrain": [
            _piece("t1", "ruins", _rect(14, 17, 7, 5), 9, "Chapel ruin", (3, 6)),
            _piece("t2", "ruins", _rect(39, 22, 7, 5), 9, "Hab block", (3, 6)),
            _piece("t3", "woods", _rect(27, 8, 6, 4), 4, "Ash wood"),
            _piece("t4", "woods", _rect(27, 32, 6, 4), 4, "Thorn wood"),
            _piece("t5", "crater", _rect(5, 26, 4, 4), 0.5, "Crater"),
            _piece("t6", "crater", _rect(51, 14, 4, 4), 0.5, "Crater"),
            _piece("t7", "barricade", _rect(24, 21.7, 5, 0.6), 1, "Barricade"),
            _piece("t8", "barricade", _rect(31, 21.7, 5, 0.6), 1, "Barricade"),
            _piece("t9", "hill", _rect(48, 30, 6, 4), 2, "Low hill"),
            _piece("t10", "debris", _rect(8, 11, 3, 2), 1.5, "Statuary"),
        ],
        "objectives": [
            {"id": "o1", "x": 18, "y": 14},
            {"id": "o2", "x": 42, "y": 14},
            {"id": "o3", "x": 18, "y": 30},
            {"id": "o4", "x": 42, "y": 30},
        ],
    }


def open_field() -> dict[str, Any]:
    """A sparse field: two woods and two hills, long lines of sight."""
    return {
        "terrain": [
            _piece("t1", "woods", _rect(12, 18, 6, 6), 4, "West wood"),
            _piece("t2", "woods", _rect(42, 20, 6, 6), 4, "East wood"),
            _piece("t3", "hill", _rect(26, 14, 8, 4), 2, "South hill"),
            _piece("t4", "hill", _rect(26, 26, 8, 4), 2, "North hill"),
        ],
        "objectives": [
            {"id": "o1", "x": 10, "y": 22},
            {"id": "o2", "x": 30, "y": 10},
            {"id": "o3", "x": 30, "y": 34},
            {"id": "o4", "x": 50, "y": 22},
        ],
    }


def empty() -> dict[str, Any]:
    """No terrain at all (tests, tutorials)."""
    return {
        "terrain": [],
        "objectives": [
            {"id": "o1", "x": 15, "y": 22},
            {"id": "o2", "x": 30, "y": 15},
            {"id": "o3", "x": 30, "y": 29},
            {"id": "o4", "x": 45, "y": 22},
        ],
    }


LAYOUTS: dict[str, tuple[str, Callable[[], dict[str, Any]]]] = {
    "ruined-city": ("Ruined city: ruins, woods, craters, barricades", ruined_city),
    "open-field": ("Open field: woods and hills", open_field),
    "empty": ("Empty table", empty),
}


def stretched(layout: dict[str, Any], factor: float) -> dict[str, Any]:
    """The layout scaled along x (for a wider table)."""
    if factor == 1:
        return layout
    return {
        "terrain": [
            {**t, "polygon": [[x * factor, y] for x, y in t["polygon"]]} for t in layout["terrain"]
        ],
        "objectives": [{**o, "x": o["x"] * factor} for o in layout.get("objectives", [])],
    }
