"""Warhammer 40,000 10th edition: a complete Only War game refereed by the server."""

from vantage.rules import register
from vantage.rules.wh40k10e.ruleset import Wh40k10eRuleset

register(Wh40k10eRuleset())
