"""Army lists: BattleScribe .ros/.rosz and New Recruit .json rosters into Vantage armies.

Pure code, no I/O beyond reading the package's own data files. ``import_roster`` returns an
``Army`` or a ``RosterError`` value; see docs/army-import.md for the JSON shape.
"""

from __future__ import annotations

from vantage.rosters.army import (
    Ability,
    Army,
    Carried,
    ModelGroup,
    Profile,
    RosterBase,
    Unit,
    Weapon,
    WeaponAbility,
)
from vantage.rosters.army_json import army_from_json
from vantage.rosters.bases import BaseTable, default_base_table, resolve_bases
from vantage.rosters.demo import demo_armies
from vantage.rosters.errors import RosterError
from vantage.rosters.importer import import_roster

__all__ = [
    "Ability",
    "Army",
    "BaseTable",
    "Carried",
    "ModelGroup",
    "Profile",
    "RosterBase",
    "RosterError",
    "Unit",
    "Weapon",
    "WeaponAbility",
    "army_from_json",
    "default_base_table",
    "demo_armies",
    "import_roster",
    "resolve_bases",
]
