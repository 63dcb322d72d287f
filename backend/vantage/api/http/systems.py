"""The game systems and the table set-ups offered when creating a game."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from vantage.app.catalogue import setup_presets, systems

router = APIRouter()


@router.get("/api/systems")
async def list_systems() -> list[dict[str, Any]]:
    """Every game system with its title and creation options."""
    return systems()


@router.get("/api/setups")
async def list_setups(system: str = "sandbox") -> list[dict[str, Any]]:
    """Table presets for a system."""
    return setup_presets(system)
