"""Space Hulk: Death Angel - the card game, as a Vantage game system (``death-angel``)."""

from __future__ import annotations

from vantage.rules import register
from vantage.rules.death_angel.ruleset import DeathAngelRuleset

RULESET = DeathAngelRuleset()
register(RULESET)

__all__ = ["RULESET", "DeathAngelRuleset"]
