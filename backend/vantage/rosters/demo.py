"""The two demo armies that ship with Vantage: invented factions, no publisher data."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from vantage.rosters.army import Army
from vantage.rosters.army_json import army_from_json

DEMO_FILES = ("ashen_concord.json", "verdant_host.json")
FIRST_RELEASE = 1
"""The demo armies as first shipped (``demo/release1``): a game stored with only a demo army's
index before new games kept the army itself was played with these, and is re-decided with them."""


def demo_armies(release: int | None = None) -> list[Army]:
    """The demo armies, in a fixed order, with every base size given: as they are now, or as
    ``FIRST_RELEASE`` shipped them."""
    return list(_load(release == FIRST_RELEASE))


@cache
def _load(first: bool) -> tuple[Army, ...]:
    folder = resources.files("vantage.rosters").joinpath("demo")
    if first:
        folder = folder.joinpath("release1")
    return tuple(
        army_from_json(json.loads(folder.joinpath(name).read_text("utf-8"))) for name in DEMO_FILES
    )
