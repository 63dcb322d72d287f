"""What a new table game's set-up must pass that a stored game's need not (rules decisions 20
and 22): every base on the table, no two bases overlapping, every terrain piece and objective marker
on the table.

Only ``check_new_setup`` calls these: stored games, exported logs and scenario files are read by
``parse_setup`` and ``parse_scenario`` alone, and a scenario may place anything anywhere.
"""

from __future__ import annotations

from vantage.engine.errors import Rejection
from vantage.engine.table import Table, TerrainPiece, terrain_label
from vantage.geometry.units import EPS, MM_PER_INCH
from vantage.rules.common.overlaps import first_overlap
from vantage.rules.sandbox.placement import first_off_table


def check_new_table(table: Table) -> Rejection | None:
    """The first refusal of a new set-up, in this order: a base past an edge, two bases that
    overlap, a terrain piece past an edge; ``None`` when the table is fit to play on."""
    return (
        check_models_on_table(table)
        or check_models_above_ground(table)
        or check_bases_apart(table)
        or check_terrain_on_table(table)
        or check_objectives_on_table(table)
    )


def check_models_on_table(table: Table) -> Rejection | None:
    """Every model of a new set-up stands on the table, as drags must leave it (``move/off_table``):
    the first that does not is refused at ``setup.models[i].x`` (or ``.y``). Refused rather than
    clamped: a base past the edge is a typing mistake in a hand-made set-up, and moving it
    silently could put it on another base or far from where its author meant it."""
    off = first_off_table(table)
    if off is None:
        return None
    index, model, axis = off
    field = f"setup.models[{index}].{axis}"
    size = table.width if axis == "x" else table.depth
    message = (
        f"{field}: {table.model_label(model.id)} would be off the table "
        f"(its base must lie within {axis} = 0 to {size:g})"
    )
    return Rejection("setup/invalid", message, {"field": field, "model": model.id})


def check_models_above_ground(table: Table) -> Rejection | None:
    """No model of a new set-up stands below the table's surface (``z`` is a height above it,
    scenario-format Conventions), as no move may put one there: the first is refused at
    ``setup.models[i].z``."""
    for index, model in enumerate(table.models.values()):
        if model.z < -EPS:
            field = f"setup.models[{index}].z"
            message = (
                f"{field}: {table.model_label(model.id)} would be below the table's surface "
                f"(z = {model.z:g}; heights start at 0)"
            )
            return Rejection("setup/invalid", message, {"field": field, "model": model.id})
    return None


def check_bases_apart(table: Table) -> Rejection | None:
    """No two bases of a new set-up overlap, by the test a drag must pass (``move/overlap``):
    the later of the first overlapping pair, in table order, is refused at ``setup.models[j]``,
    naming the earlier one it overlaps. Bases that only touch are apart."""
    pair = first_overlap(table)
    if pair is None:
        return None
    earlier, later = pair
    ids = list(table.models)
    model, other = ids[later], ids[earlier]
    field = f"setup.models[{later}]"
    message = (
        f"{field}: {table.model_label(model)} would overlap {table.model_label(other)} "
        f"(setup.models[{earlier}]); bases may touch but not overlap"
    )
    return Rejection("setup/invalid", message, {"field": field, "model": model, "other": other})


def check_terrain_on_table(table: Table) -> Rejection | None:
    """Every terrain piece of a new set-up lies wholly on the table: the first corner of the
    first piece past an edge (by more than ``EPS``) is refused at ``setup.terrain[i].polygon[k]``.
    A corner exactly on the edge is on the table."""
    for index, piece in enumerate(table.terrain):
        corner = first_corner_off_table(table, piece)
        if corner is None:
            continue
        x, y = piece.polygon[corner]
        field = f"setup.terrain[{index}].polygon[{corner}]"
        message = (
            f"{field}: {terrain_label(piece)} would reach past the table's edge: its corner "
            f"({x:g}, {y:g}) must lie within x = 0 to {table.width:g}, y = 0 to {table.depth:g}"
        )
        return Rejection("setup/invalid", message, {"field": field, "terrain": piece.id})
    return None


def check_objectives_on_table(table: Table) -> Rejection | None:
    """Every objective marker of a new set-up lies wholly on the table, its disc as a base's
    would (``EPS`` of tolerance): the first that does not is refused at
    ``setup.objectives[i].x`` (or ``.y``)."""
    for index, marker in enumerate(table.objectives):
        radius = marker.diameter_mm / MM_PER_INCH / 2
        for axis, at, size in (("x", marker.x, table.width), ("y", marker.y, table.depth)):
            if at - radius < -EPS or at + radius > size + EPS:
                field = f"setup.objectives[{index}].{axis}"
                message = (
                    f"{field}: objective {marker.id} would reach past the table's edge (its "
                    f"marker must lie within {axis} = 0 to {size:g})"
                )
                return Rejection("setup/invalid", message, {"field": field, "objective": marker.id})
    return None


def first_corner_off_table(table: Table, piece: TerrainPiece) -> int | None:
    """The position of the piece's first polygon corner past the table's edge, or ``None``.
    A polygon's corners bound it, so a piece whose corners are all on the table lies on it."""
    for k, (x, y) in enumerate(piece.polygon):
        if not (-EPS <= x <= table.width + EPS and -EPS <= y <= table.depth + EPS):
            return k
    return None
