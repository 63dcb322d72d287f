"""Weapon abilities from a roster's keyword text into data (wh40k-10th.md §8.4).

``"Rapid Fire 1, Anti-Infantry 4+"`` becomes ``[RAPID FIRE 1]`` and ``[ANTI-INFANTRY 4+]`` as
``WeaponAbility`` values. Names are upper case; unknown keywords are kept with ``known=False``.
Note: ``vantage.rules.wh40k.abilities`` parses the same notation for the rules engine; the two
should be unified once both exist.
"""

from __future__ import annotations

import re

from vantage.rosters.army import WeaponAbility

FLAGS = frozenset(
    {
        "ASSAULT",
        "BLAST",
        "DEVASTATING WOUNDS",
        "EXTRA ATTACKS",
        "HAZARDOUS",
        "HEAVY",
        "IGNORES COVER",
        "INDIRECT FIRE",
        "LANCE",
        "LETHAL HITS",
        "ONE SHOT",
        "PISTOL",
        "PRECISION",
        "PSYCHIC",
        "TORRENT",
        "TWIN-LINKED",
    }
)
"""Abilities that are a bare name."""

VALUED = frozenset({"RAPID FIRE", "SUSTAINED HITS", "MELTA"})
"""Abilities followed by a number or a dice expression: ``[MELTA 2]``, ``[SUSTAINED HITS D3]``."""

_VALUED_RE = re.compile(rf"^({'|'.join(sorted(VALUED))})\s+(\d+|D\d+(?:\s*\+\s*\d+)?)$")
_ANTI_RE = re.compile(r"^ANTI[-\s]+(.+?)\s+([2-6])\+$")
_SPACES = re.compile(r"\s+")


def split_keywords(text: str) -> tuple[str, ...]:
    """``"Rapid Fire 1, Heavy"`` -> ``("Rapid Fire 1", "Heavy")``; ``"-"`` and ``""`` -> ``()``."""
    parts = (p.strip().strip("[]").strip() for p in text.replace(";", ",").split(","))
    return tuple(p for p in parts if p and p not in {"-", "–", "—"})


def parse_ability(keyword: str) -> WeaponAbility:
    """One keyword, e.g. ``"Anti-Infantry 4+"`` -> ``ANTI`` with keyword and threshold."""
    text = _SPACES.sub(" ", keyword.strip().strip("[]").strip()).upper()
    text = text.replace("TWIN LINKED", "TWIN-LINKED")
    if text in FLAGS:
        return WeaponAbility(name=text)
    valued = _VALUED_RE.match(text)
    if valued:
        raw = valued.group(2).replace(" ", "")
        return WeaponAbility(name=valued.group(1), value=int(raw) if raw.isdigit() else raw)
    anti = _ANTI_RE.match(text)
    if anti:
        return WeaponAbility(name="ANTI", keyword=anti.group(1), threshold=int(anti.group(2)))
    return WeaponAbility(name=text, known=False)


def parse_abilities(text: str) -> tuple[WeaponAbility, ...]:
    """Every ability in a weapon's keyword text, in order."""
    return tuple(parse_ability(k) for k in split_keywords(text))
