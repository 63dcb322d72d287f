"""Weapon types and abilities of 9th and 8th edition, parsed from datasheet strings.

wh40k-9th §8.9 (Assault, Heavy, Rapid Fire, Grenade, Pistol; Blast), wh40k-8th-faq §3 (the same
types, no Blast). A type may carry its number as on a datasheet (``RAPID FIRE 1``, ``HEAVY D6``);
the query's ``weapon.attacks`` is the number of attacks and a written number must equal it.
Also known: ``MELEE`` (the type of a melee weapon), ``AUTOMATICALLY HITS`` (alias ``TORRENT``),
``IGNORES COVER`` and ``MORTAL WOUNDS ON 6`` (an unmodified wound roll of 6 inflicts 1 mortal
wound in addition to the normal damage). Every other string is an error: 10th-edition
abilities are named as such.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any, Literal

from vantage.rules.wh40k.abilities import FLAGS, VALUED, AbilityError, normalise
from vantage.rules.wh40k.dice_expr import DiceExpr, DiceExprError, parse_dice_expr
from vantage.rules.wh40k.edition import Edition

WeaponType = Literal["ASSAULT", "HEAVY", "RAPID FIRE", "GRENADE", "PISTOL", "MELEE"]
RANGED_TYPES: tuple[WeaponType, ...] = ("ASSAULT", "HEAVY", "RAPID FIRE", "GRENADE", "PISTOL")

_TYPE = re.compile(r"^(ASSAULT|HEAVY|RAPID FIRE|GRENADE|PISTOL)(?: (.+))?$")
_FLAGS: dict[str, str] = {
    "BLAST": "blast",
    "AUTOMATICALLY HITS": "auto_hit",
    "TORRENT": "auto_hit",
    "IGNORES COVER": "ignores_cover",
    "MORTAL WOUNDS ON 6": "mortal_on_six",
    "MORTAL WOUND ON 6": "mortal_on_six",
}


@dataclass(frozen=True, slots=True)
class ClassicAbilities:
    """A 9th/8th-edition weapon's type and abilities (``None``/``False`` when absent)."""

    type: WeaponType | None = None
    type_number: DiceExpr | None = None
    """The number written after the type, if any (it must equal ``weapon.attacks``)."""
    type_index: int = 0
    """The position of the type in the ability list (for error paths)."""
    blast: bool = False
    auto_hit: bool = False
    ignores_cover: bool = False
    mortal_on_six: bool = False

    @property
    def rapid_fire(self) -> bool:
        """Rapid Fire: double attacks within half range (wh40k-9th §8.9.3)."""
        return self.type == "RAPID FIRE"

    @property
    def heavy(self) -> bool:
        """Heavy: −1 to hit after moving (wh40k-9th §8.9.2, wh40k-8th-faq L147)."""
        return self.type == "HEAVY"

    @property
    def assault(self) -> bool:
        """Assault: −1 to hit after Advancing (wh40k-9th §8.9.1)."""
        return self.type == "ASSAULT"


def parse_classic_abilities(
    texts: Iterable[str], edition: Edition, *, melee: bool
) -> ClassicAbilities:
    """All types and abilities of one weapon profile in ``edition``; raise AbilityError."""
    values: dict[str, Any] = {}
    for i, text in enumerate(texts):
        core = normalise(text)
        if core == "MELEE" or _TYPE.match(core):
            values.update(_weapon_type(core, i, values, melee=melee))
            continue
        field = _FLAGS.get(core)
        if field is None:
            raise AbilityError(i, _not_known(text, core, edition))
        if field == "blast" and not edition.has_blast:
            raise AbilityError(i, f"BLAST is not a weapon ability of {edition.title}")
        if field == "blast" and melee:
            raise AbilityError(i, "BLAST is an ability of ranged weapons")
        values[field] = True
    return replace(ClassicAbilities(), **values) if values else ClassicAbilities()


def _weapon_type(core: str, index: int, seen: dict[str, Any], *, melee: bool) -> dict[str, Any]:
    """The type (and its number) of ``MELEE`` / ``RAPID FIRE 1`` / ``HEAVY D6``."""
    if "type" in seen:
        raise AbilityError(index, f"a weapon has one type; it already is {seen['type']}")
    if core == "MELEE":
        if not melee:
            raise AbilityError(index, "MELEE is the type of a melee weapon (weapon.type melee)")
        return {"type": "MELEE", "type_index": index}
    match = _TYPE.match(core)
    assert match is not None
    name, number = match.group(1), match.group(2)
    if melee:
        raise AbilityError(index, f"{name} is a ranged weapon type (weapon.type is melee)")
    out: dict[str, Any] = {"type": name, "type_index": index}
    if number is not None:
        try:
            out["type_number"] = parse_dice_expr(number)
        except DiceExprError:
            raise AbilityError(
                index, f"{core!r}: the type's number must be a number or dice expression"
            ) from None
    return out


def _not_known(text: str, core: str, edition: Edition) -> str:
    """The message for an ability the edition does not have."""
    head = core.split(" ")[0]
    tenth = (
        core in FLAGS
        or any(core.startswith(name) for name in VALUED)
        or head.startswith("ANTI-")
        or head in {"SUSTAINED", "MELTA"}
    )
    if tenth:
        return f"{text!r} is a 10th-edition ability, not a weapon ability of {edition.title}"
    return f"unknown weapon ability {text!r}"
