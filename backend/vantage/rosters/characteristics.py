"""Which 10th-edition characteristics the rules can read (army audit s14 #3, #7).

A weapon's A and D are dice expressions (``"2"``, ``"D6+1"``, rules/wh40k ``parse_dice_expr``);
BS, WS, S and AP, a ranged weapon's range, and a model's M, T, Sv, W, Ld and OC are numbers as a
datasheet prints them. A value the rules would misread (``"lots"``, ``"-4"``, ``"0+"``) is a
problem naming the characteristic; the import refuses it and a new game refuses an army holding
it. ``"N/A"`` or ``"-"`` for BS/WS (a Torrent weapon makes no hit roll), for a melee weapon's
range and for a model's M, Ld and OC (fortifications, aircraft) is read as the rules read it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from vantage.rules.wh40k.dice_expr import DiceExprError, parse_dice_expr

NONE = frozenset({"n/a", "-", "—", "–", ""})
"""What a datasheet prints for "no value"."""
_SKILL = re.compile(r"^[2-6]\+$")
_WHOLE = re.compile(r"^\d{1,3}$")
_AP = re.compile(r"^(?:0|-\d{1,2})$")
"""ASCII hyphen only: the rules read "−1" (a typographic minus) as 0; the import turns it into
"-1" (``units._ascii_minus``), and a new game's army that still holds one is refused."""
_INCHES = re.compile(r"^\d{1,3}(?:\.\d+)?\s*(?:\"|''|”|in\.?)?\s*\+?$")
_MOVE = re.compile(r"^\d{1,3}(?:\.\d+)?\s*(?:\"|''|”|in\.?)?\s*\+?$|^\d{1,3}\+\s*(?:\"|''|”)$")
_LD = re.compile(r"^\d{1,2}\+?$")
MODEL_STATS = ("M", "T", "SV", "W", "LD", "OC")


def _dice(value: str) -> str:
    try:
        parse_dice_expr(value)
    except DiceExprError:
        return f"{value!r} is not a number or a dice expression like D6+1"
    return ""


def weapon_problem(kind: str, stats: Iterable[tuple[str, str]]) -> tuple[str, str] | None:
    """The first characteristic of a weapon the rules cannot read: (name, problem)."""
    melee = kind == "melee"
    for key, raw in stats:
        value = raw.strip()
        low = value.casefold()
        problem = ""
        if key in ("A", "D"):
            problem = _dice(value)
        elif key in ("BS", "WS"):
            if low not in NONE and not _SKILL.fullmatch(value):
                problem = f"{value!r} is not a skill from 2+ to 6+ (or N/A)"
        elif key == "S":
            if not _WHOLE.fullmatch(value) or int(value) < 1:
                problem = f"{value!r} is not a whole number from 1 to 999"
        elif key == "AP":
            if not _AP.fullmatch(value):
                problem = f"{value!r} is not 0 or a negative whole number like -1 (an ASCII hyphen)"
        elif key == "RANGE" and not melee and low != "melee" and not _INCHES.fullmatch(value):
            problem = f'{value!r} is not a range in inches like 24"'
        if problem:
            return key, problem
    return None


def model_problem(stats: Iterable[tuple[str, str]]) -> tuple[str, str] | None:
    """The first characteristic of a model's profile the rules cannot read: (name, problem)."""
    for key, raw in stats:
        value = raw.strip()
        low = value.casefold()
        problem = ""
        if key == "M" and low not in NONE and not _MOVE.fullmatch(value):
            problem = f'{value!r} is not a move in inches like 6"'
        elif key in ("T", "W") and (not _WHOLE.fullmatch(value) or int(value) < 1):
            problem = f"{value!r} is not a whole number from 1 to 999"
        elif key == "SV" and not _SKILL.fullmatch(value):
            problem = f"{value!r} is not a save from 2+ to 6+"
        elif key == "LD" and low not in NONE and not _LD.fullmatch(value):
            problem = f"{value!r} is not a Leadership like 6+"
        elif key == "OC" and low not in NONE and not _WHOLE.fullmatch(value):
            problem = f"{value!r} is not a whole number from 0 to 999"
        if problem:
            return key, problem
    return None


def missing_stats(stats: Iterable[tuple[str, str]]) -> list[str]:
    """The model characteristics a profile does not give (read as defaults: W 1, Sv 7+...)."""
    have = {k for k, _ in stats}
    return [k for k in MODEL_STATS if k not in have]
