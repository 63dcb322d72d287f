"""Vantage's own army model: what an imported roster or a demo army becomes.

Characteristics stay strings as printed on a datasheet ("3+", "D6", "6\"", "-"); the rules
engine reads them. Stat keys are upper case (``M``, ``SV``, ``RANGE``, ``BS``); every other key
is lower case.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from vantage.geometry.shapes import CircleBase, HullBase, OvalBase

RosterBase = CircleBase | OvalBase | HullBase
"""A model's base: round, oval, or none (a hull: the model is measured to its footprint polygon,
wh40k-10th §3.3)."""
Stats = tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class WeaponAbility:
    """One weapon ability in square brackets: ``[SUSTAINED HITS 2]``, ``[ANTI-INFANTRY 4+]``."""

    name: str
    value: int | str | None = None
    keyword: str | None = None
    threshold: int | None = None
    known: bool = True

    def to_json(self) -> dict[str, Any]:
        """``{"name": "ANTI", "keyword": "INFANTRY", "threshold": 4}``; absent parts omitted."""
        out: dict[str, Any] = {"name": self.name}
        if self.value is not None:
            out["value"] = self.value
        if self.keyword is not None:
            out["keyword"] = self.keyword
        if self.threshold is not None:
            out["threshold"] = self.threshold
        if not self.known:
            out["known"] = False
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class Weapon:
    """A weapon profile; ``group`` names the wargear when one weapon has several profiles."""

    name: str
    kind: str
    stats: Stats
    keywords: tuple[str, ...] = ()
    abilities: tuple[WeaponAbility, ...] = ()
    group: str | None = None

    def to_json(self) -> dict[str, Any]:
        """Meta keys in lower case, then the characteristics: ``RANGE``, ``A``, ``BS``..."""
        return {
            "name": self.name,
            "kind": self.kind,
            "group": self.group,
            **dict(self.stats),
            "keywords": list(self.keywords),
            "abilities": [a.to_json() for a in self.abilities],
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class Profile:
    """A model's stat line: ``M``, ``T``, ``SV``, ``W``, ``LD``, ``OC`` in 10th edition."""

    name: str
    stats: Stats

    def stat(self, key: str) -> str | None:
        """One characteristic by its upper-case name, or None."""
        return dict(self.stats).get(key)

    def to_json(self) -> dict[str, Any]:
        """``{"name": ..., "M": "6\"", "T": "4", ...}``."""
        return {"name": self.name, **dict(self.stats)}


@dataclass(frozen=True, slots=True, kw_only=True)
class Ability:
    """A unit's ability or rule, with its text (empty for core abilities named only).

    ``enhancement``: the ability came with an Enhancement the player chose for the unit (a
    selection in BattleScribe's "Enhancement(s)" category or New Recruit's group of that name).
    For display only: no rule reads it.
    """

    name: str
    text: str = ""
    enhancement: bool = False

    def to_json(self) -> dict[str, Any]:
        """``{"name": ..., "text": ...}``, with ``"enhancement": true`` only when it is one (so
        an army without enhancements keeps its JSON and its digest)."""
        out: dict[str, Any] = {"name": self.name, "text": self.text}
        if self.enhancement:
            out["enhancement"] = True
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class Carried:
    """How many of one weapon a group of models carries in total (5 models, 5 rifles: 5)."""

    weapon: str
    total: int

    def to_json(self) -> dict[str, Any]:
        """``{"weapon": name, "total": n}``."""
        return {"weapon": self.weapon, "total": self.total}


def merge_loadout(carried: Sequence[Carried]) -> tuple[Carried, ...]:
    """One entry per weapon, totals added, in first-seen order."""
    totals: dict[str, int] = {}
    for c in carried:
        totals[c.weapon] = totals.get(c.weapon, 0) + c.total
    return tuple(Carried(weapon=w, total=t) for w, t in totals.items())


@dataclass(frozen=True, slots=True, kw_only=True)
class ModelGroup:
    """``count`` identical models of a unit: same name, profile, loadout and base."""

    name: str
    count: int
    entry_id: str = ""
    profile: Profile | None = None
    loadout: tuple[Carried, ...] = ()
    base: RosterBase | None = None
    keywords: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The group with ``base`` null and ``base_missing`` true while no base is known."""
        return {
            "name": self.name,
            "entry_id": self.entry_id,
            "count": self.count,
            "profile": None if self.profile is None else self.profile.to_json(),
            "base": None if self.base is None else base_json(self.base),
            "base_missing": self.base is None,
            "keywords": list(self.keywords),
            "loadout": [c.to_json() for c in self.loadout],
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class Unit:
    """A unit as mustered: its models, the weapons they carry, abilities, keywords, points."""

    id: str
    name: str
    entry_id: str = ""
    custom_name: str | None = None
    keywords: tuple[str, ...] = ()
    faction_keywords: tuple[str, ...] = ()
    points: float = 0.0
    models: tuple[ModelGroup, ...] = ()
    weapons: tuple[Weapon, ...] = ()
    abilities: tuple[Ability, ...] = ()
    unassigned: tuple[Carried, ...] = ()

    @property
    def model_count(self) -> int:
        """How many models the unit has (its Starting Strength)."""
        return sum(g.count for g in self.models)

    def to_json(self) -> dict[str, Any]:
        """The unit in the import's wire form (docs/army-import.md)."""
        return {
            "id": self.id,
            "name": self.name,
            "custom_name": self.custom_name,
            "entry_id": self.entry_id,
            "keywords": list(self.keywords),
            "faction_keywords": list(self.faction_keywords),
            "points": number_json(self.points),
            "models": [g.to_json() for g in self.models],
            "weapons": [w.to_json() for w in self.weapons],
            "abilities": [a.to_json() for a in self.abilities],
            "unassigned": [c.to_json() for c in self.unassigned],
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class Army:
    """A whole army: the units of one player's roster (or a demo army)."""

    name: str
    edition: str
    game_system: str = ""
    faction: str = ""
    points: float = 0.0
    points_limit: float | None = None
    units: tuple[Unit, ...] = ()
    configuration: tuple[str, ...] = ()
    warnings: tuple[str, ...] = field(default=(), compare=False)

    def missing_bases(self) -> list[dict[str, str]]:
        """Every model group whose base size could not be resolved: the import asks for these."""
        return [
            {"unit_id": u.id, "unit": u.name, "model": g.name, "entry_id": g.entry_id}
            for u in self.units
            for g in u.models
            if g.base is None
        ]

    def to_json(self) -> dict[str, Any]:
        """The army in the import's wire form (docs/army-import.md)."""
        out = self.content_json()
        out["missing_bases"] = self.missing_bases()
        out["warnings"] = list(self.warnings)
        out["digest"] = self.digest()
        return out

    def content_json(self) -> dict[str, Any]:
        """The army without derived fields: what ``digest`` hashes and ``army_from_json`` reads."""
        return {
            "format": ARMY_FORMAT,
            "name": self.name,
            "edition": self.edition,
            "game_system": self.game_system,
            "faction": self.faction,
            "points": number_json(self.points),
            "points_limit": None if self.points_limit is None else number_json(self.points_limit),
            "configuration": list(self.configuration),
            "units": [u.to_json() for u in self.units],
        }

    def digest(self) -> str:
        """SHA-256 of the canonical army JSON: locks a list for a tournament."""
        text = json.dumps(self.content_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()


ARMY_FORMAT = "vantage-army/1"


def base_json(base: RosterBase) -> dict[str, Any]:
    """``{"shape": "circle", "diameter_mm": 32}``, the oval's length and width, or a hull's
    polygon in inches about the model's position at facing 0 (as in the scenario format)."""
    if isinstance(base, CircleBase):
        return {"shape": "circle", "diameter_mm": number_json(base.diameter_mm)}
    if isinstance(base, HullBase):
        return {
            "shape": "hull",
            "points": [[number_json(x), number_json(y)] for x, y in base.points],
        }
    return {
        "shape": "oval",
        "length_mm": number_json(base.length_mm),
        "width_mm": number_json(base.width_mm),
    }


def number_json(value: float) -> int | float:
    """Whole numbers as ints (90.0 -> 90) so the three export formats print alike."""
    return int(value) if float(value).is_integer() else value
