"""Weapon abilities of 10th edition, parsed from datasheet strings into data (wh40k-10th §8.4).

``parse_abilities(["RAPID FIRE 1", "ANTI-INFANTRY 4+"])`` gives a :class:`WeaponAbilities`.
Names are matched without regard to case, brackets or extra spaces; a value is a whole number.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

FLAGS: dict[str, str] = {
    "ASSAULT": "assault",
    "BLAST": "blast",
    "DEVASTATING WOUNDS": "devastating_wounds",
    "EXTRA ATTACKS": "extra_attacks",
    "HAZARDOUS": "hazardous",
    "HEAVY": "heavy",
    "IGNORES COVER": "ignores_cover",
    "INDIRECT FIRE": "indirect_fire",
    "LANCE": "lance",
    "LETHAL HITS": "lethal_hits",
    "ONE SHOT": "one_shot",
    "PISTOL": "pistol",
    "PRECISION": "precision",
    "PSYCHIC": "psychic",
    "TORRENT": "torrent",
    "TWIN-LINKED": "twin_linked",
}
"""Abilities without a value: datasheet name → field of :class:`WeaponAbilities`."""

VALUED: dict[str, str] = {
    "RAPID FIRE": "rapid_fire",
    "SUSTAINED HITS": "sustained_hits",
    "MELTA": "melta",
}
"""Abilities ``NAME X``: datasheet name → field of :class:`WeaponAbilities`."""

_VALUED = re.compile(r"^(RAPID FIRE|SUSTAINED HITS|MELTA) (\d{1,2})$")
_ANTI = re.compile(r"^ANTI-(.+) ([2-6])\+$")


class AbilityError(ValueError):
    """A weapon ability string that is not an ability of the edition: ``index`` is its position."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index
        self.message = message


@dataclass(frozen=True, slots=True)
class Anti:
    """ANTI-KEYWORD X+: an unmodified wound roll of ``threshold``+ is critical vs ``keyword``."""

    keyword: str
    threshold: int


@dataclass(frozen=True, slots=True)
class WeaponAbilities:
    """Every weapon ability of wh40k-10th §8.4 as data (``0``/``False`` when absent)."""

    rapid_fire: int = 0
    sustained_hits: int = 0
    melta: int = 0
    anti: tuple[Anti, ...] = ()
    assault: bool = False
    blast: bool = False
    devastating_wounds: bool = False
    extra_attacks: bool = False
    hazardous: bool = False
    heavy: bool = False
    ignores_cover: bool = False
    indirect_fire: bool = False
    lance: bool = False
    lethal_hits: bool = False
    one_shot: bool = False
    pistol: bool = False
    precision: bool = False
    psychic: bool = False
    torrent: bool = False
    twin_linked: bool = False
    written: tuple[str, ...] = field(default=(), compare=False)

    def anti_threshold(self, keywords: Iterable[str]) -> int | None:
        """The lowest ANTI threshold that matches one of the target's keywords (§8.4 Anti)."""
        have = {k.upper() for k in keywords}
        found = [a.threshold for a in self.anti if a.keyword in have]
        return min(found) if found else None


def normalise(text: str) -> str:
    """Upper case, no surrounding brackets, single spaces, ``TWIN LINKED`` → ``TWIN-LINKED``."""
    core = text.strip().strip("[]").strip().upper()
    core = " ".join(core.split())
    core = re.sub(r"\s*-\s*", "-", core)
    return "TWIN-LINKED" if core == "TWIN LINKED" else core


def parse_ability(text: str, index: int = 0) -> tuple[str, int | Anti | bool]:
    """One datasheet ability: the field it sets and its value; raise AbilityError."""
    core = normalise(text)
    if core in FLAGS:
        return FLAGS[core], True
    valued = _VALUED.match(core)
    if valued:
        return VALUED[valued.group(1)], int(valued.group(2))
    anti = _ANTI.match(core)
    if anti:
        return "anti", Anti(keyword=anti.group(1), threshold=int(anti.group(2)))
    if core.split(" ")[0] in {"RAPID", "SUSTAINED", "MELTA"} or core.startswith("ANTI"):
        raise AbilityError(
            index, f"{text!r} needs a whole-number value (like SUSTAINED HITS 1, ANTI-INFANTRY 4+)"
        )
    raise AbilityError(index, f"unknown weapon ability {text!r}")


def parse_abilities(texts: Iterable[str]) -> WeaponAbilities:
    """All abilities of one weapon profile; a repeated ``NAME X`` keeps the larger X."""
    values: dict[str, Any] = {}
    anti: dict[str, int] = {}
    written: list[str] = []
    for i, text in enumerate(texts):
        name, value = parse_ability(text, i)
        written.append(normalise(text))
        if isinstance(value, Anti):
            anti[value.keyword] = min(anti.get(value.keyword, 7), value.threshold)
        elif isinstance(value, bool):
            values[name] = True
        else:
            values[name] = max(int(values.get(name, 0)), value)
    out = WeaponAbilities(anti=tuple(Anti(k, t) for k, t in anti.items()), written=tuple(written))
    return replace(out, **values) if values else out
