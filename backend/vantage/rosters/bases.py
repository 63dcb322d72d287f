"""Base sizes for imported models: rosters carry none (army-lists.md §6 step 6).

Order: the player's ``overrides`` (by entry id or model name) -> a base the army already has ->
the table by entry id -> by name pattern -> by keywords. What is left stays ``None`` and is
reported by ``Army.missing_bases()`` so the import can ask for it.
"""

from __future__ import annotations

import fnmatch
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from typing import Any

from vantage.geometry.shapes import CircleBase, HullBase, OvalBase
from vantage.rosters.army import Army, ModelGroup, RosterBase, Unit, base_json
from vantage.rosters.army_json import MAX_BASE_MM, base_from_json

TABLE_FORMAT = "vantage-base-sizes/1"


@dataclass(frozen=True, slots=True)
class BaseTable:
    """Where base sizes come from when the roster does not say (``base_sizes.json``)."""

    by_entry_id: Mapping[str, RosterBase]
    by_name: tuple[tuple[str, RosterBase], ...]
    by_keywords: tuple[tuple[frozenset[str], RosterBase], ...]

    @classmethod
    def from_json(cls, doc: object) -> BaseTable:
        """Read a table in the ``base_sizes.json`` format; raise ``ValueError`` if malformed."""
        if not isinstance(doc, Mapping) or doc.get("format") != TABLE_FORMAT:
            raise ValueError(f"a base-size table is an object with format {TABLE_FORMAT!r}")
        ids = doc.get("by_entry_id", {})
        names = doc.get("by_name", [])
        rules = doc.get("by_keywords", [])
        if (
            not isinstance(ids, Mapping)
            or not isinstance(names, list)
            or not isinstance(rules, list)
        ):
            raise ValueError("by_entry_id is an object; by_name and by_keywords are lists")
        return cls(
            by_entry_id={str(k): base_from_json(v, f"by_entry_id.{k}") for k, v in ids.items()},
            by_name=tuple(
                (str(r["pattern"]).casefold(), base_from_json(r.get("base"), f"by_name[{i}].base"))
                for i, r in enumerate(_rows(names, "pattern", "by_name"))
            ),
            by_keywords=tuple(
                (
                    _keyword_set(r["keywords"], i),
                    base_from_json(r.get("base"), f"by_keywords[{i}].base"),
                )
                for i, r in enumerate(_rows(rules, "keywords", "by_keywords"))
            ),
        )

    def lookup(self, entry_id: str, name: str, keywords: frozenset[str]) -> RosterBase | None:
        """The table's base for a model, or None when no rule matches."""
        found = self.rule(entry_id, name, keywords)
        return None if found is None else found[1]

    def rule(
        self, entry_id: str, name: str, keywords: frozenset[str]
    ) -> tuple[str, RosterBase] | None:
        """The table's rule for a model in words (``entry id``, ``name *walker*``, ``keywords
        CHARACTER INFANTRY``) and its base, or None when no rule matches."""
        if entry_id and entry_id in self.by_entry_id:
            return "entry id", self.by_entry_id[entry_id]
        folded = name.casefold()
        for pattern, base in self.by_name:
            if fnmatch.fnmatchcase(folded, pattern):
                return f"name {pattern}", base
        for needed, base in self.by_keywords:
            if needed <= keywords:
                return "keywords " + " ".join(sorted(needed)), base
        return None


@cache
def default_base_table() -> BaseTable:
    """The table shipped with Vantage (invented, generic defaults)."""
    text = resources.files("vantage.rosters").joinpath("base_sizes.json").read_text("utf-8")
    return BaseTable.from_json(json.loads(text))


@dataclass(frozen=True, slots=True)
class HullSize:
    """A player's answer for a model with no base (a vehicle): measured to its hull
    (wh40k-10th §3.3), taken as a rectangle of ``length_mm`` along its facing by ``width_mm``."""

    length_mm: float
    width_mm: float


BaseSize = float | tuple[float, float] | HullSize
"""A player's answer for a base: a round base's diameter, an oval's (length, width), or a
hull's ``HullSize``, in mm."""


def rectangle_hull(length_mm: float, width_mm: float) -> HullBase:
    """A hull of ``length_mm`` along the facing by ``width_mm`` across, centred on the model's
    position: its corners in inches, counter-clockwise (the scenario format's hull)."""
    a, b = length_mm / 50.8, width_mm / 50.8
    return HullBase(points=((-a, -b), (a, -b), (a, b), (-a, b)))


def resolve_bases(
    army: Army,
    overrides: Mapping[str, BaseSize] | None = None,
    table: BaseTable | None = None,
) -> Army:
    """The army with every base the overrides or the table can tell filled in.

    ``overrides`` maps an entry id or a model name (any case) to a round base's diameter in mm,
    an oval's (length, width) in mm, or a ``HullSize`` for a model with no base; it wins over
    everything else, so a player's answer replaces a guessed default.
    """
    table = table or default_base_table()
    chosen = _override_bases(overrides or {})
    units = tuple(
        replace(u, models=tuple(_resolve(g, u, chosen, table) for g in u.models))
        for u in army.units
    )
    return replace(army, units=units)


def assumed_bases(
    army: Army,
    overrides: Mapping[str, BaseSize] | None = None,
    table: BaseTable | None = None,
) -> list[dict[str, Any]]:
    """The bases of a resolved imported army that come from the table (rosters carry none), for
    the player to check: each model group whose base no override gave and that the table's rule
    gives, with that rule (``name *walker*``). Derived like ``missing_bases``: not part of the
    army JSON nor of its digest. A base an override gave is the player's own answer, not listed."""
    table = table or default_base_table()
    keys = {k.casefold() for k in (overrides or {})} | set(overrides or {})
    out = []
    for u in army.units:
        for g in u.models:
            if g.base is None or g.entry_id in keys or g.name.casefold() in keys:
                continue
            keywords = frozenset(k.upper() for k in (*u.keywords, *g.keywords))
            found = table.rule(g.entry_id, g.name, keywords)
            if found is None or found[1] != g.base:
                continue
            out.append(
                {
                    "unit_id": u.id,
                    "unit": u.name,
                    "model": g.name,
                    "entry_id": g.entry_id,
                    "base": base_json(g.base),
                    "rule": found[0],
                }
            )
    return out


def _resolve(
    group: ModelGroup, unit: Unit, chosen: Mapping[str, RosterBase], table: BaseTable
) -> ModelGroup:
    base = chosen.get(group.entry_id) or chosen.get(group.name.casefold()) or group.base
    if base is None:
        keywords = frozenset(k.upper() for k in (*unit.keywords, *group.keywords))
        base = table.lookup(group.entry_id, group.name, keywords)
    return group if base is group.base else replace(group, base=base)


def _override_bases(overrides: Mapping[str, BaseSize]) -> dict[str, RosterBase]:
    out: dict[str, RosterBase] = {}
    for key, size in overrides.items():
        sizes = (
            size
            if isinstance(size, tuple)
            else (size.length_mm, size.width_mm)
            if isinstance(size, HullSize)
            else (size,)
        )
        if not all(math.isfinite(float(v)) and 0 < float(v) <= MAX_BASE_MM for v in sizes):
            what = "diameter" if len(sizes) == 1 else "length and width"
            raise ValueError(f"base override {key!r}: {what} must be > 0 and <= {MAX_BASE_MM:g} mm")
        base: RosterBase
        if isinstance(size, HullSize):
            base = rectangle_hull(float(size.length_mm), float(size.width_mm))
        elif isinstance(size, tuple):
            base = OvalBase(length_mm=float(size[0]), width_mm=float(size[1]))
        else:
            base = CircleBase(diameter_mm=float(size))
        out[key] = base
        out[key.casefold()] = base
    return out


def _keyword_set(value: object, row: int) -> frozenset[str]:
    if not isinstance(value, list) or not all(isinstance(k, str) for k in value):
        raise ValueError(f"by_keywords[{row}].keywords: must be a list of keywords")
    return frozenset(k.upper() for k in value)


def _rows(rows: list[object], key: str, where: str) -> list[Mapping[str, object]]:
    for i, row in enumerate(rows):
        if not isinstance(row, Mapping) or key not in row:
            raise ValueError(f"{where}[{i}]: needs {key!r} and 'base'")
    return rows  # type: ignore[return-value]
