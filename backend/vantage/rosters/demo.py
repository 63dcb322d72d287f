"""The two demo armies that ship with Vantage: invented factions, no publisher data."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from vantage.rosters.army import Army
from vantage.rosters.army_json import army_from_json

DEMO_FILES = ("ashen_concord.json", "verdant_host.json")


def demo_armies() -> list[Army]:
    """The demo armies, in a fixed order, with every base size given."""
    return list(_load())


@cache
def _load() -> tuple[Army, ...]:
    folder = resources.files("vantage.rosters").joinpath("demo")
    return tuple(
        army_from_json(json.loads(folder.joinpath(name).read_text("utf-8"))) for name in DEMO_FILES
    )
