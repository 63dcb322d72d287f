"""Tables the browser tests share."""

from __future__ import annotations

ROUND = {"shape": "circle", "diameter_mm": 32}
RUIN_TABLE = {
    "table": {"width": 30, "depth": 22},
    "players": ["p1", "p2"],
    "units": [
        {"id": "A", "player": "p1", "name": "Rangers"},
        {"id": "B", "player": "p2", "name": "Brutes"},
    ],
    "models": [
        {"id": "a1", "unit": "A", "base": ROUND, "x": 12, "y": 8},
        {"id": "a2", "unit": "A", "base": ROUND, "x": 15, "y": 8},
        {"id": "a3", "unit": "A", "base": ROUND, "x": 4, "y": 4},
        {"id": "b1", "unit": "B", "base": ROUND, "x": 16, "y": 12},
    ],
    "terrain": [
        {
            "id": "r1",
            "kind": "ruins",
            "polygon": [[10, 6], [18, 6], [18, 14], [10, 14]],
            "height": 6,
            "floors": [3],
        }
    ],
}
"""A 9th-edition-style ruin with a floor 3" up; Rangers a1 and a2 inside it, a3 in the open,
Brutes b1 inside."""
