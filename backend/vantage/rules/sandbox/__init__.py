"""Sandbox: a free table whose only rules are physical (own models, on the table, no overlap)."""

from vantage.rules import register
from vantage.rules.sandbox.ruleset import SandboxRuleset

register(SandboxRuleset())
