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
    size = table.width if axis == "x" else table.depth
    words = f"would be off the table (its base must lie within {axis} = 0 to {size:g})"
    return _refused(
        f"setup.models[{index}].{axis}", table.model_label(model.id), words, model=model.id
    )


def check_models_above_ground(table: Table) -> Rejection | None:
    """No model of a new set-up stands below the table's surface (``z`` is a height above it,
    scenario-format Conventions), as no move may put one there: the first is refused at
    ``setup.models[i].z``."""
    for index, model in enumerate(table.models.values()):
        if model.z < -EPS:
            words = f"would be below the table's surface (z = {model.z:g}; heights start at 0)"
            return _refused(
                f"setup.models[{index}].z", table.model_label(model.id), words, model=model.id
            )
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
    words = (
        f"would overlap {table.model_label(other)} (setup.models[{earlier}]); "
        "bases may touch but not overlap"
    )
    return _refused(
        f"setup.models[{later}]", table.model_label(model), words, model=model, other=other
    )


def check_terrain_on_table(table: Table) -> Rejection | None:
    """Every terrain piece of a new set-up lies wholly on the table: the first corner of the
    first piece past an edge (by more than ``EPS``) is refused at ``setup.terrain[i].polygon[k]``.
    A corner exactly on the edge is on the table."""
    for index, piece in enumerate(table.terrain):
        corner = first_corner_off_table(table, piece)
        if corner is None:
            continue
        x, y = piece.polygon[corner]
        words = (
            f"would reach past the table's edge: its corner ({x:g}, {y:g}) must lie within "
            f"x = 0 to {table.width:g}, y = 0 to {table.depth:g}"
        )
        field = f"setup.terrain[{index}].polygon[{corner}]"
        return _refused(field, terrain_label(piece), words, terrain=piece.id)
    return None


def check_objectives_on_table(table: Table) -> Rejection | None:
    """Every objective marker of a new set-up lies wholly on the table, its disc as a base's
    would (``EPS`` of tolerance): the first that does not is refused at
    ``setup.objectives[i].x`` (or ``.y``)."""
    for index, marker in enumerate(table.objectives):
        radius = marker.diameter_mm / MM_PER_INCH / 2
        for axis, at, size in (("x", marker.x, table.width), ("y", marker.y, table.depth)):
            if at - radius < -EPS or at + radius > size + EPS:
                words = (
                    "would reach past the table's edge "
                    f"(its marker must lie within {axis} = 0 to {size:g})"
                )
                field = f"setup.objectives[{index}].{axis}"
                return _refused(field, f"objective {marker.id}", words, objective=marker.id)
    return None


def first_corner_off_table(table: Table, piece: TerrainPiece) -> int | None:
    """The position of the piece's first polygon corner past the table's edge, or ``None``.
    A polygon's corners bound it, so a piece whose corners are all on the table lies on it."""
    for k, (x, y) in enumerate(piece.polygon):
        if not (-EPS <= x <= table.width + EPS and -EPS <= y <= table.depth + EPS):
            return k
    return None


def _refused(field: str, what: str, words: str, **detail: str) -> Rejection:
    """``setup/invalid`` at ``field``: "<field>: <what> <words>", ``detail`` naming the field
    and the ids involved."""
    return Rejection("setup/invalid", f"{field}: {what} {words}", {"field": field, **detail})
