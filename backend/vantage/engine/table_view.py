"""The JSON view of a table, shared by every table system (docs/protocol.md "State")."""

from __future__ import annotations

from typing import Any

from vantage.engine.codec import Codec
from vantage.engine.table import Model, Objective, Table, TerrainPiece, Unit

PLAYER_COLOURS = ("#2f6fdf", "#d6453d", "#2f9e5b", "#c98a12", "#8a4fd1", "#1f9fb0")

_MODEL: Codec[Model] = Codec(Model)
_UNIT: Codec[Unit] = Codec(Unit)
_TERRAIN: Codec[TerrainPiece] = Codec(TerrainPiece)
_OBJECTIVE: Codec[Objective] = Codec(Objective)


def player_entries(players: tuple[str, ...]) -> list[dict[str, str]]:
    """Players with a display name and a colour, in seat order."""
    return [
        {"id": p, "name": f"Player {i + 1}", "color": PLAYER_COLOURS[i % len(PLAYER_COLOURS)]}
        for i, p in enumerate(players)
    ]


def table_json(table: Table) -> dict[str, Any]:
    """Everything on the table, as the protocol's ``state`` object."""
    return {
        "table": {"width": table.width, "depth": table.depth},
        "players": player_entries(table.players),
        "units": [_UNIT.encode(u) for u in table.units.values()],
        "models": [_MODEL.encode(m) for m in table.models.values()],
        "terrain": [_TERRAIN.encode(t) for t in table.terrain],
        "objectives": [_OBJECTIVE.encode(o) for o in table.objectives],
    }
