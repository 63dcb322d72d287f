"""Datasheets as the engine reads them: an imported army (docs/army-import.md) turned into
numbers (wh40k-10th §3.2). Characteristic strings such as ``"3+"`` and ``"6\""`` become ints and
floats here, once, so that the rules never parse text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from vantage.engine.codec import wire
from vantage.geometry.shapes import Base, CircleBase
from vantage.rosters.army import Army, ModelGroup, Weapon
from vantage.rules.wh40k import WeaponProfile, parse_abilities, parse_dice_expr
from vantage.rules.wh40k.abilities import AbilityError, parse_ability
from vantage.rules.wh40k10e.leader_names import bodyguards

MODEL_HEIGHT = {"INFANTRY": 1.6, "BEAST": 1.4, "SWARM": 0.8}
"""Default model heights in inches for line of sight (no roster carries heights)."""
BIG_HEIGHT = 3.5


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class WeaponSheet:
    """One weapon profile with its characteristics as numbers or dice expressions."""

    name: str
    kind: Literal["ranged", "melee"]
    range: float | None = None
    attacks: str = "1"
    skill: int | None = None
    strength: int = 1
    ap: int = 0
    damage: str = "1"
    abilities: tuple[str, ...] = ()

    def has(self, flag: str) -> bool:
        """The weapon has this ability flag (``"PISTOL"``, ``"ASSAULT"``...)."""
        return flag in self.abilities


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class ModelSheet:
    """A model's profile (M, T, Sv, W, Ld, OC), base, height and the weapons it carries."""

    name: str
    move: float
    toughness: int
    save: int
    wounds: int
    leadership: int
    oc: int
    base: Base
    height: float = 1.6
    weapons: tuple[str, ...] = ()


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class UnitSheet:
    """A unit as mustered: keywords, core abilities, its weapons and each model's profile."""

    id: str
    player: str
    name: str
    keywords: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()
    points: float = 0.0
    invulnerable: int | None = None
    feel_no_pain: int | None = None
    scouts: float = 0.0
    deadly_demise: str | None = None
    capacity: int = 0
    firing_deck: int = 0
    weapons: tuple[WeaponSheet, ...] = ()
    models: tuple[tuple[str, ModelSheet], ...] = ()
    leads: tuple[str, ...] = ()
    """A Leader: the ids of the army's units its Leader ability names (§3.6, leader_names)."""

    def has(self, word: str) -> bool:
        """A keyword or a core ability (upper case)."""
        return word in self.keywords or word in self.abilities

    def weapon(self, name: str) -> WeaponSheet | None:
        """The weapon profile with this name."""
        return next((w for w in self.weapons if w.name == name), None)

    def model(self, model_id: str) -> ModelSheet:
        """The profile of one model of the unit."""
        return dict(self.models)[model_id]

    @property
    def starting_strength(self) -> int:
        """How many models the unit was mustered with (§3.5)."""
        return len(self.models)


_NUM = re.compile(r"-?\d+")


def number(text: str | int | float | None, default: int = 0) -> int:
    """The first whole number in a characteristic (``"3+"`` → 3, ``"-1"`` → -1)."""
    if isinstance(text, int | float):
        return int(text)
    match = _NUM.search(text or "")
    return int(match.group()) if match else default


def inches(text: str | None) -> float | None:
    """A range or move in inches, or ``None`` for ``Melee`` and ``N/A``."""
    match = re.search(r"\d+(?:\.\d+)?", text or "")
    return float(match.group()) if match else None


def known_abilities(keywords: tuple[str, ...]) -> tuple[str, ...]:
    """The weapon abilities the rules engine knows, normalised; others are dropped."""
    out = []
    for i, text in enumerate(keywords):
        try:
            parse_ability(text, i)
        except AbilityError:
            continue
        out.append(" ".join(text.strip().strip("[]").upper().split()))
    return tuple(out)


def weapon_sheet(w: Weapon) -> WeaponSheet:
    """One roster weapon as a sheet."""
    stats = dict(w.stats)
    melee = w.kind == "melee" or stats.get("RANGE", "").lower().startswith("melee")
    skill_text = stats.get("WS" if melee else "BS", "")
    return WeaponSheet(
        name=w.name,
        kind="melee" if melee else "ranged",
        range=None if melee else inches(stats.get("RANGE")),
        attacks=stats.get("A", "1"),
        skill=number(skill_text) or None,
        strength=number(stats.get("S"), 1),
        ap=min(0, number(stats.get("AP"), 0)),
        damage=stats.get("D", "1"),
        abilities=known_abilities(w.keywords),
    )


@lru_cache(maxsize=4096)
def profile(w: WeaponSheet) -> WeaponProfile:
    """The attack sequence's weapon profile (rules/wh40k)."""
    return WeaponProfile(
        name=w.name,
        type=w.kind,
        attacks=parse_dice_expr(w.attacks),
        strength=w.strength,
        ap=w.ap,
        damage=parse_dice_expr(w.damage),
        skill=w.skill,
        range=w.range,
        abilities=parse_abilities(w.abilities),
    )


def _height(keywords: tuple[str, ...]) -> float:
    if {"VEHICLE", "MONSTER"} & set(keywords):
        return BIG_HEIGHT
    return next((h for k, h in MODEL_HEIGHT.items() if k in keywords), 1.6)


def _loadouts(group: ModelGroup) -> list[list[str]]:
    """Spread a group's carried totals over its models: the first models get the extras."""
    per_model: list[list[str]] = [[] for _ in range(group.count)]
    for carried in group.loadout:
        for i in range(carried.total):
            per_model[i % group.count].append(carried.weapon)
    return per_model


def _ability_value(abilities: dict[str, str], name: str) -> str | None:
    for key, text in abilities.items():
        if key.startswith(name):
            rest = key[len(name) :].strip() or text
            return rest or None
    return None


def unit_sheets(army: Army, player: str) -> list[UnitSheet]:
    """Every unit of an army as sheets, with unit and model ids prefixed by the player."""
    out = []
    named = [(f"{player}-{u.id}", u.name) for u in army.units]
    for unit in army.units:
        uid = f"{player}-{unit.id}"
        keywords = tuple(k.upper() for k in unit.keywords)
        abilities = {a.name.upper(): a.text for a in unit.abilities}
        models: list[tuple[str, ModelSheet]] = []
        for group in unit.models:
            stats = dict(group.profile.stats) if group.profile else {}
            for carried in _loadouts(group):
                mid = f"{uid}-{len(models) + 1}"
                models.append((mid, _model_sheet(group, stats, carried, keywords)))
        invuln = _ability_value(abilities, "INVULNERABLE SAVE")
        fnp = _ability_value(abilities, "FEEL NO PAIN")
        scouts = _ability_value(abilities, "SCOUTS")
        out.append(
            UnitSheet(
                id=uid,
                player=player,
                name=unit.custom_name or unit.name,
                keywords=keywords,
                abilities=tuple(sorted(_core_names(abilities))),
                points=float(unit.points),
                invulnerable=number(invuln) or None if invuln else None,
                feel_no_pain=number(fnp) or None if fnp else None,
                scouts=float(inches(scouts) or 0.0) if scouts else 0.0,
                deadly_demise=_ability_value(abilities, "DEADLY DEMISE"),
                capacity=_capacity(abilities),
                firing_deck=number(_ability_value(abilities, "FIRING DECK")),
                weapons=tuple(weapon_sheet(w) for w in unit.weapons),
                models=tuple(models),
                leads=_leads(abilities, keywords, [n for n in named if n[0] != uid]),
            )
        )
    return out


def _leads(
    abilities: dict[str, str], keywords: tuple[str, ...], others: list[tuple[str, str]]
) -> tuple[str, ...]:
    """The Bodyguard units a CHARACTER's Leader ability names (§3.6)."""
    text = next((t for name, t in abilities.items() if name.startswith("LEADER")), None)
    if text is None or "CHARACTER" not in keywords:
        return ()
    return bodyguards(text, others)


CORE = (
    "DEEP STRIKE",
    "INFILTRATORS",
    "SCOUTS",
    "STEALTH",
    "LONE OPERATIVE",
    "FIGHTS FIRST",
    "DEADLY DEMISE",
    "FEEL NO PAIN",
    "LEADER",
    "HOVER",
    "FIRING DECK",
)


def _core_names(abilities: dict[str, Any]) -> set[str]:
    return {core for core in CORE for name in abilities if name.startswith(core)}


def _capacity(abilities: dict[str, str]) -> int:
    text = abilities.get("TRANSPORT")
    if text is None:
        return 0
    match = re.search(r"transport (\d+)", text, re.IGNORECASE)
    return int(match.group(1)) if match else number(text)


def _model_sheet(
    group: ModelGroup, stats: dict[str, str], weapons: list[str], keywords: tuple[str, ...]
) -> ModelSheet:
    return ModelSheet(
        name=group.name,
        move=inches(stats.get("M")) or 0.0,
        toughness=number(stats.get("T"), 1),
        save=number(stats.get("SV"), 7),
        wounds=max(1, number(stats.get("W"), 1)),
        leadership=number(stats.get("LD"), 7),
        oc=number(stats.get("OC"), 0),
        base=group.base or CircleBase(diameter_mm=32),
        height=_height(keywords),
        weapons=tuple(weapons),
    )
