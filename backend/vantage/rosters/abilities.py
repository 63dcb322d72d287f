"""Weapon abilities from a roster's keyword text into data (wh40k-10th.md §8.4).

``"Rapid Fire 1, Anti-Infantry 4+"`` becomes ``[RAPID FIRE 1]`` and ``[ANTI-INFANTRY 4+]`` as
``WeaponAbility`` values. Names are upper case; unknown keywords are kept with ``known=False``.
The vocabulary and the spelling rules are the rules engine's (``vantage.rules.wh40k.abilities``);
this reader is lenient where a roster may be (dice values such as ``[SUSTAINED HITS D3]``, unknown
keywords kept), where the engine's parser refuses.
"""

from __future__ import annotations

import re

from vantage.rosters.army import WeaponAbility
from vantage.rules.wh40k import abilities as rules

FLAGS = frozenset(rules.FLAGS)
"""Abilities that are a bare name."""

VALUED = frozenset(rules.VALUED)
"""Abilities followed by a number or a dice expression: ``[MELTA 2]``, ``[SUSTAINED HITS D3]``."""

_VALUED_RE = re.compile(rf"^({'|'.join(sorted(VALUED))})\s+(\d+|D\d+(?:\s*\+\s*\d+)?)$")
_ANTI_RE = re.compile(r"^ANTI[-\s]+(.+?)\s+([2-6])\+$")


def split_keywords(text: str) -> tuple[str, ...]:
    """``"Rapid Fire 1, Heavy"`` -> ``("Rapid Fire 1", "Heavy")``; ``"-"`` and ``""`` -> ``()``."""
    parts = (p.strip().strip("[]").strip() for p in text.replace(";", ",").split(","))
    return tuple(p for p in parts if p and p not in {"-", "–", "—"})


def parse_ability(keyword: str) -> WeaponAbility:
    """One keyword, e.g. ``"Anti-Infantry 4+"`` -> ``ANTI`` with keyword and threshold."""
    text = rules.normalise(keyword)
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
