"""What the lobby offers: systems with their options, and table presets."""

from __future__ import annotations

from typing import Any

from vantage.rules import find_ruleset, ruleset_names
from vantage.rules.death_angel.setup import DEFAULT_SEATS, PICKS_PER_PLAYER
from vantage.rules.sandbox.presets import PRESETS

SEAT_OPTIONS = {
    "death-angel": {
        "min": min(PICKS_PER_PLAYER),
        "max": max(PICKS_PER_PLAYER),
        "default": DEFAULT_SEATS,
    }
}
TABLE_SYSTEMS = ("sandbox", "wh40k-10e", "wh40k-9e", "wh40k-8e", "deathmatch")
PRESET_SYSTEMS = ("sandbox", "wh40k-9e", "wh40k-8e", "deathmatch")
"""Systems created from a table preset (wh40k-10e has its own set-up: armies and layouts)."""


LOBBY_ORDER = ("sandbox", "wh40k-10e", "death-angel", "wh40k-9e", "wh40k-8e", "deathmatch")


def _lobby_rank(name: str) -> tuple[int, str]:
    return (LOBBY_ORDER.index(name) if name in LOBBY_ORDER else len(LOBBY_ORDER), name)


def systems() -> list[dict[str, Any]]:
    """Every registered system (the free table first): name, title, seat options."""
    out = []
    for name in sorted(ruleset_names(), key=_lobby_rank):
        ruleset = find_ruleset(name)
        assert ruleset is not None
        entry: dict[str, Any] = {
            "name": name,
            "title": ruleset.title,
            "table": name in TABLE_SYSTEMS,
        }
        if name in SEAT_OPTIONS:
            entry["seats"] = SEAT_OPTIONS[name]
        out.append(entry)
    return out


def setup_presets(system: str) -> list[dict[str, Any]]:
    """Table presets for a table system (none for card games)."""
    if system not in PRESET_SYSTEMS:
        return []
    return [
        {"id": key, "title": title, "setup": build(system)}
        for key, (title, build) in PRESETS.items()
    ]
