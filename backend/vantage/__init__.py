"""Vantage: a refereed, multiplayer virtual tabletop for miniature wargames."""

__version__ = "0.1.0"
