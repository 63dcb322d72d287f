"""Army lists: import a roster file, list the demo armies."""

from __future__ import annotations

import json
from typing import Annotated, Any

import anyio
import anyio.to_thread
from fastapi import APIRouter, File, Form, UploadFile

from vantage.api.errors import rejection_response
from vantage.engine.codec import printable
from vantage.engine.errors import Rejection
from vantage.rosters import RosterError, demo_armies, import_roster
from vantage.rosters.army_json import MAX_BASE_MM
from vantage.rosters.bases import BaseSize, HullSize, assumed_bases
from vantage.rosters.errors import is_text

router = APIRouter()
MAX_ROSTER_BYTES = 4 * 1024 * 1024
IMPORTS_AT_ONCE = 2
"""Imports parsed at the same time: each may build an element tree many times its file's size,
so more wait their turn rather than share the memory."""
_limiter: anyio.CapacityLimiter | None = None


def _imports() -> anyio.CapacityLimiter:
    """The one limiter of this process's imports (made in the event loop, on first use)."""
    global _limiter
    if _limiter is None:
        _limiter = anyio.CapacityLimiter(IMPORTS_AT_ONCE)
    return _limiter


@router.post("/api/rosters")
async def import_roster_file(
    file: Annotated[UploadFile, File()],
    bases: Annotated[str | None, Form()] = None,
) -> Any:
    """Parse a BattleScribe ``.ros``/``.rosz`` or New Recruit ``.json`` roster into an army.

    ``bases`` (optional form field): a JSON object mapping a model name or entry id to a round
    base diameter in mm, ``{"length_mm": L, "width_mm": W}`` for an oval, or
    ``{"shape": "hull", "length_mm": L, "width_mm": W}`` for a model with no base (measured to
    its hull, a rectangle), answering the bases the import could not resolve.
    """
    data = await file.read(MAX_ROSTER_BYTES + 1)
    overrides = _overrides(bases)
    if isinstance(overrides, Rejection):
        return rejection_response(overrides)
    # Parsing is CPU-bound (up to 4 MiB of XML): a worker thread keeps the event loop answering
    # other requests meanwhile.
    answer = await anyio.to_thread.run_sync(
        _import, file.filename or "roster", data, overrides, limiter=_imports()
    )
    if isinstance(answer, RosterError):
        return rejection_response(answer)
    return answer


def _import(
    filename: str, data: bytes, overrides: dict[str, BaseSize]
) -> dict[str, Any] | RosterError:
    army = import_roster(filename, data, overrides)
    if isinstance(army, RosterError):
        return army
    # The bases the table filled in, for the player to check (derived, like missing_bases).
    return {**army.to_json(), "assumed_bases": assumed_bases(army, overrides)}


@router.get("/api/armies/demo")
async def list_demo_armies() -> list[dict[str, Any]]:
    """The two invented demo armies that ship with Vantage."""
    return [army.to_json() for army in demo_armies()]


def _overrides(raw: str | None) -> dict[str, BaseSize] | Rejection:
    """The ``bases`` form field: model name or entry id → a round base's diameter in mm,
    ``{"length_mm": L, "width_mm": W}`` for an oval (army audit s14 #8: vehicles and monsters
    on ovals could only be answered with a round size), or ``{"shape": "hull", "length_mm": L,
    "width_mm": W}`` for a model with no base, measured to its hull (wh40k-10th §3.3)."""
    if raw is None:
        return {}
    try:
        value = json.loads(raw)
    except ValueError:
        return Rejection("request/invalid", "bases: must be a JSON object", {"field": "bases"})
    except RecursionError:  # the JSON decoder recurses once per level of nesting
        return Rejection("request/invalid", "bases: nested too deeply", {"field": "bases"})
    if not isinstance(value, dict):
        return Rejection(
            "request/invalid", "bases: must map names to diameters in mm", {"field": "bases"}
        )
    out: dict[str, BaseSize] = {}
    for key, size in value.items():
        if not is_text(key):
            field = f"bases.{printable(key)}"
            return Rejection("request/invalid", f"{field}: must be valid text", {"field": field})
        read = _base_size(size)
        if read is None:
            field = f"bases.{key}"
            return Rejection(
                "request/invalid",
                f'{field}: must be a base diameter in mm, {{"length_mm": L, "width_mm": W}} '
                f'for an oval, or {{"shape": "hull", "length_mm": L, "width_mm": W}} for a '
                f"model with no base, each > 0 and <= {MAX_BASE_MM:g}",
                {"field": field},
            )
        out[key] = read
    return out


def _mm(value: object) -> float | None:
    """A size in mm: a number > 0 and <= MAX_BASE_MM (refuses infinity, NaN and booleans)."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        return None
    return float(value) if 0 < value <= MAX_BASE_MM else None


def _base_size(size: object) -> BaseSize | None:
    if isinstance(size, dict):
        hull = size.get("shape") == "hull"
        if set(size) != ({"shape", "length_mm", "width_mm"} if hull else {"length_mm", "width_mm"}):
            return None
        length, width = _mm(size["length_mm"]), _mm(size["width_mm"])
        if length is None or width is None:
            return None
        return HullSize(length, width) if hull else (length, width)
    return _mm(size)
