"""Table set-ups offered when creating a sandbox game: an empty table and a small demo.

The demo forces are invented for Vantage; no publisher data.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def _row(
    prefix: str,
    unit: str,
    base: dict[str, Any],
    x0: float,
    y: float,
    dx: float,
    n: int,
    facing: float,
    height: float = 1.6,
) -> list[dict[str, Any]]:
    return [
        {
            "id": f"{prefix}{i + 1}",
            "unit": unit,
            "base": base,
            "x": round(x0 + i * dx, 3),
            "y": y,
            "z": 0,
            "height": height,
            "facing": facing,
            "oc": 2,
            "wounds": 1,
        }
        for i in range(n)
    ]


def empty_table() -> dict[str, Any]:
    """An empty 60"×44" table for two players."""
    return {
        "table": {"width": 60, "depth": 44},
        "players": ["p1", "p2"],
        "units": [],
        "models": [],
        "terrain": [],
        "objectives": [],
    }


def demo_table() -> dict[str, Any]:
    """A 60"×44" table with terrain and two small forces of round and oval bases. The pieces
    carry the 9th-edition traits such terrain usually has (the ruins obscure sight), which the
    other systems ignore."""
    circle32 = {"shape": "circle", "diameter_mm": 32}
    circle25 = {"shape": "circle", "diameter_mm": 25}
    oval = {"shape": "oval", "length_mm": 75, "width_mm": 42}
    models = (
        _row("w", "wardens", circle32, 10, 6, 1.8, 5, 90)
        + _row("r", "riders", oval, 22, 5, 2.6, 3, 90, 2.4)
        + [
            {
                "id": "h1",
                "unit": "hauler",
                "base": {"shape": "circle", "diameter_mm": 90},
                "x": 34,
                "y": 6,
                "z": 0,
                "height": 3.5,
                "facing": 90,
                "oc": 3,
                "wounds": 10,
            }
        ]
        + _row("a", "ashen", circle25, 14, 38, 1.4, 10, 270)
        + _row("s", "stalkers", oval, 36, 38.5, 2.6, 2, 270, 2.4)
    )
    return {
        "table": {"width": 60, "depth": 44},
        "players": ["p1", "p2"],
        "units": [
            {
                "id": "wardens",
                "player": "p1",
                "name": "Iron Warden Squad",
                "keywords": ["INFANTRY"],
            },
            {"id": "riders", "player": "p1", "name": "Dust Riders", "keywords": ["MOUNTED"]},
            {"id": "hauler", "player": "p1", "name": "Hauler Walker", "keywords": ["VEHICLE"]},
            {"id": "ashen", "player": "p2", "name": "Ashen Host", "keywords": ["INFANTRY"]},
            {"id": "stalkers", "player": "p2", "name": "Glass Stalkers", "keywords": ["BEAST"]},
        ],
        "models": models,
        "terrain": [
            {
                "id": "t1",
                "kind": "ruins",
                "name": "Chapel ruin",
                "traits": ["obscuring", "light cover"],
                "height": 6,
                "polygon": [[12, 16], [20, 16], [20, 22], [12, 22]],
            },
            {
                "id": "t2",
                "kind": "ruins",
                "name": "Manufactorum",
                "traits": ["obscuring", "light cover"],
                "height": 8,
                "polygon": [[40, 22], [48, 22], [48, 28], [40, 28]],
            },
            {
                "id": "t3",
                "kind": "woods",
                "name": "Ash wood",
                "traits": ["light cover"],
                "height": 4,
                "polygon": [[26, 18], [32, 16], [35, 21], [30, 26], [25, 23]],
            },
            {
                "id": "t4",
                "kind": "crater",
                "name": "Crater",
                "traits": ["light cover"],
                "height": 0.5,
                "polygon": [[50, 10], [54, 11], [55, 15], [51, 16], [49, 13]],
            },
            {
                "id": "t5",
                "kind": "barricade",
                "name": "Barricade",
                "traits": ["heavy cover"],
                "height": 1,
                "polygon": [[6, 28], [12, 28], [12, 28.6], [6, 28.6]],
            },
            {
                "id": "t6",
                "kind": "hill",
                "name": "Low hill",
                "height": 2,
                "polygon": [[28, 32], [36, 31], [38, 35], [30, 36]],
            },
        ],
        "objectives": [
            {"id": "o1", "x": 30, "y": 22},
            {"id": "o2", "x": 14, "y": 30},
            {"id": "o3", "x": 46, "y": 14},
        ],
    }


DEATHMATCH_KINDS = {
    "ruins": "house",
    "woods": "forest",
    "crater": "water",
    "hill": "crate",
}
"""The demo's pieces as Deathmatch knows terrain (deathmatch.md: houses block sight, forests let
models see 3" in and out, water never blocks, crates give cover); the Warhammer kinds would be
ignored there (docs/geometry.md, "Terrain by system")."""


DEATHMATCH_NAMES = {"Chapel ruin": "Chapel", "Crater": "Flooded crater"}
"""Names that fit the pieces' Deathmatch kinds (a house, water)."""


DEATHMATCH_REACH = {"riders": 2.0, "stalkers": 2.0, "hauler": 0.0}
"""The demo fighters' melee reach in inches (``melee_range``, deathmatch.md §5.4): a sword of
1" for most, a long weapon of 2" for the mounted ones, and none for the hauler, a machine that
carries no melee weapon (the knife every fighter carries reaches 0")."""


def demo_table_for(system: str) -> dict[str, Any]:
    """``demo_table`` with terrain kinds the system knows; Deathmatch fighters also carry melee
    reach and no height (the 40 mm silhouette)."""
    table = demo_table()
    if system == "deathmatch":
        for piece in table["terrain"]:
            piece["kind"] = DEATHMATCH_KINDS.get(piece["kind"], piece["kind"])
            piece["name"] = DEATHMATCH_NAMES.get(piece["name"], piece["name"])
            piece.pop("traits", None)
            if piece["kind"] == "crate":
                piece["name"], piece["height"] = "Crates", 1.5
        for model in table["models"]:
            model["melee_range"] = DEATHMATCH_REACH.get(model["unit"], 1.0)
            # every fighter's silhouette is 40 mm tall (deathmatch.md §3.3 [L271]): the
            # set-up leaves the height to the system's default (``with_system_defaults``)
            model.pop("height", None)
    return table


def empty_table_for(system: str) -> dict[str, Any]:
    """``empty_table`` (the same for every system)."""
    return empty_table()


PRESETS: dict[str, tuple[str, Callable[[str], dict[str, Any]]]] = {
    "empty": ('Empty table, 60"×44"', empty_table_for),
    "demo": ("Demo: terrain and two small forces", demo_table_for),
}
