"""Datasheets as the engine reads them: an imported army (docs/army-import.md) turned into
numbers (wh40k-10th §3.2). Characteristic strings such as ``"3+"`` and ``"6\""`` become ints and
floats here, once, so that the rules never parse text.
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from vantage.engine.codec import wire
from vantage.geometry.shapes import Base, CircleBase
from vantage.rosters.army import Ability, Army, Carried, ModelGroup, Weapon, merge_loadout
from vantage.rules.wh40k import WeaponProfile, parse_abilities, parse_dice_expr
from vantage.rules.wh40k.abilities import AbilityError, parse_ability
from vantage.rules.wh40k.dice_expr import DiceExprError
from vantage.rules.wh40k10e.leader_names import bodyguards

ABILITIES_REVISION = 3
"""The rules revision (R38) from which the datasheet abilities of R39 are applied: a Leader's
weapon ability for the unit it leads, "cannot Advance" and a single model's Damaged profile."""
ARMY_REVISION = 4
"""The rules revision (R38) from which an imported army is read as R41 says: a Leader by every
ability named Leader (the datasheet's list, not the core rule's text), a Transport profile's
"Capacity", swapped wargear in place of the default weapon (``_spread``) and Deadly Demise by
the first value the rules can roll (``demise_value``)."""

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
    unrefereed: tuple[str, ...] = ()
    """The roster's keywords for it that the engine does not read (``[SUSTAINED HITS D3]``):
    the browser marks them for the players to apply (R39)."""

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
class AbilityNote:
    """One ability as the datasheet prints it, whether the referee applies it (R39), and
    whether it came with an Enhancement the player chose (the army's mark)."""

    name: str
    text: str = ""
    refereed: bool = False
    enhancement: bool = False


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
    grants: tuple[tuple[Literal["ranged", "melee", "any"], str], ...] = ()
    """A Leader: the weapon abilities the unit it leads has while it leads it (R39): e.g.
    ``("ranged", "SUSTAINED HITS 1")``."""
    damaged: int = 0
    """A one-model unit's Damaged profile: with this many wounds or fewer left, its attacks get
    -1 to hit (R39); 0: none."""
    datasheet: tuple[AbilityNote, ...] = ()
    """Every ability of the datasheet with its text, each marked refereed or not (R39)."""

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
    """One roster weapon as a sheet; keywords the engine does not read are kept apart."""
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
        unrefereed=tuple(k for k in w.keywords if not known_abilities((k,))),
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
    """Spread a group's carried totals over its models: the first models get the extras
    (rules revisions 1 to 3; ``_spread`` from ``ARMY_REVISION``)."""
    per_model: list[list[str]] = [[] for _ in range(group.count)]
    for carried in group.loadout:
        for i in range(carried.total):
            per_model[i % group.count].append(carried.weapon)
    return per_model


def _spread(group: ModelGroup, weapons: dict[str, Weapon]) -> list[list[str]]:
    """Spread a group's carried totals so that a swapped weapon replaces the default one (R41).

    BattleScribe counts wargear per group ("7 rifles, 2 lances" for 9 models, army-lists.md
    §1): the items go largest total first, each copy to the model that carries fewest of that
    item, then fewest weapons of its kind (ranged or melee), then the first. So 7 rifles and 2
    lances over 9 models give 7 rifles and 2 lances, one each, not a model with both. The
    profiles of one multi-profile weapon (``group``) travel together. Each model lists its
    weapons in the loadout's order.
    """
    count = group.count
    # a hand-written army may name a weapon twice; counted per entry it was handed out twice
    # over (review s14)
    loadout = merge_loadout(group.loadout)
    items: dict[str, list[Carried]] = {}
    for carried in loadout:
        w = weapons.get(carried.weapon)
        items.setdefault(f"g:{w.group}" if w and w.group else carried.weapon, []).append(carried)
    held: list[dict[str, int]] = [{} for _ in range(count)]
    got: list[dict[str, int]] = [{} for _ in range(count)]
    for item in sorted(items.values(), key=lambda cs: -max(c.total for c in cs)):
        w = weapons.get(item[0].weapon)
        kind = "melee" if w is not None and w.kind == "melee" else "ranged"
        heap = [(0, held[i].get(kind, 0), i) for i in range(count)]
        heapq.heapify(heap)
        for copy in range(max(c.total for c in item)):
            have, of_kind, i = heapq.heappop(heap)
            for c in item:
                if copy < c.total:
                    got[i][c.weapon] = got[i].get(c.weapon, 0) + 1
            held[i][kind] = of_kind + 1
            heapq.heappush(heap, (have + 1, of_kind + 1, i))
    return [[c.weapon for c in loadout for _ in range(g.get(c.weapon, 0))] for g in got]


DEMISE = "DEADLY DEMISE"


def demise_value(abilities: Sequence[Ability]) -> str | None:
    """A unit's Deadly Demise value (wh40k-10th §9; R41): the first of its abilities named
    Deadly Demise whose value, after the name ("Deadly Demise D3") or else as its text, the
    rules can roll. BattleScribe exports the core rule "Deadly Demise" (its text a description)
    beside the datasheet's "Deadly Demise D3"; read as before, the description came first and
    the destroyed model's roll failed. ``None`` with no such ability; "" when it has one but
    no value can be rolled: the sheet then reads it as before revision 4 (a bare name is no
    Deadly Demise, a description is refused when rolled, ``army/unreadable``), and a new game
    refuses that army (``setup._unreadable``)."""
    found: str | None = None
    for a in abilities:
        key = a.name.strip().upper()
        if not key.startswith(DEMISE):
            continue
        found = ""
        for value in (key[len(DEMISE) :].strip(), a.text.strip()):
            if value and demise_rolls(value):
                return value
    return found


def demise_rolls(value: str) -> bool:
    """Whether ``damage.deadly_demise`` can roll this value ("1", "D3", "D6+1")."""
    text = value.strip().upper()
    try:
        parse_dice_expr(text)
    except DiceExprError:
        return False
    return True


def _ability_value(abilities: dict[str, str], name: str) -> str | None:
    for key, text in abilities.items():
        if key.startswith(name):
            rest = key[len(name) :].strip() or text
            return rest or None
    return None


def unit_sheets(army: Army, player: str, revision: int = ARMY_REVISION) -> list[UnitSheet]:
    """Every unit of an army as sheets, with unit and model ids prefixed by the player; a game
    of rules revision ``revision`` (R38) reads the abilities that revision applies."""
    out = []
    named = [(f"{player}-{u.id}", u.name) for u in army.units]
    for unit in army.units:
        uid = f"{player}-{unit.id}"
        keywords = tuple(k.upper() for k in unit.keywords)
        abilities = {a.name.upper(): a.text for a in unit.abilities}
        army_rules = revision >= ARMY_REVISION
        arms = {w.name: w for w in unit.weapons}
        models: list[tuple[str, ModelSheet]] = []
        for group in unit.models:
            stats = dict(group.profile.stats) if group.profile else {}
            for carried in _spread(group, arms) if army_rules else _loadouts(group):
                mid = f"{uid}-{len(models) + 1}"
                models.append((mid, _model_sheet(group, stats, carried, keywords)))
        invuln = _ability_value(abilities, "INVULNERABLE SAVE")
        fnp = _ability_value(abilities, "FEEL NO PAIN")
        scouts = _ability_value(abilities, "SCOUTS")
        read = AbilityReader(revision >= ABILITIES_REVISION, len(models) == 1)
        notes = tuple(read.note(a.name, a.text, a.enhancement) for a in unit.abilities)
        out.append(
            UnitSheet(
                id=uid,
                player=player,
                name=unit.custom_name or unit.name,
                keywords=keywords,
                abilities=tuple(sorted(_core_names(abilities) | read.flags)),
                points=float(unit.points),
                invulnerable=number(invuln) or None if invuln else None,
                feel_no_pain=number(fnp) or None if fnp else None,
                scouts=float(inches(scouts) or 0.0) if scouts else 0.0,
                deadly_demise=(
                    (demise_value(unit.abilities) if army_rules else None)
                    or _ability_value(abilities, "DEADLY DEMISE")
                ),
                capacity=_capacity(abilities, unit.abilities if army_rules else ()),
                firing_deck=number(_ability_value(abilities, "FIRING DECK")),
                weapons=tuple(weapon_sheet(w) for w in unit.weapons),
                models=tuple(models),
                leads=_leads(
                    [(a.name.upper(), a.text) for a in unit.abilities]
                    if army_rules
                    else [(n, t) for n, t in abilities.items() if n.startswith("LEADER")][:1],
                    keywords,
                    [n for n in named if n[0] != uid],
                ),
                grants=tuple(read.grants),
                damaged=read.damaged,
                datasheet=notes,
            )
        )
    return out


def _leads(
    abilities: list[tuple[str, str]], keywords: tuple[str, ...], others: list[tuple[str, str]]
) -> tuple[str, ...]:
    """The Bodyguard units a CHARACTER's abilities named Leader name (§3.6), all of them: a
    BattleScribe export gives both the datasheet's "Leader" ability (its list of units) and the
    core rule "Leader" (generic text naming none, R41). Revisions 1 to 3 read only the one a
    name-keyed dict kept: the last text under the first name."""
    if "CHARACTER" not in keywords:
        return ()
    named = {
        uid
        for name, text in abilities
        if name.startswith("LEADER")
        for uid in bodyguards(text, others)
    }
    return tuple(uid for uid, _ in others if uid in named)  # in army order


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


_CAPACITY = re.compile(r"^\s*capacity\s*:", re.IGNORECASE)


def _capacity(abilities: dict[str, str], listed: tuple[Ability, ...] = ()) -> int:
    """The Transport ability's capacity; with ``listed`` (from ``ARMY_REVISION``) also a
    ``typeName="Transport"`` profile as an army imported before R41 keeps it: an ability named
    after the unit whose text is ``"Capacity: ..."``."""
    text = abilities.get("TRANSPORT")
    if text is None:
        text = next((a.text for a in listed if _CAPACITY.match(a.text)), None)
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


_GRANT = re.compile(
    r"^WHILE (?:THIS MODEL IS )?LEADING A UNIT, (?:ITS |THAT UNIT'S |THE )?(?:(RANGED|MELEE) )?"
    r"WEAPONS(?: EQUIPPED BY MODELS IN THAT UNIT)? HAVE (?:THE )?\[([^\]]+)\](?: ABILITY)?\.?$"
)
_NO_ADVANCE = re.compile(r"^(?:THIS UNIT|THIS MODEL|MODELS IN THIS UNIT) CANNOT ADVANCE\.?$")
_DAMAGED_NAME = re.compile(r"^DAMAGED:? ?1-(\d+) WOUNDS? REMAINING$")
_DAMAGED_TEXT = re.compile(
    r"^(?:WHILE THIS MODEL HAS 1-(\d+) WOUNDS? REMAINING, )?(?:EACH TIME THIS MODEL MAKES AN "
    r"ATTACK, )?SUBTRACT 1 FROM (?:THIS MODEL'S |THE )?HIT ROLLS?\.?$"
)
CANNOT_ADVANCE = "CANNOT ADVANCE"
"""A sheet ability: the unit may not Advance (R39)."""


def _plain(text: str) -> str:
    """Upper case, single spaces, straight quotes."""
    return " ".join(text.replace("\u2019", "'").upper().split())


class AbilityReader:
    """Reads one unit's abilities: which the engine applies (``note``) and what they set.

    The core abilities the sheet reads (``CORE``, Invulnerable Save, Transport, Firing Deck)
    are refereed in every revision; from ``ABILITIES_REVISION`` also exactly these wordings
    (rules decision R39): "While leading a unit, its [ranged|melee] weapons have [ABILITY]" (a
    weapon ability the engine knows), "This unit cannot Advance", and a one-model unit's
    "Damaged: 1-N Wounds Remaining" that only subtracts 1 from its hit rolls.
    """

    def __init__(self, extended: bool, one_model: bool) -> None:
        self.extended = extended
        self.one_model = one_model
        self.flags: set[str] = set()
        self.grants: list[tuple[Literal["ranged", "melee", "any"], str]] = []
        self.damaged = 0

    def note(self, name: str, text: str, enhancement: bool = False) -> AbilityNote:
        """The ability as the browser shows it, refereed or not."""
        refereed = self._read(_plain(name), _plain(text))
        return AbilityNote(name=name, text=text, refereed=refereed, enhancement=enhancement)

    def _read(self, name: str, text: str) -> bool:
        if any(name.startswith(core) for core in CORE):
            return True
        if name.startswith("INVULNERABLE SAVE"):
            return number(name[len("INVULNERABLE SAVE") :] or text) > 0
        if name == "TRANSPORT":
            return _capacity({name: text}) > 0
        if not self.extended:
            return False
        grant = _GRANT.match(text)
        if grant and known_abilities((grant.group(2),)):
            kind = grant.group(1)
            self.grants.append(
                (
                    "ranged" if kind == "RANGED" else "melee" if kind == "MELEE" else "any",
                    known_abilities((grant.group(2),))[0],
                )
            )
            return True
        if _NO_ADVANCE.match(text):
            self.flags.add(CANNOT_ADVANCE)
            return True
        damaged, said = _DAMAGED_NAME.match(name), _DAMAGED_TEXT.match(text)
        if damaged and said and self.one_model and said.group(1) in (None, damaged.group(1)):
            self.damaged = int(damaged.group(1))
            return True
        return False
