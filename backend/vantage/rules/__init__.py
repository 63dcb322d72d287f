"""Game systems, registered by name (python-chess ``find_variant``)."""

from __future__ import annotations

from typing import Any

from vantage.engine.ruleset import Ruleset

_REGISTRY: dict[str, Ruleset[Any]] = {}


def register(ruleset: Ruleset[Any]) -> Ruleset[Any]:
    """Add a game system to the registry."""
    _REGISTRY[ruleset.name] = ruleset
    return ruleset


def find_ruleset(name: str) -> Ruleset[Any] | None:
    """The game system with this name, if any."""
    _load_builtin()
    return _REGISTRY.get(name)


def ruleset_names() -> list[str]:
    """Every registered game system's name."""
    _load_builtin()
    return sorted(_REGISTRY)


_loaded = False


def _load_builtin() -> None:
    """Import every built-in system once (each registers itself on import)."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    import importlib

    for module in _BUILTIN:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:  # a system still being written is simply absent
            if exc.name != module:
                raise


_BUILTIN = (
    "vantage.rules.sandbox",
    "vantage.rules.death_angel",
    "vantage.rules.wh40k10e",
    "vantage.rules.tables",
)
