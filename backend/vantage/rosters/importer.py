"""``import_roster``: any roster file's bytes -> an ``Army`` or a ``RosterError`` value.

The format is sniffed from the content, not the file name (army-lists.md §6 step 1): ``PK`` is a
.rosz zip, ``<`` BattleScribe XML, ``{`` New Recruit JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from vantage.rosters.army import Army
from vantage.rosters.bases import BaseSize, resolve_bases
from vantage.rosters.errors import (
    BAD_ZIP,
    EMPTY,
    NOT_A_ROSTER,
    TOO_LARGE,
    RosterError,
    RosterFailure,
)
from vantage.rosters.newrecruit import read_newrecruit
from vantage.rosters.ros import read_ros
from vantage.rosters.rosz import read_rosz
from vantage.rosters.tree import Node
from vantage.rosters.units import build_army

MAX_FILE_BYTES = 4 * 1024 * 1024
BAD_BASE = "roster/bad_base"
Format = Literal["ros", "rosz", "json"]
_BOMS = (b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")
_BLANK = b" \t\r\n"


def import_roster(
    filename: str, data: bytes, base_overrides: Mapping[str, BaseSize] | None = None
) -> Army | RosterError:
    """Read a .ros, .rosz or New Recruit .json roster into an army with bases resolved.

    ``base_overrides`` maps an entry id or model name to a round base's diameter in mm, or an
    oval's (length, width) in mm (the player's answers for ``Army.missing_bases()``). Nothing
    is changed on failure: the result is then a ``RosterError`` whose message names the file
    and what is wrong with it.
    """
    label = _label(filename)
    try:
        army = build_army(read_roster(data))
    except RosterFailure as failure:
        detail = {"file": label} | ({"field": failure.field} if failure.field else {})
        return RosterError(failure.error.code, f"{label}: {failure.error.message}", detail)
    try:
        return resolve_bases(army, base_overrides)
    except ValueError as exc:
        return RosterError(BAD_BASE, str(exc), {"file": label})


def read_roster(data: bytes) -> Node:
    """The roster tree of a file in any of the three formats; raise ``RosterFailure``."""
    if len(data) > MAX_FILE_BYTES:  # before anything else: a big file of spaces is too large
        raise RosterFailure(
            TOO_LARGE, f"the file is larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB"
        )
    if not data.strip(_BLANK):
        raise RosterFailure(EMPTY, "the file is empty")
    kind = sniff(data)
    if kind == "rosz":
        data = read_rosz(data)
        kind = sniff(data)
        if kind == "rosz":
            raise RosterFailure(BAD_ZIP, "the zip holds another zip, not a roster")
    if kind == "ros":
        if not data.startswith(_BOMS[1:]):
            data = data.removeprefix(_BOMS[0]).lstrip(_BLANK)  # the declaration must come first
        return read_ros(data)
    if kind == "json":
        return read_newrecruit(data)
    raise RosterFailure(NOT_A_ROSTER, "not a BattleScribe .ros/.rosz or New Recruit .json roster")


def sniff(data: bytes) -> Format | None:
    """Which reader a file needs, from its first bytes; None when it is none of them."""
    if data.startswith(b"PK"):
        return "rosz"
    if data.startswith(_BOMS[1:]):  # UTF-16 text with its byte-order mark: XML or JSON
        first = data.decode("utf-16", errors="replace").lstrip(" \t\r\n\ufeff")[:1]
    else:  # the first non-space character decides (army-lists.md §6), however far in it is
        first = data.removeprefix(_BOMS[0]).lstrip(_BLANK)[:1].decode("latin-1")
    if first == "<":
        return "ros"
    if first == "{":
        return "json"
    return None


def _label(filename: str) -> str:
    """The file's base name, shortened, for messages."""
    name = filename.replace("\\", "/").rsplit("/", 1)[-1].strip()
    return (name[:80] + "…" if len(name) > 80 else name) or "the file"
