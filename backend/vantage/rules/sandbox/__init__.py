"""Sandbox: a free table with no rules beyond physical sanity (own models, on the table, no overlap)."""

from vantage.rules import register
from vantage.rules.sandbox.ruleset import SandboxRuleset

register(SandboxRuleset())
