"""Army lists: import a roster file, list the demo armies."""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, File, Form, UploadFile

from vantage.api.errors import rejection_response
from vantage.engine.errors import Rejection
from vantage.rosters import RosterError, demo_armies, import_roster

router = APIRouter()
MAX_ROSTER_BYTES = 4 * 1024 * 1024


@router.post("/api/rosters")
async def import_roster_file(
    file: Annotated[UploadFile, File()],
    bases: Annotated[str | None, Form()] = None,
) -> Any:
    """Parse a BattleScribe ``.ros``/``.rosz`` or New Recruit ``.json`` roster into an army.

    ``bases`` (optional form field): a JSON object mapping a model name or entry id to a round
    base diameter in mm, answering the bases the import could not resolve.
    """
    data = await file.read(MAX_ROSTER_BYTES + 1)
    overrides = _overrides(bases)
    if isinstance(overrides, Rejection):
        return rejection_response(overrides)
    army = import_roster(file.filename or "roster", data, overrides)
    if isinstance(army, RosterError):
        return rejection_response(army)
    return army.to_json()


@router.get("/api/armies/demo")
async def list_demo_armies() -> list[dict[str, Any]]:
    """The two invented demo armies that ship with Vantage."""
    return [army.to_json() for army in demo_armies()]


def _overrides(raw: str | None) -> dict[str, float] | Rejection:
    if raw is None:
        return {}
    try:
        value = json.loads(raw)
    except ValueError:
        return Rejection("request/invalid", "bases: must be a JSON object", {"field": "bases"})
    if not isinstance(value, dict) or not all(
        isinstance(k, str) and isinstance(v, int | float) and not isinstance(v, bool)
        for k, v in value.items()
    ):
        return Rejection(
            "request/invalid", "bases: must map names to diameters in mm", {"field": "bases"}
        )
    return {k: float(v) for k, v in value.items()}
