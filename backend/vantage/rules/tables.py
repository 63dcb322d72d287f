"""Systems playable as refereed tables before their full games exist: players move their own
models freely, and measuring, sight, coherency and engagement follow that system's rules."""

from __future__ import annotations

from vantage.rules import register
from vantage.rules.sandbox.ruleset import SandboxRuleset


class TableRuleset(SandboxRuleset):
    """The sandbox's moves with another system's geometry for every query."""

    def __init__(self, name: str, title: str) -> None:
        self.name = name
        self.title = title


for _name, _title in (
    ("wh40k-9e", "Warhammer 40,000 9th edition: table with measuring and line of sight"),
    (
        "wh40k-8e",
        "Warhammer 40,000 8th edition (update 1.6): table with measuring and line of sight",
    ),
    ("deathmatch", "Deathmatch: table with sight arcs, cover and melee zones"),
):
    register(TableRuleset(_name, _title))
