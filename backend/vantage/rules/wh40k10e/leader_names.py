"""Which units a Leader may join, read from its roster's Leader ability text (wh40k-10th §3.6,
seed L3231-L3240: the Bodyguard units are listed on the Leader's datasheet).

Rosters carry that list as free text: BattleScribe exports write "This model can be attached
to the following units: ■ Assault Intercessor Squad ■ Intercessor Squad", the demo armies
"Can lead Ashguard Line and Kiln Breachers.". The text is cut into items at list marks,
commas, semicolons, colons, line breaks and the words "and"/"or"; a unit of the army is
named when an item, normalised (lower case, punctuation as spaces), is its datasheet name, or
ends with it right after an introducing word ("lead", "join", "to", "units"...). So "Assault
Intercessor Squad" does not name "Intercessor Squad" (rules decision R26).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_ITEM_BREAK = re.compile(r"[■•▪●◦\n;,:*]|\band\b|\bor\b|\s-\s", re.IGNORECASE)
_INTRO = ("lead", "leads", "join", "joins", "to", "unit", "units", "following")


def normalise(text: str) -> str:
    """Lower case, every run of non-alphanumerics one space."""
    return " ".join(re.sub(r"[^0-9a-z]+", " ", text.lower()).split())


def names_unit(leader_text: str, unit_name: str) -> bool:
    """Whether a Leader ability text lists the datasheet ``unit_name`` as a Bodyguard unit."""
    name = normalise(unit_name)
    if not name:
        return False
    for item in _ITEM_BREAK.split(leader_text):
        words = normalise(item)
        if words == name:
            return True
        if words.endswith(" " + name):
            before = words[: -len(name)].split()
            if before and before[-1] in _INTRO:
                return True
    return False


def bodyguards(leader_text: str, units: Sequence[tuple[str, str]]) -> tuple[str, ...]:
    """The ids of ``units`` ((id, datasheet name) pairs) that the text names, in army order."""
    return tuple(uid for uid, name in units if names_unit(leader_text, name))
